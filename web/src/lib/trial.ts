import type { User } from '@postwright/contracts';
import { site } from '../config/site';
import { formatDate } from './datetime';

/** The free trial: 30 days and 3 posts, whichever ends first; where it stands, and the words for it. */

export type TrialFields = Pick<User, 'trialPostsUsed'> & Partial<Pick<User, 'trialEndsAt' | 'subscriptionStatus'>>;

/**
 * `running`: posts left and days left; `used`: its posts are used (its days may not be over);
 * `ended`: its days have passed, or a subscription ended it (a former subscriber's trial is over,
 * whatever was used of it). `endsAt`, in every case: when the trial ends (or ended), as the
 * server says.
 */
export type TrialState =
  | { kind: 'running'; left: number; total: number; endsAt: string | null }
  | { kind: 'used'; total: number; endsAt: string | null }
  | { kind: 'ended'; endsAt: string | null };

export function trialState(user: TrialFields, now: number = Date.now()): TrialState {
  // when the trial ends, as the server says (it works the end out for accounts made before it
  // was stored); null only from an older server, which counted the trial's posts alone
  const endsAt = user.trialEndsAt ?? null;
  if ((endsAt && Date.parse(endsAt) <= now) || user.subscriptionStatus === 'canceled') return { kind: 'ended', endsAt };
  const left = Math.max(0, site.trialPostLimit - (user.trialPostsUsed ?? 0));
  return left > 0 ? { kind: 'running', left, total: site.trialPostLimit, endsAt } : { kind: 'used', total: site.trialPostLimit, endsAt };
}

/** Posts left = 3 minus trialPostsUsed, never below 0; none once the trial has ended. */
export function trialPostsLeft(user: TrialFields, now: number = Date.now()): number {
  const state = trialState(user, now);
  return state.kind === 'running' ? state.left : 0;
}

/** What the product says of a trial, in the same words on every screen. */
export const trialText = {
  /** both limits together: "2 of 3 trial posts left · ends Mar 4, 2027" */
  left: (left: number, endsAt: string | null) => `${left} of ${site.trialPostLimit} trial posts left${endsAt ? ` · ends ${formatDate(endsAt)}` : ''}`,
  used: `All ${site.trialPostLimit} trial posts used`,
  ended: 'Trial ended',
  /** the spec's banner when the posts are used */
  usedTitle: 'Trial limit reached - Upgrade to continue',
  /** its match when the days are over (or a subscription ended the trial) */
  endedTitle: 'Trial ended - Upgrade to continue',
} as const;

/** The trial in a line: its posts left and its end, or that its posts are used, or that it ended. */
export function trialStatusText(user: TrialFields, now: number = Date.now()): string {
  const state = trialState(user, now);
  if (state.kind === 'running') return trialText.left(state.left, state.endsAt);
  return state.kind === 'used' ? trialText.used : trialText.ended;
}

export function isTrial(user: Pick<User, 'subscriptionTier'>): boolean {
  return user.subscriptionTier === 'trial';
}

/**
 * Whether the free trial may still be offered: only to a trial account whose trial is running
 * (posts and days left, never subscribed). Every account carries its trial's end, so that it is
 * set says nothing; that it has passed does.
 */
export function offersFreeTrial(user: TrialFields & Pick<User, 'subscriptionTier'>, now: number = Date.now()): boolean {
  return isTrial(user) && trialState(user, now).kind === 'running';
}
