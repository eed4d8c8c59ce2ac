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
  attempts: number;
  lockId: string | null;
  lockUntil: Date;
  syncToDraft: boolean;
  syncError: string | null;
  syncUnconfirmed: boolean;
  claimedBy: string | null;
  claimedAt: Date | null;
  lastError: string | null;
  publishedAt: Date | null;
  updatedAt: Date;
}

export type ScheduleChanges = Partial<Omit<Schedule, 'contentId' | 'version' | 'updatedAt'>>;

export interface ClaimRequest {
  contentId: string;
  version: number;
}

export type LockResult = { outcome: 'locked'; previous: Schedule | null } | { outcome: 'busy' } | { outcome: 'absent' };

export interface ScheduleRepository {
  get(contentId: string): Promise<Schedule | null>;
  /** takes the item's mutex (creating the document when asked); 'busy' when another operation holds it */
  lock(contentId: string, lockId: string, until: Date, options: { create: boolean }): Promise<LockResult>;
  /** a change made while holding the mutex, optionally conditional on version/status, optionally releasing it */
  updateLocked(
    contentId: string,
    lockId: string,
    changes: ScheduleChanges,
    options?: { expectVersion?: number; expectStatus?: ScheduleStatus[]; bumpVersion?: boolean; release?: boolean },
  ): Promise<Schedule | null>;
  release(contentId: string, lockId: string): Promise<void>;
  /** a conditional change outside the mutex (events, firing); null when the condition did not hold */
  transition(
    contentId: string,
    where: { status: ScheduleStatus[]; version?: number; requestId?: string; claimedBy?: string; unlocked?: boolean },
    changes: ScheduleChanges,
    options?: { bumpVersion?: boolean },
  ): Promise<Schedule | null>;
  /** pending -> firing for the given versions that are due; returns the ones this call won */
  claim(requests: ClaimRequest[], instanceId: string, now: Date): Promise<Schedule[]>;
  takeOver(contentId: string, version: number, fromInstance: string | null, instanceId: string, now: Date): Promise<Schedule | null>;
  /** what the reconciler looks at: pending due before the horizon, anything mid-way, pending syncs */
  active(dueBefore: Date): Promise<Schedule[]>;
  allPending(): Promise<Schedule[]>;
  /** firing -> published for the given requests, in one bulk write */
  markPublished(items: Array<{ contentId: string; requestId: string; publishedAt: Date }>): Promise<void>;
  saveText(contentId: string, text: string): Promise<void>;
  texts(contentIds: string[]): Promise<Map<string, string>>;
  heartbeat(instanceId: string, now: Date): Promise<void>;
  liveInstances(since: Date): Promise<Set<string>>;
  forgetInstance(instanceId: string): Promise<void>;
}

/** The content service's internal API. */
export type ContentAnswer<T> = { ok: true; value: T } | { ok: false; status: 404 | 409; message: string };

export interface ContentPort {
  get(contentId: string, userId: string): Promise<ContentAnswer<InternalContentItem>>;
  transition(contentId: string, request: TransitionRequest): Promise<ContentAnswer<InternalContentItem>>;
}

/** What fires a version at its time: the BullMQ delayed queue. */
export interface FirePlan {
  contentId: string;
  version: number;
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
