/**
 * A stand-in for the server in client-side unit tests (the server is outside the unit under
 * test; the real stack is exercised by the Playwright journeys in e2e/). Handlers answer by
 * "METHOD /path"; every call is recorded.
 */
import { PLAN_CATALOGUE, TRIAL_POST_LIMIT, isPlanId, type Usage, type User } from '@postwright/contracts';
import { SESSION_KEYS, session } from '../../src/lib/session';

export interface FakeCall {
  method: string;
  path: string;
  body: unknown;
  authorization: string | null;
  credentials: RequestCredentials | undefined;
  keepalive: boolean;
  /** the Accept header the app sent */
  accept: string | null;
  /** the request's abort signal (a cancelled call is aborted) */
  signal: AbortSignal | null;
}

export interface FakeReply {
  status?: number;
  /** sent as JSON */
  body?: unknown;
  /** sent as it is instead of `body` (a proxy's own page) */
  text?: string;
  /** headers besides the content type that `body` (JSON) implies */
  headers?: Record<string, string>;
  /** a body read as it arrives (an event stream, see event-stream.ts); it errors when the request is aborted */
  stream?: ReadableStream<Uint8Array>;
}

type Handler = (call: FakeCall) => FakeReply | 'network-error' | Promise<FakeReply | 'network-error'>;

export function fakeApi(handlers: Record<string, Handler>) {
  const calls: FakeCall[] = [];
  const fetchMock = jest.fn(async (input: string, init: RequestInit = {}) => {
    const url = new URL(input, 'http://localhost');
    const headers = (init.headers ?? {}) as Record<string, string>;
    const call: FakeCall = {
      method: (init.method ?? 'GET').toUpperCase(),
      path: url.pathname,
      body: typeof init.body === 'string' ? JSON.parse(init.body) : undefined,
      authorization: headers.authorization ?? null,
      credentials: init.credentials,
      keepalive: init.keepalive === true,
      accept: headers.accept ?? null,
      signal: init.signal ?? null,
    };
    calls.push(call);
    const handler = handlers[`${call.method} ${call.path}`];
    const reply = handler ? await handler(call) : { status: 404, body: { error: `No route for ${call.method} ${call.path}` } };
    if (reply === 'network-error') throw new TypeError('Failed to fetch');
    const status = reply.status ?? 200;
    const text = reply.text ?? (reply.body === undefined ? '' : JSON.stringify(reply.body));
    const responseHeaders = new Headers(reply.body === undefined ? {} : { 'content-type': 'application/json; charset=utf-8' });
    for (const [name, value] of Object.entries(reply.headers ?? {})) responseHeaders.set(name, value);
    return {
      ok: status >= 200 && status < 300,
      status,
      headers: responseHeaders,
      body: reply.stream ? abortable(reply.stream, init.signal ?? undefined) : null,
      text: async () => text,
    } as unknown as Response;
  });
  globalThis.fetch = fetchMock as unknown as typeof fetch;
  return {
    calls,
    fetchMock,
    callsTo: (method: string, path: string) => calls.filter((c) => c.method === method && c.path === path),
  };
}

/** As a browser does: aborting the request errors its body (a read waiting on it rejects). */
function abortable(source: ReadableStream<Uint8Array>, signal?: AbortSignal): ReadableStream<Uint8Array> {
  const reader = source.getReader();
  return new ReadableStream<Uint8Array>({
    start(controller) {
      signal?.addEventListener(
        'abort',
        () => {
          controller.error(signal.reason);
          reader.cancel(signal.reason).catch(() => undefined);
        },
        { once: true },
      );
    },
    async pull(controller) {
      try {
        const { done, value } = await reader.read();
        if (done) controller.close();
        else controller.enqueue(value);
      } catch (error) {
        controller.error(error);
      }
    },
    cancel(reason) {
      return reader.cancel(reason);
    },
  });
}

export function buildUser(overrides: Partial<User> = {}): User {
  // the keys in the order the contracts' schema gives them (a parsed user is compared as JSON)
  const user: User = {
    id: 'u1',
    email: 'ada@example.com',
    // verified unless a test says otherwise: an unverified member is a deliberate fixture
    emailVerified: true,
    notifications: { postPublished: true, postFailed: true, linkedinExpiry: true },
    firstName: 'Ada',
    lastName: 'Lovelace',
    profilePicture: null,
    linkedinConnected: false,
    subscriptionStatus: 'active',
    subscriptionTier: 'trial',
    trialPostsUsed: 1,
    trialEndsAt: null,
    usage: { used: 0, allowance: TRIAL_POST_LIMIT, resetsAt: null },
    betaExpiresAt: null,
    userRole: 'USER',
    role: null,
    company: null,
    industry: null,
    linkedinUrl: null,
    bio: null,
    createdAt: '2026-01-01T00:00:00.000Z',
    ...overrides,
  };
  return { ...user, usage: overrides.usage ?? usageOf(user) };
}

/**
 * The usage the auth service reports with a user: a plan's month (none used yet), nothing counted
 * for premium and beta, else the trial's posts (a new trial user: 0 of 3).
 */
export function usageOf(user: Pick<User, 'subscriptionTier' | 'trialPostsUsed'>): Usage {
  if (isPlanId(user.subscriptionTier)) return { used: 0, allowance: PLAN_CATALOGUE[user.subscriptionTier].postsPerMonth, resetsAt: null };
  if (user.subscriptionTier === 'premium' || user.subscriptionTier === 'beta') return { used: 0, allowance: null, resetsAt: null };
  return { used: Math.min(user.trialPostsUsed, TRIAL_POST_LIMIT), allowance: TRIAL_POST_LIMIT, resetsAt: null };
}

/** A signed-in session, as a login in this tab leaves it: the access token in memory, the user cached. */
export function seedSession(user: User = buildUser(), tokens: { accessToken: string } = { accessToken: 'access-1' }) {
  session.signIn(user, tokens);
  return user;
}

/**
 * What a previous visit leaves: the cached user, and the refresh cookie, which only the fake
 * server sees (give it a `POST /api/auth/refresh` handler).
 */
export function seedReturningVisit(user: User = buildUser()) {
  window.localStorage.setItem(SESSION_KEYS.user, JSON.stringify(user));
  return user;
}

/** The access token (in memory) and the cached user (localStorage). */
export function storedSession() {
  return { accessToken: session.get().accessToken, user: window.localStorage.getItem(SESSION_KEYS.user) };
}

/** Every value in localStorage and sessionStorage: no token may ever be among them. */
export function webStorageValues(): string[] {
  const values: string[] = [];
  for (const store of [window.localStorage, window.sessionStorage]) {
    for (let i = 0; i < store.length; i += 1) values.push(`${store.key(i)}=${store.getItem(store.key(i)!)}`);
  }
  return values;
}
