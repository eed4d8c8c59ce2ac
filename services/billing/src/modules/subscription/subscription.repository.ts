import type { Connection } from 'mongoose';
import { subscriptionModel, type SubscriptionState } from './subscription.model';

export type { SubscriptionState } from './subscription.model';

export interface SubscriptionRecord extends SubscriptionState {
  userId: string;
  revision: Date;
  published: boolean;
}

export type SaveOutcome = 'stored' | 'unchanged' | 'stale';

const time = (d: Date | null) => (d ? d.getTime() : null);

function sameState(a: SubscriptionState, b: SubscriptionState): boolean {
  return (
    a.customerId === b.customerId &&
    a.subscriptionId === b.subscriptionId &&
    a.plan === b.plan &&
    a.interval === b.interval &&
    a.status === b.status &&
    time(a.currentPeriodStart) === time(b.currentPeriodStart) &&
    time(a.currentPeriodEnd) === time(b.currentPeriodEnd) &&
    a.cancelAtPeriodEnd === b.cancelAtPeriodEnd &&
    time(a.endedAt) === time(b.endedAt) &&
    time(a.graceEndsAt) === time(b.graceEndsAt)
  );
}

const date = (v: unknown) => (v ? new Date(v as string) : null);

function toRecord(doc: any): SubscriptionRecord | null {
  if (!doc) return null;
  return {
    userId: doc.userId,
    customerId: doc.customerId,
    subscriptionId: doc.subscriptionId ?? null,
    plan: doc.plan ?? null,
    interval: doc.interval ?? null,
    status: doc.status,
    currentPeriodStart: date(doc.currentPeriodStart),
    currentPeriodEnd: date(doc.currentPeriodEnd),
    cancelAtPeriodEnd: Boolean(doc.cancelAtPeriodEnd),
    endedAt: date(doc.endedAt),
    pastDueSince: date(doc.pastDueSince),
    graceEndsAt: date(doc.graceEndsAt),
    revision: new Date(doc.revision),
    published: Boolean(doc.published),
  };
}

export type SubscriptionRepository = ReturnType<typeof subscriptionRepository>;

/** The subscription mirror, one document per member, and its outbox flag. */
export function subscriptionRepository(conn: Connection) {
  const Subscriptions = subscriptionModel(conn);

  async function save(userId: string, state: SubscriptionState, revision: Date, attempt = 0): Promise<SaveOutcome> {
    const existing = toRecord(await Subscriptions.findOne({ userId }).lean());
    if (existing && existing.revision >= revision) return 'stale';
    if (existing && sameState(existing, state)) return 'unchanged';
    if (!existing) {
      try {
        await Subscriptions.create({ userId, ...state, revision, published: false, publishingUntil: null });
        return 'stored';
      } catch (error) {
        // another read of the same member stored first: compare with it
        if ((error as { code?: number }).code === 11000 && attempt === 0) return save(userId, state, revision, 1);
        throw error;
      }
    }
    const updated = await Subscriptions.updateOne({ userId, revision: { $lt: revision } }, { $set: { ...state, revision, published: false, publishingUntil: null } });
    return updated.modifiedCount === 1 ? 'stored' : 'stale';
  }

  return {
    async init(): Promise<void> {
      await Subscriptions.init();
    },

    async byUser(userId: string): Promise<SubscriptionRecord | null> {
      return toRecord(await Subscriptions.findOne({ userId }).lean());
    },

    /**
     * Stores a state read from Stripe at `revision`, unless a state read later is stored already
     * (two webhooks handled at once: the later read wins, whatever order they finish in).
     */
    save,

    /**
     * Takes the sending of the member's unpublished state for a while: the record to send, or null
     * when it is published already or another sender holds it.
     */
    async claimPublication(userId: string, now: Date, until: Date): Promise<SubscriptionRecord | null> {
      return toRecord(
        await Subscriptions.findOneAndUpdate(
          { userId, published: false, $or: [{ publishingUntil: null }, { publishingUntil: { $lt: now } }] },
          { $set: { publishingUntil: until } },
          { returnDocument: 'after' },
        ).lean(),
      );
    },

    /** The auth service has been told of this revision. */
    async markPublished(userId: string, revision: Date): Promise<void> {
      await Subscriptions.updateOne({ userId, revision }, { $set: { published: true } });
    },

    /** How many states the auth service has not been told of yet (the outbox's depth). */
    countUnpublished(): Promise<number> {
      return Subscriptions.countDocuments({ published: false });
    },

    async unpublished(limit: number): Promise<SubscriptionRecord[]> {
      const docs = await Subscriptions.find({ published: false }).limit(limit).lean();
      return docs.map((d) => toRecord(d)!);
    },
  };
}
