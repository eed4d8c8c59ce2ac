import type { User } from '@postwright/contracts';
import { site } from '../config/site';

/** Display helpers for the user (spec sections 2, 3 and 9). */

export function fullName(user: Pick<User, 'firstName' | 'lastName'>): string {
  return [user.firstName, user.lastName].filter(Boolean).join(' ').trim();
}

export function initials(user: Pick<User, 'firstName' | 'lastName'>): string {
  const letters = [user.firstName, user.lastName].map((part) => part?.trim().charAt(0) ?? '').join('');
  return letters.toUpperCase() || '?';
}

/** Trial: posts left = 3 minus trialPostsUsed, never below 0. */
export function trialPostsLeft(user: Pick<User, 'trialPostsUsed'>): number {
  return Math.max(0, site.trialPostLimit - (user.trialPostsUsed ?? 0));
}

export function isTrial(user: Pick<User, 'subscriptionTier'>): boolean {
  return user.subscriptionTier === 'trial';
}

/** The tier note: trial -> posts left; beta -> "Beta Access"; premium -> "Premium"; a plan name as is; else "Free". */
export function tierNote(user: Pick<User, 'subscriptionTier' | 'trialPostsUsed'>): string {
  switch (user.subscriptionTier) {
    case 'trial': {
      const left = trialPostsLeft(user);
      return `${left} trial ${left === 1 ? 'post' : 'posts'} left`;
    }
    case 'beta':
      return 'Beta Access';
    case 'premium':
      return 'Premium';
    default:
      return user.subscriptionTier?.trim() ? user.subscriptionTier : 'Free';
  }
}
