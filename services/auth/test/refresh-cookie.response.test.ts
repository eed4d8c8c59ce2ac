import { authResponseSchema, refreshResponseSchema } from '@postwright/contracts';
import { cleanupNamespace, http, testNamespace } from '@postwright/platform/src/testing';
import { buildSignup, startAuth, type RunningAuth } from './support/harness';

/**
 * The refresh token cookie: the web app keeps no token a script can read
 * and refreshes through an HttpOnly cookie; API clients keep the JSON fields.
 */
describe('the refresh token cookie', () => {
  const ns = testNamespace();
  const TTL_DAYS = 7;
  let auth: RunningAuth;

  beforeAll(async () => {
    auth = await startAuth(ns, { REFRESH_TOKEN_TTL_DAYS: String(TTL_DAYS) });
  });
  afterAll(async () => {
    await auth?.stop();
    await cleanupNamespace(ns);
  });

  const ATTRIBUTES = 'Path=/api/auth; HttpOnly; Secure; SameSite=Strict';
  const setCookies = (headers: Headers) => headers.getSetCookie().filter((c) => c.startsWith('__Secure-postwright_refresh='));
  const cookieOf = (token: string) => ({ cookie: `theme=dark; __Secure-postwright_refresh=${token}` });

  async function logIn() {
    const signup = buildSignup();
    expect((await http(auth.url, 'POST', '/api/auth/signup', { body: signup })).status).toBe(201);
    const res = await http(auth.url, 'POST', '/api/auth/login', { body: { email: signup.email, password: signup.password } });
    expect(res.status).toBe(200);
    return res;
  }

  const refreshWithCookie = (token: string, from?: string) => http(auth.url, 'POST', '/api/auth/refresh', { headers: cookieOf(token), from });

  test('when a user logs in, then the refresh token is set in a cookie with exactly those attributes and the JSON body is unchanged', async () => {
    const res = await logIn();
    const body = authResponseSchema.parse(res.body);
    expect(Object.keys(res.body).sort()).toEqual(['tokens', 'user']);
    expect(Object.keys(res.body.tokens).sort()).toEqual(['accessToken', 'refreshToken']);
    expect(setCookies(res.headers)).toEqual([`__Secure-postwright_refresh=${body.tokens.refreshToken}; Max-Age=${TTL_DAYS * 24 * 3600}; ${ATTRIBUTES}`]);
  });

  test('when a user signs up, then the cookie is set as on login', async () => {
    const res = await http(auth.url, 'POST', '/api/auth/signup', { body: buildSignup() });
    expect(res.status).toBe(201);
    const { tokens } = authResponseSchema.parse(res.body);
    expect(setCookies(res.headers)).toEqual([`__Secure-postwright_refresh=${tokens.refreshToken}; Max-Age=${TTL_DAYS * 24 * 3600}; ${ATTRIBUTES}`]);
  });

  /** the token a Set-Cookie of the refresh cookie holds */
  const cookieToken = (headers: Headers) => /^__Secure-postwright_refresh=([^;]*)/.exec(setCookies(headers)[0] ?? '')?.[1];

  test('when a refresh carries only the cookie (no body), then a new access token comes back, the rotated token only in the cookie', async () => {
    const { tokens } = authResponseSchema.parse((await logIn()).body);
    const res = await refreshWithCookie(tokens.refreshToken);
    expect(res.status).toBe(200);
    const answer = refreshResponseSchema.parse(res.body);
    // no script can read the refresh token: it is not in the body a page's fetch sees
    expect(Object.keys(res.body)).toEqual(['accessToken']);
    const rotated = cookieToken(res.headers);
    expect(rotated).toEqual(expect.any(String));
    expect(rotated).not.toBe(tokens.refreshToken);
    expect(setCookies(res.headers)).toEqual([`__Secure-postwright_refresh=${rotated}; Max-Age=${TTL_DAYS * 24 * 3600}; ${ATTRIBUTES}`]);
    const profile = await http(auth.url, 'GET', '/api/users/profile', { token: answer.accessToken });
    expect(profile.status).toBe(200);
    // the rotated cookie refreshes in turn
    expect((await refreshWithCookie(rotated!)).status).toBe(200);
  });

  test('when another client presents the old cookie after a rotation, then it counts as reuse: 401, the cookie is cleared and the whole session ends', async () => {
    const { tokens } = authResponseSchema.parse((await logIn()).body);
    const rotated = cookieToken((await refreshWithCookie(tokens.refreshToken)).headers)!;

    // another address (the same client may retry a refresh whose answer it lost: refresh-retry tests)
    const replay = await refreshWithCookie(tokens.refreshToken, '127.0.0.2');
    expect(replay.status).toBe(401);
    expect(replay.body).toMatchObject({ error: expect.any(String), code: 'AUTH.REFRESH_REUSED' });
    expect(setCookies(replay.headers)).toEqual([`__Secure-postwright_refresh=; Max-Age=0; ${ATTRIBUTES}`]);
    expect((await refreshWithCookie(rotated)).status).toBe(401);
  });

  test('when the body and the cookie both carry a token, then the body is used', async () => {
    const first = authResponseSchema.parse((await logIn()).body).tokens;
    const second = authResponseSchema.parse((await logIn()).body).tokens;
    const res = await http(auth.url, 'POST', '/api/auth/refresh', { headers: cookieOf(first.refreshToken), body: { refreshToken: second.refreshToken } });
    expect(res.status).toBe(200);
    // an API client that sent its token in the body gets the rotated one there (the spec's field)
    expect(refreshResponseSchema.parse(res.body).refreshToken).toBe(cookieToken(res.headers));
    // the cookie's token was not spent: it still rotates once
    expect((await refreshWithCookie(first.refreshToken)).status).toBe(200);
    // the body's was (presented by another client: the same one may retry a refresh whose answer it lost)
    expect((await http(auth.url, 'POST', '/api/auth/refresh', { body: { refreshToken: second.refreshToken }, from: '127.0.0.2' })).status).toBe(401);
  });

  test('when a refresh has neither a body token nor the cookie, then 400 with the existing message', async () => {
    const res = await http(auth.url, 'POST', '/api/auth/refresh', { headers: { cookie: 'theme=dark; __Secure-postwright_refresh=' } });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ error: 'Refresh token is required' });
  });

  test('when a body token fails, then the cookie is left alone', async () => {
    const res = await http(auth.url, 'POST', '/api/auth/refresh', { body: { refreshToken: 'x'.repeat(43) } });
    expect(res.status).toBe(401);
    expect(setCookies(res.headers)).toEqual([]);
  });

  test('when a user logs out with the cookie alone, then its session is revoked and the cookie is cleared', async () => {
    const { tokens } = authResponseSchema.parse((await logIn()).body);
    const res = await http(auth.url, 'POST', '/api/auth/logout', { token: tokens.accessToken, headers: cookieOf(tokens.refreshToken) });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true });
    expect(setCookies(res.headers)).toEqual([`__Secure-postwright_refresh=; Max-Age=0; ${ATTRIBUTES}`]);
    expect((await refreshWithCookie(tokens.refreshToken)).status).toBe(401);
  });

  test('when logout carries neither token nor cookie, or a token in the body, then the cookie is cleared all the same', async () => {
    const none = await http(auth.url, 'POST', '/api/auth/logout');
    expect(none.status).toBe(200);
    expect(setCookies(none.headers)).toEqual([`__Secure-postwright_refresh=; Max-Age=0; ${ATTRIBUTES}`]);
    const { tokens } = authResponseSchema.parse((await logIn()).body);
    const withBody = await http(auth.url, 'POST', '/api/auth/logout', { body: { refreshToken: tokens.refreshToken } });
    expect(setCookies(withBody.headers)).toEqual([`__Secure-postwright_refresh=; Max-Age=0; ${ATTRIBUTES}`]);
    expect((await refreshWithCookie(tokens.refreshToken)).status).toBe(401);
  });
});
