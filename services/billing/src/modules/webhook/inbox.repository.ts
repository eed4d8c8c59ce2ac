import type { Connection } from 'mongoose';
import { inboxModel, type InboxDocument } from './inbox.model';

export interface InboxEntry {
  eventId: string;
  type: string;
  customerId: string | null;
  clientReferenceId: string | null;
  status: InboxDocument['status'];
  attempts: number;
}

const toEntry = (doc: any): InboxEntry => ({
  eventId: doc.eventId,
  type: doc.type,
  customerId: doc.customerId ?? null,
  clientReferenceId: doc.clientReferenceId ?? null,
  status: doc.status,
  attempts: doc.attempts ?? 0,
});

export type InboxRepository = ReturnType<typeof inboxRepository>;

export function inboxRepository(conn: Connection) {
  const Inbox = inboxModel(conn);
  return {
    async init(): Promise<void> {
      await Inbox.init();
    },

    /**
     * Records a received event, leased to this request until `leaseUntil` (the retry loop takes it
     * only if it is still pending then); the entry already there when Stripe sent it before.
     */
    async receive(
      event: { id: string; type: string; customerId: string | null; clientReferenceId: string | null },
      now: Date,
      leaseUntil: Date,
    ): Promise<{ entry: InboxEntry; fresh: boolean }> {
      try {
        const doc = await Inbox.create({
          eventId: event.id,
          type: event.type,
          customerId: event.customerId,
          clientReferenceId: event.clientReferenceId,
          status: 'pending',
          receivedAt: now,
          nextAttemptAt: leaseUntil,
        });
        return { entry: toEntry(doc.toObject()), fresh: true };
      } catch (error) {
        if ((error as { code?: number }).code !== 11000) throw error;
        const existing = await Inbox.findOne({ eventId: event.id }).lean();
        if (!existing) throw error;
        return { entry: toEntry(existing), fresh: false };
      }
    },

    async settle(eventId: string, status: 'done' | 'ignored', now: Date): Promise<void> {
      await Inbox.updateOne({ eventId }, { $set: { status, handledAt: now, nextAttemptAt: null, lastError: null } });
    },

    /** A failed attempt: tried again at `nextAttemptAt`, or given up (`failed`) when null. */
    async failed(eventId: string, error: string, nextAttemptAt: Date | null): Promise<void> {
      await Inbox.updateOne(
        { eventId },
        { $inc: { attempts: 1 }, $set: { lastError: error.slice(0, 500), nextAttemptAt, ...(nextAttemptAt ? {} : { status: 'failed' }) } },
      );
    },

    /** How many received events are not handled yet (being handled, or waiting to be tried again). */
    countPending(): Promise<number> {
      return Inbox.countDocuments({ status: 'pending' });
    },

    async due(now: Date, limit: number): Promise<InboxEntry[]> {
      const docs = await Inbox.find({ status: 'pending', nextAttemptAt: { $lte: now } })
        .sort({ nextAttemptAt: 1 })
        .limit(limit)
        .lean();
      return docs.map(toEntry);
    },

    /** Takes a due entry for one attempt (another replica's retry loop may be looking at it too). */
    async claim(eventId: string, now: Date, leaseUntil: Date): Promise<boolean> {
      const claimed = await Inbox.updateOne({ eventId, status: 'pending', nextAttemptAt: { $lte: now } }, { $set: { nextAttemptAt: leaseUntil } });
      return claimed.modifiedCount === 1;
    },

    /** An entry given up is pending again, its attempts counted anew (Stripe sent the event again). */
    async reopen(eventId: string, leaseUntil: Date): Promise<boolean> {
      const reopened = await Inbox.updateOne({ eventId, status: 'failed' }, { $set: { status: 'pending', attempts: 0, nextAttemptAt: leaseUntil } });
      return reopened.modifiedCount === 1;
    },

    async byEvent(eventId: string): Promise<InboxEntry | null> {
      const doc = await Inbox.findOne({ eventId }).lean();
      return doc ? toEntry(doc) : null;
    },
  };
}
