import { z } from 'zod';
import { notificationPreferencesSchema } from './account';
import { usageSchema } from './billing';
import { userRoleSchema, subscriptionTierSchema } from './domain';
import { atMostMessage, FIELD_MAX, type LimitedField } from './limits';

const iso = z.string().datetime({ offset: true });

/** A user as the API shows it. Never carries the password hash. */
export const userSchema = z.object({
  id: z.string(),
  email: z.string(),
  /** the address was proven by the emailed link (a paid checkout needs it) */
  emailVerified: z.boolean(),
  /** which notification emails the member gets */
  notifications: notificationPreferencesSchema,
  firstName: z.string(),
  lastName: z.string(),
  profilePicture: z.string().nullable(),
  linkedinConnected: z.boolean(),
  subscriptionStatus: z.string(),
  subscriptionTier: subscriptionTierSchema,
  trialPostsUsed: z.number().int().nonnegative(),
  /**
   * when the trial ends: TRIAL_DAYS after signup, or earlier when a subscription ended it (a
   * former subscriber's trial is over). Past it no trial posts are left. Null only from an older server.
   */
  trialEndsAt: iso.nullable(),
  /** the posts of the current allowance: the trial's, or the plan's this month */
  usage: usageSchema,
  betaExpiresAt: iso.nullable(),
  userRole: userRoleSchema,
  role: z.string().nullable(),
  company: z.string().nullable(),
  industry: z.string().nullable(),
  linkedinUrl: z.string().nullable(),
  bio: z.string().nullable(),
  createdAt: iso,
});
export type User = z.infer<typeof userSchema>;

export const tokensSchema = z.object({ accessToken: z.string(), refreshToken: z.string() });
export type Tokens = z.infer<typeof tokensSchema>;

export const authResponseSchema = z.object({ user: userSchema, tokens: tokensSchema });
export type AuthResponse = z.infer<typeof authResponseSchema>;

/** Trimmed text of at most FIELD_MAX[field] characters, as the auth service counts it. */
function limited(field: LimitedField, label: string) {
  return z.string().trim().max(FIELD_MAX[field], atMostMessage(label, FIELD_MAX[field]));
}

/** The auth service adds the required and format rules; the maxima are shared with the web form. */
export const signupRequestSchema = z.object({
  email: limited('email', 'Email'),
  password: z.string().max(FIELD_MAX.password, atMostMessage('Password', FIELD_MAX.password)),
  firstName: limited('firstName', 'First name'),
  lastName: limited('lastName', 'Last name'),
});
export type SignupRequest = z.infer<typeof signupRequestSchema>;

export const loginRequestSchema = z.object({
  email: limited('email', 'Email'),
  // no account has a longer password, and a login never says which part was wrong
  password: z.string().max(FIELD_MAX.password, 'Invalid email or password'),
});
export type LoginRequest = z.infer<typeof loginRequestSchema>;

export const refreshRequestSchema = z.object({ refreshToken: z.string() });
/**
 * POST /api/auth/refresh answers the access token (spec); the rotated refresh token is in the
 * body only when the caller sent its token in the body (an API client). A refresh through the
 * HttpOnly cookie answers it in the cookie alone, so no script can ever read it.
 */
export const refreshResponseSchema = z.object({ accessToken: z.string(), refreshToken: z.string().optional() });

export const logoutRequestSchema = z.object({ refreshToken: z.string().optional() });

/** What the profile says of a LinkedIn URL it cannot read as a web address (the auth service and the web form alike). */
export const LINKEDIN_URL_MESSAGE = 'LinkedIn URL must be a web address, such as linkedin.com/in/your-name';

/**
 * A LinkedIn URL as members type it, made the address to store: any LinkedIn host, with or
 * without a scheme ("linkedin.com/in/ada", "http://uk.linkedin.com/in/ada/"), becomes
 * https://www.linkedin.com with the same path (its query and fragment dropped); another web
 * address is kept, with https:// in front when it had no scheme. Null when it is not an http(s)
 * address (another scheme, spaces, no host with a dot).
 */
export function normaliseLinkedInUrl(value: string): string | null {
  const typed = value.trim();
  if (!typed || /\s/.test(typed)) return null;
  const hasScheme = /^[a-z][a-z0-9+.-]*:\/\//i.test(typed);
  const address = hasScheme ? typed : `https://${typed.replace(/^\/+/, '')}`;
  let url: URL;
  try {
    url = new URL(address);
  } catch {
    return null;
  }
  if ((url.protocol !== 'http:' && url.protocol !== 'https:') || !url.hostname || (!hasScheme && !url.hostname.includes('.'))) return null;
  if (/(^|\.)linkedin\.com$/i.test(url.hostname)) return `https://www.linkedin.com${url.pathname.replace(/\/+$/, '')}`;
  return address;
}

export const profileUpdateRequestSchema = z.object({
  firstName: limited('firstName', 'First name').optional(),
  lastName: limited('lastName', 'Last name').optional(),
  email: limited('email', 'Email').optional(),
  company: limited('company', 'Company').nullable().optional(),
  role: limited('role', 'Role').nullable().optional(),
  industry: limited('industry', 'Industry').nullable().optional(),
  linkedinUrl: limited('linkedinUrl', 'LinkedIn URL').nullable().optional(),
  bio: limited('bio', 'Bio').nullable().optional(),
});
export type ProfileUpdateRequest = z.infer<typeof profileUpdateRequestSchema>;

export const userResponseSchema = z.object({ user: userSchema });

/**
 * Claims of the RS256 access token issued by the auth service. `sid` is the session (the refresh
 * token family): always issued, optional only so that tokens issued before it still verify until
 * they expire.
 */
export const accessTokenClaimsSchema = z.object({
  sub: z.string(),
  role: userRoleSchema,
  tier: subscriptionTierSchema,
  sid: z.string().optional(),
});
export type AccessTokenClaims = z.infer<typeof accessTokenClaimsSchema>;

/**
 * Who issues access tokens and who they are for (`iss`, `aud`): the auth service signs them for
 * the product's API, and every verifier checks both, so a token signed by the same key for
 * anything else is refused.
 */
export const ACCESS_TOKEN_ISSUER = 'postwright-auth';
export const ACCESS_TOKEN_AUDIENCE = 'postwright-api';

/** POST /api/auth/logout answers this (the client clears its state whatever the result). */
export const logoutResponseSchema = z.object({ success: z.literal(true) });

// Tiers

export const subscriptionTiers = ['trial', 'beta', 'premium'] as const;
export const knownSubscriptionTierSchema = z.enum(subscriptionTiers);
export type KnownSubscriptionTier = z.infer<typeof knownSubscriptionTierSchema>;

/** Trial: 3 posts in total. */
export const TRIAL_POST_LIMIT = 3;
/** "30-day free trial with no credit card": the trial ends this many days after signup, or when its posts are used, whichever comes first. */
export const TRIAL_DAYS = 30;
/**
 * "Generate again" on the same draft is free this many times: the trial's (and a plan's) posts
 * count posts, not attempts. After these, generating the draft again uses a post, as a new one does.
 */
export const FREE_REGENERATIONS_PER_DRAFT = 3;
/** Beta: unlimited posts for 15 days from the grant. */
export const BETA_DURATION_DAYS = 15;

/** "posts left = 3 minus trialPostsUsed, never below 0" */
export function trialPostsRemaining(user: { trialPostsUsed: number }): number {
  return Math.max(0, TRIAL_POST_LIMIT - user.trialPostsUsed);
}

/**
 * Premium and a running beta generate without limit; trial, an expired beta and any other
 * tier count against the trial's posts (the auth service turns an expired beta back into trial).
 */
export function hasUnlimitedPosts(user: { subscriptionTier: string; betaExpiresAt: string | null }, now: Date = new Date()): boolean {
  if (user.subscriptionTier === 'premium') return true;
  if (user.subscriptionTier === 'beta') return user.betaExpiresAt === null || Date.parse(user.betaExpiresAt) > now.getTime();
  return false;
}

/** POST /api/admin/users/:id/tier (ADMIN and SUPER_ADMIN only). betaDays defaults to 15. */
export const adminSetTierRequestSchema = z.object({
  tier: knownSubscriptionTierSchema,
  betaDays: z.number().int().min(1).max(365).optional(),
});
export type AdminSetTierRequest = z.infer<typeof adminSetTierRequestSchema>;
