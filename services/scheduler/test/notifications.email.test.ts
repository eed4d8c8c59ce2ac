import { randomUUID } from 'node:crypto';
import type { EventEnvelope, EventPayload } from '@postwright/contracts';
import { eventually } from '@postwright/platform/src/testing';
import { linkIn, messagesTo, waitForMessage, type MailMessage } from '@postwright/platform/src/testing/mailpit';
import { inMs, startStack, type MemberProfile, type Stack, type TestUser } from './support/stack';

/**
 * The member's emails about their scheduled posts, inside the scheduler's boundary: the LinkedIn
 * service is played through the event probe, the auth service is the test kit's fake (the
 * member's address, whether it is verified, the emails they want, the unsubscribe links), and
 * the emails are read back from the shared test Mailpit.
 */
const PUBLISHED = 'Your scheduled post is live on LinkedIn';
const FAILED = 'Your scheduled post could not be published';

describe('notification emails about scheduled posts', () => {
  let stack: Stack;

  beforeAll(async () => {
    stack = await startStack({ schedulerEnv: { SCHEDULE_MIN_LEAD_SECONDS: '0' } });
  }, 60_000);
  afterAll(() => stack?.stop());

  const outbox = (key: string) => stack.scheduler.ctx.mongo.collection('mail_outbox').find({ key }).toArray();
  const handled = (events: Array<Pick<EventEnvelope, 'id'>>) => stack.events.handled({ service: 'scheduler', name: 'notifications' }, events);
  const member = (profile: MemberProfile = {}): Promise<TestUser> => stack.user({ email: `notify-${randomUUID()}@example.com`, ...profile });

  /** A scheduled post of the member's that has fallen due: its publish request. */
  const dueRequest = async (user: TestUser, text: string): Promise<EventEnvelope<'content.publish.requested'>> => {
    const item = await stack.draft(user, { text });
    expect((await stack.schedule(user, item.id, inMs(1_500))).status).toBe(201);
    return stack.events.waitFor('content.publish.requested', (p) => p.contentId === item.id);
  };

  const published = (user: TestUser, overrides: Partial<EventPayload<'linkedin.post.published'>> = {}): EventPayload<'linkedin.post.published'> => ({
    requestId: randomUUID(),
    contentId: randomUUID().replace(/-/g, '').slice(0, 24),
    userId: user.id,
    linkedinPostId: 'urn:li:share:7300000000000000001',
    url: 'https://www.linkedin.com/feed/update/urn:li:share:7300000000000000001/',
    publishedAt: new Date().toISOString(),
    ...overrides,
  });

  const expectUnsubscribe = (mail: MailMessage, user: TestUser, kind: 'postPublished' | 'postFailed') => {
    // the fake auth service's links, as the real one makes them: one member, one kind of email
    expect(mail.headers['list-unsubscribe']).toEqual([`<http://localhost:8080/api/users/notifications/unsubscribe?token=fake.${user.id}.${kind}>`]);
    expect(mail.headers['list-unsubscribe-post']).toEqual(['List-Unsubscribe=One-Click']);
    expect(mail.ListUnsubscribe.Errors).toBe('');
    expect(linkIn(mail, '/settings/unsubscribe').searchParams.get('token')).toBe(`fake.${user.id}.${kind}`);
  };

  test('when a scheduled post is published, then the member gets one email with its first line, the time and a link to the post on LinkedIn', async () => {
    const user = await member({ firstName: 'Grace' });
    const text = `Work samples beat whiteboards ${Date.now()}.\n\nHere is why.`;
    const request = await dueRequest(user, text);
    await stack.answer(request, { outcome: 'published', postId: 'urn:li:share:7300000000000000042' });

    const mail = await waitForMessage(user.email, { subject: PUBLISHED });
    expect(mail.From.Address).toBe('no-reply@postwright.test');
    expect(mail.Text).toContain('Hi Grace,');
    expect(mail.Text).toContain(`“${text.split('\n')[0]}”`);
    expect(mail.Text).toMatch(/published on LinkedIn on \w+day, \w+ \d{1,2}, \d{4} at \d{1,2}:\d{2}\s[AP]M UTC\./);
    expect(linkIn(mail, '/feed/update/').href).toBe('https://www.linkedin.com/feed/update/urn:li:share:7300000000000000042');
    expect(mail.HTML).toContain('View on LinkedIn');
    expectUnsubscribe(mail, user, 'postPublished');
  });

  test('when the same published event comes twice, or is published twice, then one email is stored and sent', async () => {
    const user = await member();
    const payload = published(user);
    const first = await stack.events.publish('linkedin.post.published', payload);
    const again = await stack.events.publish('linkedin.post.published', payload);
    await handled([first, again]);

    await waitForMessage(user.email, { subject: PUBLISHED });
    const stored = await eventually(() => outbox(`scheduled-published:${payload.contentId}:${payload.requestId}`), (docs) => docs[0]?.status === 'sent', 10_000, 50);
    expect(stored).toHaveLength(1);
    expect(await messagesTo(user.email)).toHaveLength(1);
  });

  test('when a post is published now (no scheduler request), then no email: the member was there', async () => {
    const user = await member();
    const payload = published(user, { requestId: null });
    await handled([await stack.events.publish('linkedin.post.published', payload)]);
    expect(await stack.scheduler.ctx.mongo.collection('mail_outbox').countDocuments({ to: user.email })).toBe(0);
  });

  test('when LinkedIn refuses a scheduled post for good, then schedule.failed goes out once and the member gets an email with the reason and a link to their posts', async () => {
    const user = await member({ firstName: 'Ada' });
    const text = `Never posted ${Date.now()}: the connection ended.`;
    const request = await dueRequest(user, text);
    const reason = 'Your LinkedIn connection has expired. Please reconnect your LinkedIn account.';
    await stack.answer(request, { outcome: 'failed', reason, retryable: false });

    const failed = await stack.events.waitFor('schedule.failed', (p) => p.contentId === request.payload.contentId);
    expect(failed.payload).toEqual({
      contentId: request.payload.contentId,
      userId: user.id,
      requestId: request.payload.requestId,
      reason,
      unconfirmed: false,
      scheduledFor: request.payload.scheduledFor,
    });

    const mail = await waitForMessage(user.email, { subject: FAILED });
    expect(mail.Text).toContain('Hi Ada,');
    expect(mail.Text).toContain(`“${text}”`);
    expect(mail.Text).toContain(reason);
    expect(mail.Text).toContain('The post is back in your drafts.');
    expect(mail.Text).not.toContain('may already be there');
    expect(linkIn(mail, '/content-management').origin).toBe('http://localhost:8080');
    expect(mail.HTML).toContain('Open your posts');
    expectUnsubscribe(mail, user, 'postFailed');
    expect(stack.events.ofType('schedule.failed').filter((e) => e.payload.contentId === request.payload.contentId)).toHaveLength(1);
  });

  test('when LinkedIn may hold the post (unconfirmed), then the email says to check the feed before publishing again', async () => {
    const user = await member();
    const request = await dueRequest(user, `Maybe posted ${Date.now()}.`);
    await stack.answer(request, { outcome: 'failed', reason: 'LinkedIn did not confirm the post.', retryable: false, unconfirmed: true });

    const mail = await waitForMessage(user.email, { subject: FAILED });
    expect(mail.Text).toContain('LinkedIn did not confirm the post.');
    expect(mail.Text).toContain('Check your LinkedIn feed before publishing again: the post may already be there.');
  });

  test('when the give-up is announced twice, then one email', async () => {
    const user = await member();
    const item = await stack.draft(user, { text: `Given up twice ${Date.now()}.` });
    const payload: EventPayload<'schedule.failed'> = {
      contentId: item.id,
      userId: user.id,
      requestId: randomUUID(),
      reason: 'LinkedIn is unavailable. Please try again later.',
      unconfirmed: false,
      scheduledFor: new Date().toISOString(),
    };
    const sent = [await stack.events.publish('schedule.failed', payload), await stack.events.publish('schedule.failed', payload)];
    await handled(sent);

    await waitForMessage(user.email, { subject: FAILED });
    const stored = await eventually(() => outbox(`scheduled-failed:${item.id}:${payload.requestId}`), (docs) => docs[0]?.status === 'sent', 10_000, 50);
    expect(stored).toHaveLength(1);
    expect(await messagesTo(user.email)).toHaveLength(1);
  });

  test.each<[string, MemberProfile]>([
    ['turned these emails off', { notifications: { postPublished: false, postFailed: false } }],
    ['has not verified their address', { emailVerified: false }],
  ])('when the member %s, then no email is stored or sent', async (_, profile) => {
    const user = await member(profile);
    const payload = published(user);
    const item = await stack.draft(user, { text: 'Not told.' });
    const failure: EventPayload<'schedule.failed'> = {
      contentId: item.id,
      userId: user.id,
      requestId: randomUUID(),
      reason: 'LinkedIn said no.',
      unconfirmed: false,
      scheduledFor: new Date().toISOString(),
    };
    await handled([await stack.events.publish('linkedin.post.published', payload), await stack.events.publish('schedule.failed', failure)]);

    expect(await stack.scheduler.ctx.mongo.collection('mail_outbox').countDocuments({ to: user.email })).toBe(0);
    expect(await messagesTo(user.email)).toEqual([]);
  });

  test('when the member turned off only the published email, then a failure still reaches them', async () => {
    const user = await member({ notifications: { postPublished: false } });
    const item = await stack.draft(user, { text: `Only failures ${Date.now()}.` });
    const publishedEvent = await stack.events.publish('linkedin.post.published', published(user, { contentId: item.id }));
    const failure = await stack.events.publish('schedule.failed', {
      contentId: item.id,
      userId: user.id,
      requestId: randomUUID(),
      reason: 'LinkedIn said no.',
      unconfirmed: false,
      scheduledFor: new Date().toISOString(),
    });
    await handled([publishedEvent, failure]);

    await waitForMessage(user.email, { subject: FAILED });
    expect((await messagesTo(user.email)).map((m) => m.Subject)).toEqual([FAILED]);
  });
});
