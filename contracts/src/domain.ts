import { z } from 'zod';

/** The five content types of the framework. */
export const contentTypes = ['controversial', 'story', 'framework', 'insight', 'learning'] as const;
export const contentTypeSchema = z.enum(contentTypes);
export type ContentType = z.infer<typeof contentTypeSchema>;

export const contentStatuses = ['draft', 'published', 'scheduled'] as const;
export const contentStatusSchema = z.enum(contentStatuses);
export type ContentStatus = z.infer<typeof contentStatusSchema>;

export const userRoles = ['USER', 'BETA', 'ADMIN', 'SUPER_ADMIN'] as const;
export const userRoleSchema = z.enum(userRoles);
export type UserRole = z.infer<typeof userRoleSchema>;

/** trial, beta, premium, or a plan name. */
export const subscriptionTierSchema = z.string().min(1).max(64);
export type SubscriptionTier = z.infer<typeof subscriptionTierSchema>;

export const engagementSchema = z.object({
  likes: z.number().int().nonnegative(),
  comments: z.number().int().nonnegative(),
  reposts: z.number().int().nonnegative(),
  impressions: z.number().int().nonnegative(),
});
export type Engagement = z.infer<typeof engagementSchema>;

