import type { BillingInterval, Plan as BillingPlan, PlanId } from '@postwright/contracts';

/**
 * Marketing pricing, in whole dollars; `planPrice` writes them as the spec does
 * ("$2,990"). These figures are what the pages paint first and keep when `GET /api/billing/plans`
 * is slow or fails; the billing service's answer (Stripe's prices) replaces them when it arrives.
 * Only types come from the contracts: the landing page shows these plans and must stay free of zod
 * (the signed-in screens name plans from the contracts' PLAN_CATALOGUE).
 */
export type BillingPeriod = 'monthly' | 'yearly';

export interface Plan {
  id: PlanId;
  name: string;
  description: string;
  monthly: number;
  yearly: number;
  /** null: unlimited */
  postsPerMonth: number | null;
  posts: string;
  features: string[];
  mostPopular?: boolean;
  /** ISO currency code of the prices; the spec's are in US dollars */
  currency?: string;
}

/** "50 posts per month", or "Unlimited posts". */
export function postsText(postsPerMonth: number | null): string {
  return postsPerMonth === null ? 'Unlimited posts' : `${postsPerMonth.toLocaleString('en-US')} posts per month`;
}

export const plans: Plan[] = [
  {
    id: 'starter',
    name: 'Starter',
    description: 'For leaders building a steady posting habit.',
    monthly: 29,
    yearly: 290,
    postsPerMonth: 50,
    posts: postsText(50),
    features: ['All five content types', '5 hooks with every post', 'Drafts, publishing and scheduling', 'Email support'],
  },
  {
    id: 'professional',
    name: 'Professional',
    description: 'For executives who post every week and want reach.',
    monthly: 79,
    yearly: 790,
    postsPerMonth: null,
    posts: postsText(null),
    features: ['Everything in Starter', 'Framework-day scheduling', 'Engagement on every published post', 'Priority support'],
    mostPopular: true,
  },
  {
    id: 'enterprise',
    name: 'Enterprise',
    description: 'For leadership teams and communications staff.',
    monthly: 299,
    yearly: 2990,
    postsPerMonth: null,
    posts: postsText(null),
    features: ['Everything in Professional', 'Onboarding session for your team', 'Dedicated success manager', 'Invoice billing'],
  },
];

/**
 * The plans as the billing service sells them: its names, prices and allowances over the spec's
 * copy (descriptions, features, the "most popular" mark). A plan the service does not list keeps
 * the spec's figures, so a page never shows a blank price.
 */
export function withBillingPlans(fallback: Plan[], billing: readonly BillingPlan[]): Plan[] {
  return fallback.map((plan) => {
    const sold = billing.find((b) => b.id === plan.id);
    if (!sold) return plan;
    return {
      ...plan,
      name: sold.name || plan.name,
      monthly: sold.prices.month / 100,
      yearly: sold.prices.year / 100,
      postsPerMonth: sold.postsPerMonth,
      posts: postsText(sold.postsPerMonth),
      currency: sold.currency,
    };
  });
}

/** What paying yearly saves against twelve months, in whole percent (the smallest over the plans; 0 if none). */
export function yearlySavings(list: Plan[]): number {
  const savings = list.filter((p) => p.monthly > 0).map((p) => Math.round((1 - p.yearly / (p.monthly * 12)) * 100));
  return savings.length ? Math.max(0, Math.min(...savings)) : 0;
}

/** "$2,990", "$29.50": whole dollars with a thousands separator, the way the spec writes its other figures. */
export function formatPrice(amount: number, currency = 'usd'): string {
  const whole = Number.isInteger(amount);
  if (currency.toLowerCase() === 'usd') {
    return `$${amount.toLocaleString('en-US', { minimumFractionDigits: whole ? 0 : 2, maximumFractionDigits: 2 })}`;
  }
  return new Intl.NumberFormat('en-US', { style: 'currency', currency: currency.toUpperCase(), minimumFractionDigits: whole ? 0 : 2 }).format(amount);
}

/** A plan's price for the period: "$79" "/month", "$2,990" "/year". */
export function planPrice(plan: Plan, period: BillingPeriod): { amount: string; per: string } {
  return period === 'monthly'
    ? { amount: formatPrice(plan.monthly, plan.currency), per: '/month' }
    : { amount: formatPrice(plan.yearly, plan.currency), per: '/year' };
}

/** The billing API's word for the period. */
export function intervalOf(period: BillingPeriod): BillingInterval {
  return period === 'monthly' ? 'month' : 'year';
}

export function periodOf(interval: BillingInterval | null | undefined): BillingPeriod {
  return interval === 'year' ? 'yearly' : 'monthly';
}
