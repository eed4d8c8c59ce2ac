/**
 * Schedule, reschedule and unschedule (spec sections 4, 5 and 9). Two stores change: the
 * schedule here (what will fire) and the item in the content service (what the user sees).
 * Each operation holds the item's mutex, first makes the old version unable to fire (new
 * version, status preparing or cancelled), then asks the content service for its conditional
 * transition, then settles. Whatever is left half-way by a crash or an unreachable content
 * service is settled by the reconciler from the content service's answer.
 */
import { randomUUID } from 'node:crypto';
import { AppError, type Logger } from '@postwright/platform';
import { postTextOf, type ContentItem, type InternalContentItem } from '@postwright/contracts';
import { checkScheduleTime, parseScheduledFor, type LeadRules } from './schedule.rules';
import type { ContentPort, Schedule, ScheduleRepository, TimerPort } from './schedule.types';

export const LOCK_MS = 15_000;

export const errors = {
  notFound: () => AppError.notFound('Content not found', 'CONTENT.NOT_FOUND'),
  notSchedulable: () => AppError.conflict('Only drafts and scheduled posts can be scheduled', 'SCHEDULE.NOT_SCHEDULABLE'),
  notScheduled: () => AppError.conflict('Only scheduled posts can be unscheduled', 'SCHEDULE.NOT_SCHEDULED'),
  publishing: () => AppError.conflict('This post is being published right now', 'SCHEDULE.PUBLISHING'),
  busy: () => AppError.conflict('This post is being updated. Please try again.', 'SCHEDULE.BUSY'),
};

export interface ScheduleDeps {
  repo: ScheduleRepository;
  content: ContentPort;
  timer: TimerPort;
  rules: LeadRules;
  logger: Logger;
  now?: () => Date;
}

export interface ScheduleResult {
  schedule: { contentId: string; scheduledFor: string };
  content: ContentItem;
}

export interface UnscheduleResult {
  schedule: { contentId: string; scheduledFor: null };
  content: ContentItem;
}

function publicItem(item: InternalContentItem): ContentItem {
  const { userId: _userId, ...rest } = item;
  return rest;
}

export function scheduleUseCases(deps: ScheduleDeps) {
  const { repo, content, timer, logger } = deps;
  const now = deps.now ?? (() => new Date());

  async function lockOrBusy(contentId: string, lockId: string, create: boolean) {
    const result = await repo.lock(contentId, lockId, new Date(now().getTime() + LOCK_MS), { create });
    if (result.outcome === 'busy') throw errors.busy();
    return result;
  }

  /** Arms the timer; if Redis is down the reconciler fires it from MongoDB (a little late, never lost). */
  async function arm(schedule: Schedule) {
    if (schedule.status !== 'pending' || !schedule.dueAt) return;
    await timer.arm([{ contentId: schedule.contentId, version: schedule.version, dueAt: schedule.dueAt.getTime() }]).catch((err: unknown) => {
      logger.warn({ err, contentId: schedule.contentId }, 'could not arm the timer; the reconciler will fire it');
    });
  }

  return {
    async schedule(input: { userId: string; contentId: string; scheduledFor: string }): Promise<ScheduleResult> {
      const at = parseScheduledFor(input.scheduledFor);
      checkScheduleTime(at, now(), deps.rules);
      const { contentId, userId } = input;
      const lockId = randomUUID();
      const locked = await lockOrBusy(contentId, lockId, true);
      const previous = locked.outcome === 'locked' ? locked.previous : null;
      let released = false;
      try {
        if (previous?.status === 'firing') {
          if (previous.userId === userId) throw errors.publishing();
          throw errors.notFound();
        }
        // ownership is proven once (the content service answers 404 to anyone else); only then
        // may this request touch a plan, so nobody can cancel someone else's schedule
        if (previous?.userId !== userId) {
          const item = await content.get(contentId, userId);
          if (!item.ok) throw errors.notFound();
          if (item.value.status !== 'draft' && item.value.status !== 'scheduled') throw errors.notSchedulable();
        }
        // from here the old version cannot fire: a racing timer finds another version
        const preparing = await repo.updateLocked(
          contentId,
          lockId,
          { status: 'preparing', userId, scheduledFor: at, dueAt: at, requestId: null, attempts: 0, syncToDraft: false, syncError: null, syncUnconfirmed: false, lastError: null },
          { bumpVersion: true },
        );
        if (!preparing) throw errors.busy(); // the mutex expired under us

        const moved = await content.transition(contentId, { userId, from: ['draft', 'scheduled'], to: 'scheduled', scheduledFor: at.toISOString() });
        if (!moved.ok) {
          // deleted or published meanwhile: nothing to fire (an event may have cancelled it already)
          await repo.updateLocked(contentId, lockId, { status: 'cancelled' }, { expectVersion: preparing.version, expectStatus: ['preparing'] });
          throw moved.status === 404 ? errors.notFound() : errors.notSchedulable();
        }
        await repo.saveText(contentId, postTextOf(moved.value));
        const pending = await repo.updateLocked(
          contentId,
          lockId,
          { status: 'pending', requestId: randomUUID() },
          { expectVersion: preparing.version, expectStatus: ['preparing'], release: true },
        );
        // null: published now or deleted between our transition and here; that event cancelled it
        if (!pending) throw errors.notSchedulable();
        released = true;
        await arm(pending);
        logger.info({ contentId, version: pending.version, dueAt: at.toISOString() }, 'scheduled');
        return { schedule: { contentId, scheduledFor: at.toISOString() }, content: publicItem(moved.value) };
      } finally {
        // on an unexpected error (content service unreachable) the document stays "preparing"
        // with the mutex freed; the reconciler settles it from the content service's answer
        if (!released) await repo.release(contentId, lockId).catch(() => undefined);
      }
    },

    async unschedule(input: { userId: string; contentId: string }): Promise<UnscheduleResult> {
      const { contentId, userId } = input;
      const lockId = randomUUID();
      const locked = await lockOrBusy(contentId, lockId, false);
      const mine = locked.outcome === 'locked' && locked.previous?.userId === userId ? locked.previous : null;
      let holding = locked.outcome === 'locked';
      try {
        if (mine?.status === 'firing') throw errors.publishing();
        if (mine && (mine.status === 'pending' || mine.status === 'preparing' || mine.status === 'failed')) {
          // nothing fires after this line, whatever happens to the content item next
          const cancelled = await repo.updateLocked(contentId, lockId, { status: 'cancelled', syncToDraft: true, syncError: null, syncUnconfirmed: false }, { bumpVersion: true });
          if (!cancelled) throw errors.busy();
        }
        const moved = await content.transition(contentId, { userId, from: ['scheduled'], to: 'draft', scheduledFor: null });
        if (holding) {
          await repo.updateLocked(contentId, lockId, { syncToDraft: false }, { release: true });
          holding = false;
        }
        if (!moved.ok) throw moved.status === 404 ? errors.notFound() : errors.notScheduled();
        logger.info({ contentId }, 'unscheduled');
        return { schedule: { contentId, scheduledFor: null }, content: publicItem(moved.value) };
      } finally {
        // content service unreachable: syncToDraft stays set and the reconciler finishes the job
        if (holding) await repo.release(contentId, lockId).catch(() => undefined);
      }
    },
  };
}

export type ScheduleUseCases = ReturnType<typeof scheduleUseCases>;
