import { randomUUID } from 'node:crypto';
import type { ScheduleDoc, ScheduleModels } from './schedule.model';
import type { ClaimRequest, Schedule, ScheduleRepository, ScheduleStatus } from './schedule.types';

const LOCK_FREE = new Date(0);

function toSchedule(doc: ScheduleDoc): Schedule {
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
    lastError: doc.lastError ?? null,
    publishedAt: doc.publishedAt ?? null,
    updatedAt: doc.updatedAt,
  };
}

const isDuplicateKey = (error: unknown) => (error as { code?: number })?.code === 11000;

/**
 * MongoDB in, plain objects out. Every state change is one conditional single-document
 * update (status + version + lock), the only atomic tool FerretDB and MongoDB share; the
 * claims of due schedules are grouped into one bulk write, then read back by claim token.
 */
export function scheduleRepository(models: ScheduleModels): ScheduleRepository {
  const { schedules, texts, instances } = models;

  return {
    async get(contentId) {
      const doc = await schedules.findById(contentId).lean<ScheduleDoc>();
      return doc ? toSchedule(doc) : null;
    },

    async lock(contentId, lockId, until, options) {
      const now = new Date();
      try {
        const before = await schedules
          .findOneAndUpdate(
            { _id: contentId, lockUntil: { $lt: now } },
            { $set: { lockId, lockUntil: until } },
            { upsert: options.create, returnDocument: 'before', setDefaultsOnInsert: true },
          )
          .lean<ScheduleDoc>();
        if (before) return { outcome: 'locked', previous: toSchedule(before) };
        if (options.create) return { outcome: 'locked', previous: null };
        const exists = await schedules.exists({ _id: contentId });
        return { outcome: exists ? 'busy' : 'absent' };
      } catch (error) {
        if (isDuplicateKey(error)) return { outcome: 'busy' };
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
      const doc = await schedules.findOneAndUpdate(filter, update, { returnDocument: 'after' }).lean<ScheduleDoc>();
      return doc ? toSchedule(doc) : null;
    },

    async release(contentId, lockId) {
      await schedules.updateOne({ _id: contentId, lockId }, { $set: { lockId: null, lockUntil: LOCK_FREE } });
    },

    async transition(contentId, where, changes, options = {}) {
      const filter: Record<string, unknown> = { _id: contentId, status: { $in: where.status } };
      if (where.version !== undefined) filter.version = where.version;
      if (where.requestId !== undefined) filter.requestId = where.requestId;
      if (where.claimedBy !== undefined) filter.claimedBy = where.claimedBy;
      if (where.unlocked) filter.lockUntil = { $lt: new Date() };
      const update: Record<string, unknown> = { $set: changes };
      if (options.bumpVersion) update.$inc = { version: 1 };
      const doc = await schedules.findOneAndUpdate(filter, update, { returnDocument: 'after' }).lean<ScheduleDoc>();
      return doc ? toSchedule(doc) : null;
    },

    async claim(requests: ClaimRequest[], instanceId: string, now: Date) {
      if (!requests.length) return [];
      const claimToken = randomUUID();
      await schedules.bulkWrite(
        requests.map((r) => ({
          updateOne: {
            filter: { _id: r.contentId, version: r.version, status: 'pending', dueAt: { $lte: now } },
            update: { $set: { status: 'firing', claimedBy: instanceId, claimedAt: now, claimToken }, $inc: { attempts: 1 } },
          },
        })),
        { ordered: false },
      );
      const won = await schedules.find({ _id: { $in: requests.map((r) => r.contentId) } }).lean<ScheduleDoc[]>();
      return won.filter((d) => d.claimToken === claimToken && d.status === 'firing').map(toSchedule);
    },

    async takeOver(contentId, version, fromInstance, instanceId, now) {
      const doc = await schedules
        .findOneAndUpdate(
          { _id: contentId, version, status: 'firing', claimedBy: fromInstance },
          { $set: { claimedBy: instanceId, claimedAt: now, claimToken: randomUUID() } },
          { returnDocument: 'after' },
        )
        .lean<ScheduleDoc>();
      return doc ? toSchedule(doc) : null;
    },

    async active(dueBefore: Date) {
      const docs = await schedules
        .find({
          $or: [
            { status: { $in: ['pending'] as ScheduleStatus[] }, dueAt: { $lte: dueBefore } },
            { status: { $in: ['preparing', 'firing'] as ScheduleStatus[] } },
            { syncToDraft: true },
          ],
        })
        .lean<ScheduleDoc[]>();
      return docs.map(toSchedule);
    },

    async allPending() {
      const docs = await schedules.find({ status: 'pending' }).lean<ScheduleDoc[]>();
      return docs.map(toSchedule);
    },

    async markPublished(items) {
      if (!items.length) return;
      await schedules.bulkWrite(
        items.map((i) => ({
          updateOne: {
            filter: { _id: i.contentId, requestId: i.requestId, status: 'firing' },
            update: { $set: { status: 'published', publishedAt: i.publishedAt, lastError: null } },
          },
        })),
        { ordered: false },
      );
    },

    async saveText(contentId, text) {
      await texts.updateOne({ _id: contentId }, { $set: { text } }, { upsert: true });
    },

    async texts(contentIds) {
      if (!contentIds.length) return new Map();
      const docs = await texts.find({ _id: { $in: contentIds } }).lean<{ _id: string; text: string }[]>();
      return new Map(docs.map((d) => [d._id, d.text]));
    },

    async heartbeat(instanceId, now) {
      await instances.updateOne({ _id: instanceId }, { $set: { seenAt: now } }, { upsert: true });
    },

    async liveInstances(since) {
      const docs = await instances.find({ seenAt: { $gte: since } }).lean<{ _id: string }[]>();
      return new Set(docs.map((d) => d._id));
    },

    async forgetInstance(instanceId) {
      await instances.deleteOne({ _id: instanceId });
    },
  };
}
