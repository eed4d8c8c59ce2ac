import { http } from '@postwright/platform/src/testing';
import { startStack, type Stack } from './support/stack';

const DAY = 24 * 3600 * 1000;

describe('profile: responses', () => {
  describe('with the Community Management app (headline and profile address)', () => {
    let stack: Stack;
    beforeAll(async () => {
      stack = await startStack({ linkedinEnv: { LINKEDIN_APP: 'community' } });
    });
    afterAll(() => stack?.stop());

    test('when the account is not connected, then 404 with error text', async () => {
      const user = await stack.user();
      const res = await http(stack.linkedin.url, 'GET', '/api/linkedin/profile', { token: user.token });
      expect(res.status).toBe(404);
      expect(res.body).toMatchObject({ error: 'LinkedIn account not connected', code: 'LINKEDIN.NOT_CONNECTED' });
    });

    test('when the profile picture changes at LinkedIn, then refresh-profile picks it up and says whether there is one', async () => {
      const user = await stack.user();
      await stack.connect(user);
      const sub = [...stack.sandbox.state.members.values()].find((m) => m.email === `${user.id}@example.com`)!.sub;

      await http(stack.sandbox.url, 'POST', `/__sandbox/members/${sub}`, { body: { withPicture: false } });
      const none = await http(stack.linkedin.url, 'POST', '/api/linkedin/refresh-profile', { token: user.token });
      expect(none.status).toBe(200);
      expect(none.body).toEqual({ profilePictureUpdated: false });
      expect((await http(stack.linkedin.url, 'GET', '/api/linkedin/profile', { token: user.token })).body.profile.profilePicture).toEqual({ displayImage: null });

      await http(stack.sandbox.url, 'POST', `/__sandbox/members/${sub}`, { body: { withPicture: true, headline: 'Board member' } });
      const found = await http(stack.linkedin.url, 'POST', '/api/linkedin/refresh-profile', { token: user.token });
      expect(found.body).toEqual({ profilePictureUpdated: true });
      const profile = (await http(stack.linkedin.url, 'GET', '/api/linkedin/profile', { token: user.token })).body.profile;
      expect(profile.profilePicture.displayImage).toMatch(/\/media\/profile\//);
      expect(profile.headline).toBe('Board member');
    });

    test('when refresh-profile is asked without a connection, then 409 with error text', async () => {
      const user = await stack.user();
      const res = await http(stack.linkedin.url, 'POST', '/api/linkedin/refresh-profile', { token: user.token });
      expect(res.status).toBe(409);
      expect(res.body.error).toBe('LinkedIn account not connected. Please connect your LinkedIn account first.');
    });

    test('when LinkedIn is down during refresh-profile, then 502 and the stored profile stays', async () => {
      const user = await stack.user();
      const connected = await stack.connect(user);
      await stack.fault('500', { path: '/v2/me' });
      const res = await http(stack.linkedin.url, 'POST', '/api/linkedin/refresh-profile', { token: user.token });
      expect(res.status).toBe(502);
      expect((await http(stack.linkedin.url, 'GET', '/api/linkedin/profile', { token: user.token })).body.profile).toEqual(connected.body.profile);
    });
  });

  describe('with the share app (the default), no refresh tokens and a 3-day token', () => {
    let stack: Stack;
    beforeAll(async () => {
      stack = await startStack({
        sandboxEnv: { SANDBOX_REFRESH_TOKENS: 'false', SANDBOX_ACCESS_TOKEN_TTL_SECONDS: String(3 * 24 * 3600) },
      });
    });
    afterAll(() => stack?.stop());

    test('when r_basicprofile was not granted, then headline and profile URL are null, and the engagement reason is stored', async () => {
      const user = await stack.user();
      const res = await stack.connect(user);
      expect(res.status).toBe(200);
      expect(res.body.profile).toMatchObject({ firstName: 'Alex', headline: null, publicProfileUrl: null });
      const status = await http(stack.linkedin.url, 'GET', '/api/linkedin/profile', { token: user.token });
      expect(status.body.engagement).toEqual({
        available: false,
        reason: expect.stringContaining('Community Management API'),
      });
      // no /v2/me call is even tried without the scope
      const meCalls = (await http(stack.sandbox.url, 'GET', '/__sandbox/requests?path=/v2/me')).body.requests;
      expect(meCalls).toHaveLength(0);
    });

    test('when the grant expires within 7 days, then the profile says reconnectSoon with the expiry time', async () => {
      const user = await stack.user();
      await stack.connect(user);
      const res = await http(stack.linkedin.url, 'GET', '/api/linkedin/profile', { token: user.token });
      expect(res.status).toBe(200);
      expect(res.body.reconnectSoon).toBe(true);
      const expiresAt = Date.parse(res.body.expiresAt);
      expect(Math.abs(expiresAt - (Date.now() + 3 * DAY))).toBeLessThan(60_000);
    });

    test('when the token dies at LinkedIn and there is no refresh token, then the connection shows expired and posting asks to reconnect', async () => {
      const user = await stack.user();
      await stack.connect(user);
      await http(stack.sandbox.url, 'POST', '/__sandbox/tokens/expire', { body: {} });
      const refresh = await http(stack.linkedin.url, 'POST', '/api/linkedin/refresh-profile', { token: user.token });
      expect(refresh.status).toBe(409);
      expect(refresh.body).toMatchObject({ code: 'LINKEDIN.RECONNECT_REQUIRED', error: 'Your LinkedIn connection has expired. Please reconnect your LinkedIn account.' });
      const status = await http(stack.linkedin.url, 'GET', '/api/linkedin/profile', { token: user.token });
      expect(status.body).toMatchObject({ connected: true, expired: true, reconnectSoon: true });
      // reconnecting makes it whole again
      await stack.connect(user);
      const again = await http(stack.linkedin.url, 'GET', '/api/linkedin/profile', { token: user.token });
      expect(again.body.expired).toBeUndefined();
    });
  });
});
