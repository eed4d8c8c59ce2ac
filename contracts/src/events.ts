import { z } from 'zod';
import { billingIntervalSchema, planIdSchema } from './billing';
import { contentStatusSchema, subscriptionTierSchema } from './domain';

/**
 * Every event on RabbitMQ travels in this envelope. `type` is also the routing key on
 * the topic exchange; `correlationId` is the request id of the HTTP request that caused it.
 */
export const eventEnvelopeSchema = z.object({
  id: z.string().uuid(),
  type: z.string().min(1),
  version: z.number().int().positive(),
  occurredAt: z.string().datetime({ offset: true }),
  correlationId: z.string().min(1),
  payload: z.unknown(),
});
export type EventEnvelopeBase = z.infer<typeof eventEnvelopeSchema>;

const userId = z.string().min(1);
const contentId = z.string().min(1);

export const eventPayloadSchemas = {
  // auth
  'user.registered': z.object({ userId, email: z.string(), firstName: z.string(), lastName: z.string() }),
  'user.updated': z.object({ userId, fields: z.array(z.string()) }),
  'user.tier.changed': z.object({
    userId,
    tier: subscriptionTierSchema,
    betaExpiresAt: z.string().datetime({ offset: true }).nullable(),
  }),

  // linkedin
  'linkedin.connected': z.object({
    userId,
    memberUrn: z.string(),
    firstName: z.string().nullable(),
    lastName: z.string().nullable(),
    profilePicture: z.string().nullable(),
  }),
  'linkedin.disconnected': z.object({ userId }),
  'linkedin.profile.updated': z.object({
    userId,
    firstName: z.string().nullable(),
    lastName: z.string().nullable(),
    headline: z.string().nullable(),
    profilePicture: z.string().nullable(),
  }),
  'linkedin.post.published': z.object({
    /** the scheduler's request id when the post was scheduled; null for publish-now */
    requestId: z.string().nullable(),
    contentId,
    userId,
    linkedinPostId: z.string(),
    url: z.string(),
    publishedAt: z.string().datetime({ offset: true }),
  }),
  'linkedin.post.failed': z.object({
    requestId: z.string().nullable(),
    contentId,
    userId,
    /** user-facing reason shown on the content card */
    reason: z.string(),
    /** true when LinkedIn may have accepted the post but the answer was lost */
    unconfirmed: z.boolean(),
    /** true when a later attempt may succeed (rate limit, LinkedIn down) */
    retryable: z.boolean(),
  }),
  'linkedin.engagement.updated': z.object({
    contentId,
    userId,
    likes: z.number().int().nonnegative(),
    comments: z.number().int().nonnegative(),
    reposts: z.number().int().nonnegative(),
    impressions: z.number().int().nonnegative(),
  }),

  // content
  'content.deleted': z.object({ contentId, userId, status: contentStatusSchema }),

  // billing: a member's subscription as Stripe has it now. The auth service applies it to the
  // user (tier, status, allowance); `revision` orders them, a later one replacing an earlier.
  'billing.subscription.changed': z.object({
    userId,
    customerId: z.string().min(1),
    subscriptionId: z.string().nullable(),
    /** null: no subscription the member still has (never had one, or it ended) */
    plan: planIdSchema.nullable(),
    interval: billingIntervalSchema.nullable(),
    /** Stripe's status, or `none` */
    status: z.string().min(1),
    currentPeriodStart: z.string().datetime({ offset: true }).nullable(),
    currentPeriodEnd: z.string().datetime({ offset: true }).nullable(),
    cancelAtPeriodEnd: z.boolean(),
    /** past_due: the plan keeps working until then */
    graceEndsAt: z.string().datetime({ offset: true }).nullable(),
    /** when the billing service read this state from Stripe */
    revision: z.string().datetime({ offset: true }),
  }),

  // scheduler
  'content.publish.requested': z.object({
    requestId: z.string().min(1),
    contentId,
    userId,
    /**
     * No longer sent: the LinkedIn service publishes the item's text as it is at its time (a
     * scheduled post can be edited until shortly before). Requests queued before still carry it.
     */
    text: z.string().min(1).optional(),
    scheduledFor: z.string().datetime({ offset: true }),
  }),
  /** a scheduled post given up for good (after its retries, or a failure not worth retrying); the item is a draft again */
  'schedule.failed': z.object({
    contentId,
    userId,
    /** the request of the last attempt: with the content id, it names this failure once */
    requestId: z.string().min(1),
    /** the reason the item's card shows */
    reason: z.string(),
    /** LinkedIn may have the post after all (its answer was lost) */
    unconfirmed: z.boolean(),
    scheduledFor: z.string().datetime({ offset: true }),
  }),
} as const;

export type EventType = keyof typeof eventPayloadSchemas;
export type EventPayload<T extends EventType> = z.infer<(typeof eventPayloadSchemas)[T]>;
export type EventEnvelope<T extends EventType = EventType> = Omit<EventEnvelopeBase, 'type' | 'payload'> & {
  type: T;
  payload: EventPayload<T>;
};

export const eventTypes = Object.keys(eventPayloadSchemas) as EventType[];

export function isEventType(type: string): type is EventType {
  return Object.prototype.hasOwnProperty.call(eventPayloadSchemas, type);
}
