/**
 * Redis restarts without persistence between scheduling and the due time: every service and
 * the gateway reach Redis through a TCP proxy whose cut() drops all their connections and
 * refuses new ones, and the namespace's keys are deleted as a restart would lose them (timers,
 * locks, handled-event ids, rate-limit counters). The shared Redis itself is never restarted.
 * MongoDB holds every schedule, so each post still goes out once and its item says so.
 */
import { deleteRedisKeys } from '@postwright/platform/src/testing';
import type { TcpProxy } from '@postwright/platform/src/testing/tcp-proxy';
import { expectError, expectNoSecondPost, expectNotBefore, expectNotPosted, expectPublishedOnce, FAST_SCHEDULER, sleepUntil, startStackThrough } from './support/faults';
import { wholeSecondIn } from '@postwright/platform/src/testing/times';
import type { Stack, TestUser } from './support/stack';

let redis: TcpProxy;
let redisUrl: string;
let stack: Stack;
let user: TestUser;

beforeAll(async () => {
  ({ stack, proxy: redis, url: redisUrl } = await startStackThrough('redis', { schedulerEnv: FAST_SCHEDULER }));
  user = await stack.user({ connect: true });
}, 60_000);
afterAll(async () => {
  await stack?.stop();
  await redis?.close();
});

/** Down: every connection dropped and refused, and what Redis held is gone. */
async function redisGoesDown(): Promise<void> {
  redis.cut();
  await deleteRedisKeys(redisUrl, stack.ns);
}

test('when Redis restarts between scheduling and the due time, then every post goes out once, not before its time, and every item says published', async () => {
  const items = await Promise.all([1, 2, 3].map(() => stack.draft(user)));
  const at = wholeSecondIn(6_000);
  for (const item of items) expect((await stack.schedule(user, item.id, at)).status).toBe(201);

  await redisGoesDown();
  // while Redis is down, reading the list needs none of it
  expect((await stack.call('GET', '/api/content', { token: user.token })).status).toBe(200);
  await sleepUntil(at.getTime() - 3_000);
  await redis.restore();

  for (const item of items) {
    await expectPublishedOnce(stack, user, item);
    await expectNotBefore(stack, item, at);
  }
  await expectNoSecondPost(stack, items);
});

test('when Redis is down at the due time and while posts are scheduled and published now, then the calls answer while it is down (201, or 503 with error text), and every post goes out once, not before its time', async () => {
  const due = await stack.draft(user);
  const later = await stack.draft(user);
  const now = await stack.draft(user);
  const at = wholeSecondIn(4_000);
  expect((await stack.schedule(user, due.id, at)).status).toBe(201);

  await sleepUntil(at.getTime() - 1_000);
  await redisGoesDown();
  // answered while Redis is down: scheduling needs only MongoDB (the reconciler fires what has no
  // timer); publishing now needs the item's lock, so it says to try again and posts nothing
  const laterAt = wholeSecondIn(3_000);
  const scheduling = await stack.schedule(user, later.id, laterAt);
  const publishing = await stack.publish(user, now.id);
  await sleepUntil(at.getTime() + 2_000);
  await redis.restore();

  expect(scheduling.status).toBe(201);
  expectError(publishing, [503]);
  await expectNotPosted(stack, user, now);
  expect((await stack.publish(user, now.id)).status).toBe(200);
  for (const item of [due, later, now]) await expectPublishedOnce(stack, user, item, 30_000);
  await expectNotBefore(stack, due, at);
  await expectNotBefore(stack, later, laterAt);
  await expectNoSecondPost(stack, [due, later, now]);
});
