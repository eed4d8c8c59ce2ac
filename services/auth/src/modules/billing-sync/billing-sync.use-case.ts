import { isPlanId, LIVE_SUBSCRIPTION_STATUSES, type EventEnvelope } from '@postwright/contracts';
import type { Clock, EventPublisher } from '../ports';
import { trialEndOf } from '../users/entitlement';
import type { UserRecord, UserRepository } from '../users/user.repository';

export type BillingEvent = EventEnvelope<'billing.subscription.changed'>;

const date = (iso: string | null) => (iso ? new Date(iso) : null);
const NO_PLAN = { planInterval: null, planPeriodStart: null, planPeriodEnd: null, planCancelAtPeriodEnd: false, planGraceEndsAt: null } as const;

/**
 * Applies the billing service's report of a member's subscription to the user: the auth service
 * is the one writer of subscriptionTier and subscriptionStatus. A subscription the member holds
 * makes the plan the tier (and ends the trial at once); one that ended falls back to what a finished
 * trial gets (whether or not its start was applied first); one that never started (incomplete)
 * changes nothing.
 */
export function createBillingSync(deps: { users: UserRepository; events: EventPublisher; clock: Clock }) {
  const { users, events, clock } = deps;

  function stateFor(user: UserRecord, payload: BillingEvent['payload']): Parameters<UserRepository['applyBilling']>[1] {
    // a subscription ends the trial at once (never later than it would have ended): a former
    // subscriber never gets trial posts again
    const now = clock.now();
    const trialEnd = trialEndOf(user);
    const trialEndsAt = trialEnd < now ? trialEnd : now;
    if (payload.plan && LIVE_SUBSCRIPTION_STATUSES.includes(payload.status)) {
      return {
        subscriptionTier: payload.plan,
        subscriptionStatus: payload.status,
        trialEndsAt,
        planInterval: payload.interval,
        planPeriodStart: date(payload.currentPeriodStart),
        planPeriodEnd: date(payload.currentPeriodEnd),
        planCancelAtPeriodEnd: payload.cancelAtPeriodEnd,
        planGraceEndsAt: date(payload.graceEndsAt),
      };
    }
    // a subscription that ended, or a plan with no subscription left: the member had one, so the trial is over
    const ended = payload.status === 'canceled' || (['incomplete_expired', 'none'].includes(payload.status) && isPlanId(user.subscriptionTier));
    if (!ended) return {};
    // a tier an admin granted (beta, premium) stays; it was never the subscription's
    if (!isPlanId(user.subscriptionTier) && user.subscriptionTier !== 'trial') return { trialEndsAt };
    return { subscriptionTier: 'trial', subscriptionStatus: 'canceled', trialEndsAt, ...NO_PLAN };
  }

  return {
    /** Unknown users are skipped (acked): the event cannot become applicable by retrying. */
    async apply(event: BillingEvent): Promise<void> {
      const revision = new Date(event.payload.revision);
      let before = await users.findById(event.payload.userId);
      let after: UserRecord | null = null;
      // what a report does depends on the user as it is (a plan ending falls back only from a plan):
      // applied only if no other report came in between, else read again
      for (let attempt = 0; before && !after && attempt < 5; attempt += 1) {
        // an older report (redelivered late) never overwrites a newer one
        if (before.billingSyncedAt && before.billingSyncedAt >= revision) return;
        after = await users.applyBilling(before.id, stateFor(before, event.payload), revision, before.billingSyncedAt);
        if (!after) before = await users.findById(before.id);
      }
      if (!before || !after) {
        if (before) throw new Error(`billing report for ${before.id} could not be applied: the user kept changing`);
        return;
      }
      if (after.subscriptionTier !== before.subscriptionTier) {
        await events.publish('user.tier.changed', { userId: after.id, tier: after.subscriptionTier, betaExpiresAt: null });
      }
      const fields = (['subscriptionTier', 'subscriptionStatus'] as const).filter((f) => before[f] !== after[f]);
      if (fields.length) await events.publish('user.updated', { userId: after.id, fields });
    },
  };
}
