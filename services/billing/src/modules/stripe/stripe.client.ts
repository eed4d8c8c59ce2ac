import Stripe from 'stripe';
import { parsePriceLookupKey, priceLookupKey, planIds, billingIntervals, type BillingInterval, type PlanId } from '@postwright/contracts';
import { AppError, type Logger } from '@postwright/platform';

/** A Stripe Price the product sells: a plan at an interval. */
export interface PlanPrice {
  id: string;
  plan: PlanId;
  interval: BillingInterval;
  unitAmount: number;
  currency: string;
}

/** A subscription as the product needs it; times in milliseconds. */
export interface StripeSubscription {
  id: string;
  customerId: string;
  status: string;
  plan: PlanId | null;
  interval: BillingInterval | null;
  currentPeriodStart: Date | null;
  currentPeriodEnd: Date | null;
  cancelAtPeriodEnd: boolean;
  /** when it ended (cancelled, or its last payment attempt failed); null while it runs */
  endedAt: Date | null;
  created: Date;
}

/** A verified webhook event: what the product reads of it. */
export interface WebhookEvent {
  id: string;
  type: string;
  created: Date;
  customerId: string | null;
  /** Checkout's client_reference_id: the user who paid */
  clientReferenceId: string | null;
}

/** What the billing use cases ask of Stripe (the SDK, or a double behind the same API). */
export interface StripePort {
  prices(): Promise<PlanPrice[]>;
  /** `replacing`: the member's earlier customer, which Stripe no longer has (a new idempotency key) */
  createCustomer(input: { userId: string; email: string; name: string; replacing?: string }): Promise<{ id: string }>;
  /** the user a customer was created for (its metadata), or null when it is not one of ours */
  customerUserId(customerId: string): Promise<string | null>;
  createCheckoutSession(input: {
    customerId: string;
    userId: string;
    price: PlanPrice;
    successUrl: string;
    cancelUrl: string;
  }): Promise<{ id: string; url: string; expiresAt: Date }>;
  /** closes an open Checkout session so it can no longer be paid (no-op when it is complete or expired) */
  expireCheckoutSession(sessionId: string): Promise<void>;
  createPortalSession(customerId: string, returnUrl: string): Promise<{ url: string }>;
  subscriptionsOf(customerId: string): Promise<StripeSubscription[]>;
  /** the event, when the signature is Stripe's for this body and at most `toleranceSeconds` old */
  verifyWebhook(rawBody: Buffer | undefined, signature: string | undefined): WebhookEvent;
}

export class CustomerMissingError extends Error {
  constructor(readonly customerId: string) {
    super(`Stripe has no customer ${customerId}`);
    this.name = 'CustomerMissingError';
  }
}

const WEBHOOK_TOLERANCE_SECONDS = 300;
const LOOKUP_KEYS = planIds.flatMap((plan) => billingIntervals.map((interval) => priceLookupKey(plan, interval)));
const seconds = (value: number | null | undefined) => (value ? new Date(value * 1000) : null);
const idOf = (value: string | { id: string } | null | undefined) => (typeof value === 'string' ? value : (value?.id ?? null));

/** Whatever Stripe answered or failed with, as the product's error; the cause is logged by the error handler. */
function unavailable(cause: unknown): AppError {
  return AppError.of('BILLING.UNAVAILABLE', { cause });
}

function toSubscription(sub: Stripe.Subscription): StripeSubscription {
  const item = sub.items.data[0];
  const parsed = parsePriceLookupKey(item?.price.lookup_key);
  return {
    id: sub.id,
    customerId: idOf(sub.customer)!,
    status: sub.status,
    plan: parsed?.plan ?? null,
    interval: parsed?.interval ?? (item?.price.recurring?.interval === 'year' ? 'year' : item?.price.recurring?.interval === 'month' ? 'month' : null),
    currentPeriodStart: seconds(item?.current_period_start),
    currentPeriodEnd: seconds(item?.current_period_end),
    cancelAtPeriodEnd: sub.cancel_at_period_end || Boolean(sub.cancel_at && item && sub.cancel_at <= item.current_period_end),
    endedAt: seconds(sub.ended_at),
    created: new Date(sub.created * 1000),
  };
}

/** The event's customer, wherever its object keeps it. */
function customerOfEvent(event: Stripe.Event): string | null {
  const object = event.data.object as { object?: string; id?: string; customer?: string | { id: string } | null };
  if (object.object === 'customer') return object.id ?? null;
  return idOf(object.customer);
}

/**
 * The Stripe SDK, pointed at api.stripe.com or at a double speaking its API (the billing
 * sandbox), with its retries (idempotency keys make a retried POST safe) and a timeout.
 */
export function stripeClient(options: { secretKey: string; webhookSecret: string; apiUrl: string; timeoutMs: number; logger: Logger }): StripePort {
  const api = new URL(options.apiUrl);
  const stripe = new Stripe(options.secretKey, {
    host: api.hostname,
    port: api.port || (api.protocol === 'http:' ? 80 : 443),
    protocol: api.protocol === 'http:' ? 'http' : 'https',
    timeout: options.timeoutMs,
    maxNetworkRetries: 2,
    telemetry: false,
    appInfo: { name: 'Postwright' },
  });

  const call = async <T>(what: string, fn: () => Promise<T>): Promise<T> => {
    try {
      return await fn();
    } catch (error) {
      options.logger.warn({ err: error, call: what }, 'Stripe call failed');
      throw unavailable(error);
    }
  };

  return {
    async prices() {
      const list = await call('prices.list', () => stripe.prices.list({ lookup_keys: LOOKUP_KEYS, active: true, limit: 100, expand: ['data.product'] }));
      return list.data.flatMap((price) => {
        const parsed = parsePriceLookupKey(price.lookup_key);
        if (!parsed || price.unit_amount === null) return [];
        return [{ id: price.id, ...parsed, unitAmount: price.unit_amount, currency: price.currency }];
      });
    },

    async createCustomer({ userId, email, name, replacing }) {
      // one customer per user even when two checkouts start at once: Stripe answers a repeated key with the first customer
      const customer = await call('customers.create', () =>
        stripe.customers.create({ email, name, metadata: { userId } }, { idempotencyKey: `postwright-customer-${userId}${replacing ? `-after-${replacing}` : ''}` }),
      );
      return { id: customer.id };
    },

    async customerUserId(customerId) {
      try {
        const customer = await stripe.customers.retrieve(customerId);
        if (customer.deleted) return null;
        return customer.metadata?.userId ?? null;
      } catch (error) {
        if ((error as { code?: string }).code === 'resource_missing') return null;
        throw unavailable(error);
      }
    },

    async createCheckoutSession({ customerId, userId, price, successUrl, cancelUrl }) {
      try {
        const session = await stripe.checkout.sessions.create(
          {
            mode: 'subscription',
            customer: customerId,
            client_reference_id: userId,
            line_items: [{ price: price.id, quantity: 1 }],
            success_url: successUrl,
            cancel_url: cancelUrl,
            metadata: { userId, plan: price.plan, interval: price.interval },
            subscription_data: { metadata: { userId, plan: price.plan } },
          },
          // the SDK's retries reuse one generated key, so a retried create opens one page
        );
        if (!session.url) throw new Error('Checkout session without a url');
        return { id: session.id, url: session.url, expiresAt: new Date(session.expires_at * 1000) };
      } catch (error) {
        const stripeError = error as { code?: string; param?: string };
        if (stripeError.code === 'resource_missing' && stripeError.param === 'customer') throw new CustomerMissingError(customerId);
        options.logger.warn({ err: error, call: 'checkout.sessions.create' }, 'Stripe call failed');
        throw unavailable(error);
      }
    },

    async expireCheckoutSession(sessionId) {
      try {
        await stripe.checkout.sessions.expire(sessionId);
      } catch (error) {
        // a session already paid or expired cannot be expired: nothing left to close
        if ((error as { type?: string }).type !== 'StripeInvalidRequestError') throw unavailable(error);
      }
    },

    async createPortalSession(customerId, returnUrl) {
      const session = await call('billingPortal.sessions.create', () => stripe.billingPortal.sessions.create({ customer: customerId, return_url: returnUrl }));
      return { url: session.url };
    },

    async subscriptionsOf(customerId) {
      const list = await call('subscriptions.list', () => stripe.subscriptions.list({ customer: customerId, status: 'all', limit: 100 }));
      return list.data.map(toSubscription);
    },

    verifyWebhook(rawBody, signature) {
      if (!rawBody || !signature) throw AppError.of('BILLING.SIGNATURE_INVALID');
      let event: Stripe.Event;
      try {
        event = stripe.webhooks.constructEvent(rawBody, signature, options.webhookSecret, WEBHOOK_TOLERANCE_SECONDS);
      } catch (error) {
        throw AppError.of('BILLING.SIGNATURE_INVALID', { cause: error });
      }
      const object = event.data.object as { object?: string; client_reference_id?: string | null };
      return {
        id: event.id,
        type: event.type,
        created: new Date(event.created * 1000),
        customerId: customerOfEvent(event),
        clientReferenceId: object.object === 'checkout.session' ? (object.client_reference_id ?? null) : null,
      };
    },
  };
}
