import { Redis } from 'ioredis';
import { DEFAULT_REDIS_URL } from '@postwright/platform';
import { deleteRedisKeys, http, testNamespace } from '@postwright/platform/src/testing';
import type { EventProbe } from '@postwright/platform/src/testing/events';
import { rowsCache } from '../src/modules/insights/insights.rows-cache';
import type { StatsRow } from '../src/modules/insights/insights.repository';
import { fileStack } from './support/file-stack';
import type { Stack } from './support/stack';
import { drained, figures, getInsights, publishedPost, rows } from './insights.support';

const row = (overrides: Partial<StatsRow> = {}): StatsRow => ({
  contentType: 'framework',
  hookStyle: 'unknown',
  lengthBand: 'long',
  publishedAt: new Date('2026-11-20T09:15:00.000Z'),
  figures: { likes: 7, comments: 2, reposts: 0, impressions: 310 },
  ...overrides,
});

/** The copies of a member's rows that repeated reads use, and what makes them stale. */
describe('insights: copies of the rows for repeated reads', () => {
  const url = process.env.REDIS_URL ?? DEFAULT_REDIS_URL;
  const prefix = testNamespace();
  let redis: Redis;

  beforeAll(() => {
    redis = new Redis(url);
  });
  afterAll(async () => {
    await deleteRedisKeys(url, prefix);
    await redis.quit();
  });

  test('when the rows were read once and nothing changed, then the next read is the copy, figures and all', async () => {
    const cache = rowsCache(redis, prefix);
    const stored = [row(), row({ contentType: 'story', hookStyle: 'question', lengthBand: 'short', figures: null })];
    let loads = 0;
    const load = async () => {
      loads++;
      return stored;
    };
    expect(await cache.rows('m1', '90d', load)).toEqual(stored);
    expect(await cache.rows('m1', '90d', load)).toEqual([row(), { ...stored[1] }]);
    expect(loads).toBe(1);
    // another range is another copy
    await cache.rows('m1', 'all', load);
    expect(loads).toBe(2);
  });

  test('when the member\'s rows change while a copy is being made, then that copy is never read', async () => {
    const cache = rowsCache(redis, prefix);
    let release!: () => void;
    let loading!: () => void;
    const loadStarted = new Promise<void>((resolve) => (loading = resolve));
    const slow = cache.rows('m2', '90d', () => {
      loading();
      return new Promise<StatsRow[]>((resolve) => (release = () => resolve([row()])));
    });
    await loadStarted;
    await cache.changed(['m2']);
    release();
    expect(await slow).toEqual([row()]);

    expect(await cache.rows('m2', '90d', async () => [])).toEqual([]);
  });

  test('when Redis cannot be reached, then reads go to the database and a change says it was not recorded', async () => {
    const gone = new Redis(url);
    await gone.quit();
    const cache = rowsCache(gone, prefix);
    expect(await cache.rows('m3', '90d', async () => [row()])).toEqual([row()]);
    await expect(cache.changed(['m3'])).rejects.toThrow();
  });
});

describe('insights: the service reads the copy until the member\'s rows change', () => {
  let stack: Stack;
  let probe: EventProbe;

  fileStack([], (started) => {
    ({ stack, probe } = started);
  });

  test('when a row goes behind the service\'s back, then reads keep the copy; the next figures reported make them read the rows again', async () => {
    const member = await stack.user({ tier: 'premium' });
    const kept = await publishedPost(stack, member, { contentType: 'framework' });
    const lost = await publishedPost(stack, member, { contentType: 'story' });
    expect(await getInsights(stack, member)).toMatchObject({ posts: 2, measured: 0 });

    await rows(stack).deleteOne({ _id: lost });
    expect(await getInsights(stack, member)).toMatchObject({ posts: 2 });

    await figures(probe, member, kept, { likes: 9, comments: 3 });
    await drained(probe);
    expect(await getInsights(stack, member)).toMatchObject({ posts: 1, measured: 1 });
  });

  test('when another member\'s rows change, then this member\'s copy stands', async () => {
    const [one, two] = [await stack.user({ tier: 'premium' }), await stack.user({ tier: 'premium' })];
    const id = await publishedPost(stack, one);
    expect(await getInsights(stack, one)).toMatchObject({ posts: 1 });
    await rows(stack).updateOne({ _id: id }, { $set: { contentType: 'insight' } });
    await publishedPost(stack, two);

    const res = await http(stack.content.url, 'GET', '/api/insights', { token: one.token });
    expect(res.body.byType.find((g: { contentType: string }) => g.contentType === 'story')).toMatchObject({ posts: 1 });
  });
});
