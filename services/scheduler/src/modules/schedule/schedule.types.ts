/** The scheduler's domain types and the ports its use cases talk to (no transport, no storage). */
import type { EventPayload, EventType, InternalContentItem, TransitionRequest } from '@postwright/contracts';

export type ScheduleStatus = 'preparing' | 'pending' | 'firing' | 'published' | 'failed' | 'cancelled';

export interface Schedule {
  contentId: string;
  userId: string | null;
  status: ScheduleStatus;
  version: number;
  scheduledFor: Date | null;
  dueAt: Date | null;
  requestId: string | null;
  text: string | null;
  attempts: number;
  lockId: string | null;
  lockUntil: Date;
  syncToDraft: boolean;
  syncError: string | null;
  syncUnconfirmed: boolean;
  claimedBy: string | null;
  claimedAt: Date | null;
  /** the broker confirmed this claim's publish request: a takeover need not send it again */
  emittedAt: Date | null;
  lastError: string | null;
  publishedAt: Date | null;
  updatedAt: Date;
}

export type ScheduleChanges = Partial<Omit<Schedule, 'contentId' | 'version' | 'updatedAt'>>;

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
  /** pending -> firing for the given versions that are due; returns the ones this call won */
  claim(requests: ClaimRequest[], instanceId: string, now: Date): Promise<Schedule[]>;
  takeOver(contentId: string, requestId: string, fromInstance: string | null, instanceId: string, now: Date): Promise<Schedule | null>;
  /** what the reconciler looks at: pending due before the horizon, anything mid-way, pending syncs */
  /** without the text (use claim or takeOver to get it) */
  active(dueBefore: Date): Promise<Schedule[]>;
  /** without the text */
  allPending(): Promise<Schedule[]>;
  /** published: the schedules of these requests are done and removed, in one bulk write */
  markPublished(items: Array<{ contentId: string; requestId: string }>): Promise<void>;
  markEmitted(items: Array<{ contentId: string; requestId: string }>, at: Date): Promise<void>;
  heartbeat(instanceId: string, now: Date): Promise<void>;
  liveInstances(since: Date): Promise<Set<string>>;
  /** replicas gone for long: their heartbeats are only clutter */
  forgetInstancesBefore(seenBefore: Date): Promise<void>;
}

/** The content service's internal API. */
export type ContentAnswer<T> = { ok: true; value: T } | { ok: false; status: 404 | 409; message: string };

export interface ContentPort {
  get(contentId: string, userId: string): Promise<ContentAnswer<InternalContentItem>>;
  transition(contentId: string, request: TransitionRequest): Promise<ContentAnswer<InternalContentItem>>;
}

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
