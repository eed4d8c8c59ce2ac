import { z } from 'zod';
import { userRoleSchema, subscriptionTierSchema } from './domain';

const iso = z.string().datetime({ offset: true });

/** Spec section 3, User. Never carries the password hash. */
export const userSchema = z.object({
  id: z.string(),
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  profilePicture: z.string().nullable(),
  linkedinConnected: z.boolean(),
  subscriptionStatus: z.string(),
  subscriptionTier: subscriptionTierSchema,
  trialPostsUsed: z.number().int().nonnegative(),
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

export const signupRequestSchema = z.object({
  email: z.string(),
  password: z.string(),
  firstName: z.string(),
  lastName: z.string(),
});
export type SignupRequest = z.infer<typeof signupRequestSchema>;

export const loginRequestSchema = z.object({ email: z.string(), password: z.string() });
export type LoginRequest = z.infer<typeof loginRequestSchema>;

export const refreshRequestSchema = z.object({ refreshToken: z.string() });
export const refreshResponseSchema = tokensSchema;

export const logoutRequestSchema = z.object({ refreshToken: z.string().optional() });

export const profileUpdateRequestSchema = z.object({
  firstName: z.string().optional(),
  lastName: z.string().optional(),
  email: z.string().optional(),
  company: z.string().nullable().optional(),
  role: z.string().nullable().optional(),
  industry: z.string().nullable().optional(),
  linkedinUrl: z.string().nullable().optional(),
  bio: z.string().nullable().optional(),
});
export type ProfileUpdateRequest = z.infer<typeof profileUpdateRequestSchema>;

export const userResponseSchema = z.object({ user: userSchema });

/** Claims of the RS256 access token issued by the auth service. */
export const accessTokenClaimsSchema = z.object({
  sub: z.string(),
  role: userRoleSchema,
  tier: subscriptionTierSchema,
});
export type AccessTokenClaims = z.infer<typeof accessTokenClaimsSchema>;
