import { randomUUID } from 'node:crypto';
import { contentTypes, hookStyleOrUnknownSchema, lengthBands } from '@postwright/contracts';
import type { Redis } from '@postwright/platform';
import type { StatsRow } from './insights.repository';

/** a member's generation outlives any copy made under it, so an expired generation cannot bring an old copy back */
const GENERATION_TTL_SECONDS = 7 * 86_400;
const COPY_TTL_SECONDS = 6 * 3_600;

const hookStyleNames = hookStyleOrUnknownSchema.options;
/** a row as a short array: the names' places in the contracts' lists, the time, and the figures when measured */
type Packed = [type: number, hookStyle: number, band: number, publishedAt: number, likes?: number, comments?: number, impressions?: number];

const pack = (rows: readonly StatsRow[]) =>
  JSON.stringify(
    rows.map((r): Packed => {
      const [type, hookStyle, band, at] = [contentTypes.indexOf(r.contentType), hookStyleNames.indexOf(r.hookStyle), lengthBands.indexOf(r.lengthBand), r.publishedAt.getTime()];
      return r.figures ? [type, hookStyle, band, at, r.figures.likes, r.figures.comments, r.figures.impressions] : [type, hookStyle, band, at];
    }),
  );

const unpack = (text: string): StatsRow[] =>
  (JSON.parse(text) as Packed[]).map(([type, hookStyle, band, publishedAt, likes, comments, impressions]) => ({
    contentType: contentTypes[type],
    hookStyle: hookStyleNames[hookStyle],
    lengthBand: lengthBands[band],
    publishedAt: new Date(publishedAt),
    figures: likes === undefined ? null : { likes, comments: comments!, reposts: 0, impressions: impressions! },
  }));

/**
 * Copies of a member's rows for a range, in Redis, so repeated reads (the insights page, the
 * generator, the dashboard and the schedule dialog of one visit) skip the database. Each copy is
 * stored under the member's current generation, a random token that every change of the
 * member's rows replaces: a copy made before a change is never read after it, and a copy being
 * made while a change lands is stored under the generation it began in. Redis failing costs
 * only the copy: reads go to the database.
 */
export function rowsCache(redis: Redis, keyPrefix: string) {
  const generationKey = (userId: string) => `${keyPrefix}insights:generation:${userId}`;
  const copyKey = (userId: string, generation: string, range: string) => `${keyPrefix}insights:rows:${userId}:${generation}:${range}`;

  async function generation(userId: string): Promise<string | null> {
    try {
      const current = await redis.get(generationKey(userId));
      if (current) return current;
      const fresh = randomUUID();
      await redis.set(generationKey(userId), fresh, 'EX', GENERATION_TTL_SECONDS, 'NX');
      return await redis.get(generationKey(userId));
    } catch {
      return null;
    }
  }

  return {
    /** The member's rows for the range: the copy of their current generation, or `load`'s, then kept. */
    async rows(userId: string, range: string, load: () => Promise<StatsRow[]>): Promise<StatsRow[]> {
      const current = await generation(userId);
      if (!current) return load();
      const key = copyKey(userId, current, range);
      const copy = await redis.get(key).catch(() => null);
      if (copy !== null) return unpack(copy);
      const rows = await load();
      await redis.set(key, pack(rows), 'EX', COPY_TTL_SECONDS).catch(() => undefined);
      return rows;
    },

    /** After the members' rows changed: their copies are not read again. Throws when Redis does not take it, so the change is retried. */
    async changed(userIds: Iterable<string>): Promise<void> {
      const members = [...new Set(userIds)];
      if (!members.length) return;
      const pipeline = redis.pipeline();
      for (const userId of members) pipeline.set(generationKey(userId), randomUUID(), 'EX', GENERATION_TTL_SECONDS);
      const results = (await pipeline.exec()) ?? [];
      const failed = results.find(([error]) => error);
      if (failed) throw failed[0];
    },
  };
}

export type RowsCache = ReturnType<typeof rowsCache>;
