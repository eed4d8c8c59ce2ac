import { Queue } from 'bullmq';
import { Redis } from 'ioredis';
import { createLogger } from '@postwright/platform';
import { cleanupNamespace, eventually, testNamespace } from '@postwright/platform/src/testing';
import { FireQueue } from '../src/modules/firing/firing.queue';
import type { FirePlan } from '../src/modules/schedule/schedule.types';

/**
 * The timers on the real Redis: a plan fires once at its time, and arming it again (the
 * reconciler re-arms every pending plan due soon, and may have read one just before it fired)
 * does not fire it a second time.
 */
describe('the timers', () => {
  const ns = testNamespace();
  const redisUrl = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
  const fired: FirePlan[] = [];
  const waiters = new Map<string, () => void>();
  let queue: FireQueue;
  /** the same BullMQ queue, read directly: a job's state */
  let connection: Redis;
  let jobs: Queue;

  /** resolves when the plan's timer has called back */
  const firedOnce = (plan: FirePlan) => new Promise<void>((resolve) => waiters.set(plan.contentId, resolve));

  beforeAll(() => {
    queue = new FireQueue({
      redisUrl,
      prefix: `${ns}scheduler:bull`,
      earlyMs: 50,
      concurrency: 10,
      logger: createLogger('scheduler-test', 'silent'),
      onDue: async (plan) => {
        fired.push(plan);
        waiters.get(plan.contentId)?.();
      },
    });
    queue.start();
    connection = new Redis(redisUrl, { maxRetriesPerRequest: null });
    jobs = new Queue('fire', { connection, prefix: `${ns}scheduler:bull` });
  });
  afterAll(async () => {
    await queue?.close();
    await jobs?.close();
    connection?.disconnect();
    await cleanupNamespace(ns, [], { redisUrls: [redisUrl] });
  });

  test('when a plan that has fired is armed again, then it does not fire again; a later plan still fires', async () => {
    const plan = { contentId: 'c-fired', requestId: 'r1', dueAt: Date.now() + 100 };
    const first = firedOnce(plan);
    await queue.arm([plan]);
    await first;
    expect(Date.now()).toBeGreaterThanOrEqual(plan.dueAt);
    // its job is finished, not removed at once, so arming the plan again does not make a new job
    await eventually(() => jobs.getJobState(`${plan.contentId}-${plan.requestId}`), (state) => state === 'completed' || state === 'unknown');

    // armed again after it fired, as a reconciler pass that read it just before does; a plan due
    // after it shows when the queue has handled everything armed before
    const later = { contentId: 'c-later', requestId: 'r2', dueAt: Date.now() + 300 };
    const laterFired = firedOnce(later);
    await queue.arm([plan, later]);
    await laterFired;
    expect(fired.map((p) => p.contentId)).toEqual(['c-fired', 'c-later']);
  });

  test('when a plan of the same item has a new request id, then it fires: only the same plan is held back', async () => {
    const plan = { contentId: 'c-again', requestId: 'r1', dueAt: Date.now() + 50 };
    const first = firedOnce(plan);
    await queue.arm([plan]);
    await first;
    const retry = { ...plan, requestId: 'r2', dueAt: Date.now() + 100 };
    const second = firedOnce(retry);
    await queue.arm([retry]);
    await second;
    expect(fired.filter((p) => p.contentId === 'c-again').map((p) => p.requestId)).toEqual(['r1', 'r2']);
  });
});
