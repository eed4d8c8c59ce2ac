/**
 * LinkedIn (the sandbox, speaking LinkedIn's protocol) throttles, fails, is slow, or takes a
 * post and loses the answer, while posts are published now and at their scheduled time
 * through the gateway. Every post asked for is on LinkedIn once or not at all, never twice,
 * and the item says which: published with LinkedIn's id, or a draft with the reason.
 */
import { expectError, expectNoSecondPost, expectNotBefore, expectNotPosted, expectPublishedOnce, expectUnconfirmedOnce, FAST_SCHEDULER, UNCONFIRMED } from './support/faults';
import { wholeSecondIn } from '@postwright/platform/src/testing/times';
import { eventually } from '@postwright/platform/src/testing';
import { startStack, type Stack, type TestUser } from './support/stack';

const POSTS = '/rest/posts';
/** a throttled then failed attempt is retried well inside it (0.3 s, then 0.6 s); a LinkedIn that stays down outlasts it */
const RETRY_WINDOW_SECONDS = 6;

/** LinkedIn takes the post, then its answer never comes: the connection drops, or it comes after the 3 s the service waits */
const ANSWER_LOST: Array<[string, { delayMs?: number }]> = [
  ['lost-response', {}],
  ['slow', { delayMs: 4_000 }],
];

let stack: Stack;
let user: TestUser;

beforeAll(async () => {
  // LinkedIn's answer is awaited 3 s (LINKEDIN_REQUEST_TIMEOUT_MS); after that a post is unconfirmed
  stack = await startStack({
    schedulerEnv: { ...FAST_SCHEDULER, PUBLISH_RETRY_WINDOW_SECONDS: String(RETRY_WINDOW_SECONDS) },
    linkedinEnv: { LINKEDIN_REQUEST_TIMEOUT_MS: '3000' },
  });
  user = await stack.user({ connect: true });
}, 60_000);
afterAll(() => stack?.stop());

describe('publish now', () => {
  test.each([
    ['429', 429],
    ['500', 502],
  ])('when LinkedIn answers %s, then %i with error text, nothing is posted, the item stays a draft; the next try posts it once', async (kind, status) => {
    const item = await stack.draft(user);
    await stack.fault(kind, { path: POSTS });

    expectError(await stack.publish(user, item.id), [status]);
    await expectNotPosted(stack, user, item);

    const again = await stack.publish(user, item.id);
    expect(again.status).toBe(200);
    const published = await expectPublishedOnce(stack, user, item);
    expect(again.body.linkedinPost.id).toBe(published.linkedinPostId);
  });

  test('when LinkedIn is slow but answers within the timeout, then the call waits and the post goes out once', async () => {
    const item = await stack.draft(user);
    await stack.fault('slow', { path: POSTS, delayMs: 1_500 });

    const res = await stack.publish(user, item.id);
    expect(res.status).toBe(200);
    expect(res.body.content).toMatchObject({ id: item.id, status: 'published', linkedinPostId: res.body.linkedinPost.id });
    await expectPublishedOnce(stack, user, item);
  });

  test.each(ANSWER_LOST)('when LinkedIn takes the post but the answer is lost (%s), then 504 with error text, the post is there once, the item is a draft saying to check', async (kind, extra) => {
    const item = await stack.draft(user);
    await stack.fault(kind, { path: POSTS, ...extra });

    const res = await stack.publish(user, item.id);
    expectError(res, [504]);
    expect(res.body.error).toBe(UNCONFIRMED);
    await expectUnconfirmedOnce(stack, user, item);
    await expectNoSecondPost(stack, [item]);
  });
});

describe('scheduled', () => {
  test('when LinkedIn throttles and then fails the first attempts, then the post is retried and goes out once, not before its time', async () => {
    const item = await stack.draft(user);
    await stack.fault('429', { path: POSTS });
    await stack.fault('500', { path: POSTS });
    const at = wholeSecondIn(3_000);
    expect((await stack.schedule(user, item.id, at)).status).toBe(201);

    await expectPublishedOnce(stack, user, item);
    const attempts = stack.sandbox.state.requests.filter((r) => r.method === 'POST' && r.path === POSTS && r.at >= at.getTime());
    expect(attempts.map((r) => r.status)).toEqual([429, 500, 201]);
    await expectNotBefore(stack, item, at);
    await expectNoSecondPost(stack, [item]);
  });

  test.each(ANSWER_LOST)('when LinkedIn takes a scheduled post but the answer is lost (%s), then it is never sent again: once on LinkedIn, the item a draft saying to check', async (kind, extra) => {
    const item = await stack.draft(user);
    await stack.fault(kind, { path: POSTS, ...extra });
    expect((await stack.schedule(user, item.id, wholeSecondIn(3_000))).status).toBe(201);

    await expectUnconfirmedOnce(stack, user, item);
    await expectNoSecondPost(stack, [item]);
  });

  test('when LinkedIn keeps failing past the retry window, then nothing is posted and the item is a draft with the reason', async () => {
    const item = await stack.draft(user);
    await stack.fault('500', { path: POSTS, count: 1_000 });
    try {
      expect((await stack.schedule(user, item.id, wholeSecondIn(3_000))).status).toBe(201);
      const failed = await eventually(() => stack.item(user, item.id), (i) => i.status === 'draft', RETRY_WINDOW_SECONDS * 1000 + 15_000, 200);
      await expectNotPosted(stack, user, failed, 'LinkedIn was unavailable, so the post was not published.');
    } finally {
      await stack.clearFaults();
    }
  });
});
