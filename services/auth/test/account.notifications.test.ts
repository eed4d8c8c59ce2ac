import { internalAccountResponseSchema } from '@postwright/contracts';
import { cleanupNamespace, http, testNamespace, TEST_INTERNAL_TOKEN } from '@postwright/platform/src/testing';
import { signupUser, startAuth, type RunningAuth } from './support/harness';

/** Which notification emails come: chosen in /settings, or stopped by an email's link. */
describe('notification choices and unsubscribe links', () => {
  const ns = testNamespace();
  let auth: RunningAuth;

  beforeAll(async () => {
    auth = await startAuth(ns);
  });
  afterAll(async () => {
    await auth?.stop();
    await cleanupNamespace(ns);
  });

  const account = async (id: string) =>
    internalAccountResponseSchema.parse((await http(auth.url, 'GET', `/internal/users/${id}/account`, { headers: { 'x-internal-token': TEST_INTERNAL_TOKEN } })).body).account;

  test('when a member signs up, then every notification is on; turning one off is kept and shown', async () => {
    const { user, tokens } = await signupUser(auth.url);
    expect(user.notifications).toEqual({ postPublished: true, postFailed: true, linkedinExpiry: true });
    const res = await http(auth.url, 'PUT', '/api/users/notifications', { token: tokens.accessToken, body: { postPublished: false } });
    expect(res.status).toBe(200);
    expect(res.body.user.notifications).toEqual({ postPublished: false, postFailed: true, linkedinExpiry: true });
    expect((await account(user.id)).notifications).toEqual({ postPublished: false, postFailed: true, linkedinExpiry: true });
    const bad = await http(auth.url, 'PUT', '/api/users/notifications', { token: tokens.accessToken, body: { postFailed: 'no' } });
    expect(bad.status).toBe(400);
  });

  test('when an email\'s unsubscribe link is followed, then that kind stops and no other; a made-up or altered token is refused', async () => {
    const { user, tokens } = await signupUser(auth.url);
    const links = (await account(user.id)).unsubscribe;
    const token = new URL(links.postFailed.page).searchParams.get('token')!;
    const res = await http(auth.url, 'POST', '/api/users/notifications/unsubscribe', { body: { token } });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ kind: 'postFailed', unsubscribed: true });
    expect((await http(auth.url, 'GET', '/api/users/profile', { token: tokens.accessToken })).body.user.notifications).toEqual({ postPublished: true, postFailed: false, linkedinExpiry: true });

    const [id, , signature] = token.split('.');
    for (const forged of [`${id}.linkedinExpiry.${signature}`, `${'0'.repeat(24)}.postFailed.${signature}`, 'nonsense', `${token}.x`]) {
      const refused = await http(auth.url, 'POST', '/api/users/notifications/unsubscribe', { body: { token: forged } });
      expect(refused.status).toBe(400);
      expect(refused.body).toMatchObject({ code: 'USER.UNSUBSCRIBE_INVALID' });
    }
  });

  test('when a mail client unsubscribes in one click (RFC 8058), then the form POST to the header\'s address works', async () => {
    const { user, tokens } = await signupUser(auth.url);
    const oneClick = new URL((await account(user.id)).unsubscribe.linkedinExpiry.oneClick);
    const res = await fetch(`${auth.url}${oneClick.pathname}${oneClick.search}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'List-Unsubscribe=One-Click',
    });
    expect(res.status).toBe(200);
    expect((await http(auth.url, 'GET', '/api/users/profile', { token: tokens.accessToken })).body.user.notifications.linkedinExpiry).toBe(false);
  });
});
