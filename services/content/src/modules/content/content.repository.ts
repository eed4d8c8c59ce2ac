import { isValidObjectId, Types } from 'mongoose';
import type { ContentStatus, GenerationInputs } from '@postwright/contracts';
import { Batcher, BULK_WRITE_MAX } from '@postwright/platform';
import type { ContentDocument, ContentModel, ContentVersion } from './content.model';
import { toRecord, valueAt, versionFilter, versionOf, type Lean } from './content.records';

export { versionOf } from './content.records';

/** A stored content item as a plain object. */
export interface ContentRecord extends ContentDocument {
  id: string;
}

export type NewContent = Omit<
  ContentDocument,
  | 'previous'
  | 'freeRegenerationsTaken'
  | 'freeRegenerationHolds'
  | 'previousIsNewer'
  | 'status'
  | 'selectedHook'
  | 'selectedHookStyle'
  | 'finalContent'
  | 'scheduledFor'
  | 'publishedAt'
  | 'linkedinPostId'
  | 'linkedinPostUrl'
  | 'engagement'
  | 'engagementAt'
  | 'lastPublishError'
  | 'publishUnconfirmed'
  | 'deletedAt'
  | 'createdAt'
  | 'updatedAt'
>;

/** One field of the generation form, by its stored path ("inputs.targetAudience"). */
export type InputChanges = { [K in keyof GenerationInputs as `inputs.${K}`]?: GenerationInputs[K] };

/** Fields a conditional update may set. */
/** A conditional update of one item, with the item as its writer read it. */
export interface ConditionalUpdate {
  id: string;
  userId: string;
  condition: ContentCondition;
  changes: ContentChanges;
  before: ContentRecord;
}

export type ContentChanges = Partial<
  Pick<
    ContentDocument,
    | 'status'
    | 'scheduledFor'
    | 'publishedAt'
    | 'linkedinPostId'
    | 'linkedinPostUrl'
    | 'lastPublishError'
    | 'publishUnconfirmed'
    | 'finalContent'
    | 'selectedHook'
    | 'selectedHookStyle'
    | 'topic'
  >
> &
  InputChanges;

/** What the stored item must look like for a conditional update to apply. */
export interface ContentCondition {
  statusIn: readonly ContentStatus[];
  /** when given, the stored scheduledFor must equal it (null: not scheduled) */
  scheduledFor?: Date | null;
  /** when given, the stored selectedHook must equal it (null: none chosen) */
  selectedHook?: string | null;
}

export type UpdateOutcome =
  | { outcome: 'updated'; record: ContentRecord }
  /** the item already had these values: nothing written (a repeated request or event) */
  | { outcome: 'unchanged'; record: ContentRecord }
  /** the item exists but does not meet the condition */
  | { outcome: 'conflict'; record: ContentRecord }
  | { outcome: 'not_found'; record: null };

export type VersionOutcome =
  | { outcome: 'updated'; record: ContentRecord }
  /** the item is not a draft (or not of the expected type) */
  | { outcome: 'conflict'; record: ContentRecord }
  /** restore was asked of a draft that has no previous version */
  | { outcome: 'no_previous'; record: ContentRecord }
  /** the draft kept changing under the swap (autosaves racing it); nothing was written */
  | { outcome: 'contended'; record: ContentRecord }
  | { outcome: 'not_found'; record: null };

export interface Engagement {
  likes: number;
  comments: number;
  reposts: number;
  impressions: number;
}

/** A free run's key is a path inside the item: no dots, no dollar signs. */
const FREE_RUN_KEY = /^[a-f0-9]{32}$/;

/** a few rounds are plenty: only the author's own autosaves write to a draft */
const SWAP_ATTEMPTS = 5;


function sameValue(a: unknown, b: unknown): boolean {
  if (a instanceof Date || b instanceof Date) {
    return a instanceof Date && b instanceof Date ? a.getTime() === b.getTime() : false;
  }
  return (a ?? null) === (b ?? null);
}

/**
 * Every write is a single-document conditional update (FerretDB has no transactions): the
 * condition and the change travel together, so concurrent writers cannot interleave.
 */
export function contentRepository(model: ContentModel) {
  const objectId = (id: string) => (isValidObjectId(id) && /^[a-f0-9]{24}$/i.test(id) ? new Types.ObjectId(id) : null);
  const visible = (id: Types.ObjectId, userId: string) => ({ _id: id, userId, deletedAt: null });

  /**
   * Rewrites a draft's versions from what it holds now: read, decide, then write only if the
   * draft still holds exactly what was read (else read again).
   */
  async function swap(
    id: string,
    userId: string,
    decide: (current: ContentRecord) => Record<string, unknown> | 'conflict' | 'no_previous',
    unset: readonly string[] = [],
  ): Promise<VersionOutcome> {
    const _id = objectId(id);
    if (!_id) return { outcome: 'not_found', record: null };
    let record: ContentRecord | null = null;
    for (let attempt = 0; attempt < SWAP_ATTEMPTS; attempt++) {
      const current = await model.findOne(visible(_id, userId)).lean<Lean>();
      if (!current) return { outcome: 'not_found', record: null };
      record = toRecord(current);
      if (record.status !== 'draft') return { outcome: 'conflict', record };
      const decision = decide(record);
      if (decision === 'conflict' || decision === 'no_previous') return { outcome: decision, record };
      const filter: Record<string, unknown> = {
        ...visible(_id, userId),
        status: 'draft',
        ...versionFilter(versionOf(record)),
        ...versionFilter(record.previous, 'previous.'),
        // two swaps of identical texts still flip which one is the newer once each (items from before the field have none)
        previousIsNewer: record.previousIsNewer ? true : { $ne: true },
      };
      const change = unset.length ? { $set: decision, $unset: Object.fromEntries(unset.map((path) => [path, ''])) } : { $set: decision };
      const updated = await model.findOneAndUpdate(filter, change, { returnDocument: 'after' }).lean<Lean>();
      if (updated) return { outcome: 'updated', record: toRecord(updated) };
    }
    return { outcome: 'contended', record: record! };
  }

  /** Several users' items in one read: each present only when it is that user's and not deleted. */
  async function findManyOwned(refs: ReadonlyArray<{ id: string; userId: string }>): Promise<Map<string, ContentRecord>> {
    const owner = new Map(refs.map((r) => [r.id.toLowerCase(), r.userId]));
    const found = await findManyLive(refs.map((r) => r.id));
    return new Map([...found.values()].filter((r) => owner.get(r.id) === r.userId).map((r) => [r.id, r]));
  }

  /** Items by id in one read, deleted ones left out (ownership is the caller's to check). */
  async function findManyLive(ids: ReadonlyArray<string>): Promise<Map<string, ContentRecord>> {
    const valid = [...new Set(ids.map((id) => id.toLowerCase()))].flatMap((id) => objectId(id) ?? []);
    const docs = valid.length ? await model.find({ _id: { $in: valid }, deletedAt: null }).lean<Lean[]>() : [];
    return new Map(docs.map(toRecord).map((r) => [r.id, r]));
  }

  /**
   * update() for several items in one bulk write (a burst of publication reports), each with the
   * same condition and "only when something changes" rule as update(), then the items read back
   * in one read: an item that holds the changes now took them ('updated', or 'unchanged' when
   * `before` held them already); one that does not met another writer ('conflict').
   */
  async function updateMany(updates: ReadonlyArray<ConditionalUpdate>): Promise<UpdateOutcome[]> {
    /**
     * Whether the bulk write's matches prove every update took effect: one update per item, each
     * filter matched (the item met its condition and differed from the changes), and the changes
     * are top-level fields that set the status, so the item now is `before` with its changes in
     * every field the caller reads. Otherwise the items are read back.
     */
    const everyChangeTook = (matched: number) =>
      matched === updates.length &&
      new Set(updates.map((u) => u.id.toLowerCase())).size === updates.length &&
      updates.every(({ changes }) => changes.status !== undefined && Object.keys(changes).every((k) => !k.includes('.')));
    // the write's own time, so that an item not read back carries the updatedAt stored with it
    const at = new Date();
    const ops = updates.flatMap(({ id, userId, condition, changes }) => {
      const _id = objectId(id);
      if (!_id) return [];
      const filter: Record<string, unknown> = { ...visible(_id, userId), status: { $in: [...condition.statusIn] } };
      if (condition.scheduledFor !== undefined) filter.scheduledFor = condition.scheduledFor;
      if (condition.selectedHook !== undefined) filter.selectedHook = condition.selectedHook;
      const entries = Object.entries(changes).filter(([, v]) => v !== undefined);
      if (!entries.length) return [];
      filter.$or = entries.map(([k, v]) => ({ [k]: { $ne: v } }));
      return [{ updateOne: { filter, update: { $set: { ...Object.fromEntries(entries), updatedAt: at } }, timestamps: false } }];
    });
    const written = ops.length ? await model.bulkWrite(ops, { ordered: false }) : null;
    if (written && everyChangeTook(written.matchedCount)) {
      // each filter matched: each item took its changes, status included, so a read back would only cost a round trip
      return updates.map(({ changes, before }): UpdateOutcome => {
        const entries = Object.entries(changes).filter(([, v]) => v !== undefined);
        const record = { ...before, ...Object.fromEntries(entries), updatedAt: at } as ContentRecord;
        return entries.every(([k, v]) => sameValue(valueAt(before, k), v)) ? { outcome: 'unchanged', record } : { outcome: 'updated', record };
      });
    }
    const now = await findManyOwned(updates);
    return updates.map(({ id, changes, before }): UpdateOutcome => {
      const record = now.get(id.toLowerCase());
      if (!record) return { outcome: 'not_found', record: null };
      const entries = Object.entries(changes).filter(([, v]) => v !== undefined);
      if (!entries.every(([k, v]) => sameValue(valueAt(record, k), v))) return { outcome: 'conflict', record };
      return entries.every(([k, v]) => sameValue(valueAt(before, k), v)) ? { outcome: 'unchanged', record } : { outcome: 'updated', record };
    });
  }

  /**
   * findOwned and update for bursts (the publication reports of posts falling due together):
   * calls arriving while a read or a write runs share the next one, up to BULK_WRITE_MAX each;
   * under no load each goes at once, alone.
   */
  const groupedReads = new Batcher<{ id: string; userId: string }, ContentRecord | null>(
    async (refs) => {
      const found = await findManyOwned(refs);
      return refs.map((r) => found.get(r.id.toLowerCase()) ?? null);
    },
    { maxBatch: BULK_WRITE_MAX, maxConcurrent: 1 },
  );
  const groupedWrites = new Batcher<ConditionalUpdate, UpdateOutcome>(updateMany, { maxBatch: BULK_WRITE_MAX, maxConcurrent: 1 });

  return {
    async create(input: NewContent): Promise<ContentRecord> {
      const doc = await model.create({ ...input, status: 'draft' });
      return toRecord(doc.toObject() as Lean);
    },

    async listByUser(userId: string, page: { skip: number; limit: number }): Promise<ContentRecord[]> {
      const docs = await model
        .find({ userId, deletedAt: null })
        .sort({ createdAt: -1, _id: -1 })
        .skip(page.skip)
        .limit(page.limit)
        .lean<Lean[]>();
      return docs.map(toRecord);
    },

    /** The user's item, or null for another user's item, a deleted one or a malformed id. */
    async findOwned(id: string, userId: string): Promise<ContentRecord | null> {
      const _id = objectId(id);
      if (!_id) return null;
      const doc = await model.findOne(visible(_id, userId)).lean<Lean>();
      return doc ? toRecord(doc) : null;
    },

    findManyLive,
    grouped: {
      findOwned: (id: string, userId: string): Promise<ContentRecord | null> => groupedReads.submit({ id, userId }),
      /** update() with `before`, the item as the caller read it (a write that took its changes is not read back) */
      update: (update: ConditionalUpdate): Promise<UpdateOutcome> => groupedWrites.submit(update),
    },

    /**
     * Applies changes only when the item is the user's and meets the condition, and only
     * when something would actually change, so a repeated request writes nothing.
     */
    async update(id: string, userId: string, condition: ContentCondition, changes: ContentChanges): Promise<UpdateOutcome> {
      const _id = objectId(id);
      if (!_id) return { outcome: 'not_found', record: null };
      const filter: Record<string, unknown> = { ...visible(_id, userId), status: { $in: [...condition.statusIn] } };
      if (condition.scheduledFor !== undefined) filter.scheduledFor = condition.scheduledFor;
      if (condition.selectedHook !== undefined) filter.selectedHook = condition.selectedHook;
      const entries = Object.entries(changes).filter(([, v]) => v !== undefined);
      if (entries.length) filter.$or = entries.map(([k, v]) => ({ [k]: { $ne: v } }));
      const updated = entries.length
        ? await model.findOneAndUpdate(filter, { $set: Object.fromEntries(entries) }, { returnDocument: 'after' }).lean<Lean>()
        : null;
      if (updated) return { outcome: 'updated', record: toRecord(updated) };

      const current = await model.findOne(visible(_id, userId)).lean<Lean>();
      if (!current) return { outcome: 'not_found', record: null };
      const record = toRecord(current);
      const meets =
        condition.statusIn.includes(record.status) &&
        (condition.scheduledFor === undefined || sameValue(record.scheduledFor, condition.scheduledFor)) &&
        (condition.selectedHook === undefined || sameValue(record.selectedHook, condition.selectedHook));
      const alreadyThere = entries.every(([k, v]) => sameValue(valueAt(record, k), v));
      return meets && alreadyThere ? { outcome: 'unchanged', record } : { outcome: 'conflict', record };
    },

    /**
     * "Generate again": the draft's text and form become `next`, and the text and form it had
     * become its previous version (one level: an older previous version is dropped). When the
     * run was a free one (`freeRunKey`), the same update keeps it taken: its hold is dropped.
     */
    replaceVersion(
      id: string,
      userId: string,
      expected: { contentType: ContentDocument['contentType'] },
      next: ContentVersion,
      freeRunKey?: string,
    ): Promise<VersionOutcome> {
      const unset = freeRunKey !== undefined && FREE_RUN_KEY.test(freeRunKey) ? [`freeRegenerationHolds.${freeRunKey}`] : [];
      return swap(
        id,
        userId,
        (current) => (current.contentType !== expected.contentType ? 'conflict' : { ...versionOf(next), previous: versionOf(current), previousIsNewer: false }),
        unset,
      );
    },

    /**
     * Swaps the draft's text and form with its previous version, so a second call redoes; which
     * of the two is the newer flips with it, so every tab and every reload knows which way the next swap goes.
     */
    restorePrevious(id: string, userId: string): Promise<VersionOutcome> {
      return swap(id, userId, (current) =>
        current.previous ? { ...versionOf(current.previous), previous: versionOf(current), previousIsNewer: !current.previousIsNewer } : 'no_previous',
      );
    },

    /**
     * Takes one of the draft's free "Generate again" runs if fewer than `limit` are taken, and
     * records it under `key` until `expiresAt`, in one conditional single-document update: two
     * runs at once can never both take the last one. False when none is left (or it is no longer
     * the user's draft).
     */
    async takeFreeRegeneration(id: string, userId: string, key: string, expiresAt: Date, limit: number): Promise<boolean> {
      const _id = objectId(id);
      if (!_id || !FREE_RUN_KEY.test(key)) return false;
      const result = await model.updateOne(
        // items from before the counter have none: a missing counter is 0
        { ...visible(_id, userId), status: 'draft', $or: [{ freeRegenerationsTaken: { $lt: limit } }, { freeRegenerationsTaken: null }] },
        { $inc: { freeRegenerationsTaken: 1 }, $set: { [`freeRegenerationHolds.${key}`]: expiresAt } },
        // bookkeeping, not an edit: the item's updatedAt stays the text's
        { timestamps: false },
      );
      return result.modifiedCount === 1;
    },

    /** The free run failed or was abandoned: it is given back. False when it was not open (any more). */
    async giveBackFreeRegeneration(id: string, key: string): Promise<boolean> {
      const _id = objectId(id);
      if (!_id || !FREE_RUN_KEY.test(key)) return false;
      const path = `freeRegenerationHolds.${key}`;
      return (await model.updateOne({ _id, [path]: { $exists: true } }, { $inc: { freeRegenerationsTaken: -1 }, $unset: { [path]: '' } }, { timestamps: false })).modifiedCount === 1;
    },

    /** Stores engagement figures unless newer ones are already there; true when written. */
    async setEngagement(id: string, userId: string, engagement: Engagement, measuredAt: Date): Promise<ContentRecord | null> {
      const _id = objectId(id);
      if (!_id) return null;
      const doc = await model
        .findOneAndUpdate(
          { ...visible(_id, userId), $or: [{ engagementAt: null }, { engagementAt: { $lt: measuredAt } }] },
          { $set: { engagement, engagementAt: measuredAt } },
          { returnDocument: 'after' },
        )
        .lean<Lean>();
      return doc ? toRecord(doc) : null;
    },

    /** Hides the item and returns it as it was; null when it is not the user's (or already gone). */
    async markDeleted(id: string, userId: string): Promise<ContentRecord | null> {
      const _id = objectId(id);
      if (!_id) return null;
      const doc = await model.findOneAndUpdate(visible(_id, userId), { $set: { deletedAt: new Date() } }, { returnDocument: 'before' }).lean<Lean>();
      return doc ? toRecord(doc) : null;
    },

    async purge(id: string): Promise<void> {
      const _id = objectId(id);
      if (_id) await model.deleteOne({ _id, deletedAt: { $ne: null } });
    },

    /** Items hidden before `before` whose deletion was not finished (the announcement failed). */
    async findUnfinishedDeletes(before: Date, limit = 100): Promise<ContentRecord[]> {
      const docs = await model.find({ deletedAt: { $ne: null, $lt: before } }).limit(limit).lean<Lean[]>();
      return docs.map(toRecord);
    },
  };
}

export type ContentRepository = ReturnType<typeof contentRepository>;
