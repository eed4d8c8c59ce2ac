import { LIVE_SUBSCRIPTION_STATUSES, type EventPayload, type SubscriptionResponse } from '@postwright/contracts';
import type { Logger } from '@postwright/platform';
import type { AccountsPort } from '@postwright/platform';
import type { CustomerRepository } from '../checkout/customer.repository';
import type { Clock, EventPublisher, Throttle } from '../ports';
import type { StripePort, StripeSubscription } from '../stripe/stripe.client';
import type { SubscriptionRecord, SubscriptionRepository, SubscriptionState } from './subscription.repository';

const DAY_MS = 24 * 3600 * 1000;
/** after opening the Billing Portal, the member's look at their subscription reads Stripe for this long */
const PORTAL_FRESH_MS = 3_600_000;
/** a sender that has not confirmed within this long is taken for dead and the state is sent again */
const PUBLISH_LEASE_MS = 30_000;
const isLive = (status: string | undefined) => status !== undefined && LIVE_SUBSCRIPTION_STATUSES.includes(status);

/**
 * The subscription that speaks for the member when Stripe has several: one they still have
 * before one that ended, then the newest. (Two live ones mean two Checkouts were paid at once:
 * logged for an operator to refund, never guessed away.)
 */
function current(subscriptions: StripeSubscription[]): StripeSubscription | null {
  const rank = (s: StripeSubscription) => (isLive(s.status) ? 0 : s.status === 'incomplete' ? 1 : 2);
  return [...subscriptions].sort((a, b) => rank(a) - rank(b) || b.created.getTime() - a.created.getTime())[0] ?? null;
}

export type SubscriptionUseCases = ReturnType<typeof subscriptionUseCases>;

/**
 * The mirror of each member's subscription. Every change is read from Stripe as it is now,
 * never taken from an event's copy, so duplicated, retried and reordered webhooks all end in
 * Stripe's current state; each stored change goes to the auth service as
 * billing.subscription.changed (an outbox: sent again until the broker has it).
 */
export function subscriptionUseCases(deps: {
  stripe: StripePort;
  subscriptions: SubscriptionRepository;
  customers: CustomerRepository;
  accounts: AccountsPort;
  events: EventPublisher;
  throttle: Throttle;
  clock: Clock;
  logger: Logger;
  graceDays: number;
}) {
  const { stripe, subscriptions, customers, accounts, events, throttle, clock, logger, graceDays } = deps;

  function stateOf(customerId: string, sub: StripeSubscription | null, previous: SubscriptionRecord | null, now: Date): SubscriptionState {
    if (!sub) {
      return { customerId, subscriptionId: null, plan: null, interval: null, status: 'none', currentPeriodStart: null, currentPeriodEnd: null, cancelAtPeriodEnd: false, endedAt: null, pastDueSince: null, graceEndsAt: null };
    }
    const pastDueSince =
      sub.status === 'past_due' ? (previous?.status === 'past_due' && previous.subscriptionId === sub.id && previous.pastDueSince ? previous.pastDueSince : now) : null;
    return {
      customerId,
      subscriptionId: sub.id,
      plan: sub.plan,
      interval: sub.interval,
      status: sub.status,
      currentPeriodStart: sub.currentPeriodStart,
      currentPeriodEnd: sub.currentPeriodEnd,
      cancelAtPeriodEnd: sub.cancelAtPeriodEnd,
      endedAt: sub.endedAt,
      pastDueSince,
      graceEndsAt: pastDueSince ? new Date(pastDueSince.getTime() + graceDays * DAY_MS) : null,
    };
  }

  function changedEvent(record: SubscriptionRecord, userId: string): EventPayload<'billing.subscription.changed'> {
    const iso = (d: Date | null) => (d ? d.toISOString() : null);
    return {
      userId,
      customerId: record.customerId,
      subscriptionId: record.subscriptionId,
      plan: (record.plan as EventPayload<'billing.subscription.changed'>['plan']) ?? null,
      interval: (record.interval as EventPayload<'billing.subscription.changed'>['interval']) ?? null,
      status: record.status,
      currentPeriodStart: iso(record.currentPeriodStart),
      currentPeriodEnd: iso(record.currentPeriodEnd),
      cancelAtPeriodEnd: record.cancelAtPeriodEnd,
      graceEndsAt: iso(record.graceEndsAt),
      revision: record.revision.toISOString(),
    };
  }

  /** Tells the auth service the member's stored state, unless it has been told already or another sender is telling it. */
  async function publish(userId: string): Promise<void> {
    const now = clock.now();
    const record = await subscriptions.claimPublication(userId, now, new Date(now.getTime() + PUBLISH_LEASE_MS));
    if (!record) return;
    await events.publish('billing.subscription.changed', changedEvent(record, userId));
    await subscriptions.markPublished(userId, record.revision);
  }

  /** The member a customer belongs to: ours by the mapping, or by the metadata we gave it. */
  async function memberOf(customerId: string): Promise<string | null> {
    const known = await customers.byCustomer(customerId);
    if (known) return known.userId;
    const userId = await stripe.customerUserId(customerId);
    if (!userId) return null;
    const linked = await customers.link(userId, customerId);
    if (linked.customerId !== customerId) {
      logger.error({ userId, customerId, kept: linked.customerId }, 'a second Stripe customer names this member; it is left alone');
      return null;
    }
    return userId;
  }

  /**
   * Reads the customer's subscriptions from Stripe and stores the one that speaks for the member.
   * Null when the customer is not one of ours (made by hand in the Dashboard, say), or has never
   * had a subscription.
   */
  async function sync(customerId: string): Promise<SubscriptionRecord | null> {
    const userId = await memberOf(customerId);
    if (!userId) return null;
    // taken before the read: a read that started later holds a newer state, whichever finishes first
    const revision = clock.now();
    const all = await stripe.subscriptionsOf(customerId);
    if (all.filter((s) => isLive(s.status)).length > 1) {
      logger.error({ userId, customerId, subscriptions: all.filter((s) => isLive(s.status)).map((s) => s.id) }, 'member holds more than one live subscription: refund the newer one in the Stripe Dashboard');
    }
    const previous = await subscriptions.byUser(userId);
    // a customer who has never had a subscription: nothing to keep, nothing to tell
    if (!previous && all.length === 0) return null;
    const state = stateOf(customerId, current(all), previous, revision);
    const outcome = await subscriptions.save(userId, state, revision);
    if (outcome === 'stored') {
      if (isLive(state.status)) await customers.setOpenCheckout(userId, null);
      try {
        await publish(userId);
      } catch (err) {
        // stored: the outbox loop sends it once the broker answers
        logger.warn({ err, userId }, 'billing.subscription.changed could not be sent yet');
      }
    }
    return subscriptions.byUser(userId);
  }

  return {
    sync,

    /**
     * What the member's account shows. While a Checkout page is open, and for a while after the
     * Billing Portal was opened, the state is read from Stripe directly (throttled): a slow or lost
     * webhook delays nobody's plan, and a change made in the portal shows when the member is back.
     */
    async view(userId: string): Promise<SubscriptionResponse> {
      const [mirror, customer, account] = await Promise.all([subscriptions.byUser(userId), customers.byUser(userId), accounts.account(userId)]);
      let record = mirror;
      const now = clock.now();
      const awaitingCheckout = Boolean(customer?.openCheckout && customer.openCheckout.expiresAt > now && !isLive(mirror?.status));
      const backFromPortal = Boolean(customer?.portalOpenedAt && now.getTime() - customer.portalOpenedAt.getTime() < PORTAL_FRESH_MS);
      if ((awaitingCheckout || backFromPortal) && (await throttle.take(`sync:${userId}`, 3))) {
        // Stripe unreachable: what the mirror has is still the member's answer
        record = (await sync(customer!.customerId).catch((err) => logger.warn({ err, userId }, 'subscription could not be read from Stripe; the mirror answers'))) ?? mirror;
      }
      const live = isLive(record?.status);
      return {
        plan: live ? ((record!.plan as SubscriptionResponse['plan']) ?? null) : null,
        interval: live ? ((record!.interval as SubscriptionResponse['interval']) ?? null) : null,
        status: record?.status ?? 'none',
        currentPeriodEnd: record?.currentPeriodEnd?.toISOString() ?? null,
        cancelAtPeriodEnd: live ? record!.cancelAtPeriodEnd : false,
        endedAt: record?.endedAt?.toISOString() ?? null,
        graceEndsAt: record?.graceEndsAt?.toISOString() ?? null,
        usage: account.usage,
      };
    },

    /** Periodic: states stored while the broker was away are sent now. */
    async publishPending(limit = 100): Promise<number> {
      let sent = 0;
      for (const record of await subscriptions.unpublished(limit)) {
        await publish(record.userId);
        sent += 1;
      }
      return sent;
    },
  };
}
