import { cleanupNamespace, http, testNamespace } from '@postwright/platform/src/testing';
import { linkIn, messagesTo, waitForMessage } from '@postwright/platform/src/testing/mailpit';
import { signupUser, startAuth, TestClock, type RunningAuth } from './support/harness';

const HOUR = 3_600_000;

/** Signup emails a link that proves the address; the trial works before it is used. */
describe('email verification (Mailpit as the SMTP server)', () => {
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

  const profile = async (token: string) => (await http(auth.url, 'GET', '/api/users/profile', { token })).body.user;
  const verify = (token: string | null) => http(auth.url, 'POST', '/api/auth/verify-email', { body: { token } });
  const tokenOf = (mail: { Text: string }) => linkIn(mail, '/auth/verify-email').searchParams.get('token');

  test('when a member signs up, then "Verify your email" arrives with a link to the verify page, and following it verifies the address once', async () => {
    const { user, tokens } = await signupUser(auth.url, { firstName: 'Mary' });
    expect(user.emailVerified).toBe(false);
    const mail = await waitForMessage(user.email, { subject: 'Verify your email' });
    // no name from the account in mail to an address it has not proven
    expect(mail.Text).toMatch(/^Hi,\r?\n/);
    expect(mail.Text).not.toContain('Mary');
    expect(mail.HTML).toContain('Verify your email');
    const link = linkIn(mail, '/auth/verify-email');
    expect(link.origin).toBe('http://localhost:8080');

    const verified = await verify(link.searchParams.get('token'));
    expect(verified.status).toBe(200);
    expect(verified.body).toEqual({ emailVerified: true });
    expect(await profile(tokens.accessToken)).toMatchObject({ emailVerified: true });

    const again = await verify(link.searchParams.get('token'));
    expect(again.status).toBe(400);
    expect(again.body).toMatchObject({ code: 'AUTH.VERIFICATION_INVALID' });
  });

  test('when a name holds a line break (text that would read as ours in an email), then signup refuses it', async () => {
    const res = await http(auth.url, 'POST', '/api/auth/signup', {
      body: { email: `x-${Date.now()}@example.com`, password: 'correct horse battery', firstName: 'Ada\n\nYour account is on hold', lastName: 'Lovelace' },
    });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code: 'REQUEST.INVALID', details: { firstName: 'First name must be one line of text' } });
  });

  test('when the email has gone out, then the outbox keeps what it was, not its link', async () => {
    const { user } = await signupUser(auth.url);
    await waitForMessage(user.email, { subject: 'Verify your email' });
    const stored = await auth.ctx.mongo.collection('mail_outbox').findOne({ to: user.email, status: 'sent' });
    expect(stored).toMatchObject({ subject: 'Verify your email', status: 'sent' });
    expect(stored?.text).toBeUndefined();
    expect(stored?.html).toBeUndefined();
  });

  test('when a link is forged, malformed or older than 24 hours, then it is refused and the address stays unverified', async () => {
    const { user, tokens } = await signupUser(auth.url);
    const token = tokenOf(await waitForMessage(user.email, { subject: 'Verify your email' }));
    for (const bad of ['x'.repeat(43), `${token}x`, '']) {
      const res = await verify(bad);
      expect(res.status).toBe(400);
      expect(res.body.code).toMatch(/^(AUTH\.VERIFICATION_INVALID|REQUEST\.INVALID)$/);
    }
    clock.advance(25 * HOUR);
    try {
      expect((await verify(token)).body).toMatchObject({ code: 'AUTH.VERIFICATION_INVALID' });
    } finally {
      clock.advance(-25 * HOUR);
    }
    expect((await profile(tokens.accessToken)).emailVerified).toBe(false);
  });

  test('when the member asks for the email again, then a new link comes and only the newest works; a verified member is told so; asking too often is limited', async () => {
    const { user, tokens } = await signupUser(auth.url);
    const first = tokenOf(await waitForMessage(user.email, { subject: 'Verify your email' }));
    const resend = () => http(auth.url, 'POST', '/api/auth/resend-verification', { token: tokens.accessToken });
    expect((await resend()).body).toEqual({ sent: true });
    const second = tokenOf(await waitForMessage(user.email, { subject: 'Verify your email', count: 2 }));
    expect(second).not.toBe(first);
    expect((await verify(first)).status).toBe(400);
    expect((await resend()).status).toBe(200);
    const limited = await resend();
    expect(limited.status).toBe(429);
    expect(limited.body).toMatchObject({ code: 'AUTH.RATE_LIMITED' });
    expect((await verify(tokenOf(await waitForMessage(user.email, { subject: 'Verify your email', count: 3 })))).status).toBe(200);
    const done = await resend();
    expect(done.status).toBe(409);
    expect(done.body).toMatchObject({ code: 'AUTH.EMAIL_ALREADY_VERIFIED' });
    expect(await messagesTo(user.email)).toHaveLength(3);
  });
});
