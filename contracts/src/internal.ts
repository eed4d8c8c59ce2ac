/**
 * Service-to-service HTTP APIs under /internal/*. Never routed by the gateway; every call
 * carries the `x-internal-token` header (platform `internalClient` / `requireInternal`).
 */
import { z } from 'zod';
import { contentItemSchema } from './content';
import { contentStatusSchema } from './domain';

// auth: trial quota (reserve -> commit | release). A reservation is atomic, so
// concurrent generations never exceed the trial's 3 posts.
export const quotaReserveRequestSchema = z.object({ userId: z.string().min(1) });
export const quotaReserveResponseSchema = z.object({
  /** null for unlimited tiers: nothing to commit or release */
  reservationId: z.string().nullable(),
  unlimited: z.boolean(),
  trialPostsRemaining: z.number().int().nonnegative().nullable(),
});
export const quotaCommitRequestSchema = z.object({ reservationId: z.string().min(1) });
export const quotaCommitResponseSchema = z.object({
  trialPostsRemaining: z.number().int().nonnegative().nullable(),
});
export const quotaReleaseRequestSchema = quotaCommitRequestSchema;
export const quotaReleaseResponseSchema = z.object({ released: z.boolean() });

// content: the owner's item with its owner, and conditional status transitions.
export const internalContentItemSchema = contentItemSchema.extend({ userId: z.string() });
export type InternalContentItem = z.infer<typeof internalContentItemSchema>;
export const internalContentResponseSchema = z.object({ content: internalContentItemSchema });

/**
 * POST /internal/content/:id/transition. Applied only when the item belongs to userId and
 * its status is one of `from` (and, when given, its scheduledFor equals expectScheduledFor):
 * 200 { content } on success, 404 when not the user's, 409 when the status does not match.
 */
export const transitionRequestSchema = z.object({
  userId: z.string().min(1),
  from: z.array(contentStatusSchema).min(1),
  to: contentStatusSchema,
  expectScheduledFor: z.string().nullable().optional(),
  scheduledFor: z.string().nullable().optional(),
  linkedinPostId: z.string().nullable().optional(),
  linkedinPostUrl: z.string().nullable().optional(),
  publishedAt: z.string().nullable().optional(),
  lastPublishError: z.string().nullable().optional(),
  publishUnconfirmed: z.boolean().optional(),
});
export type TransitionRequest = z.infer<typeof transitionRequestSchema>;
