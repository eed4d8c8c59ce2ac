/**
 * Subscriptions: the plans, the billing API the web calls, and the usage a member sees.
 * Prices live in Stripe, found by lookup key; names and allowances live here, so the billing
 * service, the auth service's quota and the web agree on them.
 */
import { z } from 'zod';

const iso = z.string().datetime({ offset: true });

export const planIds = ['starter', 'professional', 'enterprise'] as const;
export const planIdSchema = z.enum(planIds, { error: () => `plan must be one of ${planIds.join(', ')}` });
export type PlanId = z.infer<typeof planIdSchema>;

export const billingIntervals = ['month', 'year'] as const;
export const billingIntervalSchema = z.enum(billingIntervals, { error: () => 'interval must be month or year' });
export type BillingInterval = z.infer<typeof billingIntervalSchema>;

/** What each plan gives; `postsPerMonth: null` is unlimited. Prices are Stripe's (lookup keys). */
export const PLAN_CATALOGUE: Readonly<Record<PlanId, { name: string; postsPerMonth: number | null }>> = {
  starter: { name: 'Starter', postsPerMonth: 50 },
  professional: { name: 'Professional', postsPerMonth: null },
  enterprise: { name: 'Enterprise', postsPerMonth: null },
};

/** The spec's prices in cents: what the billing sandbox and a Stripe setup create, never read at run time. */
export const SPEC_PRICES_CENTS: Readonly<Record<PlanId, Record<BillingInterval, number>>> = {
  starter: { month: 2_900, year: 29_000 },
  professional: { month: 7_900, year: 79_000 },
  enterprise: { month: 29_900, year: 299_000 },
};

/** The Stripe Price of a plan and interval is the active one with this lookup key. */
export function priceLookupKey(plan: PlanId, interval: BillingInterval): string {
  return `postwright_${plan}_${interval}`;
}

/** The plan and interval a lookup key names, or null for any other key. */
export function parsePriceLookupKey(key: string | null | undefined): { plan: PlanId; interval: BillingInterval } | null {
  const match = /^postwright_([a-z]+)_(month|year)$/.exec(key ?? '');
  if (!match || !(planIds as readonly string[]).includes(match[1])) return null;
  return { plan: match[1] as PlanId, interval: match[2] as BillingInterval };
}

export function isPlanId(value: unknown): value is PlanId {
  return typeof value === 'string' && (planIds as readonly string[]).includes(value);
}

/** A subscription whose renewal failed keeps its plan this long; then generation waits for payment. */
export const PAST_DUE_GRACE_DAYS = 7;

/** Stripe's subscription statuses, and `none` for a member without a subscription. */
export const subscriptionStatuses = ['active', 'trialing', 'past_due', 'canceled', 'unpaid', 'incomplete', 'incomplete_expired', 'paused', 'none'] as const;
export type SubscriptionStatus = (typeof subscriptionStatuses)[number];

/** Statuses that hold a subscription the member still has (a second checkout would be a second subscription). */
export const LIVE_SUBSCRIPTION_STATUSES: readonly string[] = ['active', 'trialing', 'past_due', 'unpaid', 'paused'];

// GET /api/billing/plans (no token)
export const planSchema = z.object({
  id: planIdSchema,
  name: z.string(),
  /** in cents of `currency` */
  prices: z.object({ month: z.number().int().nonnegative(), year: z.number().int().nonnegative() }),
  currency: z.string(),
  /** null: unlimited */
  postsPerMonth: z.number().int().positive().nullable(),
});
export type Plan = z.infer<typeof planSchema>;
export const plansResponseSchema = z.object({ plans: z.array(planSchema) });
export type PlansResponse = z.infer<typeof plansResponseSchema>;

// POST /api/billing/checkout, POST /api/billing/portal
export const checkoutRequestSchema = z.object({ plan: planIdSchema, interval: billingIntervalSchema });
export type CheckoutRequest = z.infer<typeof checkoutRequestSchema>;
/** Where to send the browser: Stripe's hosted Checkout or Billing Portal page. */
export const billingRedirectResponseSchema = z.object({ url: z.string().url() });
export type BillingRedirectResponse = z.infer<typeof billingRedirectResponseSchema>;

/**
 * Posts of the member's current allowance: the trial's 3 in all, or the plan's per month
 * (`allowance: null` is unlimited; `resetsAt` is when the count starts again, null for the trial).
 */
export const usageSchema = z.object({
  used: z.number().int().nonnegative(),
  allowance: z.number().int().nonnegative().nullable(),
  resetsAt: iso.nullable(),
});
export type Usage = z.infer<typeof usageSchema>;

// GET /api/billing/subscription
export const subscriptionResponseSchema = z.object({
  plan: planIdSchema.nullable(),
  interval: billingIntervalSchema.nullable(),
  /** Stripe's status, or `none` */
  status: z.string(),
  currentPeriodEnd: iso.nullable(),
  cancelAtPeriodEnd: z.boolean(),
  /** when a subscription that is over ended (cancelled, or its payments given up); null while it runs */
  endedAt: iso.nullable(),
  /** past_due: the plan keeps working until then */
  graceEndsAt: iso.nullable(),
  usage: usageSchema,
});
export type SubscriptionResponse = z.infer<typeof subscriptionResponseSchema>;

/** The webhook's answer to Stripe (any 2xx tells Stripe the event arrived). */
export const webhookResponseSchema = z.object({ received: z.literal(true) });

/** The most posts one month slice of a plan holds: a yearly Starter counts 50 a month, as its monthly twin does. */
export function monthlyAllowance(plan: PlanId): number | null {
  return PLAN_CATALOGUE[plan].postsPerMonth;
}
