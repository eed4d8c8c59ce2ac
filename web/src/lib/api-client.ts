import type { ErrorBody } from '@postwright/contracts';
import { session as defaultSession } from './session';

/**
 * The one place that calls the API: JSON, same origin under /api, bearer
 * access token (held in memory). On a 401 the access token is refreshed once and the request
 * retried; if the refresh fails the session is cleared (logged out). A refresh sends no token:
 * the refresh token is an HttpOnly cookie (path /api/auth) that goes along by itself.
 */

export class ApiError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly body: ErrorBody | null,
    /** the whole response body as sent (some answers, such as /health, carry data besides an error) */
    readonly data: unknown = body,
    /** the seconds the server said to wait before trying again (its Retry-After), if it said */
    readonly retryAfter: number | null = null,
  ) {
    super(message);
    this.name = 'ApiError';
  }

  /** The server's own `error` text, if it sent one. */
  get serverMessage(): string | null {
    return this.body && typeof this.body.error === 'string' && this.body.error.trim() ? this.body.error : null;
  }

  get code(): string | undefined {
    return this.body?.code;
  }
}

/** The server error text, else the given fallback. */
export function errorMessage(error: unknown, fallback: string): string {
  return error instanceof ApiError && error.serverMessage ? error.serverMessage : fallback;
}

export const NETWORK_ERROR_MESSAGE = 'Could not reach Postwright. Please check your connection and try again.';

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

interface Parser<T> {
  parse(data: unknown): T;
}

export interface RequestOptions<T = unknown> {
  body?: unknown;
  query?: Record<string, string | number | boolean | undefined | null>;
  /** false for calls made without a session (login, signup, refresh). Default true. */
  auth?: boolean;
  signal?: AbortSignal;
  /** the request outlives the page (an autosave sent as the tab closes); bodies under 64 KB only */
  keepalive?: boolean;
  /** validates and types the response body */
  schema?: Parser<T>;
  /** the Accept header; JSON unless the caller reads another format (an event stream) */
  accept?: string;
}

interface SessionPort {
  get(): { accessToken: string | null };
  setAccessToken(token: string): void;
  clear(reason: 'logout' | 'expired'): void;
}

/** The part of the Web Locks API a refresh needs. */
export interface RefreshLocks {
  request(name: string, callback: () => Promise<boolean>): Promise<boolean>;
}

export interface ApiClientOptions {
  baseUrl?: string;
  session?: SessionPort;
  fetch?: typeof fetch;
  /** how long logout waits for the server before clearing locally anyway */
  logoutTimeoutMs?: number;
  /** serializes refreshes across tabs; the browser's navigator.locks by default, null for none */
  locks?: RefreshLocks | null;
}

export const REFRESH_LOCK = 'postwright-refresh';

function browserLocks(): RefreshLocks | null {
  const locks = typeof navigator === 'undefined' ? undefined : (navigator as { locks?: LockManager }).locks;
  return locks && typeof locks.request === 'function' ? { request: async (name, callback) => await locks.request(name, callback) } : null;
}

/** A response body as JSON (null when empty or not JSON). */
export async function readBody(res: Response): Promise<unknown> {
  if (res.status === 204) return null;
  const text = await res.text();
  if (!text) return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return null;
  }
}

function toErrorBody(data: unknown): ErrorBody | null {
  return data && typeof data === 'object' && typeof (data as ErrorBody).error === 'string' ? (data as ErrorBody) : null;
}

/** A Retry-After header in whole seconds (as given, or until its HTTP date); null when absent, past or unreadable. */
function retryAfterOf(res: Response): number | null {
  const value = res.headers?.get('retry-after')?.trim();
  if (!value) return null;
  const seconds = /^\d+$/.test(value) ? Number(value) : Math.ceil((Date.parse(value) - Date.now()) / 1000);
  return Number.isFinite(seconds) && seconds > 0 ? seconds : null;
}

async function toApiError(res: Response): Promise<ApiError> {
  const data = await readBody(res);
  const body = toErrorBody(data);
  return new ApiError(body?.error || `Request failed (${res.status})`, res.status, body, data, retryAfterOf(res));
}

export function createApiClient(options: ApiClientOptions = {}) {
  const baseUrl = options.baseUrl ?? '/api';
  const store = options.session ?? defaultSession;
  const doFetch = (input: string, init: RequestInit) => (options.fetch ?? globalThis.fetch)(input, init);
  const lockManager = () => (options.locks === undefined ? browserLocks() : options.locks);
  let refreshing: Promise<boolean> | null = null;

  function url(path: string, query?: RequestOptions['query']) {
    const qs = new URLSearchParams();
    for (const [k, v] of Object.entries(query ?? {})) if (v !== undefined && v !== null) qs.set(k, String(v));
    const search = qs.toString();
    return `${baseUrl}${path}${search ? `?${search}` : ''}`;
  }

  async function send(method: Method, path: string, opts: RequestOptions<unknown>, token: string | null): Promise<Response> {
    const headers: Record<string, string> = { accept: opts.accept ?? 'application/json' };
    if (opts.body !== undefined) headers['content-type'] = 'application/json';
    if (token) headers.authorization = `Bearer ${token}`;
    try {
      return await doFetch(url(path, opts.query), {
        method,
        headers,
        body: opts.body === undefined ? undefined : JSON.stringify(opts.body),
        // the refresh cookie goes to /api/auth (and is set from there); never to another origin
        credentials: 'same-origin',
        signal: opts.signal,
        ...(opts.keepalive ? { keepalive: true } : {}),
      });
    } catch (error) {
      if ((error as Error)?.name === 'AbortError') throw error;
      throw new ApiError(NETWORK_ERROR_MESSAGE, 0, null);
    }
  }

  async function refreshThroughCookie(): Promise<boolean> {
    try {
      const res = await send('POST', '/auth/refresh', { body: {} }, null);
      if (!res.ok) return false;
      // the body's refreshToken is for API clients: the cookie is the only copy the web keeps
      const data = (await readBody(res)) as { accessToken?: unknown } | null;
      if (!data || typeof data.accessToken !== 'string') return false;
      store.setAccessToken(data.accessToken);
      return true;
    } catch {
      return false;
    }
  }

  /**
   * One refresh at a time: concurrent 401s in this tab share it, and other tabs wait for it
   * (Web Locks). Each refresh spends the cookie's token, so two tabs sending the same cookie
   * at once would look like a stolen token and end the session everywhere; in turn, each
   * sends the cookie its predecessor rotated. Resolves false when it failed.
   */
  function refreshAccessToken(): Promise<boolean> {
    const locks = lockManager();
    refreshing ??= (locks ? locks.request(REFRESH_LOCK, refreshThroughCookie) : refreshThroughCookie())
      .catch(() => false)
      .finally(() => {
        refreshing = null;
      });
    return refreshing;
  }

  /**
   * Sends the request with the token, refreshing it once on a 401, and answers the response
   * unread when it is OK (for a body read as it arrives, such as an event stream); an answer
   * that is not OK is thrown as an ApiError.
   */
  async function respond(method: Method, path: string, opts: RequestOptions<unknown> = {}): Promise<Response> {
    const auth = opts.auth !== false;
    const token = auth ? store.get().accessToken : null;
    let res = await send(method, path, opts, token);

    if (res.status === 401 && auth && token) {
      // Another request may already have refreshed the token while this one was in flight.
      const current = store.get().accessToken;
      const renewed = current && current !== token ? true : await refreshAccessToken();
      if (!renewed) {
        store.clear('expired');
        throw await toApiError(res);
      }
      // Refreshed once; a second 401 is returned as it is.
      res = await send(method, path, opts, store.get().accessToken);
    }

    if (!res.ok) throw await toApiError(res);
    return res;
  }

  async function request<T = unknown>(method: Method, path: string, opts: RequestOptions<T> = {}): Promise<T> {
    const res = await respond(method, path, opts);
    const data = await readBody(res);
    return opts.schema ? opts.schema.parse(data) : (data as T);
  }

  /**
   * Ends the session on the server (the cookie goes along; the server revokes and clears it),
   * then clears user and token locally whatever the server answered (or if it did not answer).
   */
  async function logout(): Promise<void> {
    const { accessToken } = store.get();
    const controller = typeof AbortController === 'undefined' ? null : new AbortController();
    const timer = controller ? setTimeout(() => controller.abort(), options.logoutTimeoutMs ?? 5000) : null;
    try {
      await send('POST', '/auth/logout', { body: {}, signal: controller?.signal }, accessToken);
    } catch {
      /* the local session ends anyway */
    } finally {
      if (timer) clearTimeout(timer);
      store.clear('logout');
    }
  }

  return {
    request,
    respond,
    get: <T = unknown>(path: string, opts?: RequestOptions<T>) => request<T>('GET', path, opts),
    post: <T = unknown>(path: string, body?: unknown, opts?: RequestOptions<T>) => request<T>('POST', path, { ...opts, body }),
    put: <T = unknown>(path: string, body?: unknown, opts?: RequestOptions<T>) => request<T>('PUT', path, { ...opts, body }),
    patch: <T = unknown>(path: string, body?: unknown, opts?: RequestOptions<T>) => request<T>('PATCH', path, { ...opts, body }),
    delete: <T = unknown>(path: string, opts?: RequestOptions<T>) => request<T>('DELETE', path, opts),
    /** A new access token through the refresh cookie (a new visit, another tab's sign-in); false when there is no session. */
    restoreSession: refreshAccessToken,
    logout,
  };
}

export type ApiClient = ReturnType<typeof createApiClient>;

/** The app's client (same origin, /api). */
export const api = createApiClient();
