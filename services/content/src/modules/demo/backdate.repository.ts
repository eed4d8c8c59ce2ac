import { Types } from 'mongoose';
import type { ContentModel } from '../content/content.model';
import type { InsightPostModel } from '../insights/insights.model';

/**
 * The stored times a backdate moves: a member's published, undeleted items, and the insights'
 * row of each (keyed by the item's id), which keeps the time the post was published.
 */
export function backdateRepository(models: { items: ContentModel; insightPosts: InsightPostModel }) {
  const { items, insightPosts } = models;
  const published = (userId: string, ids: readonly string[]) => ({
    _id: { $in: ids.filter((id) => Types.ObjectId.isValid(id) && /^[a-f0-9]{24}$/i.test(id)).map((id) => new Types.ObjectId(id)) },
    userId,
    status: 'published' as const,
    deletedAt: null,
  });

  return {
    /** Which of these ids are the member's published posts. */
    async publishedIds(userId: string, ids: readonly string[]): Promise<Set<string>> {
      const docs = await items.find(published(userId, ids), { _id: 1 }).lean<Array<{ _id: Types.ObjectId }>>();
      return new Set(docs.map((d) => d._id.toHexString()));
    },

    /**
     * Sets each post's publication time on its item and its insights row, in place: the rest of
     * both (figures that may arrive meanwhile) stays as it is. A row not made yet is made later
     * from its item, with the new time.
     */
    async setPublishedAt(userId: string, posts: ReadonlyArray<{ contentId: string; publishedAt: Date }>): Promise<{ items: number; rows: number }> {
      if (!posts.length) return { items: 0, rows: 0 };
      const dated = await items.bulkWrite(
        posts.map((p) => ({ updateOne: { filter: published(userId, [p.contentId]), update: { $set: { publishedAt: p.publishedAt } } } })),
        { ordered: false },
      );
      const rows = await insightPosts.bulkWrite(
        posts.map((p) => ({ updateOne: { filter: { _id: p.contentId, userId }, update: { $set: { publishedAt: p.publishedAt } } } })),
        { ordered: false },
      );
      return { items: dated.matchedCount, rows: rows.matchedCount };
    },
  };
}

export type BackdateRepository = ReturnType<typeof backdateRepository>;
