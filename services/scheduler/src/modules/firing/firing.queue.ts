/**
 * The timers: a BullMQ delayed queue on its own ioredis connections (BullMQ requires
 * maxRetriesPerRequest: null), its keys under the service's namespace. A job is one plan of
 * one schedule (jobId `<contentId>-<requestId>`: the request id is new for every schedule,
 * reschedule and retry, and BullMQ forbids ':' in ids), so arming the same plan twice is a
 * no-op and an old plan's job finds nothing to claim.
 *
 * BullMQ hands a job over `earlyMs` before its time and a precise in-process timer waits for
 * the due millisecond, so BullMQ's polling and the worker hand-over never make a post late.
 */
import { Queue, Worker, type Job } from 'bullmq';
import { Redis } from 'ioredis';
import type { Logger } from '@postwright/platform';
import type { FirePlan, TimerPort } from '../schedule/schedule.types';

export interface FireQueueOptions {
  redisUrl: string;
  /** key prefix, e.g. `<namespace>scheduler:bull` */
  prefix: string;
  earlyMs: number;
  concurrency: number;
  logger: Logger;
  /** called at the due millisecond */
  onDue(plan: FirePlan): Promise<unknown>;
}

const QUEUE = 'fire';
/** longest wait for the first connection to Redis (start-up) */
const CONNECT_WAIT_MS = 10_000;
/** longest wait for an answer once sent (the connection dropped under it: it is retried after reconnecting) */
const ANSWER_WAIT_MS = 10_000;
/**
 * A fired plan's job is kept this long, so that arming the plan again meanwhile stays a no-op:
 * the reconciler re-arms the pending plans due soon, and a plan it read just before its job
 * fired would otherwise be armed and run a second time, in a burst many times over, each a claim
 * that can only lose.
 */
const COMPLETED_KEPT_SECONDS = 60;
/** The most timers one call to Redis arms: rebuilding every timer goes in calls of this size. */
const ARM_CHUNK = 1000;

function jobId(plan: FirePlan) {
  return `${plan.contentId}-${plan.requestId}`;
}

/** setTimeout in steps: never early against the wall clock, and fine for long waits. */
export async function waitUntil(epochMs: number): Promise<void> {
  for (;;) {
    const left = epochMs - Date.now();
    if (left <= 0) return;
    await new Promise((resolve) => setTimeout(resolve, Math.min(left, 2_147_000_000)));
  }
}

/** The promise's outcome, or a rejection with `message` after `ms` (the work itself goes on). */
function within<T>(work: Promise<T>, ms: number, message: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const giveUp = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${message} after ${ms} ms`)), ms);
  });
  return Promise.race([work, giveUp]).finally(() => clearTimeout(timer));
}

export class FireQueue implements TimerPort {
  private readonly queueConnection: Redis;
  private readonly workerConnection: Redis;
  private readonly queue: Queue<FirePlan>;
  private worker?: Worker<FirePlan>;
  private readonly markerKey: string;
  private connectedOnce = false;

  constructor(private readonly options: FireQueueOptions) {
    const connect = () => {
      const redis = new Redis(options.redisUrl, { maxRetriesPerRequest: null, enableReadyCheck: true, retryStrategy: (n) => Math.min(n * 200, 2_000) });
      redis.on('error', (err) => options.logger.debug({ err: err.message }, 'timer Redis connection error; reconnecting'));
      return redis;
    };
    this.queueConnection = connect();
    this.queueConnection.once('ready', () => (this.connectedOnce = true));
    this.workerConnection = connect();
    this.queue = new Queue<FirePlan>(QUEUE, { connection: this.queueConnection, prefix: options.prefix });
    this.queue.on('error', (err) => options.logger.warn({ err: err.message }, 'timer queue error'));
    // lives beside BullMQ's keys: whatever wipes them (FLUSHDB, a restart without persistence,
    // deleting the namespace) wipes this too, and the reconciler then rebuilds from MongoDB
    this.markerKey = `${options.prefix}:${QUEUE}:rebuilt-from-mongodb`;
  }

  start(): void {
    this.worker = new Worker<FirePlan>(
      QUEUE,
      async (job: Job<FirePlan>) => {
        await waitUntil(job.data.dueAt);
        await this.options.onDue(job.data);
      },
      {
        connection: this.workerConnection,
        prefix: this.options.prefix,
        concurrency: this.options.concurrency,
        // a job is held for at most earlyMs plus one claim; a dead replica's jobs come back within
        // lockDuration + stalledInterval (9 s; 15 s before made the posts a killed replica held the
        // latest of a burst), a live one renews its locks every 3 s
        lockDuration: 6_000,
        stalledInterval: 3_000,
        maxStalledCount: 10,
      },
    );
    this.worker.on('error', (err) => this.options.logger.warn({ err: err.message }, 'timer worker error'));
    this.worker.on('failed', (job, err) => this.options.logger.warn({ err: err.message, jobId: job?.id }, 'timer job failed; the reconciler will fire it'));
  }

  async arm(plans: FirePlan[]): Promise<void> {
    for (let i = 0; i < plans.length; i += ARM_CHUNK) await this.armChunk(plans.slice(i, i + ARM_CHUNK));
  }

  private async armChunk(plans: FirePlan[]): Promise<void> {
    const now = Date.now();
    const jobs = plans.map((plan) => ({
      name: 'fire',
      data: plan,
      opts: {
        jobId: jobId(plan),
        delay: Math.max(0, plan.dueAt - now - this.options.earlyMs),
        attempts: 3,
        backoff: { type: 'fixed', delay: 200 },
        removeOnComplete: { age: COMPLETED_KEPT_SECONDS },
        removeOnFail: true,
      },
    }));
    await this.command('arming timers', () => this.queue.addBulk(jobs));
  }

  async isIntact(): Promise<boolean> {
    return (await this.command('reading the marker', () => this.queueConnection.exists(this.markerKey))) === 1;
  }

  async markIntact(): Promise<void> {
    await this.command('writing the marker', () => this.queueConnection.set(this.markerKey, new Date().toISOString()));
  }

  /**
   * BullMQ's connections hold a command until Redis is back, however long (maxRetriesPerRequest:
   * null). Callers must not wait like that: MongoDB holds every schedule, so a timer that
   * cannot be armed now is fired by the reconciler, a schedule request answers at once, and a
   * reconciler pass is not slowed down (which would space the next passes out). Only the first
   * connection, at start-up, is waited for.
   */
  private async command<T>(what: string, run: () => Promise<T>): Promise<T> {
    const redis = this.queueConnection;
    if (redis.status !== 'ready' && this.connectedOnce) throw new Error(`Redis is unavailable (${what})`);
    if (redis.status !== 'ready') {
      let onReady: (() => void) | undefined;
      const ready = new Promise<void>((resolve) => redis.once('ready', (onReady = resolve)));
      await within(ready, CONNECT_WAIT_MS, `Redis is unavailable (${what})`).finally(() => {
        if (onReady) redis.off('ready', onReady);
      });
    }
    return within(run(), ANSWER_WAIT_MS, `Redis did not answer (${what})`);
  }

  async ready(): Promise<boolean> {
    return this.queueConnection.status === 'ready';
  }

  async close(): Promise<void> {
    await this.worker?.close().catch(() => undefined);
    await this.queue.close().catch(() => undefined);
    this.queueConnection.disconnect();
    this.workerConnection.disconnect();
  }
}
