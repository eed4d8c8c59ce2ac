import { hasUnlimitedPosts, isPlanId, LIVE_SUBSCRIPTION_STATUSES, monthlyAllowance, TRIAL_DAYS, TRIAL_POST_LIMIT, type PlanId, type Usage } from '@postwright/contracts';

/** The parts of a user that say what they may generate. */
export interface EntitlementFields {
  subscriptionTier: string;
  subscriptionStatus: string;
  betaExpiresAt: Date | null;
  trialPostsUsed: number;
  /** when the trial ends (signup + TRIAL_DAYS), or ended (a subscription ends it at once); null on accounts made before it was stored */
  trialEndsAt: Date | null;
  createdAt: Date;
  planInterval: 'month' | 'year' | null;
  planPeriodStart: Date | null;
  planPeriodEnd: Date | null;
  planCancelAtPeriodEnd: boolean;
  planGraceEndsAt: Date | null;
  /** the month the period counters belong to */
  periodStart: Date | null;
  periodEnd: Date | null;
  periodPostsUsed: number;
}

export interface PlanWindow {
  start: Date;
  end: Date;
}

/** What a user may generate right now. */
export type Entitlement =
  | { kind: 'unlimited' }
  /** `ended`: the trial's days have passed, or a subscription ended it; nothing is left then, used or not */
  | { kind: 'trial'; remaining: number; endsAt: Date; ended: boolean }
  | { kind: 'plan'; plan: PlanId; allowance: number | null; window: PlanWindow }
  | { kind: 'overdue'; plan: PlanId; allowance: number | null; window: PlanWindow };

/** A month that starts this close before the counters' month ends follows it (clocks and month arithmetic differ a little). */
const MONTH_EDGE_TOLERANCE_MS = 24 * 3600 * 1000;

/** `anchor` plus n calendar months in UTC, the day clamped to the month's last (Jan 31 + 1 = Feb 28), as Stripe bills. */
export function addMonths(anchor: Date, n: number): Date {
  const year = anchor.getUTCFullYear();
  const month = anchor.getUTCMonth() + n;
  const lastDay = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
  return new Date(
    Date.UTC(year, month, Math.min(anchor.getUTCDate(), lastDay), anchor.getUTCHours(), anchor.getUTCMinutes(), anchor.getUTCSeconds(), anchor.getUTCMilliseconds()),
  );
}

/**
 * The month a plan's posts are counted in: a monthly plan's billing period; a yearly plan's
 * month slice of its year, from the day it renews. Past the period's end with no renewal heard
 * of yet (the webhook is late), the next month begins where the period ended.
 */
export function planWindow(periodStart: Date, periodEnd: Date, interval: 'month' | 'year' | null, now: Date): PlanWindow {
  if (now < periodEnd && interval !== 'year') return { start: periodStart, end: periodEnd };
  const anchor = now < periodEnd ? periodStart : periodEnd;
  if (now < anchor) return { start: anchor, end: addMonths(anchor, 1) };
  let k = Math.max(0, (now.getUTCFullYear() - anchor.getUTCFullYear()) * 12 + (now.getUTCMonth() - anchor.getUTCMonth()));
  while (k > 0 && addMonths(anchor, k) > now) k -= 1;
  while (addMonths(anchor, k + 1) <= now) k += 1;
  const start = addMonths(anchor, k);
  const next = addMonths(anchor, k + 1);
  return { start, end: anchor === periodStart && next > periodEnd ? periodEnd : next };
}

const isLive = (status: string) => LIVE_SUBSCRIPTION_STATUSES.includes(status);

const DAY_MS = 24 * 3600 * 1000;

/**
 * When the user's trial ends: the stored end (set at signup, or earlier by a subscription), else
 * TRIAL_DAYS after the account was made. Accounts made before the end was stored, that never
 * subscribed, have none: theirs is worked out here, so they need no migration.
 */
export function trialEndOf(user: Pick<EntitlementFields, 'trialEndsAt' | 'createdAt'>): Date {
  return user.trialEndsAt ?? new Date(user.createdAt.getTime() + TRIAL_DAYS * DAY_MS);
}

export function entitlementOf(user: EntitlementFields, now: Date): Entitlement {
  const tier = user.subscriptionTier;
  // a plan cancelled at its period's end is over then, even before Stripe's word of it arrives
  const endedByCancel = user.planCancelAtPeriodEnd && user.planPeriodEnd !== null && now >= user.planPeriodEnd;
  if (isPlanId(tier) && isLive(user.subscriptionStatus) && user.planPeriodStart && user.planPeriodEnd && !endedByCancel) {
    const window = planWindow(user.planPeriodStart, user.planPeriodEnd, user.planInterval, now);
    const base = { plan: tier, allowance: monthlyAllowance(tier), window };
    const inGrace = user.subscriptionStatus === 'past_due' && (!user.planGraceEndsAt || now < user.planGraceEndsAt);
    if (['active', 'trialing'].includes(user.subscriptionStatus) || inGrace) return { kind: 'plan', ...base };
    return { kind: 'overdue', ...base };
  }
  if (hasUnlimitedPosts({ subscriptionTier: tier, betaExpiresAt: user.betaExpiresAt?.toISOString() ?? null }, now)) return { kind: 'unlimited' };
  // 30 days and 3 posts, whichever ends first
  const endsAt = trialEndOf(user);
  const ended = endsAt <= now;
  return { kind: 'trial', remaining: ended ? 0 : Math.max(0, TRIAL_POST_LIMIT - user.trialPostsUsed), endsAt, ended };
}

/**
 * Whether the stored counters must make way for the month `window`: none are stored, or their
 * month has ended by the time `window` starts. A month that starts inside the counters' month
 * (Stripe restarts the period when a member switches between monthly and yearly) keeps counting
 * into it until its own end: switching plans never hands out a new month of posts.
 */
export function countersAreBehind(user: Pick<EntitlementFields, 'periodEnd'>, window: PlanWindow): boolean {
  return user.periodEnd === null || window.start.getTime() >= user.periodEnd.getTime() - MONTH_EDGE_TOLERANCE_MS;
}

/** The posts of the user's allowance, as the profile and the billing page show them. */
export function usageOf(user: EntitlementFields, now: Date): Usage {
  const entitlement = entitlementOf(user, now);
  switch (entitlement.kind) {
    case 'unlimited':
      return { used: 0, allowance: null, resetsAt: null };
    case 'trial':
      // a trial that is over has nothing left, whatever was used of it
      return { used: entitlement.remaining === 0 ? TRIAL_POST_LIMIT : user.trialPostsUsed, allowance: TRIAL_POST_LIMIT, resetsAt: null };
    default:
      return {
        used: countersAreBehind(user, entitlement.window) ? 0 : user.periodPostsUsed,
        allowance: entitlement.allowance,
        resetsAt: entitlement.window.end.toISOString(),
      };
  }
}
