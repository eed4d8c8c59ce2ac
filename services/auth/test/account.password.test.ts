import { cleanupNamespace, http, randomId, testNamespace } from '@postwright/platform/src/testing';
import { linkIn, messagesTo, waitForMessage } from '@postwright/platform/src/testing/mailpit';
import { PASSWORD, signupUser, startAuth, TestClock, type RunningAuth } from './support/harness';

const MINUTE = 60_000;

/** A forgotten password comes back through the emailed link; a known one is changed in place. Either way the other sessions end. */
describe('password reset and change (Mailpit as the SMTP server)', () => {
  const ns = testNamespace();
  const clock = new TestClock();
  let auth: RunningAuth;

  beforeAll(async () => {
    auth = await startAuth(ns, {}, { clock });
  });
  afterAll(async () => {
    await auth?.stop();
    await cleanupNamespace(ns);
  });

  const login = (email: string, password: string) => http(auth.url, 'POST', '/api/auth/login', { body: { email, password } });
  const refresh = (refreshToken: string) => http(auth.url, 'POST', '/api/auth/refresh', { body: { refreshToken } });
  const forgot = (email: string) => http(auth.url, 'POST', '/api/auth/forgot-password', { body: { email } });
  const reset = (token: string | null, password: string) => http(auth.url, 'POST', '/api/auth/reset-password', { body: { token, password } });
  const resetToken = async (email: string, count = 1) => linkIn(await waitForMessage(email, { subject: 'Reset your Postwright password', count }), '/auth/reset-password').searchParams.get('token');

  test('when a member forgets the password, then the answer is the same as for an address nobody has, and only the member gets a link', async () => {
    const { user } = await signupUser(auth.url);
    const stranger = `nobody-${randomId()}@example.com`;
    const known = await forgot(user.email.toUpperCase());
    const unknown = await forgot(stranger);
    expect([known.status, unknown.status]).toEqual([200, 200]);
    expect(known.body).toEqual(unknown.body);
    expect(known.body).toEqual({ sent: true });
    const mail = await waitForMessage(user.email, { subject: 'Reset your Postwright password' });
    expect(mail.Text).toContain('30 minutes');
    expect(linkIn(mail, '/auth/reset-password').origin).toBe('http://localhost:8080');
    // the known address's email came; the other's answer did no such work, before or after
    expect(await messagesTo(stranger)).toEqual([]);
  });

  test('when the member resets the password from the link, then every session ends, the old password fails, the new one works, and a notice is emailed', async () => {
    const { user, tokens } = await signupUser(auth.url);
    const other = await login(user.email, PASSWORD);
    await forgot(user.email);
    const token = await resetToken(user.email);
    const done = await reset(token, 'a brand new passphrase');
    expect(done.status).toBe(200);
    expect(done.body).toEqual({ success: true });

    expect((await refresh(tokens.refreshToken)).body).toMatchObject({ code: 'AUTH.REFRESH_REVOKED' });
    expect((await refresh(other.body.tokens.refreshToken)).body).toMatchObject({ code: 'AUTH.REFRESH_REVOKED' });
    expect((await login(user.email, PASSWORD)).status).toBe(401);
    expect((await login(user.email, 'a brand new passphrase')).status).toBe(200);
    await waitForMessage(user.email, { subject: 'Your password was changed' });

    const reused = await reset(token, 'yet another passphrase');
    expect(reused.status).toBe(400);
    expect(reused.body).toMatchObject({ code: 'AUTH.RESET_INVALID' });
  });

  test('when a session started before sessions were listed per member (or escaped the list) and the password is reset, then it ends too', async () => {
    const { user, tokens } = await signupUser(auth.url);
    const redis = auth.ctx.redis;
    const families = `${auth.ctx.keyPrefix}rtu:${user.id}:families`;
    // as a session from before the list existed: in no list, its sign-in time unknown
    const [family] = await redis.smembers(families);
    await redis.srem(families, family);
    await redis.del(`${auth.ctx.keyPrefix}rtf:${family}:proven`);
    await forgot(user.email);
    expect((await reset(await resetToken(user.email), 'a brand new passphrase')).status).toBe(200);
    expect((await refresh(tokens.refreshToken)).body).toMatchObject({ code: 'AUTH.REFRESH_REVOKED' });
  });

  test('when the link is older than 30 minutes, forged, or the new password is too short, then nothing changes', async () => {
    const { user } = await signupUser(auth.url);
    await forgot(user.email);
    const token = await resetToken(user.email);
    const short = await reset(token, 'short');
    expect(short.status).toBe(400);
    expect(short.body).toMatchObject({ code: 'REQUEST.INVALID', details: { password: 'Password must be at least 8 characters' } });
    expect((await reset('forged-token-0000000000000000000000000000', 'a brand new passphrase')).body).toMatchObject({ code: 'AUTH.RESET_INVALID' });
    clock.advance(31 * MINUTE);
    try {
      expect((await reset(token, 'a brand new passphrase')).body).toMatchObject({ code: 'AUTH.RESET_INVALID' });
    } finally {
      clock.advance(-31 * MINUTE);
    }
    expect((await login(user.email, PASSWORD)).status).toBe(200);
  });

  test('when a new reset is asked for, then only the newest link works', async () => {
    const { user } = await signupUser(auth.url);
    await forgot(user.email);
    const first = await resetToken(user.email);
    await forgot(user.email);
    const second = await resetToken(user.email, 2);
    expect((await reset(first, 'a brand new passphrase')).status).toBe(400);
    expect((await reset(second, 'a brand new passphrase')).status).toBe(200);
  });

  test('when the signed-in member changes the password, then a wrong current password is a field error, and success keeps this session and ends the others', async () => {
    const { user, tokens } = await signupUser(auth.url);
    const other = await login(user.email, PASSWORD);
    const change = (currentPassword: string, newPassword: string) =>
      http(auth.url, 'PUT', '/api/users/password', { token: tokens.accessToken, body: { currentPassword, newPassword } });

    const wrong = await change('not my password', 'a brand new passphrase');
    expect(wrong.status).toBe(400);
    expect(wrong.body).toMatchObject({ code: 'AUTH.PASSWORD_INCORRECT', error: 'Current password is incorrect', details: { currentPassword: 'Current password is incorrect' } });
    const short = await change(PASSWORD, 'short');
    expect(short.body).toMatchObject({ code: 'REQUEST.INVALID', details: { newPassword: 'New password must be at least 8 characters' } });

    expect((await change(PASSWORD, 'a brand new passphrase')).body).toEqual({ success: true });
    expect((await refresh(tokens.refreshToken)).status).toBe(200);
    expect((await refresh(other.body.tokens.refreshToken)).body).toMatchObject({ code: 'AUTH.REFRESH_REVOKED' });
    expect((await login(user.email, 'a brand new passphrase')).status).toBe(200);
    await waitForMessage(user.email, { subject: 'Your password was changed' });
  });
});
