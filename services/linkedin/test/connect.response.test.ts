import { Redis } from 'ioredis';
import { eventually, http } from '@postwright/platform/src/testing';
import { PUBLIC_URL, startStack, submitConsent, type Stack } from './support/stack';

const STATE_REJECTED = 'This LinkedIn authorization has expired or was already used. Please try connecting again.';
const CALLBACK_PARAMETERS = 'Invalid callback parameters. Please try connecting again.';

describe('connect: responses', () => {
  let stack: Stack;
  let redis: Redis;

  beforeAll(async () => {
    stack = await startStack();
    redis = new Redis(process.env.REDIS_URL ?? 'redis://127.0.0.1:6379');
  });
  afterAll(async () => {
    redis?.disconnect();
    await stack?.stop();
  });

  const authUrl = async (token: string) => (await http(stack.linkedin.url, 'GET', '/api/linkedin/auth-url', { token })).body as { authURL: string; state: string };
  const callback = (token: string, body: unknown) => http(stack.linkedin.url, 'POST', '/api/linkedin/callback', { token, body });
  const profile = (token: string) => http(stack.linkedin.url, 'GET', '/api/linkedin/profile', { token });

  test('when the auth URL is asked for, then it points at the configured authorization endpoint with the web callback, scopes and a 32-byte state', async () => {
    const user = await stack.user();
    const res = await http(stack.linkedin.url, 'GET', '/api/linkedin/auth-url', { token: user.token });
    expect(res.status).toBe(200);
    const url = new URL(res.body.authURL);
    expect(`${url.origin}${url.pathname}`).toBe(`${stack.sandbox.url}/oauth/v2/authorization`);
    expect(url.searchParams.get('response_type')).toBe('code');
    expect(url.searchParams.get('client_id')).toBe('postwright-sandbox');
    expect(url.searchParams.get('redirect_uri')).toBe(`${PUBLIC_URL}/linkedin/callback`);
    expect(url.searchParams.get('scope')).toBe('openid profile email w_member_social');
    expect(res.body.state).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(Buffer.from(res.body.state, 'base64url')).toHaveLength(32);
    expect(url.searchParams.get('state')).toBe(res.body.state);
    const ttl = await redis.ttl(`${stack.ns}linkedin:oauth-state:${res.body.state}`);
    expect(ttl).toBeGreaterThan(590);
    expect(ttl).toBeLessThanOrEqual(600);
  });

  test('when the member presses Allow and the web posts code and state, then the profile comes back and the account is connected (the share app: no headline, no engagement)', async () => {
    const user = await stack.user();
    const res = await stack.connect(user, { given_name: 'Dana', family_name: 'Reyes' });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      profile: {
        firstName: 'Dana',
        lastName: 'Reyes',
        localizedFirstName: 'Dana',
        localizedLastName: 'Reyes',
        headline: null,
        publicProfileUrl: null,
        profilePicture: { displayImage: expect.stringMatching(new RegExp(`^${stack.sandbox.url}/media/profile/`)) },
      },
    });
    const status = await profile(user.token);
    expect(status.status).toBe(200);
    expect(status.body).toMatchObject({ connected: true, profile: res.body.profile, engagement: { available: false, reason: expect.stringContaining('Community Management API') } });
    expect(status.body.reconnectSoon).toBeUndefined();
    expect(status.body.scopes.sort()).toEqual(['email', 'openid', 'profile', 'w_member_social']);
  });

  test('when the member presses Cancel, then the browser comes back with user_cancelled_authorize and no code, and nothing is connected', async () => {
    const user = await stack.user();
    const { authURL, state } = await authUrl(user.token);
    const back = await submitConsent(authURL, 'Cancel');
    expect(`${back.origin}${back.pathname}`).toBe(`${PUBLIC_URL}/linkedin/callback`);
    expect(back.searchParams.get('error')).toBe('user_cancelled_authorize');
    expect(back.searchParams.get('error_description')).toBeTruthy();
    expect(back.searchParams.get('state')).toBe(state);
    expect(back.searchParams.get('code')).toBeNull();
    const res = await callback(user.token, { state });
    expect(res.status).toBe(400);
    expect(res.body.error).toBe(CALLBACK_PARAMETERS);
    expect((await profile(user.token)).status).toBe(404);
  });

  test.each([
    ['no body', undefined],
    ['no code', { state: 'x'.repeat(43) }],
    ['no state', { code: 'AQabc' }],
    ['empty strings', { code: '', state: '' }],
    ['wrong types', { code: 12, state: ['a'] }],
  ])('when the callback has %s, then 400 with the spec message', async (_name, body) => {
    const user = await stack.user();
    const res = await callback(user.token, body);
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ error: CALLBACK_PARAMETERS, code: 'LINKEDIN.CALLBACK_INVALID' });
  });

  test("when the callback's query carries another code and state than its body, then the body's are used and the query's state stays unspent", async () => {
    const user = await stack.user();
    const mine = await authUrl(user.token);
    const minePage = await submitConsent(mine.authURL, 'Allow', { given_name: 'Body', email: `body-${user.id}@example.com` });
    const other = await authUrl(user.token);
    const otherPage = await submitConsent(other.authURL, 'Allow', { given_name: 'Query', email: `query-${user.id}@example.com` });
    const query = new URLSearchParams({ code: otherPage.searchParams.get('code')!, state: other.state });
    const res = await http(stack.linkedin.url, 'POST', `/api/linkedin/callback?${query}`, {
      token: user.token,
      body: { code: minePage.searchParams.get('code'), state: mine.state },
    });
    expect(res.status).toBe(200);
    expect(res.body.profile.firstName).toBe('Body');
    expect(await redis.exists(`${stack.ns}linkedin:oauth-state:${mine.state}`)).toBe(0);
    expect(await redis.exists(`${stack.ns}linkedin:oauth-state:${other.state}`)).toBe(1);
  });

  test("when the callback's query holds a valid state and an error but its body a forged state, then 400 for the body's state, and the query's state stays unspent", async () => {
    const user = await stack.user();
    const { authURL, state } = await authUrl(user.token);
    const back = await submitConsent(authURL, 'Allow');
    const query = new URLSearchParams({ code: back.searchParams.get('code')!, state, error: 'server_error' });
    const res = await http(stack.linkedin.url, 'POST', `/api/linkedin/callback?${query}`, {
      token: user.token,
      body: { code: back.searchParams.get('code'), state: 'A'.repeat(43) },
    });
    expect(res.status).toBe(400);
    expect(res.body.error).toBe(STATE_REJECTED);
    expect(await redis.exists(`${stack.ns}linkedin:oauth-state:${state}`)).toBe(1);
    expect((await profile(user.token)).status).toBe(404);
  });

  test('when the auth URL is asked for with a code and a state in its query, then a fresh state comes back and the given one stays unspent', async () => {
    const user = await stack.user();
    const { authURL, state } = await authUrl(user.token);
    const back = await submitConsent(authURL, 'Allow');
    const query = new URLSearchParams({ code: back.searchParams.get('code')!, state });
    const res = await http(stack.linkedin.url, 'GET', `/api/linkedin/auth-url?${query}`, { token: user.token });
    expect(res.status).toBe(200);
    expect(res.body.state).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(res.body.state).not.toBe(state);
    expect(await redis.exists(`${stack.ns}linkedin:oauth-state:${state}`)).toBe(1);
  });

  test('when the state is forged, then 400 and the code is not even exchanged', async () => {
    const user = await stack.user();
    const { authURL } = await authUrl(user.token);
    const back = await submitConsent(authURL, 'Allow');
    const exchanges = async () => (await http(stack.sandbox.url, 'GET', '/__sandbox/requests?path=/oauth/v2/accessToken')).body.requests.length;
    const before = await exchanges();
    const res = await callback(user.token, { code: back.searchParams.get('code'), state: 'A'.repeat(43) });
    expect(res.status).toBe(400);
    expect(res.body.error).toBe(STATE_REJECTED);
    expect((await profile(user.token)).status).toBe(404);
    // nothing was sent to LinkedIn's token endpoint
    expect(await exchanges()).toBe(before);
  });

  test('when the state has expired (10 minutes), then 400', async () => {
    const user = await stack.user();
    const { authURL, state } = await authUrl(user.token);
    const back = await submitConsent(authURL, 'Allow');
    const key = `${stack.ns}linkedin:oauth-state:${state}`;
    await redis.pexpire(key, 1);
    await eventually(() => redis.exists(key), (n) => n === 0, 2_000, 5);
    const res = await callback(user.token, { code: back.searchParams.get('code'), state });
    expect(res.status).toBe(400);
    expect(res.body.error).toBe(STATE_REJECTED);
  });

  test('when a state is used a second time, then 400: states are single use', async () => {
    const user = await stack.user();
    const first = await stack.connect(user);
    expect(first.status).toBe(200);
    const again = await callback(user.token, { code: first.code, state: first.state });
    expect(again.status).toBe(400);
    expect(again.body.error).toBe(STATE_REJECTED);
  });

  test("when another user presents someone's state, then 400, and the owner can still finish", async () => {
    const owner = await stack.user();
    const intruder = await stack.user();
    const { authURL, state } = await authUrl(owner.token);
    const back = await submitConsent(authURL, 'Allow');
    const code = back.searchParams.get('code');
    const stolen = await callback(intruder.token, { code, state });
    expect(stolen.status).toBe(400);
    expect(stolen.body.error).toBe(STATE_REJECTED);
    expect((await profile(intruder.token)).status).toBe(404);
    const mine = await callback(owner.token, { code, state });
    expect(mine.status).toBe(200);
  });

  test("when LinkedIn refuses the code exchange, then 502 with LinkedIn's text", async () => {
    const user = await stack.user();
    const first = await stack.connect(user);
    const { state } = await authUrl(user.token);
    const res = await callback(user.token, { code: first.code, state });
    expect(res.status).toBe(502);
    expect(res.body).toMatchObject({
      code: 'LINKEDIN.EXCHANGE_FAILED',
      error: expect.stringContaining('Unable to retrieve access token: appid/redirect uri/code verifier does not match authorization code'),
      details: { linkedinError: 'invalid_request' },
    });
  });

  test('when LinkedIn is down during the exchange, then 502 saying so', async () => {
    const user = await stack.user();
    const { authURL, state } = await authUrl(user.token);
    const back = await submitConsent(authURL, 'Allow');
    await stack.fault('500', { path: '/oauth/v2/accessToken' });
    const res = await callback(user.token, { code: back.searchParams.get('code'), state });
    expect(res.status).toBe(502);
    expect(res.body.error).toBe('LinkedIn is unavailable right now. Please try again in a few minutes.');
  });

  test('when there is no access token, then every LinkedIn route answers 401', async () => {
    for (const [method, path] of [
      ['GET', '/api/linkedin/auth-url'],
      ['POST', '/api/linkedin/callback'],
      ['GET', '/api/linkedin/profile'],
      ['POST', '/api/linkedin/post'],
      ['GET', '/api/linkedin/posts'],
      ['DELETE', '/api/linkedin/disconnect'],
      ['POST', '/api/linkedin/refresh-profile'],
    ]) {
      const res = await http(stack.linkedin.url, method, path, { body: method === 'POST' ? {} : undefined });
      expect([path, res.status]).toEqual([path, 401]);
      expect(res.body.error).toEqual(expect.any(String));
    }
  });
});
