import type { Card } from './cards';
import { createClock } from './clock';
import { emit } from './events';
import { addInterval, newId, realNow } from './ids';
import { attemptPayment, chargedMethod, charges, draftInvoice, finalizeInvoice, updateSubscription } from './lifecycle';
import { renderCheckoutSession } from './render';
import { renderSubscription } from './render-billing';
import type { CheckoutSession, Customer, Metadata, PaymentMethod, Price, SandboxState, Subscription } from './state';

/** Checkout sessions live 24 hours, as Stripe's do by default. */
export const CHECKOUT_TTL_SECONDS = 24 * 60 * 60;

/** An open session past its expiry is expired (on the customer's clock). */
export function refreshStatus(session: CheckoutSession, now: number): CheckoutSession {
  if (session.status === 'open' && now >= session.expiresAt) session.status = 'expired';
  return session;
}

export interface NewCustomer {
  email?: string | null;
  name?: string | null;
  description?: string | null;
  phone?: string | null;
  metadata?: Metadata;
  testClock?: string | null;
}

/** A customer; without a test clock it gets one of its own when `ownClock` (SANDBOX_CUSTOMER_TEST_CLOCKS). */
export function createCustomer(state: SandboxState, input: NewCustomer, ownClock: boolean): Customer {
  const clockId = input.testClock ?? (ownClock ? createClock(state, realNow(), `Customer ${input.email ?? ''}`.trim()).id : null);
  const customer: Customer = {
    id: newId.customer(),
    created: clockId ? state.clocks.get(clockId)!.processedTo : realNow(),
    email: input.email ?? null,
    name: input.name ?? null,
    description: input.description ?? null,
    phone: input.phone ?? null,
    metadata: input.metadata ?? {},
    defaultPaymentMethod: null,
    testClock: clockId,
    invoicePrefix: newId.invoicePrefix(),
    nextInvoiceSequence: 1,
    currency: null,
    seq: state.seq(),
  };
  state.customers.set(customer.id, customer);
  return customer;
}

/** Saves a card on the customer and makes it the default for invoices. */
function attachCard(state: SandboxState, customer: Customer, card: Card): PaymentMethod {
  const pm: PaymentMethod = {
    id: newId.paymentMethod(),
    customer: customer.id,
    created: state.now(customer.id),
    brand: card.brand,
    last4: card.last4,
    expMonth: card.expMonth,
    expYear: card.expYear,
    name: card.name,
    email: customer.email,
    fingerprint: newId.fingerprint(),
    behaviour: card.behaviour,
    seq: state.seq(),
  };
  state.paymentMethods.set(pm.id, pm);
  customer.defaultPaymentMethod = pm.id;
  return pm;
}

/**
 * Paying on the Checkout page: the card is saved as the default, the subscription starts now (on
 * the customer's clock) with its first invoice paid, and the session completes.
 */
export function completeCheckout(state: SandboxState, session: CheckoutSession, card: Card, ownClock: boolean, email?: string): Subscription {
  const customer = session.customer ? state.customers.get(session.customer)! : createCustomer(state, { email: email ?? session.customerEmail, name: card.name }, ownClock);
  const pm = attachCard(state, customer, card);
  customer.currency = 'usd';
  const at = state.now(customer.id);
  const price = state.prices.get(session.price)!;
  const sub: Subscription = {
    id: newId.subscription(),
    customer: customer.id,
    created: at,
    startDate: at,
    billingCycleAnchor: at,
    status: 'active',
    item: { id: newId.subscriptionItem(), created: at, price: price.id, quantity: session.quantity, periodStart: at, periodEnd: addInterval(at, price.interval, at) },
    cancelAtPeriodEnd: false,
    cancelAt: null,
    canceledAt: null,
    endedAt: null,
    cancellationReason: null,
    latestInvoice: null,
    metadata: { ...session.subscriptionMetadata },
    description: session.subscriptionDescription,
    defaultPaymentMethod: pm.id,
    testClock: customer.testClock,
    seq: state.seq(),
  };
  state.subscriptions.set(sub.id, sub);
  const invoice = draftInvoice(state, sub, 'subscription_create', at, at);
  sub.latestInvoice = invoice.id;
  emit(state, 'customer.subscription.created', renderSubscription(state, sub), { at });
  finalizeInvoice(state, invoice);
  attemptPayment(state, invoice, pm, true);
  Object.assign(session, { status: 'complete', customer: customer.id, subscription: sub.id, invoice: invoice.id, paymentMethod: pm.id });
  emit(state, 'checkout.session.completed', renderCheckoutSession(state, session), { at });
  return sub;
}

/** Cancel plan (at the end of the period) or Renew plan (undo that). */
export function setCancelAtPeriodEnd(state: SandboxState, sub: Subscription, cancel: boolean): void {
  const at = state.now(sub.customer);
  updateSubscription(state, sub, () => {
    sub.cancelAtPeriodEnd = cancel;
    sub.cancelAt = cancel ? sub.item.periodEnd : null;
    sub.canceledAt = cancel ? at : null;
    sub.cancellationReason = cancel ? 'cancellation_requested' : null;
  });
}

/**
 * Update plan: the same interval swaps the price at once; another interval restarts the billing
 * cycle now and charges the new price at once, and nothing changes when that charge is declined.
 */
export function changePlan(state: SandboxState, sub: Subscription, price: Price): 'changed' | 'unchanged' | 'declined' {
  if (price.id === sub.item.price) return 'unchanged';
  const current = state.prices.get(sub.item.price)!;
  if (current.interval === price.interval) {
    updateSubscription(state, sub, () => (sub.item.price = price.id));
    return 'changed';
  }
  const pm = chargedMethod(state, sub);
  if (!charges(pm, false)) return 'declined';
  const at = state.now(sub.customer);
  updateSubscription(state, sub, () => {
    Object.assign(sub.item, { price: price.id, periodStart: at, periodEnd: addInterval(at, price.interval, at) });
    sub.billingCycleAnchor = at;
    const invoice = draftInvoice(state, sub, 'subscription_update', at, at);
    sub.latestInvoice = invoice.id;
    finalizeInvoice(state, invoice);
    attemptPayment(state, invoice, pm);
  });
  return 'changed';
}

/**
 * Update payment method: the card becomes the default of the customer and of its live
 * subscriptions, and an open invoice of
 * one of them is paid with it at once. Answers whether every open invoice is now paid.
 */
export function updatePaymentMethod(state: SandboxState, customer: Customer, card: Card): boolean {
  const pm = attachCard(state, customer, card);
  const live = state.subscriptionsOf(customer.id).filter((s) => s.status !== 'canceled');
  for (const sub of live) updateSubscription(state, sub, () => (sub.defaultPaymentMethod = pm.id));
  let allPaid = true;
  for (const invoice of state.invoicesOf(customer.id).filter((i) => i.status === 'open')) {
    const sub = live.find((s) => s.id === invoice.subscription);
    if (!sub) continue;
    if (!attemptPayment(state, invoice, pm)) {
      allPaid = false;
      continue;
    }
    if (sub.status === 'past_due') updateSubscription(state, sub, () => (sub.status = 'active'));
  }
  return allPaid;
}
