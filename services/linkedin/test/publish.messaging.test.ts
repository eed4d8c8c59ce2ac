import { randomUUID } from 'node:crypto';
import type { ContentItem } from '@postwright/contracts';
import { eventually, http } from '@postwright/platform/src/testing';
import { startStack, type Stack, type TestUser } from './support/stack';

describe('scheduled publishing: content.publish.requested', () => {
  let stack: Stack;
  beforeAll(async () => {
    stack = await startStack();
  });
  afterEach(() => http(stack.sandbox.url, 'DELETE', '/__sandbox/faults'));
  afterAll(() => stack?.stop());

  const postsBy = async (memberUrn: string) => (await stack.sandboxPosts()).filter((p) => p.author === memberUrn);
  const connected = async () => {
    const user = await stack.user();
    await stack.connect(user);
    const memberUrn = (await stack.events.waitFor('linkedin.connected', (p) => p.userId === user.id)).payload.memberUrn;
    return { user, memberUrn };
  };
  /** the scheduler's request: no text, the item's is read when it falls due */
  const request = (user: TestUser, item: ContentItem, requestId = randomUUID()) => ({
    requestId,
    contentId: item.id,
    userId: user.id,
    scheduledFor: item.scheduledFor!,
  });

  test('when a request for a scheduled item arrives, then its text is posted, the item is published and linkedin.post.published carries the request id', async () => {
    const { user, memberUrn } = await connected();
    const item = await stack.schedule(user, await stack.draft(user, 'Scheduled (and escaped) #text'));
    const payload = request(user, item);
    await stack.events.publish('content.publish.requested', payload);
    const published = await stack.events.waitFor('linkedin.post.published', (p) => p.requestId === payload.requestId);
    expect(published.payload).toMatchObject({ contentId: item.id, userId: user.id, linkedinPostId: expect.stringMatching(/^urn:li:share:/) });
    const posts = await postsBy(memberUrn);
    expect(posts.map((p) => p.text)).toEqual(['Scheduled (and escaped) #text']);
    // the content service settles the item from the event (no report call for a scheduled publish)
    expect(await eventually(() => stack.item(user, item.id), (i) => i.status === 'published')).toMatchObject({ status: 'published', linkedinPostId: published.payload.linkedinPostId });
  });

  test('when a request queued before carries a copy of the text, then the item\'s text as it is now is posted (edited after scheduling)', async () => {
    const { user, memberUrn } = await connected();
    const item = await stack.schedule(user, await stack.draft(user, `Edited after scheduling ${randomUUID()}`));
    const payload = { ...request(user, item), text: 'The text as it was when it was scheduled' };
    await stack.events.publish('content.publish.requested', payload);
    await stack.events.waitFor('linkedin.post.published', (p) => p.requestId === payload.requestId);
    expect((await postsBy(memberUrn)).map((p) => p.text)).toEqual([item.finalContent]);
  });

  test('when the same request is delivered again (same event, and a new event with the same request id), then LinkedIn gets one post', async () => {
    const { user, memberUrn } = await connected();
    const item = await stack.schedule(user, await stack.draft(user));
    const payload = request(user, item);
    const eventId = randomUUID();
    await stack.events.publish('content.publish.requested', payload, { id: eventId });
    await stack.events.waitFor('linkedin.post.published', (p) => p.requestId === payload.requestId);
    await stack.events.publish('content.publish.requested', payload, { id: eventId });
    await stack.events.publish('content.publish.requested', payload);
    await stack.events.publish('content.publish.requested', payload);
    // the stored attempt repeats its outcome: published events for the redeliveries, no new post
    await eventually(
      async () => stack.events.ofType('linkedin.post.published').filter((e) => e.payload.requestId === payload.requestId).length,
      (n) => n >= 3,
    );
    expect(await postsBy(memberUrn)).toHaveLength(1);
    const ids = new Set(stack.events.ofType('linkedin.post.published').filter((e) => e.payload.requestId === payload.requestId).map((e) => e.payload.linkedinPostId));
    expect(ids.size).toBe(1);
  });

  test('when two requests for the same item race, then only one post is made', async () => {
    const { user, memberUrn } = await connected();
    const item = await stack.schedule(user, await stack.draft(user));
    const a = request(user, item);
    const b = request(user, item);
    const sent = await Promise.all([stack.events.publish('content.publish.requested', a), stack.events.publish('content.publish.requested', b)]);
    await stack.events.waitFor('linkedin.post.published', (p) => p.contentId === item.id);
    // both requests handled (the one that waited for the other's lock included): nothing more is on its way
    await stack.events.handled({ service: 'linkedin', name: 'publish-requests' }, sent);
    expect(await postsBy(memberUrn)).toHaveLength(1);
  });

  test('when the item was rescheduled or unscheduled meanwhile, then the stale request publishes nothing', async () => {
    const { user, memberUrn } = await connected();
    const item = await stack.schedule(user, await stack.draft(user));
    const stale = { ...request(user, item), scheduledFor: new Date(Date.parse(item.scheduledFor!) - 60_000).toISOString() };
    await stack.events.publish('content.publish.requested', stale);
    const draft = await stack.draft(user);
    const unscheduled = request(user, { ...draft, scheduledFor: new Date().toISOString() });
    await stack.events.publish('content.publish.requested', unscheduled);
    // a later, valid request shows the consumer has gone past both
    const valid = request(user, await stack.schedule(user, await stack.draft(user)));
    await stack.events.publish('content.publish.requested', valid);
    await stack.events.waitFor('linkedin.post.published', (p) => p.requestId === valid.requestId);
    expect(await postsBy(memberUrn)).toHaveLength(1);
    expect((await stack.item(user, item.id)).status).toBe('scheduled');
    expect((await stack.item(user, draft.id)).status).toBe('draft');
  });

  test('when LinkedIn throttles, then linkedin.post.failed is retryable; a retry with the same request id then posts once', async () => {
    const { user, memberUrn } = await connected();
    const item = await stack.schedule(user, await stack.draft(user));
    const payload = request(user, item);
    await stack.fault('429', { path: '/rest/posts' });
    await stack.events.publish('content.publish.requested', payload);
    const failed = await stack.events.waitFor('linkedin.post.failed', (p) => p.requestId === payload.requestId);
    expect(failed.payload).toEqual({
      requestId: payload.requestId,
      contentId: item.id,
      userId: user.id,
      reason: "LinkedIn's posting limit was reached, so the post was not published.",
      unconfirmed: false,
      retryable: true,
    });
    expect(await postsBy(memberUrn)).toHaveLength(0);
    // the content service shows the reason on the card and, the failure being retryable, keeps the item scheduled
    const shown = await eventually(() => stack.item(user, item.id), (i) => i.lastPublishError === failed.payload.reason);
    expect(shown.status).toBe('scheduled');
    // the scheduler's retry: the same request again
    await stack.events.publish('content.publish.requested', payload);
    await stack.events.waitFor('linkedin.post.published', (p) => p.requestId === payload.requestId);
    expect(await postsBy(memberUrn)).toHaveLength(1);
  });

  test('when LinkedIn is down (500), then linkedin.post.failed is retryable with a plain reason', async () => {
    const { user } = await connected();
    const item = await stack.schedule(user, await stack.draft(user));
    const payload = request(user, item);
    await stack.fault('500', { path: '/rest/posts' });
    await stack.events.publish('content.publish.requested', payload);
    const failed = await stack.events.waitFor('linkedin.post.failed', (p) => p.requestId === payload.requestId);
    expect(failed.payload).toMatchObject({ reason: 'LinkedIn was unavailable, so the post was not published.', retryable: true, unconfirmed: false });
  });

  test('when the answer is lost, then the item is unconfirmed, linkedin.post.failed says so, and a redelivery never posts again', async () => {
    const { user, memberUrn } = await connected();
    const item = await stack.schedule(user, await stack.draft(user));
    const payload = request(user, item);
    await stack.fault('lost-response', { path: '/rest/posts' });
    await stack.events.publish('content.publish.requested', payload);
    const failed = await stack.events.waitFor('linkedin.post.failed', (p) => p.requestId === payload.requestId);
    expect(failed.payload).toMatchObject({ unconfirmed: true, retryable: false, reason: expect.stringContaining('LinkedIn did not confirm the post') });
    expect(await eventually(() => stack.item(user, item.id), (i) => i.status === 'draft')).toMatchObject({ status: 'draft', publishUnconfirmed: true, scheduledFor: null });
    await stack.events.publish('content.publish.requested', payload);
    await eventually(
      async () => stack.events.ofType('linkedin.post.failed').filter((e) => e.payload.requestId === payload.requestId).length,
      (n) => n >= 2,
    );
    expect(await postsBy(memberUrn)).toHaveLength(1);
  });

  test('when the connection is gone or expired, then linkedin.post.failed asks to (re)connect and is not retryable', async () => {
    const { user, memberUrn } = await connected();
    const item = await stack.schedule(user, await stack.draft(user));
    const payload = request(user, item);
    await http(stack.sandbox.url, 'POST', '/__sandbox/tokens/expire', { body: { sub: memberUrn.replace('urn:li:person:', ''), includeRefresh: true } });
    await stack.events.publish('content.publish.requested', payload);
    const expired = await stack.events.waitFor('linkedin.post.failed', (p) => p.requestId === payload.requestId);
    expect(expired.payload).toMatchObject({ reason: 'Your LinkedIn connection has expired. Please reconnect your LinkedIn account.', retryable: false });

    const stranger = await stack.user();
    const theirs = await stack.schedule(stranger, await stack.draft(stranger));
    const notConnected = request(stranger, theirs);
    await stack.events.publish('content.publish.requested', notConnected);
    const failed = await stack.events.waitFor('linkedin.post.failed', (p) => p.requestId === notConnected.requestId);
    expect(failed.payload).toMatchObject({ reason: 'LinkedIn account not connected. Please connect your LinkedIn account first.', retryable: false, unconfirmed: false });
  });

  test('when the text is too long as LinkedIn receives it, or LinkedIn says so, then linkedin.post.failed says so, not retryable, and nothing is posted', async () => {
    const { user, memberUrn } = await connected();
    const item = await stack.schedule(user, await stack.draft(user, '(a) '.repeat(700)));
    const ours = request(user, item);
    await stack.events.publish('content.publish.requested', ours);
    const refused = await stack.events.waitFor('linkedin.post.failed', (p) => p.requestId === ours.requestId);
    expect(refused.payload).toMatchObject({ reason: expect.stringMatching(/^The post is 4,200 characters long as LinkedIn receives it .* LinkedIn allows at most 3,000\.$/), retryable: false, unconfirmed: false });

    // the refused item went back to draft; another scheduled one meets LinkedIn's own count
    const next = await stack.schedule(user, await stack.draft(user, 'Fits by our count'));
    await stack.fault('commentary-too-long', { path: '/rest/posts' });
    const theirs = request(user, next);
    await stack.events.publish('content.publish.requested', theirs);
    const refusedByLinkedin = await stack.events.waitFor('linkedin.post.failed', (p) => p.requestId === theirs.requestId);
    expect(refusedByLinkedin.payload).toMatchObject({ reason: 'LinkedIn refused the post as longer than 3,000 characters. Shorten it and try again.', retryable: false, unconfirmed: false });
    expect(await postsBy(memberUrn)).toHaveLength(0);
  });
});
