import type { Router } from 'express';
import { expand, page } from '../expand';
import { renderPaymentMethod } from '../render';
import { renderInvoice, renderSubscription } from '../render-billing';
import type { ApiDeps } from './deps';
import { stripeErrors } from './errors';
import { listParams, parseParams } from './params';

const subscriptionStatuses = ['active', 'all', 'canceled', 'ended', 'incomplete', 'incomplete_expired', 'past_due', 'paused', 'trialing', 'unpaid'] as const;

/** Whether a subscription is listed for `status`: by default every one not canceled, as Stripe lists them. */
function listedFor(status: string | undefined, actual: string): boolean {
  if (status === 'all') return true;
  if (status === undefined) return actual !== 'canceled';
  if (status === 'ended') return actual === 'canceled';
  return actual === status;
}

/** Reading subscriptions, invoices and payment methods (they change through Checkout, the portal and test clocks). */
export function subscriptionRoutes(router: Router, { state }: ApiDeps): void {
  router.get('/subscriptions', (req, res) => {
    const p = parseParams(req.query, { ...listParams, customer: 'string', price: 'string', status: { enum: subscriptionStatuses }, test_clock: 'string' });
    const subs = [...state.subscriptions.values()].filter(
      (s) =>
        listedFor(p.status, s.status) &&
        (p.customer === undefined || s.customer === p.customer) &&
        (p.price === undefined || s.item.price === p.price) &&
        (p.test_clock === undefined || s.testClock === p.test_clock),
    );
    const { records, list } = page(subs, '/v1/subscriptions', p, 'subscription');
    res.json(expand(state, list(records.map((s) => renderSubscription(state, s))), p.expand));
  });

  router.get('/subscriptions/:id', (req, res) => {
    const p = parseParams(req.query, { expand: 'strings' });
    const sub = state.subscriptions.get(req.params.id);
    if (!sub) throw stripeErrors.noSuch('subscription', req.params.id, 'id');
    res.json(expand(state, renderSubscription(state, sub), p.expand));
  });

  router.get('/invoices', (req, res) => {
    const p = parseParams(req.query, { ...listParams, customer: 'string', subscription: 'string', status: { enum: ['draft', 'open', 'paid', 'uncollectible', 'void'] } });
    const invoices = [...state.invoices.values()].filter(
      (i) =>
        (p.customer === undefined || i.customer === p.customer) &&
        (p.subscription === undefined || i.subscription === p.subscription) &&
        (p.status === undefined || i.status === p.status),
    );
    const { records, list } = page(invoices, '/v1/invoices', p, 'invoice');
    res.json(expand(state, list(records.map((i) => renderInvoice(state, i))), p.expand));
  });

  router.get('/invoices/:id', (req, res) => {
    const p = parseParams(req.query, { expand: 'strings' });
    const invoice = state.invoices.get(req.params.id);
    if (!invoice) throw stripeErrors.noSuch('invoice', req.params.id, 'id');
    res.json(expand(state, renderInvoice(state, invoice), p.expand));
  });

  router.get('/payment_methods/:id', (req, res) => {
    const p = parseParams(req.query, { expand: 'strings' });
    const pm = state.paymentMethods.get(req.params.id);
    if (!pm) throw stripeErrors.noSuch('PaymentMethod', req.params.id, 'id');
    res.json(expand(state, renderPaymentMethod(pm), p.expand));
  });
}
