/**
 * What every fault suite asserts: each post the user asked for is on LinkedIn exactly once
 * and its item says so (published, with that post's id), or it is not on LinkedIn and the
 * item says why; and a call made during a fault answers with an error the user can read.
 */
import type { ContentItem } from '@postwright/contracts';
import { eventually, testEnv, type JsonResponse } from '@postwright/platform/src/testing';
import { startTcpProxy, type TcpProxy } from '@postwright/platform/src/testing/tcp-proxy';
import { startStack, type Stack, type StackOptions, type TestUser } from './stack';

/** Schedules come due seconds ahead; failed attempts are retried within seconds; lost claims re-sent after 3 s. */
export const FAST_SCHEDULER: StackOptions['schedulerEnv'] = {
  SCHEDULE_MIN_LEAD_SECONDS: '2',
  SCHEDULER_RECONCILE_INTERVAL_MS: '500',
  SCHEDULER_INSTANCE_TTL_MS: '3000',
  SCHEDULER_REEMIT_AFTER_MS: '3000',
  PUBLISH_RETRY_BASE_MS: '300',
  PUBLISH_RETRY_WINDOW_SECONDS: '60',
};

/**
 * The stack with every service and the gateway reaching RabbitMQ or Redis through a TCP proxy,
 * whose cut() is the fault; `url` is the server's own address (the proxy's target).
 */
export async function startStackThrough(server: 'rabbitmq' | 'redis', options: StackOptions = {}): Promise<{ stack: Stack; proxy: TcpProxy; url: string }> {
  const url = server === 'rabbitmq' ? testEnv('').AMQP_URL! : testEnv('').REDIS_URL!;
  const proxy = await startTcpProxy(url);
  try {
    const stack = await startStack({ ...options, ...(server === 'rabbitmq' ? { amqpUrl: proxy.url(url) } : { redisUrl: proxy.url(url) }) });
    return { stack, proxy, url };
  } catch (error) {
    await proxy.close();
    throw error;
  }
}

/** The LinkedIn service's text for a post LinkedIn may hold without having said so. */
export const UNCONFIRMED = 'LinkedIn did not confirm the post. Check your LinkedIn feed before publishing it again: it may already be there.';

/** Waits for a moment in the test's timeline (a due time, the end of an outage). */
export async function sleepUntil(epochMs: number): Promise<void> {
  const left = epochMs - Date.now();
  if (left > 0) await new Promise((r) => setTimeout(r, left));
}

/** The answer is an error with text for the user: one of `statuses`, JSON with `error`. */
export function expectError(res: JsonResponse, statuses: number[]): void {
  expect({ status: statuses.includes(res.status) ? 'expected' : res.status, error: typeof res.body?.error }).toEqual({ status: 'expected', error: 'string' });
  expect(res.body.error.length).toBeGreaterThan(0);
}

/** Waits until the item is published, then checks LinkedIn holds its text exactly once, under the id the item shows. */
export async function expectPublishedOnce(stack: Stack, user: TestUser, item: ContentItem, timeoutMs = 20_000): Promise<ContentItem> {
  const text = item.finalContent!;
  const published = await eventually(() => stack.item(user, item.id), (i) => i.status === 'published', timeoutMs, 200);
  const posts = await stack.postsWith(text);
  expect(posts.map((p) => p.id)).toEqual([published.linkedinPostId]);
  expect(published).toMatchObject({ lastPublishError: null, publishUnconfirmed: false, publishedAt: expect.any(String) });
  return published;
}

/** Its post did not go out before the time it was scheduled for. */
export async function expectNotBefore(stack: Stack, item: ContentItem, at: Date): Promise<void> {
  const [post] = await stack.postsWith(item.finalContent!);
  expect(Date.parse(post.createdAt!)).toBeGreaterThanOrEqual(at.getTime());
}

/** Nothing went out and the item is still a draft (with the reason, when one is given). */
export async function expectNotPosted(stack: Stack, user: TestUser, item: ContentItem, reason?: string): Promise<ContentItem> {
  const now = await stack.item(user, item.id);
  expect(await stack.postsWith(item.finalContent!)).toEqual([]);
  expect(now).toMatchObject({ status: 'draft', linkedinPostId: null, scheduledFor: null, ...(reason ? { lastPublishError: reason } : {}) });
  return now;
}

/** LinkedIn took the post but never said so: it is there once, and the item is a draft telling the user to check. */
export async function expectUnconfirmedOnce(stack: Stack, user: TestUser, item: ContentItem, timeoutMs = 20_000): Promise<ContentItem> {
  const settled = await eventually(() => stack.item(user, item.id), (i) => i.publishUnconfirmed, timeoutMs, 200);
  expect(settled).toMatchObject({ status: 'draft', scheduledFor: null, lastPublishError: UNCONFIRMED, publishUnconfirmed: true });
  expect(await stack.postsWith(item.finalContent!)).toHaveLength(1);
  return settled;
}

/** Lets anything still under way (a retry, a redelivery) happen, then checks it did not post again. */
export async function expectNoSecondPost(stack: Stack, items: ContentItem[], settleMs = 2_000): Promise<void> {
  await new Promise((r) => setTimeout(r, settleMs));
  const posts = await stack.sandboxPosts();
  const counts = items.map((i) => posts.filter((p) => p.text === i.finalContent).length);
  expect(counts).toEqual(items.map(() => 1));
}
