import type { Request, Response, Router } from 'express';
import { bearerToken, isAppError, parseInput, type TokenVerifier } from '@postwright/platform';
import { loginInputSchema, logoutInputSchema, presentedRefreshTokenSchema, refreshInputSchema, signupInputSchema } from './auth.schema';
import { wasOvertaken, type AuthUseCases } from './auth.use-case';

const clientIp = (req: Request) => req.ip ?? req.socket.remoteAddress ?? 'unknown';

/**
 * The refresh token also travels in a cookie no script can read: the web app keeps
 * only the access token, in memory, and refreshes through this cookie. It goes only to the auth
 * routes, and never with a request another site starts. The JSON fields stay for API clients.
 * `Secure` holds on plain http://localhost and 127.0.0.1 too: browsers count them as secure. The
 * `__Secure-` prefix makes browsers refuse the name from anything but a Secure cookie, so a page on
 * plain http (or a sibling host) cannot plant a cookie of that name for the service to read.
 */
export const REFRESH_COOKIE = '__Secure-postwright_refresh';
const REFRESH_COOKIE_ATTRIBUTES = 'Path=/api/auth; HttpOnly; Secure; SameSite=Strict';

const refreshCookie = (token: string, maxAgeSeconds: number) => `${REFRESH_COOKIE}=${token}; Max-Age=${maxAgeSeconds}; ${REFRESH_COOKIE_ATTRIBUTES}`;
const clearedRefreshCookie = () => `${REFRESH_COOKIE}=; Max-Age=0; ${REFRESH_COOKIE_ATTRIBUTES}`;

/**
 * The refresh cookie's value from the Cookie header (the only cookie the service reads, so no
 * parser is mounted). The first one wins: a browser sends the most specific path first.
 */
function readRefreshCookie(req: Request): string | undefined {
  for (const pair of req.headers.cookie?.split(';') ?? []) {
    const eq = pair.indexOf('=');
    if (eq > 0 && pair.slice(0, eq).trim() === REFRESH_COOKIE) return pair.slice(eq + 1).trim() || undefined;
  }
  return undefined;
}

export interface AuthRouteOptions {
  /** the refresh cookie lives as long as the refresh token it holds */
  refreshTokenTtlSeconds: number;
}

export function authRoutes(router: Router, { auth, tokens, ...options }: AuthRouteOptions & { auth: AuthUseCases; tokens: TokenVerifier }): void {
  const setRefreshCookie = (res: Response, token: string) => res.append('Set-Cookie', refreshCookie(token, options.refreshTokenTtlSeconds));

  router.post('/api/auth/signup', async (req, res) => {
    const answer = await auth.signup(parseInput(signupInputSchema, req.body), clientIp(req));
    setRefreshCookie(res, answer.tokens.refreshToken);
    res.status(201).json(answer);
  });

  router.post('/api/auth/login', async (req, res) => {
    const answer = await auth.login(parseInput(loginInputSchema, req.body), clientIp(req));
    setRefreshCookie(res, answer.tokens.refreshToken);
    res.json(answer);
  });

  // A token in the body is used first (an API client says which session it means); the cookie
  // is read only when the body has none. Either way the cookie then holds the rotated token.
  // The answer can be lost after the rotation (a network cut, a closed tab): the same client (its
  // address as the gateway reports it, and its User-Agent) may present the spent token again for
  // a short grace and get a new one (the refresh-token store's rule).
  router.post('/api/auth/refresh', async (req, res) => {
    const fromBody = parseInput(refreshInputSchema, req.body).refreshToken;
    const { refreshToken } = parseInput(presentedRefreshTokenSchema, { refreshToken: fromBody ?? readRefreshCookie(req) });
    try {
      const pair = await auth.refresh(refreshToken, { address: clientIp(req), userAgent: req.get('user-agent') });
      setRefreshCookie(res, pair.refreshToken);
      // the cookie's token never appears in a body a script could read
      res.json(fromBody ? pair : { accessToken: pair.accessToken });
    } catch (error) {
      // a cookie that no longer works is dropped, so the browser stops presenting it; not when a
      // concurrent retry of this client won: its answer sets the live token, which this must not undo
      if (!fromBody && isAppError(error) && error.status === 401 && !wasOvertaken(error)) res.append('Set-Cookie', clearedRefreshCookie());
      throw error;
    }
  });

  // Public on purpose: an expired (or absent) access token must not stop a logout. The cookie's
  // token is revoked when the body has none, and the cookie is cleared whatever happens.
  router.post('/api/auth/logout', async (req, res) => {
    res.append('Set-Cookie', clearedRefreshCookie());
    const refreshToken = parseInput(logoutInputSchema, req.body).refreshToken ?? readRefreshCookie(req);
    const token = bearerToken(req.headers.authorization);
    const caller = token ? await tokens.verify(token).catch(() => null) : null;
    res.json(await auth.logout(refreshToken, caller ? { id: caller.sub, sessionId: caller.sid } : undefined));
  });
}
