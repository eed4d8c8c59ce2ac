import { hookStyleOrUnknownSchema, postTextOf, type EventPayload, type HookStyleOrUnknown, type InsightsQuery, type InsightsResponse } from '@postwright/contracts';
import { AppError, type Logger } from '@postwright/platform';
import type { InsightRow, InsightsRepository, PublishedItemFields } from './insights.repository';
import { canonicalTimeZone, insights, lengthBandOf, RECENT_POSTS } from './insights.stats';

const DAY_MS = 86_400_000;
const RANGE_DAYS = { '30d': 30, '90d': 90, '365d': 365, all: null } as const;

/** The chosen hook's style as stored; items from before hooks had styles read `unknown`. */
export function hookStyleOf(item: Pick<PublishedItemFields, 'selectedHookStyle' | 'selectedHook' | 'hooks' | 'hookStyles'>): HookStyleOrUnknown {
  const stored = hookStyleOrUnknownSchema.safeParse(item.selectedHookStyle);
  if (stored.success) return stored.data;
  // an item stored before the chosen style was kept beside the hook: its style by the hook's place
  const at = item.selectedHook !== null && Array.isArray(item.hooks) ? item.hooks.indexOf(item.selectedHook) : -1;
  const byPlace = at >= 0 && Array.isArray(item.hookStyles) ? hookStyleOrUnknownSchema.safeParse(item.hookStyles[at]) : null;
  return byPlace?.success ? byPlace.data : 'unknown';
}

/** The row a published item stands for; null while it has no publication time. */
export function rowOf(item: PublishedItemFields): InsightRow | null {
  if (!item.publishedAt) return null;
  const length = postTextOf(item).length;
  return {
    contentId: item.id,
    userId: item.userId,
    contentType: item.contentType,
    hookStyle: hookStyleOf(item),
    length,
    lengthBand: lengthBandOf(length),
    publishedAt: item.publishedAt,
    figures: item.engagement,
    measuredAt: item.engagement ? item.engagementAt : null,
  };
}

/**
 * What each member's published posts earned, by type, hook style, length and time. The rows
 * are kept as items are published, measured and deleted (published, engagement, deleted); a
 * read goes over the member's rows in the range only.
 */
export function insightsUseCases(deps: { repo: InsightsRepository; logger: Logger; now?: () => Date }) {
  const { repo, logger } = deps;
  const now = deps.now ?? (() => new Date());
  /** members whose rows are known to be rebuilt, so a read asks the database once per process */
  const rebuilt = new Set<string>();
  const rebuilding = new Map<string, Promise<void>>();

  /**
   * Makes the rows of the member's posts published before rows were kept, once per member: the
   * rows are only inserted where missing, then those whose item was deleted meanwhile (its
   * content.deleted handled before the row existed) are removed again.
   */
  async function rebuild(userId: string): Promise<number> {
    const rows = (await repo.publishedItems(userId)).flatMap((item) => rowOf(item) ?? []);
    await Promise.all(rows.map((row) => repo.insert(row)));
    const live = await repo.liveItemIds(rows.map((r) => r.contentId));
    await repo.removeMany(rows.map((r) => r.contentId).filter((id) => !live.has(id)));
    await repo.markRebuilt(userId, now());
    return rows.length;
  }

  async function ensureRebuilt(userId: string): Promise<void> {
    if (rebuilt.has(userId)) return;
    let running = rebuilding.get(userId);
    if (!running) {
      running = (async () => {
        if (!(await repo.isRebuilt(userId))) {
          const started = Date.now();
          const count = await rebuild(userId);
          logger.info({ userId, posts: count, ms: Date.now() - started }, 'insights rows rebuilt from the member\'s published items');
        }
        // bounded: a process that has seen very many members asks the database again
        if (rebuilt.size >= 100_000) rebuilt.clear();
        rebuilt.add(userId);
      })().finally(() => rebuilding.delete(userId));
      rebuilding.set(userId, running);
    }
    await running;
  }

  return {
    /** An item was settled as published (or a report repeated it): its row, once. */
    async published(item: PublishedItemFields): Promise<void> {
      const row = rowOf(item);
      if (row) await repo.insert(row);
    },

    /** Newer figures replace older ones, as on the item; a report for a row that is not there changes nothing. */
    async engagement(event: EventPayload<'linkedin.engagement.updated'>, measuredAt: Date): Promise<void> {
      const { contentId, userId, likes, comments, reposts, impressions } = event;
      await repo.setFigures(contentId, userId, { likes, comments, reposts, impressions }, measuredAt);
    },

    async deleted(event: EventPayload<'content.deleted'>): Promise<void> {
      await repo.remove(event.contentId, event.userId);
    },

    rebuild,

    /** The member's figures over the range, read in the time zone asked for. */
    async read(userId: string, query: InsightsQuery): Promise<InsightsResponse> {
      const timeZone = canonicalTimeZone(query.tz || 'UTC');
      if (!timeZone) throw AppError.of('INSIGHTS.INVALID_TIME_ZONE', { details: { tz: 'Unknown time zone' } });
      await ensureRebuilt(userId);
      const to = now();
      const days = RANGE_DAYS[query.range];
      const from = days === null ? null : new Date(to.getTime() - days * DAY_MS);
      const posts = await repo.statsRows(userId, query.range, from);
      // the range holds the newest posts, so its last ten are the member's last ten when it has that many
      const recentTypes =
        posts.length >= RECENT_POSTS
          ? [...posts].sort((a, b) => b.publishedAt.getTime() - a.publishedAt.getTime()).slice(0, RECENT_POSTS).map((p) => p.contentType)
          : await repo.recentTypes(userId, RECENT_POSTS);
      return insights({ range: query.range, timeZone, from, to, posts, recentTypes });
    },
  };
}

export type InsightsUseCases = ReturnType<typeof insightsUseCases>;
