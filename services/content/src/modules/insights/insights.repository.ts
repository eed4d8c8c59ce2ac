import type { ContentType } from '@postwright/contracts';
import { Batcher, BULK_WRITE_MAX } from '@postwright/platform';
import type { ContentModel } from '../content/content.model';
import type { InsightMemberModel, InsightPostDocument, InsightPostModel } from './insights.model';
import type { RowsCache } from './insights.rows-cache';

export interface Figures {
  likes: number;
  comments: number;
  reposts: number;
  impressions: number;
}

/** One published post's row: the stored document with the item's id by name and its figures together. */
export type InsightRow = Pick<InsightPostDocument, 'userId' | 'contentType' | 'hookStyle' | 'length' | 'lengthBand' | 'publishedAt' | 'measuredAt'> & {
  contentId: string;
  figures: Figures | null;
};

/** What a read of the statistics takes from a row. */
export type StatsRow = Pick<InsightRow, 'contentType' | 'hookStyle' | 'lengthBand' | 'publishedAt' | 'figures'>;

/** A published item as stored, with the fields a row is made from (the hook's style when the item has one). */
export interface PublishedItemFields {
  id: string;
  userId: string;
  contentType: ContentType;
  generatedContent: string;
  finalContent: string | null;
  selectedHook: string | null;
  hooks?: string[] | null;
  hookStyles?: unknown;
  selectedHookStyle?: unknown;
  publishedAt: Date | null;
  engagement: Figures | null;
  engagementAt: Date | null;
}

/** ids per read by _id: well inside SQLite's limit on a statement's parameters */
const ID_READ_MAX = 500;

const STATS_FIELDS = { _id: 0, contentType: 1, hookStyle: 1, lengthBand: 1, publishedAt: 1, likes: 1, comments: 1, impressions: 1, measuredAt: 1 } as const;

type StatsDoc = Pick<InsightPostDocument, 'contentType' | 'hookStyle' | 'lengthBand' | 'publishedAt' | 'likes' | 'comments' | 'impressions' | 'measuredAt'>;

function toStatsRow(doc: StatsDoc): StatsRow {
  return {
    contentType: doc.contentType,
    hookStyle: doc.hookStyle,
    lengthBand: doc.lengthBand,
    publishedAt: doc.publishedAt,
    // reposts are kept on the row but no statistic reads them
    figures: doc.measuredAt ? { likes: doc.likes ?? 0, comments: doc.comments ?? 0, reposts: 0, impressions: doc.impressions ?? 0 } : null,
  };
}

/**
 * The insights' rows (insight_posts), and the rebuild's one read of a member's published items.
 * Rows are keyed by the item's id, so every report's write is a lookup by _id.
 */
/**
 * `cache`: the copies of members' rows that reads use (insights.rows-cache); whatever changes rows
 * beside the service must pass it too, or the service reads copies made before the change.
 */
export function insightsRepository(deps: { posts: InsightPostModel; members: InsightMemberModel; items: ContentModel; cache?: RowsCache }) {
  const { posts, members, items, cache } = deps;

  /**
   * A row is written once, as its item was published: the fields it is made of never change
   * after publication, and newer figures come through setFigures, so a second write of the same
   * row (a repeated report, a rebuild) changes nothing.
   */
  const inserts = new Batcher<InsightRow, void>(
    async (rows) => {
      await posts.bulkWrite(
        rows.map((row) => ({
          updateOne: {
            filter: { _id: row.contentId },
            update: {
              $setOnInsert: {
                userId: row.userId,
                contentType: row.contentType,
                hookStyle: row.hookStyle,
                length: row.length,
                lengthBand: row.lengthBand,
                publishedAt: row.publishedAt,
                // an unmeasured row has no figure fields at all (FerretDB drops nulls from an upsert's
                // $setOnInsert; a missing field matches `null` in every filter either way)
                ...(row.figures && row.measuredAt ? { ...row.figures, measuredAt: row.measuredAt } : {}),
              },
            },
            upsert: true,
          },
        })),
        { ordered: false },
      );
      // told even when the rows were there already: a retry after a lost notice must notify again
      await cache?.changed(rows.map((r) => r.userId));
      return rows.map(() => undefined);
    },
    // a burst of scheduled posts settling together shares its writes
    { maxBatch: BULK_WRITE_MAX, maxConcurrent: 1 },
  );

  return {
    insert: (row: InsightRow): Promise<void> => inserts.submit(row),

    /** Newer figures replace older ones; true when written. */
    async setFigures(contentId: string, userId: string, figures: Figures, measuredAt: Date): Promise<boolean> {
      const result = await posts.updateOne(
        { _id: contentId, userId, $or: [{ measuredAt: null }, { measuredAt: { $lt: measuredAt } }] },
        { $set: { ...figures, measuredAt } },
      );
      await cache?.changed([userId]);
      return result.modifiedCount === 1;
    },

    async remove(contentId: string, userId: string): Promise<void> {
      await posts.deleteOne({ _id: contentId, userId });
      await cache?.changed([userId]);
    },

    async removeMany(contentIds: readonly string[]): Promise<void> {
      for (let i = 0; i < contentIds.length; i += BULK_WRITE_MAX) {
        const ids = contentIds.slice(i, i + BULK_WRITE_MAX);
        const owners = await posts.find({ _id: { $in: ids } }, { userId: 1 }).lean<Array<{ userId: string }>>();
        await posts.deleteMany({ _id: { $in: ids } });
        await cache?.changed(owners.map((o) => o.userId));
      }
    },

    /**
     * The member's rows published at or after `from` (all of them for null), only the fields the
     * statistics read: one indexed read, or the copy of it made since the member's rows last
     * changed (`range` names the copy; a copy is filtered by `from` again, as time moves on).
     */
    async statsRows(userId: string, range: string, from: Date | null): Promise<StatsRow[]> {
      const load = async () => {
        const docs = await posts.find({ userId, ...(from ? { publishedAt: { $gte: from } } : {}) }, STATS_FIELDS).lean<StatsDoc[]>();
        return docs.map(toStatsRow);
      };
      const rows = cache ? await cache.rows(userId, range, load) : await load();
      return from ? rows.filter((r) => r.publishedAt >= from) : rows;
    },

    /** The types of the member's last posts, newest first. */
    async recentTypes(userId: string, limit: number): Promise<ContentType[]> {
      const docs = await posts.find({ userId }, { _id: 0, contentType: 1 }).sort({ publishedAt: -1 }).limit(limit).lean<Array<{ contentType: ContentType }>>();
      return docs.map((d) => d.contentType);
    },

    async isRebuilt(userId: string): Promise<boolean> {
      return (await members.exists({ _id: userId })) !== null;
    },

    async markRebuilt(userId: string, at: Date): Promise<void> {
      await members.updateOne({ _id: userId }, { $setOnInsert: { rebuiltAt: at } }, { upsert: true });
    },

    /** The member's published, undeleted items: the fields a row is made from, never the previous versions. */
    async publishedItems(userId: string): Promise<PublishedItemFields[]> {
      const docs = await items
        .find(
          { userId, status: 'published', deletedAt: null },
          { userId: 1, contentType: 1, generatedContent: 1, finalContent: 1, selectedHook: 1, hooks: 1, hookStyles: 1, selectedHookStyle: 1, publishedAt: 1, engagement: 1, engagementAt: 1 },
        )
        .lean<Array<Omit<PublishedItemFields, 'id'> & { _id: { toHexString(): string } }>>();
      return docs.map(({ _id, ...rest }) => ({ ...rest, id: _id.toHexString(), finalContent: rest.finalContent ?? null, selectedHook: rest.selectedHook ?? null, engagement: rest.engagement ?? null, engagementAt: rest.engagementAt ?? null }));
    },

    /** Which of these items are still there (not deleted, not being deleted). */
    async liveItemIds(ids: readonly string[]): Promise<Set<string>> {
      const found = new Set<string>();
      for (let i = 0; i < ids.length; i += ID_READ_MAX) {
        const docs = await items.find({ _id: { $in: ids.slice(i, i + ID_READ_MAX) }, deletedAt: null }, { _id: 1 }).lean<Array<{ _id: { toHexString(): string } }>>();
        for (const d of docs) found.add(d._id.toHexString());
      }
      return found;
    },
  };
}

export type InsightsRepository = ReturnType<typeof insightsRepository>;
