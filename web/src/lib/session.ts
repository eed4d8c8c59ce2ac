import type { Tokens, User } from '@postwright/contracts';

/**
 * The signed-in session (user and tokens), persisted in localStorage so it survives visits
 * (spec section 4). localStorage is the source of truth: every read goes through it, so tabs
 * stay in step and tests can seed it directly.
 */
export const SESSION_KEYS = {
  accessToken: 'postwright.accessToken',
  refreshToken: 'postwright.refreshToken',
  user: 'postwright.user',
} as const;

export interface Session {
  user: User | null;
  accessToken: string | null;
  refreshToken: string | null;
}

/** Why the last session ended: an explicit logout, or an expired/invalid session. */
export type SessionEnd = 'logout' | 'expired';

type Listener = () => void;

function storage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    return null;
  }
}

function readRaw() {
  const s = storage();
  return {
    accessToken: s?.getItem(SESSION_KEYS.accessToken) ?? null,
    refreshToken: s?.getItem(SESSION_KEYS.refreshToken) ?? null,
    user: s?.getItem(SESSION_KEYS.user) ?? null,
  };
}

function parseUser(raw: string | null): User | null {
  if (!raw) return null;
  try {
    const value = JSON.parse(raw) as unknown;
    return value && typeof value === 'object' && typeof (value as User).id === 'string' ? (value as User) : null;
  } catch {
    return null;
  }
}

const END_KEY = 'postwright.sessionEnd';
const listeners = new Set<Listener>();
let cached: { key: string; value: Session } | null = null;

/** Kept per tab (sessionStorage): an explicit logout is not an expired session. */
function setLastEnd(reason: SessionEnd | null) {
  try {
    if (reason) window.sessionStorage.setItem(END_KEY, reason);
    else window.sessionStorage.removeItem(END_KEY);
  } catch {
    /* storage unavailable */
  }
}

function notify() {
  for (const listener of [...listeners]) listener();
}

function write(key: string, value: string | null) {
  const s = storage();
  if (!s) return;
  if (value === null) s.removeItem(key);
  else s.setItem(key, value);
}

export const session = {
  /** A stable snapshot while storage is unchanged (for useSyncExternalStore). */
  get(): Session {
    const raw = readRaw();
    const key = `${raw.accessToken}\u0000${raw.refreshToken}\u0000${raw.user}`;
    if (!cached || cached.key !== key) {
      cached = { key, value: { accessToken: raw.accessToken, refreshToken: raw.refreshToken, user: parseUser(raw.user) } };
    }
    return cached.value;
  },

  subscribe(listener: Listener): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },

  signIn(user: User, tokens: Tokens) {
    setLastEnd(null);
    write(SESSION_KEYS.accessToken, tokens.accessToken);
    write(SESSION_KEYS.refreshToken, tokens.refreshToken);
    write(SESSION_KEYS.user, JSON.stringify(user));
    notify();
  },

  setTokens(tokens: Partial<Tokens>) {
    if (tokens.accessToken) write(SESSION_KEYS.accessToken, tokens.accessToken);
    if (tokens.refreshToken) write(SESSION_KEYS.refreshToken, tokens.refreshToken);
    notify();
  },

  setUser(user: User) {
    write(SESSION_KEYS.user, JSON.stringify(user));
    notify();
  },

  /** Clears user and tokens. */
  clear(reason: SessionEnd) {
    setLastEnd(reason);
    write(SESSION_KEYS.accessToken, null);
    write(SESSION_KEYS.refreshToken, null);
    write(SESSION_KEYS.user, null);
    notify();
  },

  /** How the last session ended in this tab, if it did. */
  lastEnd(): SessionEnd | null {
    try {
      const value = window.sessionStorage.getItem(END_KEY);
      return value === 'logout' || value === 'expired' ? value : null;
    } catch {
      return null;
    }
  },
};

// Another tab signed in or out: follow it.
if (typeof window !== 'undefined') {
  window.addEventListener('storage', (event) => {
    if (event.key === null || (Object.values(SESSION_KEYS) as string[]).includes(event.key)) notify();
  });
}
