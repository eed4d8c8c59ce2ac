import type { BillingInterval, BillingRedirectResponse, Plan, PlanId, SubscriptionResponse } from '@postwright/contracts';
import { queryOptions } from '@tanstack/react-query';
import { ApiError, api } from './api-client';
import { browserNavigation } from './navigation';
import { queryKeys } from './query-client';

/**
 * The billing calls (contracts/src/billing.ts), shared by the pricing, success, profile, layout
 * and generator screens. Only types come from the contracts: the landing page reads the plans,
 * and zod must stay out of its JavaScript to keep it small, so answers are checked by hand here.
 * The landing page loads this module only when its pricing section comes near.
 */

const isCount = (value: unknown): value is number => typeof value === 'number' && Number.isInteger(value) && value >= 0;

function readPlan(value: unknown): Plan | null {
  const p = value as Partial<Plan> | null;
  // an id this version does not sell is dropped where the plans are merged (config/plans)
  if (!p || typeof p !== 'object' || typeof p.id !== 'string' || typeof p.name !== 'string') return null;
  if (!p.prices || !isCount(p.prices.month) || !isCount(p.prices.year) || typeof p.currency !== 'string') return null;
  if (p.postsPerMonth !== null && !(isCount(p.postsPerMonth) && p.postsPerMonth > 0)) return null;
  return { id: p.id, name: p.name, prices: { month: p.prices.month, year: p.prices.year }, currency: p.currency, postsPerMonth: p.postsPerMonth };
}

/** GET /billing/plans (no token): the plans Stripe sells now; entries this version cannot read are left out. */
export async function getPlans(signal?: AbortSignal): Promise<Plan[]> {
  const data = await api.get<{ plans?: unknown }>('/billing/plans', { auth: false, signal });
  const list = Array.isArray(data?.plans) ? data.plans : [];
  return list.map(readPlan).filter((plan): plan is Plan => plan !== null);
}

/** GET /billing/subscription: the member's subscription (`status: 'none'` without one) and this month's usage. */
export async function getSubscription(signal?: AbortSignal): Promise<SubscriptionResponse> {
  return api.get<SubscriptionResponse>('/billing/subscription', { signal });
}

/** The member's subscription, read through the query cache (the profile, the pricing page and the layout's banner share it). */
export const subscriptionQuery = (userId: string) => queryOptions({ queryKey: queryKeys.subscription(userId), queryFn: ({ signal }) => getSubscription(signal) });

/** Stripe's pages only: never a script or data address, whatever an answer says. */
function redirectTarget(data: BillingRedirectResponse | null): string {
  try {
    const url = new URL(data?.url ?? '');
    if (url.protocol === 'https:' || url.protocol === 'http:') return url.href;
  } catch {
    /* not an address */
  }
  const error = 'Payments are unavailable right now. Please try again in a few minutes.';
  throw new ApiError(error, 502, { error, code: 'BILLING.UNAVAILABLE' });
}

/**
 * POST /billing/checkout, then leaves for Stripe Checkout. The start is remembered for this tab:
 * Stripe sends a cancelled checkout back to /pricing without saying so, and the page tells the
 * member they were not charged.
 */
export async function startCheckout(userId: string, plan: PlanId, interval: BillingInterval): Promise<void> {
  const target = redirectTarget(await api.post<BillingRedirectResponse>('/billing/checkout', { plan, interval }));
  rememberCheckout({ userId, plan, interval, at: Date.now() });
  browserNavigation.assign(target);
}

/** POST /billing/portal, then leaves for Stripe's Billing Portal (it returns to /profile). */
export async function openBillingPortal(): Promise<void> {
  browserNavigation.assign(redirectTarget(await api.post<BillingRedirectResponse>('/billing/portal')));
}

// The checkout this tab started (sessionStorage: this tab only, gone with it).

const CHECKOUT_KEY = 'postwright.checkout';
/** Stripe's Checkout sessions expire after a day; an older mark says nothing about this visit. */
const CHECKOUT_MEMORY_MS = 24 * 60 * 60 * 1000;

interface StartedCheckout {
  userId: string;
  plan: PlanId;
  interval: BillingInterval;
  at: number;
}

function rememberCheckout(value: StartedCheckout) {
  try {
    window.sessionStorage.setItem(CHECKOUT_KEY, JSON.stringify(value));
  } catch {
    /* storage unavailable: the return simply shows no note */
  }
}

/** The checkout this member started in this tab in the last day, if any. */
export function startedCheckout(userId: string, now = Date.now()): StartedCheckout | null {
  try {
    const value = JSON.parse(window.sessionStorage.getItem(CHECKOUT_KEY) ?? 'null') as StartedCheckout | null;
    if (!value || value.userId !== userId || !(now - value.at < CHECKOUT_MEMORY_MS)) return null;
    return value;
  } catch {
    return null;
  }
}

export function forgetCheckout() {
  try {
    window.sessionStorage.removeItem(CHECKOUT_KEY);
  } catch {
    /* nothing to forget */
  }
}
