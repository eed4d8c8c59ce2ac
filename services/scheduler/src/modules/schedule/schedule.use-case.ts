/**
 * Schedule, reschedule and unschedule. Two stores change: the
 * schedule here (what will fire) and the item in the content service (what the user sees).
 * Each operation holds the item's mutex, first makes the old version unable to fire (new
 * version, status preparing or cancelled), then asks the content service for its conditional
 * transition, then settles. Whatever is left half-way by a crash or an unreachable content
 * service is settled by the reconciler from the content service's answer.
 */
import { randomUUID } from 'node:crypto';
import { AppError, type Logger } from '@postwright/platform';
import { linkedinLengthProblem, postTextOf, withoutOwner, type ContentItem } from '@postwright/contracts';
import { arming } from '../firing/firing.arm';
import { checkScheduleTime, parseScheduledFor, type LeadRules } from './schedule.rules';
import type { ContentPort, ScheduleRepository, TimerPort } from './schedule.types';

export const LOCK_MS = 15_000;

export const errors = {
  notFound: () => AppError.of('CONTENT.NOT_FOUND'),
  notSchedulable: () => AppError.of('SCHEDULE.NOT_SCHEDULABLE'),
  notScheduled: () => AppError.of('SCHEDULE.NOT_SCHEDULED'),
  publishing: () => AppError.of('SCHEDULE.PUBLISHING'),
  busy: () => AppError.of('SCHEDULE.BUSY'),
  /** the LinkedIn service's words and code for the same condition: refused now, not at its time */
  tooLong: (message: string) => AppError.badRequest(message, { text: message }, 'LINKEDIN.TOO_LONG'),
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

export function scheduleUseCases(deps: ScheduleDeps) {
  const { repo, content, timer, logger } = deps;
  const now = deps.now ?? (() => new Date());

  const until = () => new Date(now().getTime() + LOCK_MS);
  // a timer Redis could not take is fired by the reconciler from MongoDB (a little late, never lost)
  const { armPlan } = arming({ timer, logger });

  /** Why a schedule could not be taken: being published (the owner is told so), or another operation holds it. */
  async function refusal(contentId: string, userId: string) {
    const current = await repo.get(contentId);
    if (current?.status === 'firing') return current.userId === userId ? errors.publishing() : errors.notFound();
    return errors.busy();
  }

  return {
    async schedule(input: { userId: string; contentId: string; scheduledFor: string }): Promise<ScheduleResult> {
      const at = parseScheduledFor(input.scheduledFor);
      checkScheduleTime(at, now(), deps.rules);
      const { userId } = input;
      // one plan per item whatever the spelling of its id (the content service reads ids in any case)
      const contentId = canonicalId(input.contentId);

      const previous = await repo.get(contentId);
      if (previous?.status === 'firing') throw previous.userId === userId ? errors.publishing() : errors.notFound();
      // ownership is proven (the content service answers 404 to anyone else) before any plan is
      // written, created or locked: a request for someone else's item must neither move their
      // schedule nor hold the mutex their own request needs (item ids are guessable). A plan is
      // only ever made for its owner, so a plan of this user's is the proof already.
      const item = await content.get({ id: contentId, userId });
      if (!previous || previous.userId !== userId) {
        if (!item) throw errors.notFound();
        if (item.status !== 'draft' && item.status !== 'scheduled') throw errors.notSchedulable();
      }
      // a text LinkedIn would refuse is refused now, while the member is here, not at its time
      const tooLong = item ? linkedinLengthProblem(postTextOf(item)) : null;
      if (tooLong) throw errors.tooLong(tooLong);

      // one write takes the mutex and makes a new plan: from here a timer of the old plan finds nothing
      const lockId = randomUUID();
      const preparing = await repo.begin(
        contentId,
        lockId,
        until(),
        { status: 'preparing', userId, scheduledFor: at, dueAt: at, requestId: randomUUID(), attempts: 0, syncToDraft: false, syncError: null, syncUnconfirmed: false, lastError: null, claimedBy: null, claimedAt: null },
        { status: ['preparing', 'pending', 'failed', 'cancelled'], create: true },
      );
      if (!preparing) throw await refusal(contentId, userId);

      let settled = false;
      try {
        const moved = await content.transition(contentId, { userId, from: ['draft', 'scheduled'], to: 'scheduled', scheduledFor: at.toISOString() });
        if (!moved.ok) {
          // deleted or published meanwhile: nothing to fire (an event may have removed it already)
          settled = await repo.remove(contentId, { lockId });
          throw moved.status === 404 ? errors.notFound() : errors.notSchedulable();
        }
        const pending = await repo.updateLocked(contentId, lockId, { status: 'pending' }, { expectVersion: preparing.version, expectStatus: ['preparing'], release: true });
        // null: published now or deleted between our transition and here, and that event removed it
        if (!pending) throw errors.notSchedulable();
        settled = true;
        await armPlan(pending);
        logger.info({ contentId, requestId: pending.requestId, dueAt: at.toISOString() }, 'scheduled');
        return { schedule: { contentId, scheduledFor: at.toISOString() }, content: withoutOwner(moved.value) };
      } finally {
        // content service unreachable: the schedule stays "preparing" with the mutex freed, and
        // the reconciler settles it from what the content item says
        if (!settled) await repo.release(contentId, lockId).catch(() => undefined);
      }
    },

    async unschedule(input: { userId: string; contentId: string }): Promise<UnscheduleResult> {
      const { userId } = input;
      const contentId = canonicalId(input.contentId);
      const lockId = randomUUID();
      // nothing fires after this write, whatever happens to the content item next
      const cancelled = await repo.begin(
        contentId,
        lockId,
        until(),
        { status: 'cancelled', syncToDraft: true, syncError: null, syncUnconfirmed: false },
        { status: ['preparing', 'pending', 'failed', 'cancelled'], userId, create: false },
      );
      if (!cancelled) {
        const current = await repo.get(contentId);
        if (current && current.userId === userId) throw await refusal(contentId, userId);
        // no schedule of this user's: the content service still decides (404 for others' items)
      }
      let settled = !cancelled;
      try {
        const moved = await content.transition(contentId, { userId, from: ['scheduled'], to: 'draft', scheduledFor: null });
        if (cancelled) settled = await repo.remove(contentId, { lockId });
        if (!moved.ok) throw moved.status === 404 ? errors.notFound() : errors.notScheduled();
        logger.info({ contentId }, 'unscheduled');
        return { schedule: { contentId, scheduledFor: null }, content: withoutOwner(moved.value) };
      } finally {
        // content service unreachable: syncToDraft stays set and the reconciler finishes the job
        if (!settled) await repo.release(contentId, lockId).catch(() => undefined);
      }
    },
  };
}

export type ScheduleUseCases = ReturnType<typeof scheduleUseCases>;

/** Item ids are hex ObjectIds, which the content service reads in either case: one spelling here. */
function canonicalId(contentId: string): string {
  return contentId.toLowerCase();
}
