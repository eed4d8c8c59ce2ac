import { changedFields, emit } from './events';
import { addInterval, DAY, newId } from './ids';
import { renderInvoice, renderSubscription } from './render-billing';
import type { BillingReason, Invoice, PaymentMethod, SandboxState, StripeObject, Subscription } from './state';

/** Smart Retries stand-in: after a failed renewal, tries 3, 5 and 7 days after the first failure, then cancels. */
const RETRY_DAYS = [3, 5, 7];

const invoiceEvent = (state: SandboxState, type: string, invoice: Invoice) => emit(state, type, renderInvoice(state, invoice), { at: state.now(invoice.customer) });

/** Emits `customer.subscription.updated` with what changed since `before`, if anything did. */
function emitUpdated(state: SandboxState, sub: Subscription, before: StripeObject): void {
  const after = renderSubscription(state, sub);
  const previous = changedFields(before, after);
  if (previous) emit(state, 'customer.subscription.updated', after, { at: state.now(sub.customer), previous });
}

/** Runs `change` on a subscription and emits the update it made. */
export function updateSubscription(state: SandboxState, sub: Subscription, change: () => void): void {
  const before = renderSubscription(state, sub);
  change();
  emitUpdated(state, sub, before);
}

/** The card a subscription's invoices are charged to: its own default, else the customer's. */
export function chargedMethod(state: SandboxState, sub: Subscription): PaymentMethod | undefined {
  const id = sub.defaultPaymentMethod ?? state.customers.get(sub.customer)?.defaultPaymentMethod;
  return id ? state.paymentMethods.get(id) : undefined;
}

/** Whether a charge to this card goes through: a 0341 card takes its first charge, then declines every one. */
export function charges(pm: PaymentMethod | undefined, first: boolean): boolean {
  return Boolean(pm) && (pm!.behaviour === 'succeeds' || first);
}

/** A draft invoice for the subscription's current item and period (not yet announced). */
export function draftInvoice(state: SandboxState, sub: Subscription, reason: BillingReason, periodStart: number, periodEnd: number): Invoice {
  const price = state.prices.get(sub.item.price)!;
  const invoice: Invoice = {
    id: newId.invoice(),
    customer: sub.customer,
    subscription: sub.id,
    subscriptionMetadata: { ...sub.metadata },
    billingReason: reason,
    created: state.now(sub.customer),
    number: null,
    status: 'draft',
    price: price.id,
    quantity: sub.item.quantity,
    amount: price.unitAmount * sub.item.quantity,
    periodStart,
    periodEnd,
    line: { id: newId.invoiceLine(), periodStart: sub.item.periodStart, periodEnd: sub.item.periodEnd, subscriptionItem: sub.item.id },
    attemptCount: 0,
    firstFailureAt: null,
    nextPaymentAttempt: null,
    finalizedAt: null,
    paidAt: null,
    paymentMethod: null,
    testClock: sub.testClock,
    seq: state.seq(),
  };
  state.invoices.set(invoice.id, invoice);
  return invoice;
}

/** Announces a draft, then finalizes it (it gets its number and is open for payment). */
export function finalizeInvoice(state: SandboxState, invoice: Invoice): void {
  invoiceEvent(state, 'invoice.created', invoice);
  const customer = state.customers.get(invoice.customer)!;
  invoice.status = 'open';
  invoice.number = `${customer.invoicePrefix}-${String(customer.nextInvoiceSequence).padStart(4, '0')}`;
  customer.nextInvoiceSequence += 1;
  invoice.finalizedAt = state.now(invoice.customer);
  invoiceEvent(state, 'invoice.finalized', invoice);
}

/**
 * One payment attempt on an open invoice. A failure keeps it open with the next retry of the
 * schedule (none after the last: the caller cancels).
 */
export function attemptPayment(state: SandboxState, invoice: Invoice, pm: PaymentMethod | undefined, first = false): boolean {
  const at = state.now(invoice.customer);
  invoice.attemptCount += 1;
  invoice.paymentMethod = pm?.id ?? null;
  if (charges(pm, first)) {
    invoice.status = 'paid';
    invoice.paidAt = at;
    invoice.nextPaymentAttempt = null;
    invoiceEvent(state, 'invoice.paid', invoice);
    invoiceEvent(state, 'invoice.payment_succeeded', invoice);
    return true;
  }
  invoice.firstFailureAt ??= at;
  const failedAt = invoice.firstFailureAt;
  invoice.nextPaymentAttempt = RETRY_DAYS.map((d) => failedAt + d * DAY).find((t) => t > at) ?? null;
  invoiceEvent(state, 'invoice.payment_failed', invoice);
  return false;
}

/** The period ended: a new period starts and its invoice is charged; a failure makes the subscription past_due. */
export function renew(state: SandboxState, sub: Subscription): void {
  const before = renderSubscription(state, sub);
  const interval = state.prices.get(sub.item.price)!.interval;
  const [oldStart, oldEnd] = [sub.item.periodStart, sub.item.periodEnd];
  sub.item.periodStart = oldEnd;
  sub.item.periodEnd = addInterval(oldEnd, interval, sub.billingCycleAnchor);
  // a subscription_cycle invoice covers the period that ended; its line, the one that starts
  const invoice = draftInvoice(state, sub, 'subscription_cycle', oldStart, oldEnd);
  sub.latestInvoice = invoice.id;
  finalizeInvoice(state, invoice);
  if (!attemptPayment(state, invoice, chargedMethod(state, sub))) sub.status = 'past_due';
  emitUpdated(state, sub, before);
}

/** A scheduled retry of an open invoice; after the last failed one the subscription is canceled. */
export function retry(state: SandboxState, invoice: Invoice): void {
  const sub = state.subscriptions.get(invoice.subscription);
  if (!sub || sub.status === 'canceled') {
    invoice.nextPaymentAttempt = null;
    return;
  }
  if (attemptPayment(state, invoice, chargedMethod(state, sub))) {
    if (sub.status === 'past_due') updateSubscription(state, sub, () => (sub.status = 'active'));
  } else if (invoice.nextPaymentAttempt === null) {
    end(state, sub, 'payment_failed');
  }
}

/** Ends a subscription now (its period ran out after a cancel, or its payments failed). */
export function end(state: SandboxState, sub: Subscription, reason: 'cancellation_requested' | 'payment_failed'): void {
  const at = state.now(sub.customer);
  sub.status = 'canceled';
  sub.endedAt = at;
  if (reason === 'payment_failed' || sub.canceledAt === null) sub.canceledAt = at;
  sub.cancellationReason = reason;
  for (const invoice of state.invoicesOf(sub.customer)) if (invoice.subscription === sub.id) invoice.nextPaymentAttempt = null;
  emit(state, 'customer.subscription.deleted', renderSubscription(state, sub), { at });
}
