import { randomUUID } from 'node:crypto';
import type { EventPayload, InternalContentItem } from '@postwright/contracts';
import { LOCK_MS } from '../schedule/schedule.use-case';
import { awaitsDraftSync } from '../schedule/schedule.states';
import { scheduleStatuses, type CancelledSchedule, type ContentPort, type FailedSchedule, type FiringSchedule, type Schedule } from '../schedule/schedule.types';
import type { Arming } from './firing.arm';
import type { FiringContext } from './firing.context';
import { afterFailure } from './firing.rules';

/** Every status: an item published now or deleted leaves its schedule nothing to do, whatever it was doing. */
const ANY_STATUS = [...scheduleStatuses];

/**
 * Tells the content service where the item goes now that its schedule is over without a post:
 * given up, the content service settles the item from the report; unscheduled, a
 * plain move back to draft. The one call of settling to the content service.
 */
export function moveItemBack(content: ContentPort, schedule: FailedSchedule | CancelledSchedule) {
  if (schedule.status === 'failed' && schedule.syncError) {
    return content.report(schedule.contentId, {
      outcome: 'failed',
      requestId: schedule.requestId,
      userId: schedule.userId,
      reason: schedule.syncError,
      retryable: false,
      unconfirmed: schedule.syncUnconfirmed,
    });
  }
  return content.transition(schedule.contentId, { userId: schedule.userId, from: ['scheduled'], to: 'draft', scheduledFor: null });
}

/**
 * Settling outcomes: linkedin.post.published closes the schedule; a transient failure makes a new
 * plan at an exponentially later time within the retry window; anything else gives up, and the
 * item goes back to draft with the reason (firing.rules.ts decides).
 */
export function settling(ctx: FiringContext, arming: Arming) {
  const { repo, content, events, logger, settings, now, wentLive } = ctx;

  /** Back to draft with the reason once retrying is over (or pointless). */
  async function giveUp(schedule: FiringSchedule, reason: string, unconfirmed: boolean) {
    const failed = await repo.transition(
      schedule.contentId,
      { status: ['firing'], requestId: schedule.requestId },
      { status: 'failed', lastError: reason, syncToDraft: true, syncError: reason, syncUnconfirmed: unconfirmed },
    );
    if (failed) await syncToDraft(failed);
  }

  /**
   * Moves the content item back (unschedule, or a publish that failed for good), under the item's
   * mutex so that a reschedule cannot interleave. Throws when the content service cannot be
   * reached: the caller (event retry, reconciler) tries again.
   */
  async function syncToDraft(schedule: Schedule): Promise<void> {
    const lockId = randomUUID();
    const locked = await repo.lock(schedule.contentId, lockId, new Date(now().getTime() + LOCK_MS));
    if (locked.outcome !== 'locked') {
      if (locked.outcome === 'busy') throw new Error(`schedule ${schedule.contentId} is busy; draft sync postponed`);
      return;
    }
    const current = locked.previous;
    try {
      if (!awaitsDraftSync(current) || current.requestId !== schedule.requestId) return;
      const moved = await moveItemBack(content, current);
      if (!moved.ok) logger.info({ contentId: current.contentId, status: moved.status }, 'item no longer scheduled; nothing to move back');
      else if (current.status === 'failed' && moved.value.status !== 'published') await announceGivenUp(current, moved.value);
      await repo.remove(current.contentId, { lockId });
    } finally {
      await repo.release(schedule.contentId, lockId).catch(() => undefined);
    }
  }

  /**
   * Tells whoever cares (the member's notification email) that this post will not go out. Sent
   * before the schedule is removed, so a broker that does not confirm leaves the sync to be done
   * again (the reconciler, a redelivery): the event may come twice, never not at all.
   */
  async function announceGivenUp(schedule: FailedSchedule, item: InternalContentItem): Promise<void> {
    await events.publish('schedule.failed', {
      contentId: schedule.contentId,
      userId: schedule.userId,
      requestId: schedule.requestId,
      // what the member's card says now, which the content service may have put in its own words
      reason: item.lastPublishError ?? schedule.syncError,
      unconfirmed: item.publishUnconfirmed,
      scheduledFor: schedule.scheduledFor.toISOString(),
    });
  }

  return {
    syncToDraft,

    async onPublished(event: EventPayload<'linkedin.post.published'>): Promise<void> {
      if (event.requestId) {
        const scheduledFor = await repo.markPublished({ contentId: event.contentId, requestId: event.requestId });
        // once, when the schedule closes (a redelivery finds none)
        if (scheduledFor) wentLive((Date.parse(event.publishedAt) - scheduledFor.getTime()) / 1000);
        return;
      }
      // published now by the user: the schedule has nothing left to do
      // (firing too: the LinkedIn service drops a scheduled request for a published item)
      if (await repo.remove(event.contentId, { status: ANY_STATUS })) {
        logger.info({ contentId: event.contentId }, 'published now; schedule cancelled');
      }
    },

    async onFailed(event: EventPayload<'linkedin.post.failed'>): Promise<void> {
      const decision = afterFailure(event.requestId ? await repo.get(event.contentId) : null, event, now(), settings);
      switch (decision.action) {
        case 'ignore':
          return;
        case 'sync-again':
          return syncToDraft(decision.schedule);
        case 'retry': {
          const { schedule, dueAt } = decision;
          const retry = await repo.transition(
            schedule.contentId,
            { status: ['firing'], requestId: schedule.requestId },
            { status: 'pending', dueAt, requestId: randomUUID(), lastError: event.reason, claimedBy: null, claimedAt: null },
            { bumpVersion: true },
          );
          if (retry) {
            logger.info({ contentId: schedule.contentId, attempt: schedule.attempts, retryAt: retry.dueAt.toISOString() }, 'transient publish failure; retrying');
            await arming.armPlan(retry);
          }
          return;
        }
        case 'give-up':
          logger.info({ contentId: event.contentId, reason: event.reason }, 'publish failed; back to draft');
          return giveUp(decision.schedule, event.reason, event.unconfirmed);
      }
    },

    async onContentDeleted(event: EventPayload<'content.deleted'>): Promise<void> {
      // firing too: the LinkedIn service drops a request for an item that no longer exists
      await repo.remove(event.contentId, { status: ANY_STATUS });
    },
  };
}

export type Settling = ReturnType<typeof settling>;
