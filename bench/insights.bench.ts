/**
 * GET /api/insights for a member with 2,000 published posts, against GET /api/content of the
 * same member (the dashboard's read: the newest page of items) in the same run: each read right
 * after a change of the member's rows (it goes to the database), and reads repeated with no
 * change between them (the copy the service keeps until a change). The posts are
 * made the way the product makes them: generated (offline writer), a hook chosen, published
 * through the publication settle and measured through the engagement handler, so the insights'
 * rows come from their own hooks. The content service runs in-process on port 0, in a namespace
 * of its own, on the real MongoDB-compatible store.
 */
import { performance } from 'node:perf_hooks';
import { Types } from 'mongoose';
import type { ContentType, InsightsResponse } from '@postwright/contracts';
import { cleanupNamespace, http, issueTestToken, testEnv, testNamespace, TEST_INTERNAL_TOKEN } from '@postwright/platform/src/testing';
import { startFakeQuota } from '@postwright/platform/src/testing/fakes/quota';
import { readConfig } from '../services/content/src/config';
import { start, type ContentService } from '../services/content/src/server';
import { percentile, type Benchmark, type Figure } from './lib';

const POSTS = Number(process.env.BENCH_INSIGHTS_POSTS ?? 2000);
const SAMPLES = Number(process.env.BENCH_INSIGHTS_SAMPLES ?? 50);
const WARMUP = 10;
/** seeding calls under way at once: enough for the repository's grouped writes to group */
const SEED_CONCURRENCY = 16;
/**
 * The targets, against the member's content list in the same run: a read after the member's rows
 * changed (from the database) no dearer than the list, a repeated read (the copy) a small part of it.
 */
const COLD_TARGET = 1;
const WARM_TARGET = 0.25;

const TYPES: ContentType[] = ['controversial', 'story', 'framework', 'insight', 'learning'];

/** A small seeded generator, so every run measures the same posts. */
function seeded(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

async function inParallel<T>(inputs: readonly T[], limit: number, fn: (input: T, index: number) => Promise<void>): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: limit }, async () => {
      while (next < inputs.length) {
        const i = next++;
        await fn(inputs[i], i);
      }
    }),
  );
}

/** POSTS posts over the last three years, published and (nine in ten) measured through the service's own use cases. */
async function seed(content: ContentService, userId: string): Promise<void> {
  const random = seeded(42);
  const { generation, content: items, publication, lifecycle } = content.modules;
  const now = Date.now();
  await inParallel(Array.from({ length: POSTS }, (_, i) => i), SEED_CONCURRENCY, async (i) => {
    const contentType = TYPES[i % TYPES.length];
    const { response: { content: draft } } = await generation.generate(userId, {
      contentType,
      topic: `Pricing power in B2B SaaS, part ${i}`,
      industryRole: 'Chief Revenue Officer',
      personalExperience: 'We raised prices 20% and churn went down because we moved upmarket.',
      targetAudience: 'SaaS founders',
    });
    const hook = draft.hooks[i % draft.hooks.length];
    // lengths either side of the optimal band
    const body = draft.generatedContent.slice(0, Math.floor(800 + random() * 1200));
    await items.edit(userId, draft.id, { editedContent: `${hook}\n\n${body}`, selectedHook: hook });
    const publishedAt = new Date(now - Math.floor(random() * 3 * 365 * 86_400_000));
    const postId = `urn:li:share:${7_000_000_000_000 + i}`;
    await publication.settle(draft.id, { outcome: 'published', requestId: null, userId, linkedinPostId: postId, url: `https://www.linkedin.com/feed/update/${postId}`, publishedAt: publishedAt.toISOString() });
    if (random() < 0.9) {
      const comments = Math.floor(random() * (contentType === 'story' ? 20 : 8));
      await lifecycle.onEngagement(
        { contentId: draft.id, userId, likes: comments * 4 + Math.floor(random() * 30), comments, reposts: Math.floor(random() * 3), impressions: 300 + Math.floor(random() * 3000) },
        new Date(publishedAt.getTime() + 86_400_000),
      );
    }
  });
}

/** GETs one after the other, timed after WARMUP; `before` runs ahead of each, outside the time. */
async function timedGets(url: string, token: string, before?: (i: number) => Promise<void>): Promise<number[]> {
  const out: number[] = [];
  for (let i = 0; i < WARMUP + SAMPLES; i++) {
    await before?.(i);
    const t0 = performance.now();
    const res = await fetch(url, { headers: { authorization: `Bearer ${token}` } });
    await res.arrayBuffer();
    if (res.status !== 200) throw new Error(`GET ${url}: ${res.status}`);
    if (i >= WARMUP) out.push(performance.now() - t0);
  }
  return out;
}

export const insightsBenchmark: Benchmark = {
  name: 'insights',
  description: `GET /api/insights?range=all p95 for a member with ${POSTS.toLocaleString('en-US')} published posts, against GET /api/content of the same member`,
  async run() {
    const ns = testNamespace();
    const quota = await startFakeQuota({ internalToken: TEST_INTERNAL_TOKEN });
    const content = await start(readConfig(testEnv(ns, { LOG_LEVEL: 'silent', OPENAI_API_KEY: '', AUTH_URL: quota.url, GENERATION_MAX_IN_FLIGHT: '1000', GENERATION_PER_MINUTE: '1000000' })));
    try {
      const userId = new Types.ObjectId().toHexString();
      quota.addUser(userId, 'premium');
      const token = issueTestToken({ sub: userId, tier: 'premium' });
      const seedStarted = performance.now();
      await seed(content, userId);
      const seedSeconds = (performance.now() - seedStarted) / 1000;

      // the first read of a member whose rows predate nothing: a rebuild from all their items
      await content.ctx.mongo.collection('insight_posts').deleteMany({ userId });
      const rebuildStarted = performance.now();
      const first = await http<InsightsResponse>(content.url, 'GET', '/api/insights?range=all', { token });
      const rebuildMs = performance.now() - rebuildStarted;
      if (first.status !== 200 || first.body.posts !== POSTS) throw new Error(`first read: ${first.status}, ${first.body.posts} posts`);

      // each read after a change of the member's rows (new figures for one post, through the
      // engagement handler): no copy to read, the rows come from the database
      const ids = (await content.ctx.mongo.collection('insight_posts').find({ userId }, { projection: { _id: 1 } }).toArray()).map((r) => String(r._id));
      let measuredAt = Date.now();
      const change = async (i: number) => {
        measuredAt += 1_000;
        await content.modules.lifecycle.onEngagement({ contentId: ids[i % ids.length], userId, likes: i, comments: i % 7, reposts: 0, impressions: 100 + i }, new Date(measuredAt));
      };
      // one after the other, alternating rounds, so each read meets the same machine
      const afterChange: number[] = [];
      const repeated: number[] = [];
      const list: number[] = [];
      for (let round = 0; round < 2; round++) {
        afterChange.push(...(await timedGets(`${content.url}/api/insights?range=all&tz=Europe/Paris`, token, change)));
        repeated.push(...(await timedGets(`${content.url}/api/insights?range=all&tz=Europe/Paris`, token)));
        list.push(...(await timedGets(`${content.url}/api/content`, token)));
      }
      const health = await timedGets(`${content.url}/health`, token);
      const listP95 = percentile(list, 95);
      const coldP95 = percentile(afterChange, 95);
      const warmP95 = percentile(repeated, 95);
      const baseline = `GET /api/content (200 items) p95 ${listP95.toFixed(1)} ms, p50 ${percentile(list, 50).toFixed(1)} ms; /health p95 ${percentile(health, 95).toFixed(1)} ms`;
      const figures: Figure[] = [
        {
          benchmark: 'insights',
          metric: `GET /api/insights p95 after a change, ${POSTS.toLocaleString('en-US')} posts`,
          value: Number(coldP95.toFixed(1)),
          unit: `ms (p50 ${percentile(afterChange, 50).toFixed(1)} ms, ${afterChange.length} calls; ${(coldP95 / listP95).toFixed(2)} x the list)`,
          baseline,
          target: `<= ${COLD_TARGET} x the list's p95`,
          pass: coldP95 <= COLD_TARGET * listP95,
        },
        {
          benchmark: 'insights',
          metric: `GET /api/insights p95 read again, ${POSTS.toLocaleString('en-US')} posts`,
          value: Number(warmP95.toFixed(1)),
          unit: `ms (p50 ${percentile(repeated, 50).toFixed(1)} ms, ${repeated.length} calls; ${(warmP95 / listP95).toFixed(2)} x the list)`,
          baseline,
          target: `<= ${WARM_TARGET} x the list's p95`,
          pass: warmP95 <= WARM_TARGET * listP95,
        },
        {
          benchmark: 'insights',
          metric: 'first read, rows rebuilt from the items',
          value: Number(rebuildMs.toFixed(0)),
          unit: `ms (once per member; seeding took ${seedSeconds.toFixed(0)} s)`,
        },
      ];
      return figures;
    } finally {
      await content.stop();
      await quota.stop();
      await cleanupNamespace(ns);
    }
  },
};
