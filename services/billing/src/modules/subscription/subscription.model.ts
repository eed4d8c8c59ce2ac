import { Schema, type Connection, type Model } from 'mongoose';

/** What the mirror holds of a member's subscription. */
export interface SubscriptionState {
  customerId: string;
  subscriptionId: string | null;
  plan: string | null;
  interval: string | null;
  status: string;
  currentPeriodStart: Date | null;
  currentPeriodEnd: Date | null;
  cancelAtPeriodEnd: boolean;
  endedAt: Date | null;
  /** when we first saw the subscription past_due: the grace period counts from here */
  pastDueSince: Date | null;
  graceEndsAt: Date | null;
}

/**
 * The mirror of a member's subscription as Stripe last told us, and whether the auth service has
 * been told (`published`: the outbox flag; an unpublished mirror is sent again until it is).
 */
export interface SubscriptionDocument extends SubscriptionState {
  userId: string;
  /** when this state was read from Stripe: a read started later replaces it, an earlier one never does */
  revision: Date;
  published: boolean;
  /** a sender holds the revision's publication until then (one sender at a time; a crashed one's lease runs out) */
  publishingUntil: Date | null;
  updatedAt: Date;
}

const subscriptionSchema = new Schema<SubscriptionDocument>(
  {
    userId: { type: String, required: true },
    customerId: { type: String, required: true },
    subscriptionId: { type: String, default: null },
    plan: { type: String, default: null },
    interval: { type: String, default: null },
    status: { type: String, required: true },
    currentPeriodStart: { type: Date, default: null },
    currentPeriodEnd: { type: Date, default: null },
    cancelAtPeriodEnd: { type: Boolean, default: false },
    endedAt: { type: Date, default: null },
    pastDueSince: { type: Date, default: null },
    graceEndsAt: { type: Date, default: null },
    revision: { type: Date, required: true },
    published: { type: Boolean, default: false },
    publishingUntil: { type: Date, default: null },
  },
  { collection: 'subscriptions', timestamps: { createdAt: true, updatedAt: true }, versionKey: false },
);
subscriptionSchema.index({ userId: 1 }, { unique: true });
subscriptionSchema.index({ published: 1 });

export function subscriptionModel(conn: Connection): Model<SubscriptionDocument> {
  return (conn.models.BillingSubscription as Model<SubscriptionDocument>) ?? conn.model<SubscriptionDocument>('BillingSubscription', subscriptionSchema);
}
