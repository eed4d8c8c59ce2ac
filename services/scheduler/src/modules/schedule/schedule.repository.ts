import { randomUUID } from 'node:crypto';
import { Batcher, BULK_WRITE_MAX } from '@postwright/platform';
import type { ScheduleDoc, ScheduleModels } from './schedule.model';
import { isFiring, isPending, readSchedule } from './schedule.states';
import type { ClaimRequest, FiringSchedule, Schedule, ScheduleRecord, ScheduleRepository } from './schedule.types';

const LOCK_FREE = new Date(0);
/** the reconciler's "mid-way" statuses: looked at whatever their time */

/** The stored document as a record, with the defaults of fields an older document may lack. */
function toRecord(doc: ScheduleDoc): ScheduleRecord {
  return {
    contentId: doc._id,
    userId: doc.userId ?? null,
    status: doc.status,
    version: doc.version ?? 0,
    scheduledFor: doc.scheduledFor ?? null,
    dueAt: doc.dueAt ?? null,
    requestId: doc.requestId ?? null,
    attempts: doc.attempts ?? 0,
    lockId: doc.lockId ?? null,
    lockUntil: doc.lockUntil ?? LOCK_FREE,
    syncToDraft: doc.syncToDraft ?? false,
    syncError: doc.syncError ?? null,
    syncUnconfirmed: doc.syncUnconfirmed ?? false,
    claimedBy: doc.claimedBy ?? null,
    claimedAt: doc.claimedAt ?? null,
    emittedAt: doc.emittedAt ?? null,
    lastError: doc.lastError ?? null,
    updatedAt: doc.updatedAt,
  };
}

const toSchedule = (doc: ScheduleDoc | null): Schedule | null => (doc ? readSchedule(toRecord(doc)) : null);

/** Documents as schedules; one that fits no state reads as absent (see readSchedule). */
const toSchedules = (docs: ScheduleDoc[]): Schedule[] => docs.flatMap((doc) => toSchedule(doc) ?? []);

const isDuplicateKey = (error: unknown) => typeof error === 'object' && error !== null && 'code' in error && error.code === 11000;

/** A claim asked for, with who asks, their clock, and what follows a claim won. */
interface ClaimAsked extends ClaimRequest {
  instanceId: string;
  now: () => Date;
  then: (won: FiringSchedule) => Promise<boolean>;
}

/**
 * MongoDB in, plain objects out. Every state change is one conditional single-document
 * update (status + request id + lock), the only atomic tool FerretDB and MongoDB share.
 * A schedule with nothing left to do (published, cancelled) is deleted, so that what the
 * reconciler reads stays the size of what is active (FerretDB scans every non-_id query).
 *
 * The firing's writes (claims, published, emitted) made at the same moment, timers falling due
 * together, go to the store together (platform's Batcher: under no load each goes at once,
 * alone), as a few bulk writes instead of one round trip each; the claims of one bulk write are
 * read back by claim token.
 */
export function scheduleRepository(models: ScheduleModels): ScheduleRepository {
  const { schedules, instances } = models;

  async function claimMany(asked: ClaimAsked[]): Promise<FiringSchedule[]> {
    const claimToken = randomUUID();
    await schedules.bulkWrite(
      asked.map((r) => {
        // due and claimed as of the write, not of the wait for it
        const now = r.now();
        return {
          updateOne: {
            filter: { _id: r.contentId, requestId: r.requestId, status: 'pending', dueAt: { $lte: now } },
            update: { $set: { status: 'firing', claimedBy: r.instanceId, claimedAt: now, claimToken, emittedAt: null }, $inc: { attempts: 1 } },
          },
        };
      }),
      { ordered: false },
    );
    const won = await schedules.find({ _id: { $in: asked.map((r) => r.contentId) } }).lean<ScheduleDoc[]>();
    return toSchedules(won.filter((d) => d.claimToken === claimToken)).filter(isFiring);
  }

  /**
   * A group of claims is done only when what follows each claim won is (its publish request), so
   * at most two groups of claims and their requests are under way at once, and the timers falling
   * due meanwhile wait and form the next group.
   */
  const claims = new Batcher<ClaimAsked, boolean>(
    async (asked) => {
      const won = await claimMany(asked);
      if (!won.length) return asked.map(() => false);
      const handled = new Set<string>();
      await Promise.all(
        won.map(async (schedule) => {
          const then = asked.find((a) => a.contentId === schedule.contentId)!.then;
          if (await then(schedule)) handled.add(schedule.contentId);
        }),
      );
      return asked.map((a) => handled.has(a.contentId));
    },
    { maxBatch: BULK_WRITE_MAX, maxConcurrent: 2 },
  );

  const published = new Batcher<ClaimRequest, Date | null>(
    async (items) => {
      // when each was due, for how late it went out: one read for the group, before its delete
      const due = await schedules
        .find({ _id: { $in: items.map((i) => i.contentId) }, status: 'firing' })
        .select('requestId scheduledFor dueAt')
        .lean<Array<Pick<ScheduleDoc, '_id' | 'requestId' | 'scheduledFor' | 'dueAt'>>>();
      await schedules.bulkWrite(
        items.map((i) => ({ deleteOne: { filter: { _id: i.contentId, requestId: i.requestId, status: 'firing' } } })),
        { ordered: false },
      );
      const requested = new Map(items.map((i) => [i.contentId, i.requestId]));
      const closed = new Map(
        due.flatMap((d) => {
          const scheduledFor = d.scheduledFor ?? d.dueAt;
          return requested.get(String(d._id)) === d.requestId && scheduledFor ? [[String(d._id), scheduledFor] as const] : [];
        }),
      );
      return items.map((i) => closed.get(i.contentId) ?? null);
    },
    { maxBatch: BULK_WRITE_MAX, maxConcurrent: 1 },
  );

  const emitted = new Batcher<ClaimRequest & { at: Date }, void>(
    async (items) => {
      await schedules.bulkWrite(
        items.map((i) => ({ updateOne: { filter: { _id: i.contentId, requestId: i.requestId, status: 'firing' }, update: { $set: { emittedAt: i.at } } } })),
        { ordered: false },
      );
      return items.map(() => undefined);
    },
    { maxBatch: BULK_WRITE_MAX, maxConcurrent: 1 },
  );

  return {
    async get(contentId) {
      return toSchedule(await schedules.findById(contentId).lean<ScheduleDoc>());
    },

    async lock(contentId, lockId, until) {
      const before = await schedules
        .findOneAndUpdate({ _id: contentId, lockUntil: { $lt: new Date() } }, { $set: { lockId, lockUntil: until } }, { returnDocument: 'before' })
        .lean<ScheduleDoc>();
      if (before) return { outcome: 'locked', previous: toSchedule(before) };
      return { outcome: (await schedules.exists({ _id: contentId })) ? 'busy' : 'absent' };
    },

    async begin(contentId, lockId, until, changes, where) {
      const filter: Record<string, unknown> = { _id: contentId, lockUntil: { $lt: new Date() }, status: { $in: where.status } };
      if (where.userId !== undefined) filter.userId = where.userId;
      try {
        const doc = await schedules
          .findOneAndUpdate(
            filter,
            { $set: { ...changes, lockId, lockUntil: until }, $inc: { version: 1 } },
            { upsert: where.create, returnDocument: 'after', setDefaultsOnInsert: true },
          )
          .lean<ScheduleDoc>();
        return toSchedule(doc);
      } catch (error) {
        // the upsert met an existing document that did not match: held, or in another status
        if (isDuplicateKey(error)) return null;
        throw error;
      }
    },

    async updateLocked(contentId, lockId, changes, options = {}) {
      const filter: Record<string, unknown> = { _id: contentId, lockId };
      if (options.expectVersion !== undefined) filter.version = options.expectVersion;
      if (options.expectStatus) filter.status = { $in: options.expectStatus };
      const set: Record<string, unknown> = { ...changes };
      if (options.release) Object.assign(set, { lockId: null, lockUntil: LOCK_FREE });
      const update: Record<string, unknown> = { $set: set };
      if (options.bumpVersion) update.$inc = { version: 1 };
      return toSchedule(await schedules.findOneAndUpdate(filter, update, { returnDocument: 'after' }).lean<ScheduleDoc>());
    },

    async release(contentId, lockId) {
      await schedules.updateOne({ _id: contentId, lockId }, { $set: { lockId: null, lockUntil: LOCK_FREE } });
    },

    async remove(contentId, where) {
      const filter: Record<string, unknown> = { _id: contentId };
      if (where.lockId !== undefined) filter.lockId = where.lockId;
      if (where.status) filter.status = { $in: where.status };
      if (where.requestId !== undefined) filter.requestId = where.requestId;
      const result = await schedules.deleteOne(filter);
      return result.deletedCount === 1;
    },

    async transition(contentId, where, changes, options = {}) {
      const filter: Record<string, unknown> = { _id: contentId, status: { $in: where.status } };
      if (where.version !== undefined) filter.version = where.version;
      if (where.requestId !== undefined) filter.requestId = where.requestId;
      if (where.claimedBy !== undefined) filter.claimedBy = where.claimedBy;
      if (where.unlocked) filter.lockUntil = { $lt: new Date() };
      const update: Record<string, unknown> = { $set: changes };
      if (options.bumpVersion) update.$inc = { version: 1 };
      return toSchedule(await schedules.findOneAndUpdate(filter, update, { returnDocument: 'after' }).lean<ScheduleDoc>());
    },

    claim(plan, claimant, then) {
      return claims.submit({ contentId: plan.contentId, requestId: plan.requestId, instanceId: claimant.instanceId, now: claimant.now, then });
    },

    async takeOver(contentId, requestId, fromInstance, instanceId, now) {
      const doc = await schedules
        .findOneAndUpdate(
          { _id: contentId, requestId, status: 'firing', claimedBy: fromInstance },
          { $set: { claimedBy: instanceId, claimedAt: now, claimToken: randomUUID() } },
          { returnDocument: 'after' },
        )
        .lean<ScheduleDoc>();
      const taken = toSchedule(doc);
      return isFiring(taken) ? taken : null;
    },

    async active(dueBefore: Date) {
      const docs = await schedules
        .find({
          // each branch led by the status, so that each is one range of the {status, dueAt}
          // index (a branch without it made MongoDB read the whole collection; the embedded
          // FerretDB narrows each branch the same way in SQLite: platform/scripts/ferretdb)
          $or: [
            { status: 'pending', dueAt: { $lte: dueBefore } },
            { status: 'preparing' },
            { status: { $in: ['failed', 'cancelled'] }, syncToDraft: true },
          ],
        })
        .lean<ScheduleDoc[]>();
      return toSchedules(docs);
    },

    async claimed() {
      const docs = await schedules.find({ status: 'firing' }).lean<ScheduleDoc[]>();
      return toSchedules(docs);
    },

    async allPending() {
      const docs = await schedules.find({ status: 'pending' }).lean<ScheduleDoc[]>();
      return toSchedules(docs).filter(isPending);
    },

    markPublished(claim) {
      return published.submit({ contentId: claim.contentId, requestId: claim.requestId });
    },

    markEmitted(claim, at) {
      return emitted.submit({ contentId: claim.contentId, requestId: claim.requestId, at });
    },

    async heartbeat(instanceId, now) {
      await instances.updateOne({ _id: instanceId }, { $set: { seenAt: now } }, { upsert: true });
    },

    async liveInstances(since) {
      const docs = await instances.find({ seenAt: { $gte: since } }).lean<{ _id: string }[]>();
      return new Set(docs.map((d) => d._id));
    },

    async forgetInstancesBefore(seenBefore) {
      await instances.deleteMany({ seenAt: { $lt: seenBefore } });
    },
  };
}
