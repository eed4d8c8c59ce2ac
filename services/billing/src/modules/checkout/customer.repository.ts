import type { Connection } from 'mongoose';
import { customerModel } from './customer.model';

export interface OpenCheckout {
  sessionId: string;
  url: string;
  plan: string;
  interval: string;
  expiresAt: Date;
}

export interface CustomerRecord {
  userId: string;
  customerId: string;
  openCheckout: OpenCheckout | null;
  portalOpenedAt: Date | null;
}

function toRecord(doc: any): CustomerRecord | null {
  if (!doc) return null;
  return { userId: doc.userId, customerId: doc.customerId, openCheckout: doc.openCheckout ?? null, portalOpenedAt: doc.portalOpenedAt ? new Date(doc.portalOpenedAt) : null };
}

export type CustomerRepository = ReturnType<typeof customerRepository>;

/** Members' Stripe customers: one per member, both ways unique. */
export function customerRepository(conn: Connection) {
  const Customers = customerModel(conn);
  return {
    async init(): Promise<void> {
      await Customers.init();
    },

    async byUser(userId: string): Promise<CustomerRecord | null> {
      return toRecord(await Customers.findOne({ userId }).lean());
    },

    async byCustomer(customerId: string): Promise<CustomerRecord | null> {
      return toRecord(await Customers.findOne({ customerId }).lean());
    },

    /** Links the customer to the member; when another request linked one first, that one is kept and returned. */
    async link(userId: string, customerId: string): Promise<CustomerRecord> {
      try {
        return toRecord((await Customers.create({ userId, customerId, openCheckout: null })).toObject())!;
      } catch (error) {
        if ((error as { code?: number }).code !== 11000) throw error;
        const existing = (await Customers.findOne({ userId }).lean()) ?? (await Customers.findOne({ customerId }).lean());
        if (!existing) throw error;
        return toRecord(existing)!;
      }
    },

    /** Forgets a customer Stripe no longer has (deleted in the Dashboard), so the next checkout makes a new one. */
    async unlink(userId: string, customerId: string): Promise<void> {
      await Customers.deleteOne({ userId, customerId });
    },

    /** Takes the member's Checkout lock until `until`: false while another request holds it. */
    async lockCheckout(userId: string, now: Date, until: Date): Promise<boolean> {
      const taken = await Customers.updateOne(
        { userId, $or: [{ checkoutLockUntil: null }, { checkoutLockUntil: { $lt: now } }] },
        { $set: { checkoutLockUntil: until } },
      );
      return taken.modifiedCount === 1;
    },

    async unlockCheckout(userId: string): Promise<void> {
      await Customers.updateOne({ userId }, { $set: { checkoutLockUntil: null } });
    },

    async portalOpened(userId: string, at: Date): Promise<void> {
      await Customers.updateOne({ userId }, { $set: { portalOpenedAt: at } });
    },

    async setOpenCheckout(userId: string, openCheckout: OpenCheckout | null): Promise<void> {
      await Customers.updateOne({ userId }, { $set: { openCheckout } });
    },
  };
}
