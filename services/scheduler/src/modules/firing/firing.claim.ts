import { postTextOf } from '@postwright/contracts';
import type { FirePlan, FiringSchedule } from '../schedule/schedule.types';
import { claimBatches } from './firing.batchers';
import type { FiringContext } from './firing.context';

export type FireOutcome = 'emitted' | 'skipped';

/** Gives a claimed schedule up for good, with the reason (firing.settle.ts). */
export type GiveUp = (schedule: FiringSchedule, reason: string, unconfirmed: boolean) => Promise<void>;

const NO_TEXT_REASON = 'No content to post';

/**
 * Claiming and firing: at the due time the claim pending -> firing is conditional on the plan and
 * on being due, so only one replica wins and only the winner emits content.publish.requested,
 * with the plan's request id (the LinkedIn service publishes once per id).
 */
export function claiming(ctx: FiringContext, giveUp: GiveUp) {
  const { repo, content, events, logger, instanceId, now, unsent, emitted } = ctx;

  /** Emits the claim's publish request; false when nothing was sent (given up, or the broker did not confirm). */
  async function emit(schedule: FiringSchedule): Promise<boolean> {
    const body = schedule.text ?? (await textFromContent(schedule));
    if (!body || !body.trim()) {
      await giveUp(schedule, NO_TEXT_REASON, false);
      return false;
    }
    try {
      await events.publish('content.publish.requested', {
        requestId: schedule.requestId,
        contentId: schedule.contentId,
        userId: schedule.userId,
        text: body,
        scheduledFor: schedule.scheduledFor.toISOString(),
      });
      unsent.delete(schedule.contentId);
      // noted in the store by the claim check only if its outcome is still to come a while later
      // (so that a takeover does not send it again; losing the note costs only a repeat)
      emitted.set(schedule.contentId, { requestId: schedule.requestId, at: now().getTime() });
      return true;
    } catch (err) {
      logger.warn({ err, contentId: schedule.contentId }, 'publish request not confirmed by the broker; will emit again');
      unsent.set(schedule.contentId, schedule);
      return false;
    }
  }

  /** The text is captured at scheduling time; this is only for a schedule whose copy is missing. */
  async function textFromContent(schedule: FiringSchedule): Promise<string | undefined> {
    const item = await content.get(schedule.contentId, schedule.userId).catch(() => null);
    return item?.ok ? postTextOf(item.value) : undefined;
  }

  const claim = claimBatches(repo, instanceId, now, emit);

  return {
    emit,
    /** The timer's callback: claim the plan if it is still the one to fire, then emit. */
    fire: async (plan: FirePlan): Promise<FireOutcome> => ((await claim(plan)) ? 'emitted' : 'skipped'),
  };
}

export type Claiming = ReturnType<typeof claiming>;
