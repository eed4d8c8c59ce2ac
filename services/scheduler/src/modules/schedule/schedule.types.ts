/** The scheduler's domain types and the ports its use cases talk to (no transport, no storage). */
import type { EventPayload, EventType } from '@postwright/contracts';
import type { ContentPort as ContentApi } from '@postwright/platform';

/**
 * What a schedule can be doing. There is no "published": a published schedule has nothing left to
 * do and is deleted, so that what the reconciler reads stays the size of what is active.
 */
export const scheduleStatuses = ['preparing', 'pending', 'firing', 'failed', 'cancelled'] as const;
export type ScheduleStatus = (typeof scheduleStatuses)[number];

/**
 * The `schedules` collection's document, field by field, as stored: one per content item, keyed by
 * the content id (the document's _id, so every lookup is by _id, which FerretDB answers without a
 * scan). It is the source of truth of the schedule; Redis only holds timers rebuilt from it.
 * schedule.model.ts types its mongoose schema with it; code reads it as a `Schedule`, narrowed to
 * the state it is in (schedule.states.ts).
 */
export interface ScheduleRecord {
  contentId: string;
  /** the owner, set only once the content service confirmed the item is theirs */
  userId: string | null;
  status: ScheduleStatus;
  /** bumped by every new plan (schedule, reschedule, retry, cancel): an old timer is then a no-op */
  version: number;
  /** the time the user chose */
  scheduledFor: Date | null;
  /** when this version fires: scheduledFor, or the time of a retry */
  dueAt: Date | null;
  /** idempotency key of this version's publish request, decided with the plan */
  requestId: string | null;
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
  /** the broker confirmed this claim's publish request: a takeover need not send it again */
  emittedAt: Date | null;
  lastError: string | null;
  updatedAt: Date;
}

/** The record in one status, with the fields that status always holds no longer nullable. */
type InState<S extends ScheduleStatus, Known extends keyof ScheduleRecord> = {
  [K in keyof ScheduleRecord]: K extends 'status' ? S : K extends Known ? NonNullable<ScheduleRecord[K]> : ScheduleRecord[K];
};

/** Every write that makes a plan sets its owner (proven first), its times and its request id. */
type Planned = 'userId' | 'scheduledFor' | 'dueAt' | 'requestId';

/** A plan being made: the content item is being moved to scheduled, under the mutex. */
export type PreparingSchedule = InState<'preparing', Planned>;
/** Waiting for its time; its timer is armed, or the reconciler fires it. */
export type PendingSchedule = InState<'pending', Planned>;
/** Claimed by a replica, which emits the publish request; waiting for the outcome. */
export type FiringSchedule = InState<'firing', Planned | 'claimedBy' | 'claimedAt'>;
/** Given up, with the reason; the content service still has to be told (syncToDraft). */
export type FailedSchedule = InState<'failed', Planned | 'lastError' | 'syncError'>;
/** Unscheduled; the item still has to go back to draft (syncToDraft). */
export type CancelledSchedule = InState<'cancelled', Planned>;

/** A schedule in the state it is in: `status` says which fields are known. */
export type Schedule = PreparingSchedule | PendingSchedule | FiringSchedule | FailedSchedule | CancelledSchedule;

export type ScheduleChanges = Partial<Omit<ScheduleRecord, 'contentId' | 'version' | 'updatedAt'>>;

export interface ClaimRequest {
  contentId: string;
  requestId: string;
}

export type LockResult = { outcome: 'locked'; previous: Schedule | null } | { outcome: 'busy' } | { outcome: 'absent' };

export interface ScheduleRepository {
  get(contentId: string): Promise<Schedule | null>;
  /** takes the item's mutex; 'busy' when another operation holds it, 'absent' when there is no schedule */
  lock(contentId: string, lockId: string, until: Date): Promise<LockResult>;
  /**
   * Takes the mutex and applies the first change in one write (new version, so an old timer
   * finds nothing to fire). Null when the mutex is held, the status is not one of `status`,
   * or (without create) the document does not exist.
   */
  begin(
    contentId: string,
    lockId: string,
    until: Date,
    changes: ScheduleChanges,
    where: { status: ScheduleStatus[]; userId?: string; create: boolean },
  ): Promise<Schedule | null>;
  /** a change made while holding the mutex, optionally conditional on version/status, optionally releasing it */
  updateLocked(
    contentId: string,
    lockId: string,
    changes: ScheduleChanges,
    options?: { expectVersion?: number; expectStatus?: ScheduleStatus[]; bumpVersion?: boolean; release?: boolean },
  ): Promise<Schedule | null>;
  release(contentId: string, lockId: string): Promise<void>;
  /** removes a schedule that has nothing left to do (held by lockId, or in one of the statuses) */
  remove(contentId: string, where: { lockId?: string; status?: ScheduleStatus[]; requestId?: string }): Promise<boolean>;
  /** a conditional change outside the mutex (events, firing); null when the condition did not hold */
  transition(
    contentId: string,
    where: { status: ScheduleStatus[]; version?: number; requestId?: string; claimedBy?: string; unlocked?: boolean },
    changes: ScheduleChanges,
    options?: { bumpVersion?: boolean },
  ): Promise<Schedule | null>;
  /**
   * pending -> firing for this plan if it is still the schedule's and due by the claimant's clock;
   * only one replica wins it. `then` runs for a claim won (the publish request) and its answer is
   * claim()'s; false when the claim was not won.
   */
  claim(plan: ClaimRequest, claimant: { instanceId: string; now: () => Date }, then: (won: FiringSchedule) => Promise<boolean>): Promise<boolean>;
  takeOver(contentId: string, requestId: string, fromInstance: string, instanceId: string, now: Date): Promise<FiringSchedule | null>;
  /** What the reconciler's pass looks at: pending due before the horizon, preparing, pending syncs. The claims under way are claimed()'s. */
  active(dueBefore: Date): Promise<Schedule[]>;
  /** the claims under way (firing): one indexed equality, cheap on any store */
  claimed(): Promise<Schedule[]>;
  allPending(): Promise<PendingSchedule[]>;
  /** published: the schedule of this request is done and removed; resolves to when it was due, or null when there was none left to close */
  markPublished(claim: ClaimRequest): Promise<Date | null>;
  /** the broker confirmed this claim's publish request (a takeover need not send it again) */
  markEmitted(claim: ClaimRequest, at: Date): Promise<void>;
  heartbeat(instanceId: string, now: Date): Promise<void>;
  liveInstances(since: Date): Promise<Set<string>>;
  /** replicas gone for long: their heartbeats are only clutter */
  forgetInstancesBefore(seenBefore: Date): Promise<void>;
}

/** The content service's internal API as the scheduler uses it: read an item, move it, report a scheduled publish given up. */
export type ContentPort = Pick<ContentApi, 'get' | 'transition' | 'report'>;
export type { ContentAnswer } from '@postwright/platform';

/**
 * One planned publication: a schedule's current request id identifies it (new on every
 * schedule, reschedule and retry, never reused), so a timer for an older plan finds nothing.
 */
export interface FirePlan {
  contentId: string;
  requestId: string;
  /** epoch ms */
  dueAt: number;
}

export interface TimerPort {
  arm(plans: FirePlan[]): Promise<void>;
  /** false when Redis lost our timers (flushed, restarted empty): rebuild them from MongoDB */
  isIntact(): Promise<boolean>;
  markIntact(): Promise<void>;
}

export interface EventsPort {
  publish<T extends EventType>(type: T, payload: EventPayload<T>): Promise<unknown>;
}
