import type { User } from '@postwright/contracts';

/**
 * The signed-in session. The access token lives only in
 * this module's memory, never in web storage, so no script can lift it from there; the refresh
 * token is never held by the app at all: the server keeps it in an HttpOnly cookie that a
 * refresh sends along. A new visit (or a reload) restores the session through that cookie.
 *
 * The user is cached in localStorage: it is not a secret, it says a session may be there to
 * restore (a visitor who never signed in makes no API call), and it keeps tabs in step: a
 * logout in one tab removes it, and every other tab signs out with it.
 */
export const SESSION_KEYS = {
  user: 'postwright.user',
} as const;

/**
 * The generator's memory per user (lib/workspace-storage.ts), cleared with the session. Kept here
 * rather than there: this module is in every page's first chunk, and the workspace's reads the
 * contracts (zod), which the landing page must not download.
 */
export const WORKSPACE_KEY_PREFIX = 'postwright.workspace.';

function forgetWorkspaces(s: Storage | null) {
  if (!s) return;
  const keys: string[] = [];
  for (let i = 0; i < s.length; i += 1) {
    const key = s.key(i);
    if (key?.startsWith(WORKSPACE_KEY_PREFIX)) keys.push(key);
  }
  for (const key of keys) s.removeItem(key);
}

/** Left in localStorage by older versions of the app; removed on start. */
const LEGACY_TOKEN_KEYS = ['postwright.accessToken', 'postwright.refreshToken'];

export interface Session {
  user: User | null;
  /** in memory only */
  accessToken: string | null;
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
let accessToken: string | null = null;
/** stands in for localStorage when it cannot be used (the session then lasts as long as the page) */
let userWithoutStorage: string | null = null;
let cached: { key: string; value: Session } | null = null;

function readUser(): string | null {
  const s = storage();
  return s ? s.getItem(SESSION_KEYS.user) : userWithoutStorage;
}

function writeUser(user: User | null) {
  const raw = user ? JSON.stringify(user) : null;
  const s = storage();
  if (!s) userWithoutStorage = raw;
  else if (raw === null) s.removeItem(SESSION_KEYS.user);
  else s.setItem(SESSION_KEYS.user, raw);
}

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

export const session = {
  /** A stable snapshot while nothing changed (for useSyncExternalStore). */
  get(): Session {
    const rawUser = readUser();
    const key = `${accessToken}\u0000${rawUser}`;
    if (!cached || cached.key !== key) cached = { key, value: { accessToken, user: parseUser(rawUser) } };
    return cached.value;
  },

  subscribe(listener: Listener): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },

  /** After login or signup. Only the access token is kept (the refresh token is the cookie's). */
  signIn(user: User, tokens: { accessToken: string }) {
    setLastEnd(null);
    accessToken = tokens.accessToken;
    writeUser(user);
    notify();
  },

  setAccessToken(token: string) {
    accessToken = token;
    notify();
  },

  setUser(user: User) {
    writeUser(user);
    notify();
  },

  /**
   * Clears user and token (the cookie is the server's to clear). Signing out also forgets what
   * the generator kept in this browser (typed forms, the drafts last open), so one account's
   * writing is not left for the next person here; an expired session keeps it for the same user.
   */
  clear(reason: SessionEnd) {
    setLastEnd(reason);
    accessToken = null;
    writeUser(null);
    if (reason === 'logout') forgetWorkspaces(storage());
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

if (typeof window !== 'undefined') {
  const s = storage();
  for (const key of LEGACY_TOKEN_KEYS) s?.removeItem(key);

  // Another tab signed in or out, or updated the user: follow it. This tab's access token stays
  // only while the user is the same one; otherwise the cookie (shared by the tabs) restores the
  // session of whoever signed in there.
  window.addEventListener('storage', (event) => {
    if (event.key !== null && event.key !== SESSION_KEYS.user) return;
    const before = parseUser(event.oldValue ?? null);
    const after = parseUser(event.key === null ? null : event.newValue);
    if (!after || after.id !== before?.id) accessToken = null;
    notify();
  });
}
