import { createHmac } from 'node:crypto';
import { cleanupNamespace, http, issueTestToken, randomId, testEnv, testKeys, testNamespace, TEST_INTERNAL_TOKEN } from '@postwright/platform/src/testing';
import { readConfig as readGatewayConfig } from '../../gateway/src/config';
import { start as startGateway, type RunningGateway } from '../../gateway/src/server';
import { readConfig as readAuthConfig } from '../../services/auth/src/config';
import { start as startAuthService } from '../../services/auth/src/server';

type RunningAuth = Awaited<ReturnType<typeof startAuthService>>;

/** The auth service signing with the test kit's key (moved here with this journey from the auth service's tests). */
const startAuth = (ns: string) =>
  startAuthService(
    readAuthConfig(testEnv(ns, { JWT_PRIVATE_KEY: testKeys.privateKey, JWT_PUBLIC_KEY: testKeys.publicKey, AUTH_RATE_LIMIT_PER_MINUTE: '10000' })),
  );

const buildSignup = () => ({ email: `user-${randomId()}@example.com`, password: 'correct horse battery', firstName: 'Ada', lastName: 'Lovelace' });

const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

/**
 * Through the real gateway, which has NO public key configured: it verifies tokens with the
 * auth service's JWKS, so this also proves the JWKS path end to end.
 */
describe('auth through the gateway (passport JWT over the JWKS)', () => {
  const ns = testNamespace();
  let auth: RunningAuth;
  let gw: RunningGateway;

  beforeAll(async () => {
    auth = await startAuth(ns);
    gw = await startGateway(readGatewayConfig(testEnv(ns, { AUTH_URL: auth.url, JWT_PUBLIC_KEY: undefined })));
  });
  afterAll(async () => {
    await gw?.stop();
    await auth?.stop();
    await cleanupNamespace(ns);
  });

  async function signup() {
    const res = await http(gw.url, 'POST', '/api/auth/signup', { body: buildSignup() });
    expect(res.status).toBe(201);
    return res.body as { user: { id: string; email: string }; tokens: { accessToken: string; refreshToken: string } };
  }

  test('when a user signs up, logs in, refreshes and reads the profile through the gateway, then every step succeeds', async () => {
    const input = buildSignup();
    const created = await http(gw.url, 'POST', '/api/auth/signup', { body: input });
    expect(created.status).toBe(201);
    const login = await http(gw.url, 'POST', '/api/auth/login', { body: { email: input.email, password: input.password } });
    expect(login.status).toBe(200);
    const refreshed = await http(gw.url, 'POST', '/api/auth/refresh', { body: { refreshToken: login.body.tokens.refreshToken } });
    expect(refreshed.status).toBe(200);
    const profile = await http(gw.url, 'GET', '/api/users/profile', { token: refreshed.body.accessToken });
    expect(profile.status).toBe(200);
    expect(profile.body.user).toEqual(created.body.user);
    const put = await http(gw.url, 'PUT', '/api/users/profile', { token: refreshed.body.accessToken, body: { bio: 'via gateway' } });
    expect(put.body.user.bio).toBe('via gateway');
  });

  test.each<[string, (sub: string) => string | undefined]>([
    ['missing', () => undefined],
    ['expired', (sub) => issueTestToken({ sub }, { expiresIn: -10 })],
    [
      'tampered',
      (sub) => {
        const [h, , s] = issueTestToken({ sub }).split('.');
        return `${h}.${b64({ sub, role: 'SUPER_ADMIN', tier: 'premium', exp: Math.floor(Date.now() / 1000) + 600 })}.${s}`;
      },
    ],
    ['alg none', (sub) => `${b64({ alg: 'none', typ: 'JWT' })}.${b64({ sub, role: 'USER', tier: 'trial' })}.`],
    [
      'HS256 with the public key as secret',
      (sub) => {
        const head = `${b64({ alg: 'HS256', typ: 'JWT', kid: auth.keys.kid })}.${b64({ sub, role: 'USER', tier: 'trial', exp: Math.floor(Date.now() / 1000) + 600 })}`;
        return `${head}.${createHmac('sha256', testKeys.publicKey).update(head).digest('base64url')}`;
      },
    ],
  ])('when the access token is %s, then the gateway answers 401 with error text', async (_name, make) => {
    const { user } = await signup();
    const res = await http(gw.url, 'GET', '/api/users/profile', { token: make(user.id) });
    expect(res.status).toBe(401);
    expect(res.body.error).toEqual(expect.any(String));
  });

  test('when identity headers are spoofed through the gateway, then the token alone decides who is calling', async () => {
    const me = await signup();
    const victim = await signup();
    const res = await http(gw.url, 'GET', '/api/users/profile', {
      token: me.tokens.accessToken,
      headers: { 'x-user-id': victim.user.id, 'x-user-role': 'SUPER_ADMIN', 'x-auth-user': victim.user.id },
    });
    expect(res.status).toBe(200);
    expect(res.body.user.id).toBe(me.user.id);
  });

  test('when the access token has expired, then logout through the gateway still works and revokes the refresh token', async () => {
    const { user, tokens } = await signup();
    const expired = issueTestToken({ sub: user.id }, { expiresIn: -60 });
    const out = await http(gw.url, 'POST', '/api/auth/logout', { token: expired, body: { refreshToken: tokens.refreshToken } });
    expect(out.status).toBe(200);
    const after = await http(gw.url, 'POST', '/api/auth/refresh', { body: { refreshToken: tokens.refreshToken } });
    expect(after.status).toBe(401);
    expect(after.body.error).toEqual(expect.any(String));
  });

  test('when a USER calls the admin API through the gateway, then 403', async () => {
    const me = await signup();
    const res = await http(gw.url, 'POST', `/api/admin/users/${me.user.id}/tier`, { token: me.tokens.accessToken, body: { tier: 'premium' } });
    expect(res.status).toBe(403);
    expect(res.body.error).toEqual(expect.any(String));
  });

  test('when the JWKS or the internal quota API is asked for from outside, then the gateway answers 404', async () => {
    const me = await signup();
    for (const path of ['/.well-known/jwks.json', '/api/auth/.well-known/jwks.json', '/internal/quota/reserve', '/api/auth/../internal/quota/reserve']) {
      const res = await http(gw.url, 'POST', path, { body: { userId: me.user.id }, headers: { 'x-internal-token': TEST_INTERNAL_TOKEN } });
      expect(res.status).toBe(404);
    }
    expect((await http(gw.url, 'GET', '/.well-known/jwks.json')).status).toBe(404);
  });

  test('when bad input arrives through the gateway, then 400 with error text, never 5xx', async () => {
    const malformed = await http(gw.url, 'POST', '/api/auth/login', { raw: '{"email": "x@y.z", "password": ' });
    expect(malformed.status).toBe(400);
    expect(malformed.body.error).toEqual(expect.any(String));
    const wrongTypes = await http(gw.url, 'POST', '/api/auth/signup', { body: { email: 1, password: true, firstName: [], lastName: {} } });
    expect(wrongTypes.status).toBe(400);
    expect(wrongTypes.body.error).toEqual(expect.any(String));
  });
});
