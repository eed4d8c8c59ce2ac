/**
 * RabbitMQ goes away and comes back while posts are published: every service reaches the
 * broker through a TCP proxy whose cut() drops all their connections and refuses new ones
 * (the shared broker itself is never touched). Posts published now and posts falling due
 * during the outage are each on LinkedIn once, and every item ends published.
 */
import type { ContentItem } from '@postwright/contracts';
import { eventually } from '@postwright/platform/src/testing';
import type { TcpProxy } from '@postwright/platform/src/testing/tcp-proxy';
import { expectNoSecondPost, expectPublishedOnce, FAST_SCHEDULER, sleepUntil, startStackThrough } from './support/faults';
import { wholeSecondIn } from '@postwright/platform/src/testing/times';
import type { Stack, TestUser } from './support/stack';

/** how long the broker stays away: longer than a reconnect attempt, shorter than a publish's confirm timeout (10 s) */
const OUTAGE_MS = 3_000;

let broker: TcpProxy;
let stack: Stack;
let user: TestUser;

beforeAll(async () => {
  ({ stack, proxy: broker } = await startStackThrough('rabbitmq', { schedulerEnv: FAST_SCHEDULER }));
  user = await stack.user({ connect: true });
}, 60_000);
afterAll(async () => {
  await stack?.stop();
  await broker?.close();
});

async function drafts(n: number): Promise<ContentItem[]> {
  return Promise.all(Array.from({ length: n }, () => stack.draft(user)));
}

test('when the broker drops every connection as posts fall due, are published now and are scheduled, then the calls answer, each post is on LinkedIn once and every item says published', async () => {
  const scheduled = await drafts(3);
  const now = await drafts(2);
  const [later] = await drafts(1);
  const at = wholeSecondIn(4_000);
  for (const item of scheduled) expect((await stack.schedule(user, item.id, at)).status).toBe(201);

  await sleepUntil(at.getTime() - 500);
  broker.cut();
  // calls that announce a change wait for the broker's confirm (at most its 10 s), then answer
  const publishing = now.map((item) => stack.publish(user, item.id));
  const scheduling = stack.schedule(user, later.id, wholeSecondIn(OUTAGE_MS + 3_000));
  // reading needs no broker: it answers during the outage
  expect((await stack.call('GET', '/api/content', { token: user.token })).status).toBe(200);
  await sleepUntil(at.getTime() + OUTAGE_MS);
  await broker.restore();

  for (const res of await Promise.all(publishing)) expect(res.status).toBe(200);
  expect((await scheduling).status).toBe(201);
  const all = [...scheduled, ...now, later];
  for (const item of all) await expectPublishedOnce(stack, user, item, 30_000);
  await expectNoSecondPost(stack, all, 3_000);
});

test('when the broker drops every connection while the LinkedIn service is posting scheduled requests, then the redelivered requests post nothing twice', async () => {
  const scheduled = await drafts(3);
  // LinkedIn answers each post after 1.5 s: the cut lands while the requests are being handled
  await stack.fault('slow', { path: '/rest/posts', delayMs: 1_500, count: scheduled.length });
  const at = wholeSecondIn(4_000);
  for (const item of scheduled) expect((await stack.schedule(user, item.id, at)).status).toBe(201);

  const onLinkedin = () => Promise.all(scheduled.map((item) => stack.postsWith(item.finalContent!)));
  await sleepUntil(at.getTime());
  // the first post is made (its answer still on the way) when the broker goes
  await eventually(onLinkedin, (posts) => posts.some((p) => p.length > 0), 15_000, 20);
  broker.cut();
  await sleepUntil(Date.now() + OUTAGE_MS);
  await broker.restore();

  for (const item of scheduled) await expectPublishedOnce(stack, user, item, 30_000);
  await expectNoSecondPost(stack, scheduled, 3_000);
});
