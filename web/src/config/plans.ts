/** Marketing pricing (spec section 9), in whole dollars; `planPrice` writes them as the spec does ("$2,990"). */
export type BillingPeriod = 'monthly' | 'yearly';

export interface Plan {
  id: 'starter' | 'professional' | 'enterprise';
  name: 'Starter' | 'Professional' | 'Enterprise';
  description: string;
  monthly: number;
  yearly: number;
  posts: string;
  features: string[];
  mostPopular?: boolean;
}

export const plans: Plan[] = [
  {
    id: 'starter',
    name: 'Starter',
    description: 'For leaders building a steady posting habit.',
    monthly: 29,
    yearly: 290,
    posts: '50 posts per month',
    features: ['All five content types', '5 hooks with every post', 'Drafts, publishing and scheduling', 'Email support'],
  },
  {
    id: 'professional',
    name: 'Professional',
    description: 'For executives who post every week and want reach.',
    monthly: 79,
    yearly: 790,
    posts: 'Unlimited posts',
    features: ['Everything in Starter', 'Framework-day scheduling', 'Engagement on every published post', 'Priority support'],
    mostPopular: true,
  },
  {
    id: 'enterprise',
    name: 'Enterprise',
    description: 'For leadership teams and communications staff.',
    monthly: 299,
    yearly: 2990,
    posts: 'Unlimited posts',
    features: ['Everything in Professional', 'Onboarding session for your team', 'Dedicated success manager', 'Invoice billing'],
  },
];

export const yearlySavingsPercent = 17;

/** "$2,990": whole dollars with a thousands separator, the way the spec writes its other figures. */
export function formatPrice(dollars: number): string {
  return `$${dollars.toLocaleString('en-US')}`;
}

/** A plan's price for the period: "$79" "/month", "$2,990" "/year". */
export function planPrice(plan: Plan, period: BillingPeriod): { amount: string; per: string } {
  return period === 'monthly' ? { amount: formatPrice(plan.monthly), per: '/month' } : { amount: formatPrice(plan.yearly), per: '/year' };
}
