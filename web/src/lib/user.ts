import { PLAN_CATALOGUE, hasUnlimitedPosts, isPlanId, type User } from '@postwright/contracts';
import { site } from '../config/site';
import { trialPostsLeft, trialStatusText, type TrialFields } from './trial';

export { isTrial, offersFreeTrial, trialPostsLeft, trialState, trialStatusText, trialText, type TrialState } from './trial';

/** Display helpers for the user: name, tier and plan, as every screen says them. */

export function fullName(user: Pick<User, 'firstName' | 'lastName'>): string {
  return [user.firstName, user.lastName].filter(Boolean).join(' ').trim();
}

export function initials(user: Pick<User, 'firstName' | 'lastName'>): string {
  const letters = [user.firstName, user.lastName].map((part) => part?.trim().charAt(0) ?? '').join('');
  return letters.toUpperCase() || '?';
}

/** A subscriber: the tier is a paid plan (Starter, Professional, Enterprise). */
export function isSubscriber(user: Pick<User, 'subscriptionTier'>): boolean {
  return isPlanId(user.subscriptionTier);
}

/** The name of the plan or tier: "Starter", "Free Trial", "Beta", "Premium"; another tier as is, else "Free". */
export function planLabel(tier: string | null | undefined): string {
  if (isPlanId(tier)) return PLAN_CATALOGUE[tier].name;
  switch (tier) {
    case 'trial':
      return 'Free Trial';
    case 'beta':
      return 'Beta';
    case 'premium':
      return 'Premium';
    default:
      return tier?.trim() ? tier : 'Free';
  }
}

/** How many posts the member may still generate, and under what. */
export type PostAllowance =
  | { kind: 'unlimited'; beta: boolean; planName: string | null }
  | { kind: 'trial'; left: number; total: number }
  | { kind: 'plan'; planName: string; left: number; allowance: number; resetsAt: string | null };

type AllowanceFields = TrialFields & Pick<User, 'subscriptionTier'> & Partial<Pick<User, 'betaExpiresAt' | 'usage'>>;

/**
 * Premium and a running beta are unlimited; a plan counts its month (`usage`, as the server
 * keeps it; an unlimited plan has no allowance); everything else counts the trial's posts.
 */
export function postAllowance(user: AllowanceFields, now: Date = new Date()): PostAllowance {
  if (hasUnlimitedPosts({ subscriptionTier: user.subscriptionTier, betaExpiresAt: user.betaExpiresAt ?? null }, now)) return { kind: 'unlimited', beta: user.subscriptionTier === 'beta', planName: null };
  if (isPlanId(user.subscriptionTier)) {
    const plan = PLAN_CATALOGUE[user.subscriptionTier];
    const allowance = user.usage ? user.usage.allowance : plan.postsPerMonth;
    if (allowance === null) return { kind: 'unlimited', beta: false, planName: plan.name };
    // a tab left open past the reset has counts of a month that is over: its posts are back
    const resetsAt = user.usage?.resetsAt ?? null;
    const over = resetsAt !== null && Date.parse(resetsAt) <= now.getTime();
    const used = over ? 0 : (user.usage?.used ?? 0);
    return { kind: 'plan', planName: plan.name, left: Math.max(0, allowance - used), allowance, resetsAt: over ? null : resetsAt };
  }
  return { kind: 'trial', left: trialPostsLeft(user, now.getTime()), total: site.trialPostLimit };
}

/**
 * The tier note: trial -> posts left and when it ends ("2 of 3 trial posts left · ends Mar 4,
 * 2027"), or that its posts are used or it ended; beta -> "Beta Access"; premium -> "Premium"; a
 * plan with an allowance -> "Starter · 37 of 50 posts left", an unlimited plan -> its name;
 * another tier as is, else "Free".
 */
export function tierNote(user: AllowanceFields): string {
  switch (user.subscriptionTier) {
    case 'trial':
      return trialStatusText(user);
    case 'beta':
      return 'Beta Access';
    case 'premium':
      return 'Premium';
  }
  if (isPlanId(user.subscriptionTier)) {
    const allowance = postAllowance(user);
    return allowance.kind === 'plan' ? `${allowance.planName} · ${allowance.left} of ${allowance.allowance} posts left` : planLabel(user.subscriptionTier);
  }
  return user.subscriptionTier?.trim() ? user.subscriptionTier : 'Free';
}
