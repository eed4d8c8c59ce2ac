import { readSchedule } from '../../src/modules/schedule/schedule.states';
import type { Schedule, ScheduleRecord } from '../../src/modules/schedule/schedule.types';

/** In-memory schedules for unit tests: a stored record as this service writes it, pending by default. */
export const T0 = new Date('2030-01-01T09:00:00.000Z');

export function buildRecord(overrides: Partial<ScheduleRecord> = {}): ScheduleRecord {
  return {
    contentId: 'c1',
    userId: 'u1',
    status: 'pending',
    version: 1,
    scheduledFor: T0,
    dueAt: T0,
    requestId: 'r1',
    attempts: 0,
    lockId: null,
    lockUntil: new Date(0),
    syncToDraft: false,
    syncError: null,
    syncUnconfirmed: false,
    claimedBy: null,
    claimedAt: null,
    emittedAt: null,
    lastError: null,
    updatedAt: T0,
    ...overrides,
  };
}

/** The record read as its state; throws when it fits none (a test that meant one that fits). */
export function buildSchedule(overrides: Partial<ScheduleRecord> = {}): Schedule {
  const schedule = readSchedule(buildRecord(overrides));
  if (!schedule) throw new Error(`the record fits no state: ${JSON.stringify(overrides)}`);
  return schedule;
}

/** What each status holds when this service writes it. */
export const written = {
  preparing: (o: Partial<ScheduleRecord> = {}) => buildSchedule({ status: 'preparing', lockId: 'lock', lockUntil: new Date(T0.getTime() + 15_000), ...o }),
  pending: (o: Partial<ScheduleRecord> = {}) => buildSchedule({ status: 'pending', ...o }),
  firing: (o: Partial<ScheduleRecord> = {}) => buildSchedule({ status: 'firing', attempts: 1, claimedBy: 'replica-a', claimedAt: T0, ...o }),
  failed: (o: Partial<ScheduleRecord> = {}) =>
    buildSchedule({ status: 'failed', attempts: 1, claimedBy: 'replica-a', claimedAt: T0, lastError: 'LinkedIn said no', syncToDraft: true, syncError: 'LinkedIn said no', ...o }),
  cancelled: (o: Partial<ScheduleRecord> = {}) => buildSchedule({ status: 'cancelled', syncToDraft: true, ...o }),
};
