/**
 * A stored schedule read as the state it is in, and the questions asked of a state. Pure: the
 * repository narrows every record it reads here, so the code after it has no nullable field to
 * guess about (schedule.types.ts lists the states and what each holds).
 */
import type {
  CancelledSchedule,
  FailedSchedule,
  FirePlan,
  FiringSchedule,
  PendingSchedule,
  Schedule,
  ScheduleRecord,
} from './schedule.types';

/**
 * The record as the state its status names, or null when it lacks what that state always holds.
 * Every write of this service leaves a record that fits its status, so null means a record
 * written by something else (or by an older version, such as a status no longer used): it is
 * read as no schedule, like a missing one.
 */
export function readSchedule(record: ScheduleRecord): Schedule | null {
  const { userId, scheduledFor, dueAt, requestId } = record;
  if (userId === null || scheduledFor === null || dueAt === null || requestId === null) return null;
  const planned = { ...record, userId, scheduledFor, dueAt, requestId };
  switch (record.status) {
    case 'preparing':
      return { ...planned, status: 'preparing' };
    case 'pending':
      return { ...planned, status: 'pending' };
    case 'firing': {
      const { claimedBy, claimedAt } = record;
      return claimedBy !== null && claimedAt !== null ? { ...planned, status: 'firing', claimedBy, claimedAt } : null;
    }
    case 'failed': {
      const { lastError, syncError } = record;
      return lastError !== null && syncError !== null ? { ...planned, status: 'failed', lastError, syncError } : null;
    }
    case 'cancelled':
      return { ...planned, status: 'cancelled' };
    default:
      return null;
  }
}

export function isPending(schedule: Schedule | null): schedule is PendingSchedule {
  return schedule?.status === 'pending';
}

export function isFiring(schedule: Schedule | null): schedule is FiringSchedule {
  return schedule?.status === 'firing';
}

/** Given up or unscheduled, and the content item not moved back yet. */
export function awaitsDraftSync(schedule: Schedule | null): schedule is FailedSchedule | CancelledSchedule {
  return (schedule?.status === 'failed' || schedule?.status === 'cancelled') && schedule.syncToDraft;
}

/** The timer's job for a pending schedule: its request id names the plan. */
export function planOf(schedule: PendingSchedule): FirePlan {
  return { contentId: schedule.contentId, requestId: schedule.requestId, dueAt: schedule.dueAt.getTime() };
}
