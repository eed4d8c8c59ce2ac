import { Schema, type Connection, type Model } from 'mongoose';

/** A member's Stripe customer, created once, and the Checkout page last opened for them. */
export interface CustomerDocument {
  userId: string;
  customerId: string;
  openCheckout: { sessionId: string; url: string; plan: string; interval: string; expiresAt: Date } | null;
  /** one Checkout is opened at a time per member: a request holds this until then */
  checkoutLockUntil: Date | null;
  /** when the member last opened the Billing Portal: changes made there may come before their webhook */
  portalOpenedAt: Date | null;
  createdAt: Date;
  updatedAt: Date;
}

const customerSchema = new Schema<CustomerDocument>(
  {
    userId: { type: String, required: true },
    customerId: { type: String, required: true },
    openCheckout: {
      type: new Schema({ sessionId: String, url: String, plan: String, interval: String, expiresAt: Date }, { _id: false }),
      default: null,
    },
    checkoutLockUntil: { type: Date, default: null },
    portalOpenedAt: { type: Date, default: null },
  },
  { collection: 'customers', timestamps: true, versionKey: false },
);
customerSchema.index({ userId: 1 }, { unique: true });
customerSchema.index({ customerId: 1 }, { unique: true });

export function customerModel(conn: Connection): Model<CustomerDocument> {
  return (conn.models.BillingCustomer as Model<CustomerDocument>) ?? conn.model<CustomerDocument>('BillingCustomer', customerSchema);
}
