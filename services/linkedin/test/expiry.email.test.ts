import { randomUUID } from 'node:crypto';
import { http } from '@postwright/platform/src/testing';
import { linkIn, messagesTo, waitForMessage } from '@postwright/platform/src/testing/mailpit';
import type { LinkedinService } from '../src/server';
import { serviceDatabase } from './support/database';
import { startStack, type MemberProfile, type Stack, type TestUser } from './support/stack';

/**
 * The emails about a member's LinkedIn connection ending, inside the LinkedIn service's boundary:
 * LinkedIn is the sandbox (a self-serve app: 60-day tokens, no refresh token), the auth service is
 * the test kit's fake (the member's address, whether it is verified, the emails they want, the
 * unsubscribe links), and the emails are read back from the shared test Mailpit. Time passes by
 * sweeping at a chosen time: the sweep a running service makes on its own is at the end.
 */
const DAY = 24 * 3600 * 1000;
const MINUTE = 60_000;
const EXPIRED = 'Your LinkedIn connection has expired';
const SOON = /^Your LinkedIn connection expires on \w+ \d{1,2}, \d{4}$/;
const longDate = (at: Date) => new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeZone: 'UTC' }).format(at);

describe('LinkedIn expiry emails', () => {
  let stack: Stack;
  const { db } = serviceDatabase(() => stack);
  const connections = () => db().collection('connections');
  const outbox = () => db().collection('mail_outbox');

  beforeAll(async () => {
    stack = await startStack();
  });
  afterAll(() => stack?.stop());

  const member = (profile: MemberProfile = {}): Promise<TestUser> => stack.user({ email: `expiry-${randomUUID()}@example.com`, ...profile });
  const connected = async (user: TestUser) => {
    expect((await stack.connect(user)).status).toBe(200);
    return (await connections().findOne({ userId: user.id }))!;
  };
  const sweep = (at: Date, service: LinkedinService = stack.linkedin) => service.modules.expiryNotices.sweep(at);

  test('when a connection is made, then its first email is planned a week before the grant ends', async () => {
    const stored = await connected(await member());
    expect(stored.expiryNoticeAt).toEqual(new Date(stored.accessTokenExpiresAt.getTime() - 7 * DAY));
  });

  test('when the grant enters its last week, then one "expires on" email, however often the sweep runs; once it has ended, one "has expired"; a reconnect gets both again', async () => {
    const user = await member({ firstName: 'Grace' });
    const first = await connected(user);
    const ends = first.accessTokenExpiresAt as Date;

    // the day before the week: nothing yet
    await sweep(new Date(ends.getTime() - 8 * DAY));
    expect(await messagesTo(user.email)).toEqual([]);

    // the week starts: two replicas sweeping at once, and again later that week
    const weekOf = new Date(ends.getTime() - 7 * DAY + MINUTE);
    await Promise.all([sweep(weekOf), sweep(weekOf)]);
    await sweep(new Date(ends.getTime() - 2 * DAY));
    const soon = await waitForMessage(user.email, { subject: SOON });
    expect(soon.Subject).toBe(`Your LinkedIn connection expires on ${longDate(ends)}`);
    expect(soon.Text).toContain('Hi Grace,');
    expect(soon.Text).toContain(`Your LinkedIn connection expires on ${longDate(ends)} at`);
    expect(soon.Text).toContain('Reconnect LinkedIn before then to keep publishing and scheduling.');
    expect(linkIn(soon, '/profile').href).toBe('http://localhost:8080/profile');
    expect(soon.HTML).toContain('Reconnect LinkedIn');
    expect(soon.headers['list-unsubscribe']).toEqual([`<http://localhost:8080/api/users/notifications/unsubscribe?token=fake.${user.id}.linkedinExpiry>`]);
    expect(soon.headers['list-unsubscribe-post']).toEqual(['List-Unsubscribe=One-Click']);
    expect(soon.ListUnsubscribe.Errors).toBe('');
    expect((await connections().findOne({ userId: user.id }))!.expiryNoticeAt).toEqual(ends);

    // the grant's end passes
    await sweep(new Date(ends.getTime() + MINUTE));
    await sweep(new Date(ends.getTime() + DAY));
    const expired = await waitForMessage(user.email, { subject: EXPIRED });
    expect(expired.Text).toContain('Your LinkedIn connection has expired. Reconnect LinkedIn to keep publishing and scheduling.');
    expect(linkIn(expired, '/profile').origin).toBe('http://localhost:8080');
    expect(expired.headers['list-unsubscribe']).toEqual(soon.headers['list-unsubscribe']);
    expect((await connections().findOne({ userId: user.id }))!.expiryNoticeAt).toBeNull();
    expect((await messagesTo(user.email)).map((m) => m.Subject)).toEqual([soon.Subject, EXPIRED]);
    expect(await outbox().countDocuments({ to: user.email })).toBe(2);

    // a reconnect is a new grant with an end of its own: its own week and its own end
    const second = await connected(user);
    const newEnds = second.accessTokenExpiresAt as Date;
    expect(newEnds.getTime()).toBeGreaterThan(ends.getTime());
    await sweep(new Date(newEnds.getTime() - 7 * DAY + MINUTE));
    await sweep(new Date(newEnds.getTime() + MINUTE));
    await waitForMessage(user.email, { subject: EXPIRED, count: 2 });
    expect((await messagesTo(user.email)).map((m) => m.Subject)).toEqual([soon.Subject, EXPIRED, `Your LinkedIn connection expires on ${longDate(newEnds)}`, EXPIRED]);
  });

  test('when a sweep comes only after the grant ended, then only "has expired" is sent, not the week\'s warning as well', async () => {
    const user = await member();
    const { accessTokenExpiresAt: ends } = await connected(user);
    await sweep(new Date(ends.getTime() + MINUTE));
    await waitForMessage(user.email, { subject: EXPIRED });
    expect((await messagesTo(user.email)).map((m) => m.Subject)).toEqual([EXPIRED]);
  });

  test('when LinkedIn refuses the token before its time, then the "has expired" email goes at the next sweep', async () => {
    const user = await member();
    const stored = await connected(user);
    await http(stack.sandbox.url, 'POST', '/__sandbox/tokens/expire', { body: { sub: stored.memberId } });
    const refresh = await http(stack.linkedin.url, 'POST', '/api/linkedin/refresh-profile', { token: user.token });
    expect(refresh.body.code).toBe('LINKEDIN.RECONNECT_REQUIRED');
    expect((await connections().findOne({ userId: user.id }))!.status).toBe('expired');

    await sweep(new Date());
    await waitForMessage(user.email, { subject: EXPIRED });
    expect((await messagesTo(user.email)).map((m) => m.Subject)).toEqual([EXPIRED]);
  });

  test.each<[string, MemberProfile]>([
    ['turned these emails off', { notifications: { linkedinExpiry: false } }],
    ['has not verified their address', { emailVerified: false }],
  ])('when the member %s, then nothing is stored or sent, and the connection is not asked about again until its end', async (_, profile) => {
    const user = await member(profile);
    const { accessTokenExpiresAt: ends } = await connected(user);
    await sweep(new Date(ends.getTime() - 7 * DAY + MINUTE));
    expect((await connections().findOne({ userId: user.id }))!.expiryNoticeAt).toEqual(ends);
    await sweep(new Date(ends.getTime() + MINUTE));
    expect((await connections().findOne({ userId: user.id }))!.expiryNoticeAt).toBeNull();
    expect(await outbox().countDocuments({ to: user.email })).toBe(0);
    expect(await messagesTo(user.email)).toEqual([]);
  });

  test('when the member is no longer known to the auth service, then nothing is sent and the sweep goes on', async () => {
    const user = await member();
    const { accessTokenExpiresAt: ends } = await connected(user);
    await connections().updateOne({ userId: user.id }, { $set: { userId: `gone-${user.id}` } });
    await sweep(new Date(ends.getTime() + MINUTE));
    expect((await connections().findOne({ userId: `gone-${user.id}` }))!.expiryNoticeAt).toBeNull();
    expect(await outbox().countDocuments({ to: user.email })).toBe(0);
  });

  test('when connections were stored before these emails existed, then the first sweep of a process plans them; one already ended is not announced', async () => {
    const live = await member();
    const ended = await member();
    const { accessTokenExpiresAt: liveEnds } = await connected(live);
    await connected(ended);
    await connections().updateOne({ userId: ended.id }, { $set: { accessTokenExpiresAt: new Date(Date.now() - DAY) } });
    await connections().updateMany({ userId: { $in: [live.id, ended.id] } }, { $unset: { expiryNoticeAt: '' } });

    const restarted = await stack.startLinkedin({ EXPIRY_NOTICE_INTERVAL_MS: '3600000' });
    await sweep(new Date(), restarted);
    expect((await connections().findOne({ userId: live.id }))!.expiryNoticeAt).toEqual(new Date(liveEnds.getTime() - 7 * DAY));
    expect((await connections().findOne({ userId: ended.id }))!.expiryNoticeAt).toBeNull();
    expect(await messagesTo(ended.email)).toEqual([]);
  });
});

describe('LinkedIn expiry emails, swept by the running service', () => {
  let stack: Stack;
  beforeAll(async () => {
    // a 3-day token: the grant is in its last week from the start
    stack = await startStack({
      linkedinEnv: { EXPIRY_NOTICE_INTERVAL_MS: '200' },
      sandboxEnv: { SANDBOX_REFRESH_TOKENS: 'false', SANDBOX_ACCESS_TOKEN_TTL_SECONDS: String(3 * 24 * 3600) },
    });
  });
  afterAll(() => stack?.stop());

  test('when a member connects with a grant that ends within the week, then the "expires on" email arrives on its own, once', async () => {
    const user = await stack.user({ email: `expiry-${randomUUID()}@example.com` });
    expect((await stack.connect(user)).status).toBe(200);
    const mail = await waitForMessage(user.email, { subject: SOON });
    const profile = await http(stack.linkedin.url, 'GET', '/api/linkedin/profile', { token: user.token });
    expect(mail.Subject).toBe(`Your LinkedIn connection expires on ${longDate(new Date(profile.body.expiresAt))}`);
    // later sweeps find nothing more to send for it: its plan moved on to the grant's end
    const stored = await stack.linkedin.modules.expiryNotices.sweep(new Date());
    expect(stored.queued).toBe(0);
    expect(await messagesTo(user.email)).toHaveLength(1);
  });
});
