import express, { type Response, type Router } from 'express';
import type { ApiDeps } from '../api/deps';
import { checkCard, DECLINED } from '../cards';
import { changePlan, setCancelAtPeriodEnd, updatePaymentMethod } from '../customer-actions';
import type { Customer, PortalSession, SandboxState, Subscription } from '../state';
import { day, messagePage } from './layout';
import { portalPage, type PortalView } from './portal-page';

/** The subscription the portal shows: the newest one still running, else the newest that ended. */
function currentSubscription(state: SandboxState, customerId: string): Subscription | null {
  const subs = state.subscriptionsOf(customerId).sort((a, b) => b.seq - a.seq);
  return subs.find((s) => s.status !== 'canceled') ?? subs[0] ?? null;
}

function viewOf(state: SandboxState, session: PortalSession, customer: Customer): PortalView {
  const subscription = currentSubscription(state, customer.id);
  const price = subscription ? (state.prices.get(subscription.item.price) ?? null) : null;
  const plans = [...state.prices.values()].filter((p) => p.active).sort((a, b) => a.seq - b.seq).map((p) => ({ price: p, product: state.products.get(p.product)! }));
  return {
    session,
    subscription,
    price,
    product: price ? (state.products.get(price.product) ?? null) : null,
    paymentMethod: customer.defaultPaymentMethod ? (state.paymentMethods.get(customer.defaultPaymentMethod) ?? null) : null,
    invoices: state.invoicesOf(customer.id).filter((i) => i.status !== 'draft').sort((a, b) => b.seq - a.seq),
    plans,
  };
}

const NOTICES: Record<string, (view: PortalView) => string> = {
  'plan-updated': (v) => `Your plan is now ${v.product?.name} (${v.price?.interval === 'year' ? 'yearly' : 'monthly'}).`,
  canceled: (v) => `Your plan will be canceled on ${day(v.subscription?.cancelAt ?? 0)}.`,
  renewed: () => 'Your plan will renew; the cancellation was undone.',
  'payment-method-updated': () => 'Your payment method was updated.',
  'invoice-paid': () => 'Your payment method was updated and the amount due was paid.',
};

/** The hosted customer portal at a portal session's `url`: each action is a plain form POST. */
export function portalRoutes(router: Router, { state }: ApiDeps): void {
  const form = express.urlencoded({ extended: false, limit: '20kb' });

  const load = (id: string, res: Response): { session: PortalSession; customer: Customer } | null => {
    const session = state.portalSessions.get(id);
    const customer = session ? state.customers.get(session.customer) : undefined;
    if (!session || !customer) {
      res.status(404).type('html').send(messagePage('Something went wrong', 'This billing page does not exist. Go back to Postwright and open it again.'));
      return null;
    }
    return { session, customer };
  };

  router.get('/p/session/:id', (req, res) => {
    const found = load(req.params.id, res);
    if (!found) return;
    const view = viewOf(state, found.session, found.customer);
    const done = typeof req.query.done === 'string' ? NOTICES[req.query.done] : undefined;
    res.type('html').send(portalPage({ ...view, notice: done?.(view) }));
  });

  router.post('/p/session/:id/:action', form, (req, res) => {
    const found = load(req.params.id, res);
    if (!found) return;
    const { session, customer } = found;
    const view = viewOf(state, session, customer);
    const sub = view.subscription;
    const refuse = (status: number, extra: Partial<PortalView>) => res.status(status).type('html').send(portalPage({ ...view, ...extra }));
    const done = (what: string) => res.redirect(303, `/p/session/${session.id}?done=${what}`);
    const live = sub && sub.status !== 'canceled' ? sub : null;
    const body = (req.body ?? {}) as Record<string, unknown>;
    switch (req.params.action) {
      case 'update-plan': {
        if (!live || live.status !== 'active') return refuse(409, { formError: 'Only an active plan can be changed.' });
        const key = String(body.price ?? '');
        const price = state.priceByLookupKey(key) ?? state.prices.get(key);
        if (!price || !price.active) return refuse(400, { formError: 'Choose one of the plans.' });
        const outcome = changePlan(state, live, price);
        return outcome === 'declined' ? refuse(402, { formError: DECLINED }) : done('plan-updated');
      }
      case 'cancel':
        if (!live || live.cancelAtPeriodEnd) return refuse(409, { formError: 'There is no running plan to cancel.' });
        setCancelAtPeriodEnd(state, live, true);
        return done('canceled');
      case 'renew':
        if (!live || !live.cancelAtPeriodEnd) return refuse(409, { formError: 'There is no cancellation to undo.' });
        setCancelAtPeriodEnd(state, live, false);
        return done('renewed');
      case 'update-payment-method': {
        if (!live) return refuse(409, { formError: 'There is no running plan to pay for.' });
        const card = checkCard(body, state.now(customer.id));
        if (!card.ok) return refuse(card.declined ? 402 : 400, { cardValues: body, cardErrors: card.fields, cardError: card.declined ? DECLINED : undefined });
        const owed = state.invoicesOf(customer.id).some((i) => i.status === 'open' && i.subscription === live.id);
        const paid = updatePaymentMethod(state, customer, card.card);
        if (!paid) return res.status(402).type('html').send(portalPage({ ...viewOf(state, session, customer), cardError: DECLINED }));
        return done(owed ? 'invoice-paid' : 'payment-method-updated');
      }
      default:
        return void res.status(404).type('html').send(messagePage('Something went wrong', 'There is no such action.'));
    }
  });
}
