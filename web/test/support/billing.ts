/**
 * The billing service as the web sees it (contracts/src/billing.ts): plans, a subscription, and
 * the redirects to Stripe's pages. Built with `build*(overrides)` like the other fixtures.
 */
import type { PlansResponse, SubscriptionResponse } from '@postwright/contracts';
import { browserNavigation } from '../../src/lib/navigation';

export const CHECKOUT_URL = 'https://checkout.stripe.test/c/pay/cs_test_1';
export const PORTAL_URL = 'https://billing.stripe.test/p/session/bps_1';

/** GET /billing/plans as the service answers it: the spec's prices unless overridden. */
export function buildPlans(overrides: Partial<Record<'starter' | 'professional' | 'enterprise', Partial<PlansResponse['plans'][number]>>> = {}): PlansResponse {
  const plan = (id: 'starter' | 'professional' | 'enterprise', name: string, month: number, year: number, postsPerMonth: number | null) => ({
    id,
    name,
    prices: { month, year },
    currency: 'usd',
    postsPerMonth,
    ...overrides[id],
  });
  return {
    plans: [plan('starter', 'Starter', 2_900, 29_000, 50), plan('professional', 'Professional', 7_900, 79_000, null), plan('enterprise', 'Enterprise', 29_900, 299_000, null)],
  };
}

/** GET /billing/subscription: an active monthly Starter renewing on Mar 4, 2099, 13 of 50 posts used, unless overridden. */
export function buildSubscription(overrides: Partial<SubscriptionResponse> = {}): SubscriptionResponse {
  return {
    plan: 'starter',
    interval: 'month',
    status: 'active',
    currentPeriodEnd: '2099-03-04T12:00:00.000Z',
    cancelAtPeriodEnd: false,
    endedAt: null,
    graceEndsAt: null,
    usage: { used: 13, allowance: 50, resetsAt: '2099-03-04T12:00:00.000Z' },
    ...overrides,
  };
}

/** No subscription (a trial that never subscribed). */
export const noSubscription = (): SubscriptionResponse => ({
  plan: null,
  interval: null,
  status: 'none',
  currentPeriodEnd: null,
  cancelAtPeriodEnd: false,
  endedAt: null,
  graceEndsAt: null,
  usage: { used: 0, allowance: 3, resetsAt: null },
});

/** Watches where the browser is sent (Stripe's pages) instead of leaving jsdom. */
export function watchNavigation() {
  return jest.spyOn(browserNavigation, 'assign').mockImplementation(() => {});
}
