import { randomUUID } from 'node:crypto';
import { eventually } from '@postwright/platform/src/testing';
import type { ContentItem } from '@postwright/contracts';
import type { EventProbe } from '@postwright/platform/src/testing/events';
import { inAnHour, type Stack, type TestUser, publishedReport } from './support/stack';
import { fileStack } from './support/file-stack';

/** LinkedIn's reports move items; every handler is idempotent (the same event twice = one change). */
describe('consuming linkedin.post.published, linkedin.post.failed and linkedin.engagement.updated', () => {
  let stack: Stack;
  let probe: EventProbe;
  let user: TestUser;

  fileStack([], (started) => {
    ({ stack, probe, user } = started);
  });

  const item = async (id: string) => (await stack.list(user)).find((c) => c.id === id);
  const until = (id: string, predicate: (c: ContentItem | undefined) => boolean) => eventually(() => item(id), predicate);

  /** Waits until the content service's consumer has handled every event the test sent so far. */
  const drain = () => probe.handled({ service: 'content', name: 'linkedin-events' }, probe.sent);

  const published = (contentId: string, postId = 'urn:li:share:7100') => ({
    requestId: null,
    contentId,
    userId: user.id,
    linkedinPostId: postId,
    url: `https://www.linkedin.com/feed/update/${postId}`,
    publishedAt: '2030-01-02T03:04:05.000Z',
  });

  test('when linkedin.post.published arrives for a scheduled item, then it is published with the post id, url and time, and any old error is cleared', async () => {
    const draft = await stack.draft(user);
    await stack.report(draft.id, { outcome: 'failed', requestId: null, userId: user.id, reason: 'Earlier failure', retryable: true, unconfirmed: false });
    await stack.transition(draft.id, { userId: user.id, from: ['draft'], to: 'scheduled', scheduledFor: inAnHour() });

    await probe.publish('linkedin.post.published', published(draft.id));

    const stored = await until(draft.id, (c) => c?.status === 'published');
    expect(stored).toMatchObject({
      status: 'published',
      linkedinPostId: 'urn:li:share:7100',
      linkedinPostUrl: 'https://www.linkedin.com/feed/update/urn:li:share:7100',
      publishedAt: '2030-01-02T03:04:05.000Z',
      lastPublishError: null,
      publishUnconfirmed: false,
    });
  });

  test('when the same published event arrives twice, with the same id or as a second copy, then there is exactly one change', async () => {
    const draft = await stack.draft(user);
    const id = randomUUID();
    await probe.publish('linkedin.post.published', published(draft.id, 'urn:li:share:dup'), { id });
    await probe.publish('linkedin.post.published', published(draft.id, 'urn:li:share:dup'), { id });
    await probe.publish('linkedin.post.published', published(draft.id, 'urn:li:share:dup'));

    const first = await until(draft.id, (c) => c?.status === 'published');
    await drain();

    expect(await item(draft.id)).toEqual(first);
  });

  test('when the item was already published through the internal API, then the event only changes what differs (the url), never the time', async () => {
    const draft = await stack.draft(user);
    await stack.report(draft.id, { ...publishedReport(user.id, 'urn:li:share:api', '2030-01-01T00:00:00.000Z'), url: 'https://www.linkedin.com/feed/update/urn:li:share:api?earlier' });

    await probe.publish('linkedin.post.published', published(draft.id, 'urn:li:share:api'));

    const stored = await until(draft.id, (c) => c?.linkedinPostUrl === 'https://www.linkedin.com/feed/update/urn:li:share:api');
    expect(stored).toMatchObject({ status: 'published', linkedinPostId: 'urn:li:share:api', publishedAt: '2030-01-01T00:00:00.000Z' });
  });

  test('when linkedin.post.failed arrives for a scheduled item, then it is back to draft, unscheduled, with the reason on its card', async () => {
    const draft = await stack.draft(user);
    await stack.transition(draft.id, { userId: user.id, from: ['draft'], to: 'scheduled', scheduledFor: inAnHour() });

    await probe.publish('linkedin.post.failed', {
      requestId: randomUUID(),
      contentId: draft.id,
      userId: user.id,
      reason: 'Your LinkedIn connection has expired. Reconnect LinkedIn, then publish again.',
      unconfirmed: false,
      retryable: false,
    });

    const stored = await until(draft.id, (c) => c?.status === 'draft');
    expect(stored).toMatchObject({
      status: 'draft',
      scheduledFor: null,
      lastPublishError: 'Your LinkedIn connection has expired. Reconnect LinkedIn, then publish again.',
      publishUnconfirmed: false,
    });
  });

  test('when a transient failure of a scheduled publish arrives, then the item stays scheduled (the scheduler retries) with the reason on its card', async () => {
    const draft = await stack.draft(user);
    const scheduledFor = inAnHour();
    await stack.transition(draft.id, { userId: user.id, from: ['draft'], to: 'scheduled', scheduledFor });

    await probe.publish('linkedin.post.failed', {
      requestId: randomUUID(),
      contentId: draft.id,
      userId: user.id,
      reason: 'LinkedIn is busy right now. We will try again shortly.',
      unconfirmed: false,
      retryable: true,
    });

    const stored = await until(draft.id, (c) => c?.lastPublishError !== null);
    expect(stored).toMatchObject({ status: 'scheduled', lastPublishError: 'LinkedIn is busy right now. We will try again shortly.' });
    expect(new Date(stored!.scheduledFor!).getTime()).toBe(new Date(scheduledFor).getTime());
  });

  test('when a publish-now of a scheduled item fails, then its schedule stands and the reason is on its card', async () => {
    const draft = await stack.draft(user);
    await stack.transition(draft.id, { userId: user.id, from: ['draft'], to: 'scheduled', scheduledFor: inAnHour() });

    await probe.publish('linkedin.post.failed', { requestId: null, contentId: draft.id, userId: user.id, reason: 'LinkedIn rejected the text.', unconfirmed: false, retryable: false });

    const stored = await until(draft.id, (c) => c?.lastPublishError !== null);
    expect(stored).toMatchObject({ status: 'scheduled', lastPublishError: 'LinkedIn rejected the text.' });
  });

  test('when a failure says the outcome is unknown, then the card is flagged unconfirmed until a publish is confirmed', async () => {
    const draft = await stack.draft(user);
    const failure = { requestId: null, contentId: draft.id, userId: user.id, reason: 'LinkedIn did not confirm the post.', retryable: false };
    await probe.publish('linkedin.post.failed', { ...failure, unconfirmed: true });
    await until(draft.id, (c) => c?.publishUnconfirmed === true);

    // a later, ordinary failure does not hide the warning
    await probe.publish('linkedin.post.failed', { ...failure, reason: 'LinkedIn is unavailable.', unconfirmed: false });
    expect(await until(draft.id, (c) => c?.lastPublishError === 'LinkedIn is unavailable.')).toMatchObject({ publishUnconfirmed: true });

    await probe.publish('linkedin.post.published', published(draft.id, 'urn:li:share:confirmed'));
    expect(await until(draft.id, (c) => c?.status === 'published')).toMatchObject({ publishUnconfirmed: false, lastPublishError: null });
  });

  test('when the same failure arrives twice, then there is exactly one change', async () => {
    const draft = await stack.draft(user);
    await stack.transition(draft.id, { userId: user.id, from: ['draft'], to: 'scheduled', scheduledFor: inAnHour() });
    const failure = { requestId: randomUUID(), contentId: draft.id, userId: user.id, reason: 'LinkedIn rejected the text.', unconfirmed: false, retryable: false };
    await probe.publish('linkedin.post.failed', failure);
    const first = await until(draft.id, (c) => c?.status === 'draft');

    await probe.publish('linkedin.post.failed', failure);
    await drain();

    expect(first).toMatchObject({ status: 'draft', scheduledFor: null, lastPublishError: 'LinkedIn rejected the text.' });
    expect(await item(draft.id)).toEqual(first);
  });

  test('when a failure arrives for a published item, then it is ignored: published is final', async () => {
    const draft = await stack.draft(user);
    await stack.report(draft.id, publishedReport(user.id, 'urn:li:share:final'));
    await probe.publish('linkedin.post.failed', { requestId: null, contentId: draft.id, userId: user.id, reason: 'late failure', unconfirmed: false, retryable: true });
    await drain();
    expect(await item(draft.id)).toMatchObject({ status: 'published', lastPublishError: null });
  });

  test('when engagement figures arrive, then the card shows them; a repeat or an older report changes nothing', async () => {
    const draft = await stack.draft(user);
    await stack.report(draft.id, publishedReport(user.id, 'urn:li:share:eng'));
    const figures = { contentId: draft.id, userId: user.id, likes: 12, comments: 3, reposts: 1, impressions: 480 };
    const now = Date.now();

    await probe.publishRaw({ id: randomUUID(), type: 'linkedin.engagement.updated', occurredAt: new Date(now).toISOString(), payload: figures });
    const stored = await until(draft.id, (c) => c?.engagement?.likes === 12);
    expect(stored?.engagement).toEqual({ likes: 12, comments: 3, reposts: 1, impressions: 480 });

    await probe.publishRaw({ id: randomUUID(), type: 'linkedin.engagement.updated', occurredAt: new Date(now).toISOString(), payload: figures });
    await probe.publishRaw({
      id: randomUUID(),
      type: 'linkedin.engagement.updated',
      occurredAt: new Date(now - 60_000).toISOString(),
      payload: { ...figures, likes: 2, impressions: 90 },
    });
    await drain();
    const after = await item(draft.id);
    expect(after?.engagement).toEqual({ likes: 12, comments: 3, reposts: 1, impressions: 480 });
    expect(after?.updatedAt).toBe(stored?.updatedAt);

    await probe.publishRaw({ id: randomUUID(), type: 'linkedin.engagement.updated', occurredAt: new Date(now + 60_000).toISOString(), payload: { ...figures, likes: 20 } });
    await until(draft.id, (c) => c?.engagement?.likes === 20);
  });

  test('when an event names another user\'s item or a deleted one, then nothing changes and the consumer carries on', async () => {
    const draft = await stack.draft(user);
    const stranger = await stack.user({ tier: 'premium' });
    await probe.publish('linkedin.post.published', { ...published(draft.id), userId: stranger.id });
    await probe.publish('linkedin.post.published', { ...published('0123456789abcdef01234567') });
    await probe.publish('linkedin.post.published', { ...published('not-an-object-id') });
    await drain();
    expect(await item(draft.id)).toMatchObject({ status: 'draft', linkedinPostId: null });
  });
  test('when the reports of a burst arrive together (scheduled posts falling due at once), then each item is settled by its own report, published or back to draft', async () => {
    const drafts = await Promise.all(Array.from({ length: 30 }, () => stack.draft(user)));
    for (const d of drafts) await stack.transition(d.id, { userId: user.id, from: ['draft'], to: 'scheduled', scheduledFor: inAnHour() });
    const [failing, ...publishing] = drafts;
    const failure = { requestId: randomUUID(), contentId: failing.id, userId: user.id, reason: 'LinkedIn rejected the text', retryable: false, unconfirmed: false };
    await Promise.all([
      ...publishing.map((d, i) => probe.publish('linkedin.post.published', { ...published(d.id, `urn:li:share:burst${i}`), requestId: randomUUID() })),
      probe.publish('linkedin.post.failed', failure),
      // the same outcome twice in the burst (a redelivery with a new event id) changes nothing more
      probe.publish('linkedin.post.published', { ...published(publishing[0].id, 'urn:li:share:burst0'), requestId: randomUUID() }),
    ]);
    await drain();

    const stored = await Promise.all(publishing.map((d) => stack.stored(d.id)));
    stored.forEach((doc, i) => expect(doc).toMatchObject({ status: 'published', linkedinPostId: `urn:li:share:burst${i}` }));
    expect(await stack.stored(failing.id)).toMatchObject({ status: 'draft', scheduledFor: null, lastPublishError: 'LinkedIn rejected the text' });
  });
});
