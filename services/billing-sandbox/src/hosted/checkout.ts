import express, { type Response, type Router } from 'express';
import type { ApiDeps } from '../api/deps';
import { checkCard, DECLINED } from '../cards';
import { completeCheckout, refreshStatus } from '../customer-actions';
import type { CheckoutSession } from '../state';
import { checkoutPage, type CheckoutView } from './checkout-page';
import { messagePage } from './layout';

/** The hosted Checkout page at a session's `url`: a form that works without JavaScript. */
export function checkoutRoutes(router: Router, { state, config }: ApiDeps): void {
  const form = express.urlencoded({ extended: false, limit: '20kb' });

  const viewOf = (session: CheckoutSession): CheckoutView => {
    const price = state.prices.get(session.price)!;
    return { session, price, product: state.products.get(price.product)!, customer: session.customer ? (state.customers.get(session.customer) ?? null) : null };
  };

  /** Answers for a session that cannot be paid; true when it did. */
  const notPayable = (session: CheckoutSession | undefined, res: Response, method: string): boolean => {
    if (!session) {
      res.status(404).type('html').send(messagePage('Something went wrong', 'This checkout page does not exist. Go back to Postwright and start again.'));
      return true;
    }
    refreshStatus(session, state.now(session.customer));
    if (session.status === 'complete') {
      const done = session.successUrl.replaceAll('{CHECKOUT_SESSION_ID}', session.id);
      const product = viewOf(session).product;
      res.status(method === 'GET' ? 200 : 409).type('html').send(messagePage('This checkout is already complete', `You are subscribed to ${product.name}.`, { href: done, text: 'Return to Postwright' }));
      return true;
    }
    if (session.status === 'expired') {
      const back = session.cancelUrl ? { href: session.cancelUrl, text: 'Back to Postwright' } : undefined;
      res.status(410).type('html').send(messagePage('This checkout has expired', 'Checkout pages are open for 24 hours. Go back to Postwright and start again.', back));
      return true;
    }
    return false;
  };

  router.get('/c/pay/:id', (req, res) => {
    const session = state.checkoutSessions.get(req.params.id);
    if (notPayable(session, res, 'GET')) return;
    res.type('html').send(checkoutPage(viewOf(session!)));
  });

  router.post('/c/pay/:id', form, (req, res) => {
    const session = state.checkoutSessions.get(req.params.id);
    if (notPayable(session, res, 'POST')) return;
    const values = (req.body ?? {}) as Record<string, unknown>;
    const view = { ...viewOf(session!), values };
    const askEmail = !view.customer && !session!.customerEmail;
    const email = typeof values.email === 'string' ? values.email.trim() : '';
    const emailError = askEmail && !/^[^@\s]+@[^@\s]+$/.test(email) ? (email ? 'Your email address is invalid.' : 'Email is required.') : undefined;
    const card = checkCard(values, state.now(session!.customer));
    if (!card.ok || emailError) {
      const declined = !card.ok && card.declined;
      res
        .status(declined ? 402 : 400)
        .type('html')
        .send(checkoutPage({ ...view, errors: card.ok ? {} : card.fields, formError: declined ? DECLINED : undefined, emailError }));
      return;
    }
    completeCheckout(state, session!, card.card, config.SANDBOX_CUSTOMER_TEST_CLOCKS, askEmail ? email : undefined);
    res.redirect(303, session!.successUrl.replaceAll('{CHECKOUT_SESSION_ID}', session!.id));
  });
}
