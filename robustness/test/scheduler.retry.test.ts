import { eventually, http } from '@postwright/platform/src/testing';
import { inMs, postsWith, startStack, type Stack, type TestUser } from './support/scheduler-stack';

/**
 * Transient LinkedIn failures (the sandbox's 429 and 500 faults) are retried with exponential
 * backoff within the retry window (here 300 ms doubling, 6 s window), then the post goes back
 * to draft with the reason. A post LinkedIn may hold already ("unconfirmed") is never retried.
 */
const BASE_MS = 300;
const WINDOW_MS = 6_000;

describe('retries of scheduled posts', () => {
  let stack: Stack;
  let user: TestUser;

  beforeAll(async () => {
    stack = await startStack({ schedulerEnv: { PUBLISH_RETRY_BASE_MS: String(BASE_MS), PUBLISH_RETRY_WINDOW_SECONDS: String(WINDOW_MS / 1000) } });
    user = await stack.user();
  }, 60_000);
  afterAll(() => stack?.stop());
  afterEach(async () => {
    await http(stack.sandbox.url, 'DELETE', '/__sandbox/faults');
  });

  const requestsFor = (contentId: string) => stack.events.ofType('content.publish.requested').filter((e) => e.payload.contentId === contentId);
  const failuresFor = (contentId: string) => stack.events.ofType('linkedin.post.failed').filter((e) => e.payload.contentId === contentId);

  test('when LinkedIn throttles the first attempt, then the post is retried after the backoff and published once', async () => {
    const text = `Retried ${Date.now()}: second time lucky.`;
    const item = await stack.draft(user, { text });
    await stack.fault('429', { count: 1, path: '/rest/posts' });
    const at = inMs(3_000);
    expect((await stack.schedule(user, item.id, at)).status).toBe(201);

    await eventually(async () => postsWith(await stack.sandboxPosts(), text), (p) => p.length === 1, 15_000, 50);
    await eventually(() => stack.item(user, item.id), (i) => i.status === 'published');
    const [first, second] = requestsFor(item.id);
    const [failure] = failuresFor(item.id);
    expect(failure.payload).toMatchObject({ requestId: first.payload.requestId, retryable: true, unconfirmed: false });
    expect(second.payload.requestId).not.toBe(first.payload.requestId);
    expect(second.payload).toMatchObject({ contentId: item.id, scheduledFor: new Date(at).toISOString() });
    expect(Date.parse(second.occurredAt) - Date.parse(failure.occurredAt)).toBeGreaterThanOrEqual(250);
    await new Promise((r) => setTimeout(r, 1_000));
    expect(requestsFor(item.id)).toHaveLength(2);
    expect(postsWith(await stack.sandboxPosts(), text)).toHaveLength(1);
  });

  test('when LinkedIn answers 500 but did create the post, then the retry meets DUPLICATE_POST and the item ends published once, with that post', async () => {
    const text = `Posted behind a 500 ${Date.now()}: the retry finds it.`;
    const item = await stack.draft(user, { text });
    await stack.fault('500-after-create', { count: 1, path: '/rest/posts' });
    expect((await stack.schedule(user, item.id, inMs(3_000))).status).toBe(201);

    const [post] = await eventually(async () => postsWith(await stack.sandboxPosts(), text), (p) => p.length === 1, 15_000, 50);
    const published = await eventually(() => stack.item(user, item.id), (i) => i.status === 'published', 15_000, 50);
    expect(published).toMatchObject({ linkedinPostId: post.id, linkedinPostUrl: `${stack.sandbox.url}/feed/update/${post.id}/`, publishUnconfirmed: false });
    const [first, second] = requestsFor(item.id);
    expect(failuresFor(item.id).map((f) => f.payload)).toEqual([expect.objectContaining({ requestId: first.payload.requestId, retryable: true, unconfirmed: false })]);
    expect(second.payload.requestId).not.toBe(first.payload.requestId);
    await new Promise((r) => setTimeout(r, 1_000));
    expect(requestsFor(item.id)).toHaveLength(2);
    expect(failuresFor(item.id)).toHaveLength(1);
    expect(postsWith(await stack.sandboxPosts(), text)).toHaveLength(1);
    expect((await stack.item(user, item.id)).status).toBe('published');
  });

  test('when LinkedIn keeps failing, then retries back off exponentially and after the window the post is a draft with the reason', async () => {
    const text = `Never through ${Date.now()}: LinkedIn is down.`;
    const item = await stack.draft(user, { text });
    await stack.fault('500', { count: 1_000, path: '/rest/posts' });
    const at = inMs(3_000);
    expect((await stack.schedule(user, item.id, at)).status).toBe(201);

    const back = await eventually(() => stack.item(user, item.id), (i) => i.status === 'draft', 20_000, 100);
    const failures = failuresFor(item.id);
    expect(back).toMatchObject({ status: 'draft', scheduledFor: null, lastPublishError: failures[failures.length - 1].payload.reason });
    expect(back.lastPublishError).toMatch(/LinkedIn/);

    // each retry waits twice as long as the one before (measured from the failure it answers),
    // and none is planned past the window: at most 0, +0.3, +0.9, +2.1, +4.5 s
    const requests = requestsFor(item.id);
    expect(requests.length).toBeGreaterThanOrEqual(2);
    expect(requests.length).toBeLessThanOrEqual(5);
    expect(new Set(requests.map((r) => r.payload.requestId)).size).toBe(requests.length);
    for (let i = 0; i + 1 < requests.length; i++) {
      const failure = failures.find((f) => f.payload.requestId === requests[i].payload.requestId)!;
      expect(Date.parse(requests[i + 1].occurredAt) - Date.parse(failure.occurredAt)).toBeGreaterThanOrEqual(BASE_MS * 2 ** i - 20);
    }
    // the last retry was planned within the window (emitted a little later on a busy machine)
    expect(Date.parse(requests[requests.length - 1].occurredAt)).toBeLessThanOrEqual(new Date(at).getTime() + WINDOW_MS + 2_000);
    expect(postsWith(await stack.sandboxPosts(), text)).toHaveLength(0);
  });

  test('when LinkedIn may have taken the post but the answer was lost, then it is not retried and the draft is marked unconfirmed', async () => {
    const text = `Maybe posted ${Date.now()}: check the feed.`;
    const item = await stack.draft(user, { text });
    await stack.fault('lost-response', { count: 1, path: '/rest/posts' });
    expect((await stack.schedule(user, item.id, inMs(3_000))).status).toBe(201);

    const back = await eventually(() => stack.item(user, item.id), (i) => i.status === 'draft', 20_000, 100);
    expect(back.publishUnconfirmed).toBe(true);
    expect(back.lastPublishError).toBeTruthy();
    await new Promise((r) => setTimeout(r, 1_500));
    expect(requestsFor(item.id)).toHaveLength(1);
    expect(failuresFor(item.id)[0].payload).toMatchObject({ unconfirmed: true });
  });
});
