import type { ContentItem } from '@postwright/contracts';
import { eventually, http } from '@postwright/platform/src/testing';
import { startStack, withOffset, type ChildScheduler, type Stack, type TestUser } from './support/scheduler-stack';

/**
 * Two scheduler replicas as real processes on the same MongoDB, Redis and RabbitMQ; one is
 * SIGKILLed while 200 posts are firing. Every post must reach the LinkedIn sandbox exactly once.
 */
const POSTS = 200;

async function inBatches<T, R>(items: T[], size: number, fn: (item: T, index: number) => Promise<R>): Promise<R[]> {
  const out: R[] = [];
  for (let i = 0; i < items.length; i += size) {
    out.push(...(await Promise.all(items.slice(i, i + size).map((item, j) => fn(item, i + j)))));
  }
  return out;
}

describe('two scheduler replicas, one killed mid-run', () => {
  let stack: Stack;
  let users: TestUser[];
  let replicas: ChildScheduler[];

  beforeAll(async () => {
    // 200 posts at once on a busy 2-core machine: a sandbox answer can take a few seconds. With the
    // suites' 3 s LinkedIn timeout some came back unconfirmed (left for the member to check, by
    // design), which is not what this test is about; the product's default is 10 s.
    stack = await startStack({ scheduler: false, linkedinEnv: { LINKEDIN_REQUEST_TIMEOUT_MS: '10000' } });
    replicas = [stack.spawnScheduler({ LOG_LEVEL: 'info' }), stack.spawnScheduler({ LOG_LEVEL: 'info' })];
    users = await Promise.all([stack.user(), stack.user(), stack.user(), stack.user()]);
    await Promise.all(replicas.map((r) => r.url));
  }, 90_000);
  afterAll(() => stack?.stop());

  test(`when ${POSTS} posts are due together and one replica is SIGKILLed while they fire, then each is published exactly once`, async () => {
    const stamp = Date.now();
    const items: Array<{ user: TestUser; item: ContentItem; text: string }> = await inBatches(
      Array.from({ length: POSTS }, (_, i) => i),
      10,
      async (i) => {
        const user = users[i % users.length];
        const text = `Replica run ${stamp} post ${i}: one copy only.`;
        return { user, item: await stack.draft(user, { text }), text };
      },
    );
    const [urlA, urlB] = await Promise.all(replicas.map((r) => r.url));

    // all due together once all are scheduled. This machine may be shared and writes are
    // serialized, so the due time follows the measured pace: all are first scheduled far
    // ahead (timing it), then all moved to a time that leaves 1.5 times that pace.
    const drafting = Date.now() - stamp;
    const scheduleAll = (at: string) => inBatches(items, 10, ({ user, item }, i) => stack.schedule(user, item.id, at, i % 2 ? urlA : urlB));
    const timing = Date.now();
    const first = await scheduleAll(withOffset(new Date(Date.now() + 3_600_000), 60));
    expect(first.filter((a) => a.status !== 201).map((a) => a.body)).toEqual([]);
    const pace = (Date.now() - timing) / POSTS;
    const due = new Date(Date.now() + Math.ceil(pace * POSTS * 1.5) + 3_000);
    due.setUTCMilliseconds(0);
    const answers = await scheduleAll(withOffset(due, 60));
    expect(answers.filter((a) => a.status !== 201).map((a) => a.body)).toEqual([]);
    expect(Date.now()).toBeLessThan(due.getTime());

    // kill A while the batch is being claimed and emitted
    await new Promise((r) => setTimeout(r, Math.max(0, due.getTime() + 30 - Date.now())));
    replicas[0].proc.kill('SIGKILL');
    expect(await replicas[0].exited).toBeNull();

    const texts = new Set(items.map((i) => i.text));
    const ours = async () => (await stack.sandboxPosts()).filter((p) => texts.has(p.text));
    const log = (m: string) => process.env.SCHEDULER_TEST_DEBUG && console.log(`${new Date().toISOString()} ${m}`);
    log(`drafted in ${drafting} ms, ${pace} ms per schedule, due ${due.toISOString()}, killed A`);
    await eventually(
      async () => {
        const posts = await ours();
        log(`posts ${posts.length}, requests ${stack.events.ofType('content.publish.requested').length}, published ${stack.events.ofType('linkedin.post.published').length}, failed ${stack.events.ofType('linkedin.post.failed').length}`);
        return posts;
      },
      (posts) => posts.length >= POSTS,
      180_000,
      1_000,
    );
    // let any late duplicate surface before counting
    await new Promise((r) => setTimeout(r, 4_000));
    const posts = await ours();
    const perText = new Map<string, number>();
    for (const p of posts) perText.set(p.text, (perText.get(p.text) ?? 0) + 1);
    expect(perText.size).toBe(POSTS);
    expect([...perText.values()].filter((n) => n !== 1)).toEqual([]);

    // every item ends published in the content service, and B is healthy
    const lists = await Promise.all(users.map((u) => http<{ content: ContentItem[] }>(stack.content.url, 'GET', '/api/content', { token: u.token })));
    const statuses = lists.flatMap((l) => l.body.content).filter((c) => items.some((i) => i.item.id === c.id)).map((c) => c.status);
    expect(statuses.filter((s) => s !== 'published')).toEqual([]);
    expect((await http(urlB, 'GET', '/ready')).status).toBe(200);
  }, 330_000);
});
