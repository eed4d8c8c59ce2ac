import { Schema, type Connection, type Model } from 'mongoose';
import { scheduleStatuses, type ScheduleRecord } from './schedule.types';

/** The stored schedule: the `ScheduleRecord` with the content id as _id, and the claim's token. */
export type ScheduleDoc = Omit<ScheduleRecord, 'contentId'> & {
  _id: string;
  /** marks the claims of one bulk write, to read back the ones it won */
  claimToken: string | null;
  createdAt: Date;
};

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
