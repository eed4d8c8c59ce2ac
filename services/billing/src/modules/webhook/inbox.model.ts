import { Schema, type Connection, type Model } from 'mongoose';

/**
 * Every Stripe event received, once (unique event id): a redelivered event is recognised, and
 * one whose handling failed (Stripe or the broker down) is tried again until it is done.
 */
export interface InboxDocument {
  eventId: string;
  type: string;
  customerId: string | null;
  clientReferenceId: string | null;
  status: 'pending' | 'done' | 'ignored' | 'failed';
  attempts: number;
  nextAttemptAt: Date | null;
  lastError: string | null;
  receivedAt: Date;
  handledAt: Date | null;
}

const inboxSchema = new Schema<InboxDocument>(
  {
    eventId: { type: String, required: true },
    type: { type: String, required: true },
    customerId: { type: String, default: null },
    clientReferenceId: { type: String, default: null },
    status: { type: String, enum: ['pending', 'done', 'ignored', 'failed'], default: 'pending' },
    attempts: { type: Number, default: 0 },
    nextAttemptAt: { type: Date, default: null },
    lastError: { type: String, default: null },
    receivedAt: { type: Date, required: true },
    handledAt: { type: Date, default: null },
  },
  { collection: 'webhook_inbox', versionKey: false },
);
inboxSchema.index({ eventId: 1 }, { unique: true });
inboxSchema.index({ status: 1, nextAttemptAt: 1 });

export function inboxModel(conn: Connection): Model<InboxDocument> {
  return (conn.models.BillingInbox as Model<InboxDocument>) ?? conn.model<InboxDocument>('BillingInbox', inboxSchema);
}
