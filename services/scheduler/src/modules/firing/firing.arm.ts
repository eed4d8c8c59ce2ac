import type { FirePlan, PendingSchedule, Schedule } from '../schedule/schedule.types';
import { isPending, planOf } from '../schedule/schedule.states';
import type { FiringContext } from './firing.context';

/**
 * Arming the timers (the timers themselves: firing.queue.ts). Arming is idempotent per plan, and
 * MongoDB holds every plan, so a timer that could not be armed is the reconciler's to fire.
 */
export function arming(ctx: Pick<FiringContext, 'timer' | 'logger'>) {
  const { timer, logger } = ctx;

  return {
    /** A new plan (a schedule, a retry, a schedule settled by the reconciler): arms its timer if it is pending. */
    async armPlan(schedule: Schedule | null): Promise<void> {
      if (!isPending(schedule)) return;
      await timer.arm([planOf(schedule)]).catch((err: unknown) => {
        logger.warn({ err, contentId: schedule.contentId }, 'could not arm the timer; the reconciler will fire it');
      });
    },

    /** Plans due soon, on every reconciler pass: a timer lost on the way is armed again (a no-op when it exists). */
    async rearm(plans: FirePlan[]): Promise<void> {
      if (!plans.length) return;
      await timer.arm(plans).catch((err: unknown) => logger.warn({ err }, 'could not re-arm timers'));
    },

    /** Every pending schedule (start, or Redis lost the timers), then the mark that Redis holds them. */
    async armAll(pending: PendingSchedule[]): Promise<void> {
      await timer.arm(pending.map(planOf));
      await timer.markIntact();
    },
  };
}

export type Arming = ReturnType<typeof arming>;
