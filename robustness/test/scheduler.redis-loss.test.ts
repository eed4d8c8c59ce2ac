import { Redis } from 'ioredis';
import { eventually } from '@postwright/platform/src/testing';
import { inMs, postsWith, startStack, type Stack, type TestUser } from './support/scheduler-stack';

/**
 * MongoDB is the source of truth; Redis only holds timers. The scheduler here has a Redis
 * logical database of its own (db 7), so wiping it touches no other suite's keys.
 */
const DB = 7;
const REDIS_URL = `${(process.env.REDIS_URL ?? 'redis://127.0.0.1:6379').replace(/\/\d*$/, '')}/${DB}`;

describe('timers lost from Redis', () => {
  let stack: Stack;
  let user: TestUser;
  let redis: Redis;

  beforeAll(async () => {
    stack = await startStack({ schedulerEnv: { REDIS_URL } });
    user = await stack.user();
    redis = new Redis(REDIS_URL);
  }, 60_000);
  afterAll(async () => {
    redis?.disconnect();
    await stack?.stop();
  });

  /** FLUSHDB when db 7 holds only this namespace's keys; otherwise delete only ours. */
  async function wipe(): Promise<number> {
    const keys = await redis.keys('*');
    expect(keys.some((k) => k.startsWith(`${stack.ns}scheduler:bull:fire:`))).toBe(true);
    if (keys.every((k) => k.startsWith(stack.ns))) {
      await redis.flushdb();
    } else {
      for (const k of keys.filter((key) => key.startsWith(stack.ns))) await redis.del(k);
    }
    return keys.length;
  }

  test('when Redis is flushed between scheduling and the due time, then every post is still published on time, once', async () => {
    const texts = Array.from({ length: 3 }, (_, i) => `Survives a flush ${Date.now()} #${i}`);
    const items = await Promise.all(texts.map((text) => stack.draft(user, { text })));
    const at = inMs(4_000);
    for (const item of items) expect((await stack.schedule(user, item.id, at)).status).toBe(201);
    const due = new Date(at).getTime();

    expect(await wipe()).toBeGreaterThan(0);

    const posts = await eventually(async () => (await stack.sandboxPosts()).filter((p) => texts.includes(p.text)), (p) => p.length === texts.length, 15_000, 20);
    // on time: rebuilt long before the due time (1 s precision itself is asserted in scheduler.firing)
    for (const post of posts) {
      expect(new Date(post.createdAt).getTime() - due).toBeLessThanOrEqual(3_000);
      expect(new Date(post.createdAt).getTime()).toBeGreaterThanOrEqual(due);
    }
    await new Promise((r) => setTimeout(r, 1_500));
    for (const text of texts) expect(postsWith(await stack.sandboxPosts(), text)).toHaveLength(1);
  });

  test('when the scheduler restarts and Redis is flushed while it is down, then the post is published by the new instance', async () => {
    const text = `Survives a restart ${Date.now()}`;
    const item = await stack.draft(user, { text });
    const at = inMs(8_000);
    expect((await stack.schedule(user, item.id, at)).status).toBe(201);
    await stack.scheduler!.stop();
    await wipe();
    const next = await stack.startScheduler();
    try {
      const [post] = await eventually(async () => postsWith(await stack.sandboxPosts(), text), (p) => p.length > 0, 15_000, 20);
      // nothing fires while no scheduler runs; this one was back before the due time
      expect(new Date(post.createdAt).getTime()).toBeGreaterThanOrEqual(new Date(at).getTime());
      expect(new Date(post.createdAt).getTime() - new Date(at).getTime()).toBeLessThanOrEqual(5_000);
      await eventually(() => stack.item(user, item.id), (i) => i.status === 'published');
    } finally {
      await next.stop();
    }
  });
});
