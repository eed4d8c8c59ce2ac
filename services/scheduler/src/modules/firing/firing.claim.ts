import type { FirePlan, FiringSchedule } from '../schedule/schedule.types';
import type { FiringContext } from './firing.context';

export type FireOutcome = 'emitted' | 'skipped';

/**
 * Claiming and firing: at the due time the claim pending -> firing is conditional on the plan and
 * on being due, so only one replica wins and only the winner emits content.publish.requested,
 * with the plan's request id (the LinkedIn service publishes once per id). The request names the
 * item and its time, not its text: the LinkedIn service reads the item as it is then, so an edit
 * made after scheduling goes out (and an item with nothing to post is refused there, with the reason).
 */
export function claiming(ctx: FiringContext) {
  const { repo, events, logger, instanceId, now, unsent, emitted } = ctx;

  /** Emits the claim's publish request; false when the broker did not confirm it. */
  async function emit(schedule: FiringSchedule): Promise<boolean> {
    try {
      await events.publish('content.publish.requested', {
        requestId: schedule.requestId,
        contentId: schedule.contentId,
        userId: schedule.userId,
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

  return {
    emit,
    /** The timer's callback: claim the plan if it is still the one to fire, then emit. */
    fire: async (plan: FirePlan): Promise<FireOutcome> => ((await repo.claim(plan, { instanceId, now }, emit)) ? 'emitted' : 'skipped'),
  };
}

export type Claiming = ReturnType<typeof claiming>;
