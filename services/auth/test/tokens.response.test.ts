import { createPublicKey } from 'node:crypto';
import jwt from 'jsonwebtoken';
import { refreshResponseSchema } from '@postwright/contracts';
import { cleanupNamespace, http, issueTestToken, testKeys, testNamespace } from '@postwright/platform/src/testing';
import { signupUser, startAuth, type RunningAuth } from './support/harness';

describe('access tokens, JWKS, refresh rotation and logout', () => {
  const ns = testNamespace();
  let auth: RunningAuth;

  beforeAll(async () => {
    auth = await startAuth(ns);
  });
  afterAll(async () => {
    await auth?.stop();
    await cleanupNamespace(ns);
  });

  const refresh = (refreshToken: unknown) => http(auth.url, 'POST', '/api/auth/refresh', { body: { refreshToken } });
  /** another client (another address): the same client may retry a spent token for a while (refresh-retry tests) */
  const refreshElsewhere = (refreshToken: unknown, from = '127.0.0.2') => http(auth.url, 'POST', '/api/auth/refresh', { body: { refreshToken }, from });

  test('when a user signs up, then the access token is RS256 with a kid, 15 minutes, and claims sub, role and tier', async () => {
    const { user, tokens } = await signupUser(auth.url);
    const decoded = jwt.decode(tokens.accessToken, { complete: true })!;
    expect(decoded.header).toMatchObject({ alg: 'RS256', kid: auth.keys.kid });
    const payload = decoded.payload as jwt.JwtPayload;
    expect(payload).toMatchObject({ sub: user.id, role: 'USER', tier: 'trial' });
    expect(payload.exp! - payload.iat!).toBe(900);
    // the test kit's public key (what other services are given in tests) verifies it
    expect(() => jwt.verify(tokens.accessToken, testKeys.publicKey, { algorithms: ['RS256'] })).not.toThrow();
  });

  test('when the JWKS is fetched, then it holds the signing key under the tokens\' kid', async () => {
    const { tokens } = await signupUser(auth.url);
    const res = await http(auth.url, 'GET', '/.well-known/jwks.json');
    expect(res.status).toBe(200);
    expect(res.body.keys).toHaveLength(1);
    const [key] = res.body.keys;
    expect(key).toMatchObject({ kty: 'RSA', alg: 'RS256', use: 'sig', kid: auth.keys.kid });
    expect(key).not.toHaveProperty('d'); // never the private part
    const publicKey = createPublicKey({ key, format: 'jwk' });
    expect(() => jwt.verify(tokens.accessToken, publicKey, { algorithms: ['RS256'] })).not.toThrow();
  });

  test('when a refresh token is used, then a new pair comes back and the old refresh token is spent', async () => {
    const { user, tokens } = await signupUser(auth.url);
    const first = await refresh(tokens.refreshToken);
    expect(first.status).toBe(200);
    const pair = refreshResponseSchema.parse(first.body);
    expect(Object.keys(first.body).sort()).toEqual(['accessToken', 'refreshToken']);
    expect(pair.refreshToken).not.toBe(tokens.refreshToken);
    expect(jwt.decode(pair.accessToken)).toMatchObject({ sub: user.id });
    const profile = await http(auth.url, 'GET', '/api/users/profile', { token: pair.accessToken });
    expect(profile.status).toBe(200);
    // the next one in the chain works too
    expect((await refresh(pair.refreshToken)).status).toBe(200);
  });

  test('when a spent refresh token is presented again by another client, then 401 and its whole family is revoked', async () => {
    const { tokens } = await signupUser(auth.url);
    const rotated = refreshResponseSchema.parse((await refresh(tokens.refreshToken)).body);
    const replay = await refreshElsewhere(tokens.refreshToken);
    expect(replay.status).toBe(401);
    expect(replay.body).toMatchObject({ error: expect.any(String), code: 'AUTH.REFRESH_REUSED' });
    // the legitimate holder's newer token is dead as well
    const newer = await refresh(rotated.refreshToken);
    expect(newer.status).toBe(401);
    expect(newer.body.error).toEqual(expect.any(String));
  });

  test('when two clients race with one refresh token, then only one gets a new pair', async () => {
    const { tokens } = await signupUser(auth.url);
    const results = await Promise.all([refreshElsewhere(tokens.refreshToken, '127.0.0.3'), refreshElsewhere(tokens.refreshToken, '127.0.0.4')]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 401]);
  });

  test('when another session of the same user is replayed, then this session keeps working', async () => {
    const account = await signupUser(auth.url);
    const login = await http(auth.url, 'POST', '/api/auth/login', { body: { email: account.user.email, password: account.password } });
    const other = login.body.tokens.refreshToken as string;
    await refresh(account.tokens.refreshToken);
    await refreshElsewhere(account.tokens.refreshToken); // reuse: revokes the signup family only
    expect((await refresh(other)).status).toBe(200);
  });

  test.each([
    ['an unknown token', 'x'.repeat(43), 401, 'Invalid refresh token'],
    ['no token', undefined, 400, 'Refresh token is required'],
    ['a number', 12345, 400, 'Refresh token must be text'],
    ['an object', { $gt: '' }, 400, 'Refresh token must be text'],
  ])('when the refresh token is %s, then %i', async (_name, value, status, message) => {
    const res = await refresh(value);
    expect(res.status).toBe(status);
    expect(res.body).toMatchObject({ error: message });
  });

  test('when a user logs out with the refresh token, then 200 and that refresh token no longer works', async () => {
    const { tokens } = await signupUser(auth.url);
    const res = await http(auth.url, 'POST', '/api/auth/logout', { token: tokens.accessToken, body: { refreshToken: tokens.refreshToken } });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true });
    const after = await refresh(tokens.refreshToken);
    expect(after.status).toBe(401);
    expect(after.body.error).toEqual(expect.any(String));
  });

  test('when the access token has expired, then logout still succeeds and revokes the refresh token', async () => {
    const { user, tokens } = await signupUser(auth.url);
    const expired = issueTestToken({ sub: user.id }, { expiresIn: -60 });
    const res = await http(auth.url, 'POST', '/api/auth/logout', { token: expired, body: { refreshToken: tokens.refreshToken } });
    expect(res.status).toBe(200);
    expect((await refresh(tokens.refreshToken)).status).toBe(401);
  });

  test('when logout carries no body, or an unknown token, then 200 all the same', async () => {
    expect((await http(auth.url, 'POST', '/api/auth/logout')).status).toBe(200);
    expect((await http(auth.url, 'POST', '/api/auth/logout', { body: { refreshToken: 'nope' } })).body).toEqual({ success: true });
    const bad = await http(auth.url, 'POST', '/api/auth/logout', { body: { refreshToken: 7 } });
    expect(bad.status).toBe(400);
    expect(bad.body.error).toBe('Refresh token must be text');
  });

  test("when a signed-in user logs out with someone else's refresh token, then the other session is untouched", async () => {
    const me = await signupUser(auth.url);
    const other = await signupUser(auth.url);
    const res = await http(auth.url, 'POST', '/api/auth/logout', { token: me.tokens.accessToken, body: { refreshToken: other.tokens.refreshToken } });
    expect(res.status).toBe(200);
    expect((await refresh(other.tokens.refreshToken)).status).toBe(200);
  });
});
