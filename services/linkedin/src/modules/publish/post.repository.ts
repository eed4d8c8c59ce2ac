import type { Connection, Model } from 'mongoose';
import { Batcher, BULK_WRITE_MAX } from '@postwright/platform';
import type { Engagement } from '@postwright/contracts';
import { postModel, type PostRecord, type PostState } from './post.model';

export type StoredPost = Omit<PostRecord, '_id'> & { id: string };
export type NewPostAttempt = Pick<PostRecord, 'key' | 'userId' | 'contentId' | 'contentType' | 'requestId' | 'memberUrn' | 'visibility'>;
/** A new attempt's first state: pending, or sending when LinkedIn is called right after it is stored. */
export type FirstState = { state: 'pending' } | { state: 'sending'; sentAt: Date };

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

/** A state change: from the expected states only. */
interface Transition {
  id: string;
  from: PostState[];
  set: Partial<PostRecord> & { state: PostState };
}

/**
 * mongoose in, plain objects out. Every state change is a conditional single-document update;
 * those made at the same moment (a burst of scheduled posts: many publishes in flight at once)
 * go to the store together, as one insert and one bulk update per round (group commit: under no
 * load each goes at once, alone), instead of one round trip each.
 */
export class PostRepository {
  private readonly model: Model<PostRecord>;
  private readonly inserts: Batcher<NewPostAttempt & FirstState, StoredPost | null>;
  private readonly moves: Batcher<Transition, void>;

  constructor(conn: Connection) {
    this.model = postModel(conn);
    this.inserts = new Batcher((attempts) => this.insertBatch(attempts), { maxBatch: BULK_WRITE_MAX, maxConcurrent: 1 });
    this.moves = new Batcher((changes) => this.moveBatch(changes), { maxBatch: BULK_WRITE_MAX, maxConcurrent: 1 });
  }

  /** Stores the attempt before LinkedIn is called; null when its key exists already. */
  insertAttempt(attempt: NewPostAttempt, first: FirstState = { state: 'pending' }): Promise<StoredPost | null> {
    return this.inserts.submit({ ...attempt, ...first });
  }

  private async insertBatch(attempts: Array<NewPostAttempt & FirstState>): Promise<Array<StoredPost | null>> {
    const docs = attempts.map((attempt) => new this.model({ _id: attempt.key, ...attempt }));
    const refused = new Set<number>();
    try {
      await this.model.insertMany(docs, { ordered: false });
    } catch (error) {
      const writeErrors = (error as { writeErrors?: Array<{ index: number; code?: number; err?: { code?: number } }> }).writeErrors;
      // only duplicate keys are expected (a redelivery, two requests racing); anything else fails the batch
      if (!writeErrors?.length || !writeErrors.every((e) => isDuplicateKey(e) || isDuplicateKey(e.err))) throw error;
      for (const e of writeErrors) refused.add(e.index);
    }
    return docs.map((doc, i) => (refused.has(i) ? null : plain(doc.toObject() as Lean)));
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

  /** When the item's first attempt was sent to LinkedIn; null when none was. */
  async firstSentAt(contentId: string): Promise<Date | null> {
    const first = await this.model.findOne({ contentId, sentAt: { $ne: null } }, { sentAt: 1 }).sort({ sentAt: 1 }).lean<Pick<Lean, 'sentAt'>>();
    return first?.sentAt ?? null;
  }

  /** Moves an attempt between states only from the expected ones; null when it was elsewhere. */
  async transition(id: string, from: PostState[], set: Partial<PostRecord> & { state: PostState }): Promise<StoredPost | null> {
    return plain(await this.model.findOneAndUpdate({ _id: id, state: { $in: from } }, { $set: set }, { returnDocument: 'after' }).lean<Lean>());
  }

  /**
   * transition() for the steps of a send (sending, then its outcome), whose callers need nothing
   * back: a change made only from the expected states, grouped with the others made meanwhile
   * into one bulk write (an attempt elsewhere is left as it is).
   */
  move(id: string, from: PostState[], set: Partial<PostRecord> & { state: PostState }): Promise<void> {
    return this.moves.submit({ id, from, set });
  }

  private async moveBatch(changes: Transition[]): Promise<void[]> {
    await this.model.bulkWrite(
      changes.map(({ id, from, set }) => ({ updateOne: { filter: { _id: id, state: { $in: from } }, update: { $set: set } } })),
      { ordered: false },
    );
    return changes.map(() => undefined);
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
