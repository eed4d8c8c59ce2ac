/**
 * Service-to-service HTTP APIs under /internal/*. Never routed by the gateway; every call
 * carries the `x-internal-token` header (platform `internalClient` / `requireInternal`).
 */
import { z } from 'zod';
import { notificationKinds, notificationPreferencesSchema } from './account';
import { usageSchema } from './billing';
import { contentItemSchema, type ContentItem } from './content';
import type { ErrorCode } from './error-catalogue';
import { eventPayloadSchemas } from './events';

// auth: trial quota (reserve -> commit | release). A reservation is atomic, so
// concurrent generations never exceed the trial's 3 posts.
export const quotaReserveRequestSchema = z.object({
  userId: z.string().min(1),
  /**
   * a free "Generate again" of a draft: nothing is reserved (reservationId null), but the member
   * must still be able to generate (a trial not ended, a payment not overdue); the answer says what is left
   */
  free: z.boolean().optional(),
});
export const quotaReserveResponseSchema = z.object({
  /** null where nothing is counted (beta, premium): nothing to commit or release */
  reservationId: z.string().nullable(),
  unlimited: z.boolean(),
  trialPostsRemaining: z.number().int().nonnegative().nullable(),
  /** the allowance with this post reserved */
  usage: usageSchema,
});
export const quotaCommitRequestSchema = z.object({ reservationId: z.string().min(1) });
export const quotaCommitResponseSchema = z.object({
  trialPostsRemaining: z.number().int().nonnegative().nullable(),
  usage: usageSchema,
});
export const quotaReleaseRequestSchema = quotaCommitRequestSchema;
export const quotaReleaseResponseSchema = z.object({ released: z.boolean() });
/**
 * The refusals a reservation can be given (a trial's or a plan's limit reached, the trial
 * ended, a payment overdue): auth counts them by code, content passes them on as they are.
 */
export const QUOTA_REFUSALS: ReadonlySet<ErrorCode> = new Set<ErrorCode>(['TRIAL.LIMIT_REACHED', 'TRIAL.ENDED', 'PLAN.LIMIT_REACHED', 'PLAN.PAYMENT_OVERDUE']);

const unsubscribeLinkSchema = z.object({
  /** the page the email links to */
  page: z.string().url(),
  /** where a mail client POSTs a one-click unsubscribe (List-Unsubscribe) */
  oneClick: z.string().url(),
});

/**
 * GET /internal/users/:id/account (auth): what other services need of a member: the address (the
 * Stripe customer, a notification email) and whether it is verified, the usage of the current
 * allowance, which notifications the member wants and each one's unsubscribe links. 404 USER.NOT_FOUND.
 */
export const internalAccountSchema = z.object({
  id: z.string(),
  email: z.string(),
  emailVerified: z.boolean(),
  notifications: notificationPreferencesSchema,
  unsubscribe: z.record(z.enum(notificationKinds), unsubscribeLinkSchema),
  firstName: z.string(),
  lastName: z.string(),
  subscriptionTier: z.string(),
  subscriptionStatus: z.string(),
  trialEndsAt: z.string().datetime({ offset: true }).nullable(),
  usage: usageSchema,
});
export type InternalAccount = z.infer<typeof internalAccountSchema>;
export const internalAccountResponseSchema = z.object({ account: internalAccountSchema });

// content: the owner's item with its owner, and conditional status transitions.
export const internalContentItemSchema = contentItemSchema.extend({ userId: z.string() });
export type InternalContentItem = z.infer<typeof internalContentItemSchema>;
export const internalContentResponseSchema = z.object({ content: internalContentItemSchema });

/**
 * Whether a publish planned for `at` is still wanted: the item is still scheduled for that very
 * time, not unscheduled, rescheduled or published meanwhile. The scheduler asks it of a claim
 * before asking again, the LinkedIn service of a request before posting it.
 */
export function isScheduledFor(item: Pick<ContentItem, 'status' | 'scheduledFor'>, at: string | Date): boolean {
  return item.status === 'scheduled' && item.scheduledFor !== null && Date.parse(item.scheduledFor) === new Date(at).getTime();
}

/** The item as its owner's own answers show it: the internal item without its owner. */
export function withoutOwner(item: InternalContentItem): ContentItem {
  const { userId: _owner, ...rest } = item;
  return rest;
}

/**
 * POST /internal/content/lookup: several owners' items in one read, for the publishes of a burst
 * in flight together (the LinkedIn service reads each scheduled item before posting it). The
 * answer's `items` follow the request's order: the item, or null where it is not that user's, is
 * deleted or does not exist (what GET /internal/content/:id answers with 404).
 */
export const CONTENT_LOOKUP_MAX = 100;
export const contentLookupRequestSchema = z.object({
  items: z.array(z.object({ id: z.string().min(1).max(64), userId: z.string().min(1).max(64) }).strict()).min(1).max(CONTENT_LOOKUP_MAX),
});
export type ContentLookupRequest = z.infer<typeof contentLookupRequestSchema>;
export const contentLookupResponseSchema = z.object({ items: z.array(internalContentItemSchema.nullable()) });

/**
 * POST /internal/content/:id/transition: scheduling only (the scheduler's schedule, reschedule and
 * unschedule). Applied only when the item belongs to userId and its status is one of `from` (and,
 * when given, its scheduledFor equals expectScheduledFor): 200 { content } on success, 404 when
 * not the user's, 409 when the status does not match. Publication outcomes are reported through
 * /publication, never written here.
 */
export const schedulingStatusSchema = z.enum(['draft', 'scheduled']);
export const transitionRequestSchema = z.object({
  userId: z.string().min(1),
  from: z.array(schedulingStatusSchema).min(1),
  to: schedulingStatusSchema,
  expectScheduledFor: z.string().nullable().optional(),
  scheduledFor: z.string().nullable().optional(),
});
export type TransitionRequest = z.infer<typeof transitionRequestSchema>;

/**
 * POST /internal/content/:id/publication: what came of publishing the item. The LinkedIn service
 * reports it before it answers a publish-now (the member sees the item published), the scheduler
 * reports a scheduled post it gave up on; the same outcomes also arrive as linkedin.post.published
 * and linkedin.post.failed events. The content service settles every report through one function,
 * the only writer of an item's publication status, so a report and its event agree.
 * 200 { content } (also when the report changes nothing), 404 when the item is not the user's.
 */
const { contentId: _published, ...publishedFields } = eventPayloadSchemas['linkedin.post.published'].shape;
const { contentId: _failed, ...failedFields } = eventPayloadSchemas['linkedin.post.failed'].shape;
export const publicationReportSchema = z.discriminatedUnion('outcome', [
  z.object({ outcome: z.literal('published'), ...publishedFields }),
  z.object({ outcome: z.literal('failed'), ...failedFields }),
]);
export type PublicationReport = z.infer<typeof publicationReportSchema>;
