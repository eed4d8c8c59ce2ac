/**
 * The firing's decisions, as pure functions of a schedule, an event and the time: what settling
 * does with a failed publish, and what the reconciler does with each active schedule.
 */
import type { EventPayload } from '@postwright/contracts';
import { retryDelayMs } from '../schedule/schedule.rules';
import { awaitsDraftSync, planOf } from '../schedule/schedule.states';
import type {
  CancelledSchedule,
  FailedSchedule,
  FirePlan,
  FiringSchedule,
  PreparingSchedule,
  Schedule,
} from '../schedule/schedule.types';
import type { FiringSettings } from './firing.context';

/** How late a pending schedule may be before the reconciler fires it itself. */
export const OVERDUE_GRACE_MS = 500;
/** How long a move back to draft is left to the operation that asked for it before the reconciler finishes it. */
const SYNC_GRACE_MS = 1_000;

export type FailureDecision =
  /** not the outcome of this schedule's current plan, or settled already */
  | { action: 'ignore' }
  /** given up already (a redelivery): finish telling the content service */
  | { action: 'sync-again'; schedule: FailedSchedule }
  /** transient: a new plan at a later time */
  | { action: 'retry'; schedule: FiringSchedule; dueAt: Date }
  | { action: 'give-up'; schedule: FiringSchedule };

/**
 * A scheduled publish failed. A transient failure is retried, each time twice as late, while the
 * retry stays within the window after the user's time; anything else gives up. A failure whose
 * answer was lost ("unconfirmed") is never retried: LinkedIn may hold the post already.
 */
export function afterFailure(
  schedule: Schedule | null,
  event: EventPayload<'linkedin.post.failed'>,
  now: Date,
  settings: Pick<FiringSettings, 'retryBaseMs' | 'retryWindowMs'>,
): FailureDecision {
  // no request id: a publish-now failure, which the LinkedIn and content services handle
  if (!event.requestId || !schedule || schedule.requestId !== event.requestId) return { action: 'ignore' };
  if (schedule.status === 'failed' && schedule.syncToDraft) return { action: 'sync-again', schedule };
  if (schedule.status !== 'firing') return { action: 'ignore' };

  const at = now.getTime();
  const delay = retryDelayMs(schedule.attempts, settings.retryBaseMs);
  const deadline = schedule.scheduledFor.getTime() + settings.retryWindowMs;
  if (event.retryable && !event.unconfirmed && at + delay <= deadline) return { action: 'retry', schedule, dueAt: new Date(at + delay) };
  return { action: 'give-up', schedule };
}

export type ReconcileStep =
  /** pending and due soon: its timer is armed again (a no-op when it exists) */
  | { step: 'rearm'; plan: FirePlan }
  /** pending and overdue: fired by the reconciler itself */
  | { step: 'fire'; plan: FirePlan }
  /** no outcome for long: asked again with the same request id, if the item still wants it */
  | { step: 'ask-again'; schedule: FiringSchedule }
  /** claimed by another replica and never confirmed by the broker: taken over if that replica stopped */
  | { step: 'take-over-if-gone'; schedule: FiringSchedule }
  /** left preparing by a crash or an unreachable content service: the content item decides */
  | { step: 'settle-preparing'; schedule: PreparingSchedule }
  /** the content item still has to be moved back */
  | { step: 'sync-to-draft'; schedule: FailedSchedule | CancelledSchedule }
  | { step: 'none' };

export interface ReconcileView {
  /** the time of this pass, epoch ms */
  at: number;
  instanceId: string;
  /** claims this replica holds and emits again itself */
  unsent: ReadonlyMap<string, unknown>;
  settings: Pick<FiringSettings, 'instanceTtlMs' | 'reemitAfterMs'>;
}

/** What one reconciler pass does with an active schedule. */
export function reconcileStep(schedule: Schedule, view: ReconcileView): ReconcileStep {
  const { at, settings } = view;
  const unlocked = schedule.lockUntil.getTime() < at;
  switch (schedule.status) {
    case 'pending': {
      const plan = planOf(schedule);
      return plan.dueAt <= at - OVERDUE_GRACE_MS ? { step: 'fire', plan } : { step: 'rearm', plan };
    }
    case 'firing': {
      if (view.unsent.has(schedule.contentId)) return { step: 'none' };
      const age = at - schedule.claimedAt.getTime();
      if (age < settings.instanceTtlMs) return { step: 'none' };
      if (age >= settings.reemitAfterMs) return { step: 'ask-again', schedule };
      // a replica never declares itself gone (its own heartbeat may lag under load)
      if (schedule.claimedBy === view.instanceId) return { step: 'none' };
      // a confirmed request is in the broker's durable queue: its outcome will come
      if (schedule.emittedAt) return { step: 'none' };
      return { step: 'take-over-if-gone', schedule };
    }
    case 'preparing':
      return unlocked ? { step: 'settle-preparing', schedule } : { step: 'none' };
    default:
      return awaitsDraftSync(schedule) && unlocked && at - schedule.updatedAt.getTime() > SYNC_GRACE_MS
        ? { step: 'sync-to-draft', schedule }
        : { step: 'none' };
  }
}
