/**
 * A stand-in for the server in client-side unit tests (the server is outside the unit under
 * test; the real stack is exercised by the Playwright journeys in e2e/). Handlers answer by
 * "METHOD /path"; every call is recorded.
 */
import type { User } from '@postwright/contracts';
import { SESSION_KEYS } from '../../src/lib/session';

export interface FakeCall {
  method: string;
  path: string;
  body: unknown;
  authorization: string | null;
}

export interface FakeReply {
  status?: number;
  body?: unknown;
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
    };
    calls.push(call);
    const handler = handlers[`${call.method} ${call.path}`];
    const reply = handler ? await handler(call) : { status: 404, body: { error: `No route for ${call.method} ${call.path}` } };
    if (reply === 'network-error') throw new TypeError('Failed to fetch');
    const status = reply.status ?? 200;
    const text = reply.body === undefined ? '' : JSON.stringify(reply.body);
    return { ok: status >= 200 && status < 300, status, text: async () => text } as unknown as Response;
  });
  globalThis.fetch = fetchMock as unknown as typeof fetch;
  return {
    calls,
    fetchMock,
    callsTo: (method: string, path: string) => calls.filter((c) => c.method === method && c.path === path),
  };
}

export function buildUser(overrides: Partial<User> = {}): User {
  return {
    id: 'u1',
    email: 'ada@example.com',
    firstName: 'Ada',
    lastName: 'Lovelace',
    profilePicture: null,
    linkedinConnected: false,
    subscriptionStatus: 'active',
    subscriptionTier: 'trial',
    trialPostsUsed: 1,
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
}

/** Puts a signed-in session in localStorage, as a previous visit would have left it. */
export function seedSession(user: User = buildUser(), tokens = { accessToken: 'access-1', refreshToken: 'refresh-1' }) {
  window.localStorage.setItem(SESSION_KEYS.accessToken, tokens.accessToken);
  window.localStorage.setItem(SESSION_KEYS.refreshToken, tokens.refreshToken);
  window.localStorage.setItem(SESSION_KEYS.user, JSON.stringify(user));
  return user;
}

export function storedSession() {
  return {
    accessToken: window.localStorage.getItem(SESSION_KEYS.accessToken),
    refreshToken: window.localStorage.getItem(SESSION_KEYS.refreshToken),
    user: window.localStorage.getItem(SESSION_KEYS.user),
  };
}
