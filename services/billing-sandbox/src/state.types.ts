/** A Stripe object as it goes over the wire (JSON), before or after expansion. */
export type StripeObject = Record<string, any>;

export type Metadata = Record<string, string>;
export type Interval = 'month' | 'year';

export interface Product {
  id: string;
  name: string;
  created: number;
  defaultPrice: string | null;
  seq: number;
}

export interface Price {
  id: string;
  product: string;
  lookupKey: string | null;
  unitAmount: number;
  interval: Interval;
  active: boolean;
  created: number;
  seq: number;
}

export interface TestClock {
  id: string;
  name: string | null;
  created: number;
  /** what the clock shows: the time asked for, even while it is still advancing */
  frozenTime: number;
  /** how far the clock's objects have been processed; objects made now get this time */
  processedTo: number;
  status: 'ready' | 'advancing';
  seq: number;
}

export interface Customer {
  id: string;
  created: number;
  email: string | null;
  name: string | null;
  description: string | null;
  phone: string | null;
  metadata: Metadata;
  defaultPaymentMethod: string | null;
  testClock: string | null;
  invoicePrefix: string;
  nextInvoiceSequence: number;
  currency: string | null;
  seq: number;
}

/** What a test card does when charged: the card numbers of Stripe's test mode. */
export type CardBehaviour = 'succeeds' | 'declines-later';

export interface PaymentMethod {
  id: string;
  customer: string | null;
  created: number;
  brand: string;
  last4: string;
  expMonth: number;
  expYear: number;
  name: string;
  email: string | null;
  fingerprint: string;
  behaviour: CardBehaviour;
  seq: number;
}

export type SubscriptionStatus = 'active' | 'past_due' | 'canceled';

export interface Subscription {
  id: string;
  customer: string;
  created: number;
  startDate: number;
  billingCycleAnchor: number;
  status: SubscriptionStatus;
  item: { id: string; created: number; price: string; quantity: number; periodStart: number; periodEnd: number };
  cancelAtPeriodEnd: boolean;
  cancelAt: number | null;
  canceledAt: number | null;
  endedAt: number | null;
  cancellationReason: 'cancellation_requested' | 'payment_failed' | null;
  latestInvoice: string | null;
  metadata: Metadata;
  description: string | null;
  defaultPaymentMethod: string | null;
  testClock: string | null;
  seq: number;
}

export type InvoiceStatus = 'draft' | 'open' | 'paid';
export type BillingReason = 'subscription_create' | 'subscription_cycle' | 'subscription_update';

export interface Invoice {
  id: string;
  customer: string;
  subscription: string;
  subscriptionMetadata: Metadata;
  billingReason: BillingReason;
  created: number;
  number: string | null;
  status: InvoiceStatus;
  price: string;
  quantity: number;
  amount: number;
  periodStart: number;
  periodEnd: number;
  line: { id: string; periodStart: number; periodEnd: number; subscriptionItem: string };
  attemptCount: number;
  firstFailureAt: number | null;
  nextPaymentAttempt: number | null;
  finalizedAt: number | null;
  paidAt: number | null;
  paymentMethod: string | null;
  testClock: string | null;
  seq: number;
}

export interface CheckoutSession {
  id: string;
  created: number;
  expiresAt: number;
  customer: string | null;
  customerEmail: string | null;
  clientReferenceId: string | null;
  price: string;
  quantity: number;
  successUrl: string;
  cancelUrl: string | null;
  url: string;
  metadata: Metadata;
  subscriptionMetadata: Metadata;
  subscriptionDescription: string | null;
  allowPromotionCodes: boolean | null;
  locale: string | null;
  status: 'open' | 'complete' | 'expired';
  subscription: string | null;
  invoice: string | null;
  paymentMethod: string | null;
  seq: number;
}

export interface PortalSession {
  id: string;
  created: number;
  customer: string;
  returnUrl: string | null;
  configuration: string;
  locale: string | null;
  url: string;
  seq: number;
}

export interface DeliveryAttempt {
  at: string;
  /** the receiver's status code, or null when no answer came (refused, timed out) */
  status: number | null;
  error?: string;
  durationMs: number;
}

export interface StoredEvent {
  id: string;
  type: string;
  created: number;
  /** the Event as delivered (data.object is a snapshot from when it happened) */
  body: StripeObject;
  deliveries: DeliveryAttempt[];
  /** true once one delivery got a 2xx */
  delivered: boolean;
  /** no more attempts will be made (delivered, or out of attempts) */
  settled: boolean;
}

export interface RequestRecord {
  requestId: string;
  method: string;
  path: string;
  params: unknown;
  idempotencyKey: string | null;
  status: number;
  at: string;
}

export interface StripeMockRefusal {
  method: string;
  path: string;
  status: number;
  message: string;
  at: string;
}

export const faultKinds = ['api_error', 'rate_limit', 'lost'] as const;
export type FaultKind = (typeof faultKinds)[number];

export interface Fault {
  id: number;
  /** API paths starting with this are affected */
  path: string;
  kind: FaultKind;
  /** how many more requests it affects */
  times: number;
}
