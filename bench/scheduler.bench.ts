/**
 * Scheduler: N posts (10,000 unless BENCH_SCHEDULER_POSTS says otherwise) due within one
 * minute, fired by two scheduler processes and published by two LinkedIn service processes,
 * one of each SIGKILLed in the middle of the minute; the LinkedIn sandbox takes as long as
 * LinkedIn to create a post (300 ms ± 100 ms unless BENCH_SANDBOX_CREATE_POST_LATENCY_MS /
 * BENCH_SANDBOX_CREATE_POST_JITTER_MS say otherwise), and answers everything else at once. The
 * whole product runs as `npm start` runs it (launchStack), in a namespace of its own.
 * BENCH_SCHEDULER_EARLY_MS and BENCH_SCHEDULER_RECONCILE_MS set the scheduler's
 * SCHEDULER_FIRE_EARLY_MS and SCHEDULER_RECONCILE_INTERVAL_MS (default: the product's).
 *
 * The posts belong to N / 25 members (BENCH_SCHEDULER_POSTS_PER_MEMBER posts each), who sign up
 * and connect LinkedIn as members do, and the sandbox applies LinkedIn's member daily limit: 150
 * calls to POST /rest/posts per member per UTC day, the figure publishing partners report. A call it
 * refuses fails the benchmark: the load has to be one LinkedIn would take.
 *
 * The posts are put in place as the schedule API leaves them (a scheduled content item and a
 * pending schedule carrying the text to publish), written straight into the two services'
 * databases: making 10,000 items through the generator first would measure the generator,
 * not the minute that matters here. Everything after that is the product's own path: the
 * timers are rebuilt from MongoDB (as after a Redis loss: the benchmark removes the mark that
 * says they are intact), the timers fire, content.publish.requested goes
 * out on RabbitMQ, the LinkedIn service posts, the outcome settles the item and the schedule.
 *
 * Figures:
 * - on LinkedIn after due (the headline: what the member sees): the sandbox's creation time of
 *   the post minus the scheduled time (targets p50 <= 2 s, p99 <= 10 s);
 * - lateness: when content.publish.requested reaches the broker minus the scheduled time,
 *   observed by a queue of the benchmark's own on the events exchange (target p99 <= 1 s);
 * - refused by LinkedIn's member daily limit: calls to POST /rest/posts the sandbox answered 429
 *   (target 0);
 * - lost: posts that never reached LinkedIn (the benchmark waits while posts keep arriving);
 *   duplicated: posts LinkedIn got more than once (targets 0), and items whose final state is
 *   not `published` (target 0).
 */
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import amqp from 'amqplib';
import { Redis } from 'ioredis';
import mongoose from 'mongoose';
import { cleanupNamespace } from '@postwright/platform/src/testing';
import { allowConsent } from '@postwright/platform/src/testing/linkedin-consent';
import { freePort, freePorts, launchStack, type RunningStack } from '@postwright/platform/src/stack/launch';
import { contentModel } from '../services/content/src/modules/content/content.model';
import { scheduleModels } from '../services/scheduler/src/modules/schedule/schedule.model';
import { percentile, type Benchmark, type Figure } from './lib';

const POSTS = Number(process.env.BENCH_SCHEDULER_POSTS ?? 10_000);
const WINDOW_MS = 60_000;
/**
 * LinkedIn's member daily limit on creating posts, as the sandbox applies it (its member daily
 * call limit, per resource: for POST /rest/posts, posts and their resends). LinkedIn publishes no
 * figure of its own; 150 a member a day is what publishing partners report.
 */
const MEMBER_DAILY_POSTS = 150;
/**
 * Each member's share of the minute: within the daily limit with room for the resends after the
 * LinkedIn kill, and few enough that a member's posts are seconds apart, as different members'
 * are in a real peak (the LinkedIn service reuses a member's connection for a second).
 */
const POSTS_PER_MEMBER = Number(process.env.BENCH_SCHEDULER_POSTS_PER_MEMBER ?? 25);
const MEMBERS = Math.ceil(POSTS / POSTS_PER_MEMBER);
/** members signing up and connecting LinkedIn at once (each signup is an argon2 hash) */
const SIGNUP_CONCURRENCY = 8;
/** from the end of the set-up to the first due post: the reconciler arms timers a few seconds ahead */
const LEAD_MS = 15_000;
/** when, into the minute, one scheduler process is SIGKILLed... */
const KILL_AT_MS = 25_000;
/** ...and one LinkedIn service process */
const KILL_LINKEDIN_AT_MS = 35_000;
/** how long LinkedIn takes to create a post: the sandbox waits this long, ± the jitter (uniform) */
const CREATE_POST_LATENCY_MS = Number(process.env.BENCH_SANDBOX_CREATE_POST_LATENCY_MS ?? 300);
const CREATE_POST_JITTER_MS = Number(process.env.BENCH_SANDBOX_CREATE_POST_JITTER_MS ?? 100);
/** after the last due post, the benchmark waits while posts keep arriving on LinkedIn... */
const STALL_MS = 30_000;
/** ...but not beyond this */
const DRAIN_MAX_MS = 600_000;

interface Observed {
  firstRequestAt?: number;
  requests: number;
  publishedAt?: number;
}

function log(message: string) {
  process.stdout.write(`  [scheduler] ${message}\n`);
}

async function call(stack: RunningStack, method: string, route: string, options: { token?: string; body?: unknown } = {}) {
  const res = await fetch(`${stack.url}${route}`, {
    method,
    headers: { 'content-type': 'application/json', ...(options.token ? { authorization: `Bearer ${options.token}` } : {}) },
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
  });
  const body = (await res.json().catch(() => null)) as any;
  if (!res.ok) throw new Error(`${method} ${route} answered ${res.status} ${JSON.stringify(body)}`);
  return body;
}

/** A member who signed up and connected LinkedIn (through the sandbox's consent page). */
async function connectedMember(stack: RunningStack, n: number): Promise<string> {
  const email = `bench-${n}-${randomUUID().slice(0, 8)}@example.com`;
  const signup = await call(stack, 'POST', '/api/auth/signup', { body: { email, password: 'correct horse battery', firstName: 'Bench', lastName: `Member${n}` } });
  const token = signup.tokens.accessToken as string;
  const begin = await call(stack, 'GET', '/api/linkedin/auth-url', { token });
  const back = await allowConsent(begin.authURL, email);
  await call(stack, 'POST', '/api/linkedin/callback', { token, body: { code: back.searchParams.get('code'), state: back.searchParams.get('state') } });
  return signup.user.id as string;
}

/** `count` connected members, `SIGNUP_CONCURRENCY` at a time. */
async function connectedMembers(stack: RunningStack, count: number): Promise<string[]> {
  const members: string[] = [];
  let next = 0;
  const worker = async () => {
    while (next < count) {
      const n = next++;
      members[n] = await connectedMember(stack, n);
    }
  };
  await Promise.all(Array.from({ length: Math.min(SIGNUP_CONCURRENCY, count) }, worker));
  return members;
}

export const schedulerBenchmark: Benchmark = {
  name: 'scheduler',
  description: `${POSTS} posts due within one minute from ${MEMBERS} members (LinkedIn's limit of ${MEMBER_DAILY_POSTS} posts a member a day on), 2 scheduler and 2 LinkedIn service processes, one of each SIGKILLed mid-run, LinkedIn creating a post in ${CREATE_POST_LATENCY_MS} ms ± ${CREATE_POST_JITTER_MS} ms`,
  async run() {
    if (!(POSTS_PER_MEMBER >= 1 && POSTS_PER_MEMBER <= MEMBER_DAILY_POSTS)) {
      throw new Error(`BENCH_SCHEDULER_POSTS_PER_MEMBER must be 1 to ${MEMBER_DAILY_POSTS}, LinkedIn's member daily limit on posts`);
    }
    const ns = `bench${Date.now().toString(36)}_`;
    const ports = await freePorts();
    const logs = path.join(os.tmpdir(), `postwright-bench-${ns}`);
    const stack = await launchStack({
      ports,
      publicUrl: `http://127.0.0.1:${ports.gateway}`,
      output: { dir: logs },
      detachedDatabase: true,
      env: {
        LOG_LEVEL: 'warn',
        NAMESPACE: ns,
        LINKEDIN_SANDBOX_URL: `http://127.0.0.1:${ports.sandbox}`,
        // LinkedIn's time to create a post; every other sandbox call answers at once
        SANDBOX_FAST: 'true',
        SANDBOX_CREATE_POST_LATENCY_MS: String(CREATE_POST_LATENCY_MS),
        SANDBOX_CREATE_POST_JITTER_MS: String(CREATE_POST_JITTER_MS),
        // the benchmark reads what LinkedIn received through the sandbox's test controls
        SANDBOX_CONTROL: 'true',
        // LinkedIn's member daily limit: a post over it is refused with 429, and fails the run
        SANDBOX_MEMBER_DAILY_CALL_LIMIT: String(MEMBER_DAILY_POSTS),
        ...(process.env.BENCH_SCHEDULER_EARLY_MS ? { SCHEDULER_FIRE_EARLY_MS: process.env.BENCH_SCHEDULER_EARLY_MS } : {}),
        ...(process.env.BENCH_SCHEDULER_RECONCILE_MS ? { SCHEDULER_RECONCILE_INTERVAL_MS: process.env.BENCH_SCHEDULER_RECONCILE_MS } : {}),
        RATE_LIMIT_PER_MINUTE: '1000000',
        AUTH_RATE_LIMIT_PER_MINUTE: '100000',
      },
    });
    log(`stack up (logs in ${logs}); the sandbox creates a post in ${CREATE_POST_LATENCY_MS} ms ± ${CREATE_POST_JITTER_MS} ms (uniform)`);
    const conn = { content: undefined as mongoose.Connection | undefined, scheduler: undefined as mongoose.Connection | undefined };
    let broker: amqp.ChannelModel | undefined;
    try {
      stack.startProcess('scheduler-2', 'services/scheduler', { PORT: String(await freePort()) });
      const secondLinkedin = stack.startProcess('linkedin-2', 'services/linkedin', { PORT: String(await freePort()) })!;
      const signupStarted = Date.now();
      const members = await connectedMembers(stack, MEMBERS);
      log(`${MEMBERS} members signed up and connected LinkedIn in ${Math.round((Date.now() - signupStarted) / 1000)} s`);

      // the benchmark's own window on the events
      const observed = new Map<string, Observed>();
      broker = await amqp.connect(stack.env.AMQP_URL ?? 'amqp://guest:guest@127.0.0.1:5672');
      const channel = await broker.createChannel();
      const { queue } = await channel.assertQueue('', { exclusive: true, autoDelete: true });
      for (const key of ['content.publish.requested', 'linkedin.post.published']) await channel.bindQueue(queue, `${ns}postwright.events`, key);
      await channel.consume(
        queue,
        (msg) => {
          if (!msg) return;
          const at = Date.now();
          const event = JSON.parse(msg.content.toString()) as { type: string; payload: { contentId: string } };
          const seen = observed.get(event.payload.contentId) ?? { requests: 0 };
          if (event.type === 'content.publish.requested') {
            seen.requests++;
            seen.firstRequestAt ??= at;
          } else seen.publishedAt ??= at;
          observed.set(event.payload.contentId, seen);
        },
        { noAck: true },
      );

      // the posts, as the schedule API leaves them
      const mongoUrl = stack.env.MONGO_URL!;
      conn.content = await mongoose.createConnection(mongoUrl, { dbName: `${ns}postwright_content` }).asPromise();
      conn.scheduler = await mongoose.createConnection(mongoUrl, { dbName: `${ns}postwright_scheduler` }).asPromise();
      const items = contentModel(conn.content);
      const { schedules } = scheduleModels(conn.scheduler);
      const seedStarted = Date.now();
      const seedMs = Math.max(20_000, POSTS * 4);
      const firstDue = seedStarted + seedMs + LEAD_MS;
      const due = new Map<string, number>();
      const textOf = (i: number) => `Bench post ${i} of run ${ns}. Pricing power comes from the problem you solve, not the features you ship.`;
      for (let start = 0; start < POSTS; start += 500) {
        const batch = Array.from({ length: Math.min(500, POSTS - start) }, (_, k) => {
          const i = start + k;
          const id = new mongoose.Types.ObjectId();
          const at = new Date(firstDue + Math.floor((i * WINDOW_MS) / POSTS));
          due.set(id.toString(), at.getTime());
          return { id, i, at, userId: members[i % MEMBERS], text: textOf(i) };
        });
        await items.insertMany(
          batch.map((b) => ({
            _id: b.id,
            userId: b.userId,
            contentType: 'insight',
            topic: 'Pricing power',
            inputs: { industryRole: 'SaaS founder', personalExperience: 'Raised prices twice', targetAudience: 'Founders', businessGoal: null },
            generator: { provider: 'offline', model: 'bench' },
            generatedContent: b.text,
            hooks: ['One', 'Two', 'Three', 'Four', 'Five'],
            selectedHook: null,
            finalContent: b.text,
            status: 'scheduled',
            scheduledFor: b.at,
          })),
          { ordered: false },
        );
        await schedules.insertMany(
          batch.map((b) => ({
            _id: b.id.toString(),
            userId: b.userId,
            status: 'pending',
            version: 1,
            scheduledFor: b.at,
            dueAt: b.at,
            requestId: randomUUID(),
          })),
          { ordered: false },
        );
      }
      // the timers: rebuilt from MongoDB, as the schedule API would have armed them
      const redis = new Redis(stack.env.REDIS_URL ?? 'redis://127.0.0.1:6379');
      const intact = `${ns}scheduler:bull:fire:rebuilt-from-mongodb`;
      try {
        await redis.del(intact);
        while (!(await redis.exists(intact)) && Date.now() < firstDue) await new Promise((r) => setTimeout(r, 200));
      } finally {
        redis.disconnect();
      }
      if (Date.now() > firstDue - LEAD_MS / 2) throw new Error(`setting up ${POSTS} posts took ${Date.now() - seedStarted} ms, longer than planned; lower BENCH_SCHEDULER_POSTS`);
      log(`${POSTS} posts scheduled between +${Math.round((firstDue - Date.now()) / 1000)} s and +${Math.round((firstDue + WINDOW_MS - Date.now()) / 1000)} s`);

      // one scheduler process dies mid-minute, with timers and claims in hand, and one LinkedIn
      // service process, with publish requests in hand and calls to LinkedIn under way
      const victim = stack.processes.find((p) => p.name === 'scheduler')!;
      const kill = setTimeout(() => {
        victim.proc.kill('SIGKILL');
        log(`SIGKILLed one scheduler process (pid ${victim.proc.pid}) ${KILL_AT_MS / 1000} s into the minute`);
      }, firstDue + KILL_AT_MS - Date.now());
      const killLinkedin = setTimeout(() => {
        secondLinkedin.proc.kill('SIGKILL');
        log(`SIGKILLed one LinkedIn service process (pid ${secondLinkedin.proc.pid}) ${KILL_LINKEDIN_AT_MS / 1000} s into the minute`);
      }, firstDue + KILL_LINKEDIN_AT_MS - Date.now());
      // until every post is out, or nothing has moved for a while (then what is missing is lost)
      const deadline = firstDue + WINDOW_MS + DRAIN_MAX_MS;
      let done = 0;
      let movedAt = Date.now();
      while (Date.now() < deadline && done < POSTS && (Date.now() < firstDue + WINDOW_MS || Date.now() - movedAt < STALL_MS)) {
        await new Promise((r) => setTimeout(r, 500));
        const now = [...observed.values()].filter((o) => o.publishedAt).length;
        if (now !== done) [done, movedAt] = [now, Date.now()];
      }
      const allOutAfter = Date.now() - (firstDue + WINDOW_MS);
      clearTimeout(kill);
      clearTimeout(killLinkedin);
      await new Promise((r) => setTimeout(r, 3_000)); // late duplicates, if any, show up here

      // what LinkedIn got, and what the members see
      const sandbox = (await (await fetch(`${stack.sandboxUrl}/__sandbox/posts`)).json()) as { posts: Array<{ text: string; createdAt: string }> };
      // what LinkedIn's member daily limit let through: per member and UTC day, calls answered and refused
      const postCalls = (await (await fetch(`${stack.sandboxUrl}/__sandbox/calls?resource=/rest/posts`)).json()) as {
        calls: Array<{ member: string; calls: number; throttled: number }>;
      };
      const refused = postCalls.calls.reduce((n, c) => n + c.throttled, 0);
      const busiestMember = Math.max(0, ...postCalls.calls.map((c) => c.calls));
      if (refused) {
        process.stderr.write(
          `  [scheduler] FAIL: LinkedIn's member daily limit (${MEMBER_DAILY_POSTS} posts) refused ${refused} calls to POST /rest/posts: this load is more than LinkedIn takes from ${MEMBERS} members, and the figures below do not stand for the product\n`,
        );
      }
      const marker = new RegExp(`^Bench post (\\d+) of run ${ns}\\.`);
      const onLinkedIn = new Map<number, number[]>();
      for (const p of sandbox.posts) {
        const m = marker.exec(p.text);
        if (m) onLinkedIn.set(Number(m[1]), [...(onLinkedIn.get(Number(m[1])) ?? []), Date.parse(p.createdAt)]);
      }
      const indexOf = new Map([...due.keys()].map((id, i) => [id, i]));
      const lost = POSTS - onLinkedIn.size;
      const duplicated = [...onLinkedIn.values()].reduce((n, times) => n + times.length - 1, 0);
      const notPublished = await items.countDocuments({ status: { $ne: 'published' } });
      const lateness: number[] = [];
      const onLinkedInAfter: number[] = [];
      for (const [id, at] of due) {
        const o = observed.get(id);
        if (o?.firstRequestAt) lateness.push(Math.max(0, o.firstRequestAt - at));
        const times = onLinkedIn.get(indexOf.get(id)!);
        if (times) onLinkedInAfter.push(Math.min(...times) - at);
      }
      if (process.env.BENCH_SCHEDULER_DUMP) {
        // per post: due time into the minute, lateness of the request, delay until on LinkedIn
        const rows = [...due].map(([id, at]) => [at - firstDue, (observed.get(id)?.firstRequestAt ?? NaN) - at, (onLinkedIn.get(indexOf.get(id)!)?.[0] ?? NaN) - at]);
        fs.writeFileSync(process.env.BENCH_SCHEDULER_DUMP, JSON.stringify(rows));
      }
      const p = (values: number[], q: number) => Math.round(percentile(values, q));
      log(`done: ${onLinkedIn.size} on LinkedIn, ${lost} lost, ${duplicated} duplicated, ${notPublished} items not published; at most ${busiestMember} post calls by one member, ${refused} refused by the daily limit`);
      const onTime = onLinkedInAfter.length === POSTS;
      const figures: Figure[] = [
        {
          benchmark: 'scheduler',
          metric: 'posts due within one minute',
          value: POSTS,
          unit: `posts from ${MEMBERS} members (2 scheduler processes, one SIGKILLed at +${KILL_AT_MS / 1000} s; 2 LinkedIn service processes, one SIGKILLed at +${KILL_LINKEDIN_AT_MS / 1000} s)`,
        },
        {
          benchmark: 'scheduler',
          metric: "refused by LinkedIn's member daily limit",
          value: refused,
          unit: `calls to POST /rest/posts (most by one member: ${busiestMember}; the limit ${MEMBER_DAILY_POSTS} a day)`,
          target: '0',
          pass: refused === 0,
        },
        { benchmark: 'scheduler', metric: 'LinkedIn create-post latency (sandbox)', value: CREATE_POST_LATENCY_MS, unit: `ms ± ${CREATE_POST_JITTER_MS} ms, uniform` },
        { benchmark: 'scheduler', metric: 'on LinkedIn after due p50', value: p(onLinkedInAfter, 50), unit: 'ms', baseline: 'scheduled time', target: '<= 2000 ms', pass: onTime && p(onLinkedInAfter, 50) <= 2_000 },
        { benchmark: 'scheduler', metric: 'on LinkedIn after due p99', value: p(onLinkedInAfter, 99), unit: 'ms', baseline: 'scheduled time', target: '<= 10000 ms', pass: onTime && p(onLinkedInAfter, 99) <= 10_000 },
        { benchmark: 'scheduler', metric: 'on LinkedIn after due max', value: p(onLinkedInAfter, 100), unit: 'ms', baseline: 'scheduled time' },
        { benchmark: 'scheduler', metric: 'request at the broker after due p50', value: p(lateness, 50), unit: 'ms', baseline: 'scheduled time' },
        { benchmark: 'scheduler', metric: 'request at the broker after due p99', value: p(lateness, 99), unit: 'ms', baseline: 'scheduled time', target: '<= 1000 ms', pass: lateness.length === POSTS && p(lateness, 99) <= 1_000 },
        { benchmark: 'scheduler', metric: 'last post out, after the minute', value: Math.max(0, Math.round(allOutAfter / 1000)), unit: `s (pipeline ${Math.round(onLinkedIn.size / ((WINDOW_MS + Math.max(0, allOutAfter)) / 1000))} posts/s)` },
        { benchmark: 'scheduler', metric: 'lost', value: lost, unit: 'posts', target: '0', pass: lost === 0 },
        { benchmark: 'scheduler', metric: 'duplicated', value: duplicated, unit: 'posts', target: '0', pass: duplicated === 0 },
        { benchmark: 'scheduler', metric: 'items not shown as published', value: notPublished, unit: 'items', target: '0', pass: notPublished === 0 },
      ];
      return figures;
    } finally {
      await broker?.close().catch(() => undefined);
      await conn.content?.close().catch(() => undefined);
      await conn.scheduler?.close().catch(() => undefined);
      await stack.stop();
      await cleanupNamespace(ns);
    }
  },
};
