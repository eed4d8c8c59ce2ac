import type { EventEnvelope } from '@postwright/contracts';
import { eventually } from '@postwright/platform/src/testing';
import { inMs, startStack, type Stack, type TestUser } from './support/stack';

/**
 * The scheduler's side of publishing, inside its boundary: at the due time it emits one
 * content.publish.requested naming the item and its time (the LinkedIn service reads the text
 * then, so an edit made after scheduling goes out), and it settles
 * what the LinkedIn service answers (played here through the event probe): published closes the
 * schedule, a transient failure is asked again later with a new request id, anything else gives
 * up and the item goes back to draft with the reason (reported to the content service, here its
 * fake). The same journeys with the real LinkedIn service and sandbox: robustness/test/scheduler.*.
 */
const BASE_MS = 300;
const WINDOW_MS = 6_000;

describe('firing scheduled posts (the LinkedIn service played by the test)', () => {
  let stack: Stack;
  let user: TestUser;

  beforeAll(async () => {
    // no minimum lead: these posts fall due 3 s after the test picks the time, and with the stack's
    // usual 2 s lead a busy machine that takes over 1 s to get the request to the check gets a 400
    stack = await startStack({
      schedulerEnv: { SCHEDULE_MIN_LEAD_SECONDS: '0', PUBLISH_RETRY_BASE_MS: String(BASE_MS), PUBLISH_RETRY_WINDOW_SECONDS: String(WINDOW_MS / 1000) },
    });
    user = await stack.user();
  }, 60_000);
  afterAll(() => stack?.stop());

  const requestsFor = (contentId: string) => stack.events.ofType('content.publish.requested').filter((e) => e.payload.contentId === contentId);
  const nthRequest = async (contentId: string, n: number, timeoutMs = 15_000): Promise<EventEnvelope<'content.publish.requested'>> =>
    (await eventually(async () => requestsFor(contentId), (r) => r.length >= n, timeoutMs, 20))[n - 1];
  const scheduleAt = async (contentId: string, at: string) => {
    const res = await stack.schedule(user, contentId, at);
    expect(res.status).toBe(201);
    return Date.parse(at);
  };
  const stored = (contentId: string) => stack.scheduler.ctx.mongo.collection('schedules').findOne({ _id: contentId as any });
  const scheduleGone = (contentId: string) => eventually(() => stored(contentId), (doc) => doc === null, 10_000, 50);

  test('when a post falls due, then one publish request goes out on time, without a copy of the text, and the published answer closes the schedule', async () => {
    const text = `On time ${Date.now()}: the best hiring signal is a work sample.`;
    const item = await stack.draft(user, { text });
    const due = await scheduleAt(item.id, inMs(3_000));

    const request = await nthRequest(item.id, 1);
    const lateness = Date.parse(request.occurredAt) - due;
    expect(lateness).toBeGreaterThanOrEqual(0);
    expect(lateness).toBeLessThanOrEqual(1_000);
    expect(request.payload).toEqual({ requestId: expect.any(String), contentId: item.id, userId: user.id, scheduledFor: new Date(due).toISOString() });

    await stack.answer(request, { outcome: 'published', postId: 'urn:li:share:on-time' });
    await scheduleGone(item.id);
    expect(await stack.item(user, item.id)).toMatchObject({ status: 'published', linkedinPostId: 'urn:li:share:on-time' });
    // the answer arriving twice (a redelivery) changes nothing and asks for nothing more
    await stack.answer(request, { outcome: 'published', postId: 'urn:li:share:on-time' });
    await stack.events.handled({ service: 'scheduler', name: 'outcomes' }, stack.events.sent);
    expect(requestsFor(item.id)).toHaveLength(1);
  });

  test('when LinkedIn fails transiently, then the post is asked again after the backoff with a new request id, and published once', async () => {
    const text = `Retried ${Date.now()}: second time lucky.`;
    const item = await stack.draft(user, { text });
    const at = inMs(3_000);
    await scheduleAt(item.id, at);

    const first = await nthRequest(item.id, 1);
    await stack.answer(first, { outcome: 'failed', reason: 'LinkedIn is busy right now. Please try again in a few minutes.', retryable: true });
    const second = await nthRequest(item.id, 2);
    expect(second.payload.requestId).not.toBe(first.payload.requestId);
    expect(second.payload).toMatchObject({ contentId: item.id, scheduledFor: new Date(at).toISOString() });
    const failure = stack.events.ofType('linkedin.post.failed').find((f) => f.payload.requestId === first.payload.requestId)!;
    expect(Date.parse(second.occurredAt) - Date.parse(failure.occurredAt)).toBeGreaterThanOrEqual(BASE_MS - 20);
    expect((await stack.item(user, item.id)).status).toBe('scheduled');

    await stack.answer(second, { outcome: 'published' });
    await scheduleGone(item.id);
    expect((await stack.item(user, item.id)).status).toBe('published');
    expect(requestsFor(item.id)).toHaveLength(2);
  });

  test('when LinkedIn keeps failing, then retries back off exponentially within the window and the post ends a draft with the reason', async () => {
    const text = `Never through ${Date.now()}: LinkedIn is down.`;
    const item = await stack.draft(user, { text });
    const at = inMs(3_000);
    await scheduleAt(item.id, at);

    // answer every request with a failure until the scheduler gives up and the item is a draft
    const answered = new Set<string>();
    const reason = 'LinkedIn is unavailable. Please try again later.';
    await eventually(
      async () => {
        for (const request of requestsFor(item.id)) {
          if (answered.has(request.payload.requestId)) continue;
          answered.add(request.payload.requestId);
          await stack.answer(request, { outcome: 'failed', reason, retryable: true });
        }
        return stack.item(user, item.id);
      },
      (i) => i.status === 'draft',
      20_000,
      50,
    );
    expect(await stack.item(user, item.id)).toMatchObject({ status: 'draft', scheduledFor: null, lastPublishError: reason });
    await scheduleGone(item.id);

    const requests = requestsFor(item.id);
    const failures = stack.events.ofType('linkedin.post.failed');
    expect(requests.length).toBeGreaterThanOrEqual(2);
    expect(requests.length).toBeLessThanOrEqual(5);
    expect(new Set(requests.map((r) => r.payload.requestId)).size).toBe(requests.length);
    for (let i = 0; i + 1 < requests.length; i++) {
      const failure = failures.find((f) => f.payload.requestId === requests[i].payload.requestId)!;
      expect(Date.parse(requests[i + 1].occurredAt) - Date.parse(failure.occurredAt)).toBeGreaterThanOrEqual(BASE_MS * 2 ** i - 20);
    }
    expect(Date.parse(requests[requests.length - 1].occurredAt)).toBeLessThanOrEqual(Date.parse(at) + WINDOW_MS + 2_000);
  });

  test('when LinkedIn may hold the post (unconfirmed), then it is never asked again and the draft is marked unconfirmed', async () => {
    const item = await stack.draft(user, { text: `Maybe posted ${Date.now()}: check the feed.` });
    await scheduleAt(item.id, inMs(3_000));
    const request = await nthRequest(item.id, 1);
    await stack.answer(request, { outcome: 'failed', reason: 'LinkedIn did not confirm the post.', retryable: false, unconfirmed: true });

    const back = await eventually(() => stack.item(user, item.id), (i) => i.status === 'draft', 10_000, 50);
    expect(back).toMatchObject({ publishUnconfirmed: true, lastPublishError: 'LinkedIn did not confirm the post.' });
    await scheduleGone(item.id);
    expect(requestsFor(item.id)).toHaveLength(1);
  });

  test('when a post is rescheduled before its time, then only the new time asks for it', async () => {
    const item = await stack.draft(user);
    await scheduleAt(item.id, inMs(3_000));
    const second = await scheduleAt(item.id, inMs(5_000));

    const request = await nthRequest(item.id, 1);
    expect(Date.parse(request.occurredAt)).toBeGreaterThanOrEqual(second);
    expect(request.payload.scheduledFor).toBe(new Date(second).toISOString());
    await stack.answer(request, { outcome: 'published' });
    await scheduleGone(item.id);
    expect(requestsFor(item.id)).toHaveLength(1);
  });

  test('when a post is unscheduled, then its schedule is gone and the item is a draft', async () => {
    const item = await stack.draft(user);
    await scheduleAt(item.id, inMs(3_000));
    expect((await stack.unschedule(user, item.id)).status).toBe(200);
    await scheduleGone(item.id);
    expect(await stack.item(user, item.id)).toMatchObject({ status: 'draft', scheduledFor: null });
  });

  test('when a scheduled item is published now or deleted, then its schedule is cancelled', async () => {
    const publishedNow = await stack.draft(user);
    const deleted = await stack.draft(user);
    await scheduleAt(publishedNow.id, inMs(3_600_000));
    await scheduleAt(deleted.id, inMs(3_600_000));

    await stack.events.publish('linkedin.post.published', {
      requestId: null,
      contentId: publishedNow.id,
      userId: user.id,
      linkedinPostId: 'urn:li:share:now',
      url: 'https://www.linkedin.com/feed/update/urn:li:share:now',
      publishedAt: new Date().toISOString(),
    });
    stack.content.remove(deleted.id);
    await stack.events.publish('content.deleted', { contentId: deleted.id, userId: user.id, status: 'scheduled' });

    await scheduleGone(publishedNow.id);
    await scheduleGone(deleted.id);
    expect(requestsFor(publishedNow.id)).toHaveLength(0);
    expect(requestsFor(deleted.id)).toHaveLength(0);
  });
});
