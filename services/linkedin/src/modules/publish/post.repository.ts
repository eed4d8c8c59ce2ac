import type { Connection, Model } from 'mongoose';
import type { Engagement } from '@postwright/contracts';
import { postModel, type PostRecord, type PostState } from './post.model';

export type StoredPost = Omit<PostRecord, '_id'> & { id: string };
export type NewPostAttempt = Pick<PostRecord, 'key' | 'userId' | 'contentId' | 'contentType' | 'requestId' | 'memberUrn' | 'visibility'>;

type Lean = PostRecord;

function plain(doc: Lean): StoredPost;
function plain(doc: Lean | null): StoredPost | null;
function plain(doc: Lean | null): StoredPost | null {
  if (!doc) return null;
  const { _id, ...rest } = doc;
  return { ...rest, id: _id };
}

function isDuplicateKey(error: unknown): boolean {
  return (error as { code?: number })?.code === 11000;
}

/** mongoose in, plain objects out. Every state change is one conditional single-document update. */
export class PostRepository {
  private readonly model: Model<PostRecord>;

  constructor(conn: Connection) {
    this.model = postModel(conn);
  }

  /** Stores the attempt before LinkedIn is called; null when its key exists already. */
  async insertAttempt(attempt: NewPostAttempt): Promise<StoredPost | null> {
    try {
      const doc = await this.model.create({ _id: attempt.key, ...attempt, state: 'pending' });
      return plain(doc.toObject() as Lean);
    } catch (error) {
      if (isDuplicateKey(error)) return null;
      throw error;
    }
  }

  async findByKey(key: string): Promise<StoredPost | null> {
    return plain(await this.model.findById(key).lean<Lean>());
  }

  /** An attempt for the item still marked as being sent (its process died mid-call), if any. */
  async findSending(contentId: string): Promise<StoredPost | null> {
    return plain(await this.model.findOne({ contentId, state: 'sending' }).lean<Lean>());
  }

  /** The member's published record of a LinkedIn post, if one of their items holds it. */
  async findPublishedByUrn(userId: string, linkedInPostId: string): Promise<StoredPost | null> {
    return plain(await this.model.findOne({ userId, state: 'published', linkedInPostId }).lean<Lean>());
  }

  /** Moves an attempt between states only from the expected ones; null when it was elsewhere. */
  async transition(id: string, from: PostState[], set: Partial<PostRecord> & { state: PostState }): Promise<StoredPost | null> {
    return plain(await this.model.findOneAndUpdate({ _id: id, state: { $in: from } }, { $set: set }, { returnDocument: 'after' }).lean<Lean>());
  }

  async listPublished(userId: string, page: number, limit: number): Promise<{ posts: StoredPost[]; total: number }> {
    const filter = { userId, state: 'published' as const };
    const [docs, total] = await Promise.all([
      this.model
        .find(filter)
        .sort({ publishedAt: -1, _id: -1 })
        .skip((page - 1) * limit)
        .limit(limit)
        .lean<Lean[]>(),
      this.model.countDocuments(filter),
    ]);
    return { posts: docs.map((d) => plain(d)), total };
  }

  async recentPublished(userId: string, since: Date): Promise<StoredPost[]> {
    const docs = await this.model
      .find({ userId, state: 'published', publishedAt: { $gte: since } })
      .sort({ publishedAt: -1 })
      .limit(200)
      .lean<Lean[]>();
    return docs.map((d) => plain(d));
  }

  async setEngagement(id: string, engagement: Engagement, checkedAt: Date): Promise<void> {
    await this.model.updateOne({ _id: id }, { $set: { engagement, engagementCheckedAt: checkedAt } });
  }

  /** Engagement read again and unchanged: only when it was read moves (the poll schedule counts from it). */
  async markEngagementRead(id: string, checkedAt: Date): Promise<void> {
    await this.model.updateOne({ _id: id }, { $set: { engagementCheckedAt: checkedAt } });
  }

  async deleteByUser(userId: string): Promise<number> {
    return (await this.model.deleteMany({ userId })).deletedCount;
  }

  async countByUser(userId: string): Promise<number> {
    return this.model.countDocuments({ userId });
  }
}
