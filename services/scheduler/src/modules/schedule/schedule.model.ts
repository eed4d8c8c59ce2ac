import { Schema, type Connection, type Model } from 'mongoose';

export const scheduleStatuses = ['preparing', 'pending', 'firing', 'published', 'failed', 'cancelled'] as const;

/**
 * One document per content item, keyed by the content id (so every lookup is by _id, which
 * FerretDB answers without a scan). The document is the source of truth of the schedule;
 * Redis only holds timers rebuilt from it.
 */
export interface ScheduleDoc {
  _id: string;
  /** the owner, set only once the content service confirmed the item is theirs */
  userId: string | null;
  status: (typeof scheduleStatuses)[number];
  /** bumped by every new plan (schedule, reschedule, retry, cancel): an old timer is then a no-op */
  version: number;
  /** the time the user chose */
  scheduledFor: Date | null;
  /** when this version fires: scheduledFor, or the time of a retry */
  dueAt: Date | null;
  /** idempotency key of this version's publish request, decided with the plan */
  requestId: string | null;
  /** the text captured when the item was scheduled: what will be published */
  text: string | null;
  /** publish requests made for this schedule so far (retries included) */
  attempts: number;
  /** per-item mutex for the multi-step operations that also change the content item */
  lockId: string | null;
  lockUntil: Date;
  /** the content item still has to go back to draft (unschedule, or failure after the retries) */
  syncToDraft: boolean;
  syncError: string | null;
  syncUnconfirmed: boolean;
  claimedBy: string | null;
  claimedAt: Date | null;
  claimToken: string | null;
  emittedAt: Date | null;
  lastError: string | null;
  publishedAt: Date | null;
  createdAt: Date;
  updatedAt: Date;
}

/** Replica heartbeats: a claim held by a replica that stopped beating is taken over. */
export interface InstanceDoc {
  _id: string;
  seenAt: Date;
}

const scheduleSchema = new Schema<ScheduleDoc>(
  {
    _id: { type: String, required: true },
    userId: { type: String, default: null },
    status: { type: String, enum: scheduleStatuses, required: true, default: 'cancelled' },
    version: { type: Number, required: true, default: 0 },
    scheduledFor: { type: Date, default: null },
    dueAt: { type: Date, default: null },
    requestId: { type: String, default: null },
    text: { type: String, default: null },
    attempts: { type: Number, default: 0 },
    lockId: { type: String, default: null },
    lockUntil: { type: Date, default: () => new Date(0) },
    syncToDraft: { type: Boolean, default: false },
    syncError: { type: String, default: null },
    syncUnconfirmed: { type: Boolean, default: false },
    claimedBy: { type: String, default: null },
    claimedAt: { type: Date, default: null },
    claimToken: { type: String, default: null },
    emittedAt: { type: Date, default: null },
    lastError: { type: String, default: null },
    publishedAt: { type: Date, default: null },
  },
  { collection: 'schedules', timestamps: true, versionKey: false, _id: false },
);
// the reconciler's question on a real MongoDB: "what is active and when"
scheduleSchema.index({ status: 1, dueAt: 1 });

const instanceSchema = new Schema<InstanceDoc>(
  { _id: { type: String, required: true }, seenAt: { type: Date, required: true } },
  { collection: 'scheduler_instances', versionKey: false, _id: false },
);

export interface ScheduleModels {
  schedules: Model<ScheduleDoc>;
  instances: Model<InstanceDoc>;
}

export function scheduleModels(conn: Connection): ScheduleModels {
  return {
    schedules: conn.models.Schedule ?? conn.model<ScheduleDoc>('Schedule', scheduleSchema),
    instances: conn.models.SchedulerInstance ?? conn.model<InstanceDoc>('SchedulerInstance', instanceSchema),
  };
}
