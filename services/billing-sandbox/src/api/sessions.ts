import type { Router } from 'express';
import { expand } from '../expand';
import { newId } from '../ids';
import { renderCheckoutSession, renderPortalSession, renderPrice } from '../render';
import { CHECKOUT_TTL_SECONDS, refreshStatus } from '../customer-actions';
import type { CheckoutSession, PortalSession, StripeObject } from '../state';
import { publicOrigin, type ApiDeps } from './deps';
import { stripeErrors } from './errors';
import { parseParams } from './params';

/**
 * The session with its includable `line_items` when asked for (`expand[]=line_items`, as at
 * Stripe), and any other expansion.
 */
function withLineItems(state: ApiDeps['state'], session: CheckoutSession, paths: string[] = []): StripeObject {
  const object = renderCheckoutSession(state, session);
  if (!paths.some((p) => p === 'line_items' || p.startsWith('line_items.'))) return expand(state, object, paths);
  const price = state.prices.get(session.price)!;
  const amount = price.unitAmount * session.quantity;
  const product = state.products.get(price.product);
  object.line_items = {
    object: 'list',
    data: [
      {
        id: `li_1${session.id.slice(-23)}`,
        object: 'item',
        adjustable_quantity: null,
        amount_discount: 0,
        amount_subtotal: amount,
        amount_tax: 0,
        amount_total: amount,
        currency: 'usd',
        description: product?.name ?? null,
        metadata: {},
        price: renderPrice(price),
        quantity: session.quantity,
      },
    ],
    has_more: false,
    url: `/v1/checkout/sessions/${session.id}/line_items`,
  };
  const rest = paths.filter((p) => p !== 'line_items');
  return expand(state, object, rest);
}

/** Checkout Sessions (subscription mode, on the sandbox's hosted page) and Billing Portal sessions. */
export function sessionRoutes(router: Router, { state, config }: ApiDeps): void {
  /** The session with its status as of now (an open one past its expiry has expired). */
  const currentSession = (id: string) => {
    const session = state.checkoutSessions.get(id);
    if (!session) throw stripeErrors.noSuch('checkout.session', id, 'id');
    refreshStatus(session, state.now(session.customer));
    return session;
  };

  router.post('/checkout/sessions', (req, res) => {
    const p = parseParams(
      req.body,
      {
        mode: { enum: ['payment', 'setup', 'subscription'] },
        customer: 'string',
        customer_email: 'string',
        client_reference_id: 'string',
        line_items: { listOf: { price: 'string', quantity: 'integer' } },
        success_url: 'string',
        cancel_url: 'string',
        metadata: 'metadata',
        subscription_data: { object: { metadata: 'metadata', description: 'string' } },
        allow_promotion_codes: 'boolean',
        locale: 'string',
        payment_method_types: 'strings',
        expand: 'strings',
      },
      ['mode'],
    );
    if (p.mode !== 'subscription') throw stripeErrors.invalidValue('mode', 'The billing sandbox plays Checkout in subscription mode only.');
    if (!p.line_items?.length) throw stripeErrors.missingParameter('line_items');
    if (!p.success_url) throw stripeErrors.missingParameter('success_url');
    if (p.line_items.length > 1) throw stripeErrors.invalidValue('line_items', 'The billing sandbox plays subscriptions with one price.');
    const [item] = p.line_items;
    if (!item.price) throw stripeErrors.missingParameter('line_items[0][price]');
    const price = state.prices.get(item.price);
    if (!price) throw stripeErrors.noSuch('price', item.price, 'line_items[0][price]', 400);
    if (!price.active) throw stripeErrors.invalidRequest(`The price specified is inactive. This field only accepts active prices.`, 'line_items[0][price]');
    const quantity = item.quantity ?? 1;
    if (quantity < 1) throw stripeErrors.invalidValue('line_items[0][quantity]', 'This value must be greater than or equal to 1.');
    if (p.customer !== undefined && !state.customers.has(p.customer)) throw stripeErrors.noSuch('customer', p.customer, 'customer', 400);
    if (p.customer && p.customer_email) throw stripeErrors.invalidRequest('You may only specify one of these parameters: customer, customer_email.', 'customer_email');
    const created = state.now(p.customer);
    const id = newId.checkoutSession();
    const session: CheckoutSession = {
      id,
      created,
      expiresAt: created + CHECKOUT_TTL_SECONDS,
      customer: p.customer ?? null,
      customerEmail: p.customer_email ?? null,
      clientReferenceId: p.client_reference_id ?? null,
      price: price.id,
      quantity,
      successUrl: p.success_url,
      cancelUrl: p.cancel_url ?? null,
      url: `${publicOrigin(req, config)}/c/pay/${id}`,
      metadata: p.metadata ?? {},
      subscriptionMetadata: p.subscription_data?.metadata ?? {},
      subscriptionDescription: p.subscription_data?.description ?? null,
      allowPromotionCodes: p.allow_promotion_codes ?? null,
      locale: p.locale ?? null,
      status: 'open',
      subscription: null,
      invoice: null,
      paymentMethod: null,
      seq: state.seq(),
    };
    state.checkoutSessions.set(id, session);
    res.json(withLineItems(state, session, p.expand));
  });

  router.get('/checkout/sessions/:id', (req, res) => {
    const p = parseParams(req.query, { expand: 'strings' });
    const session = currentSession(req.params.id);
    res.json(withLineItems(state, session, p.expand));
  });

  /** Closes an open session so it can no longer be paid; Stripe refuses it for one that is complete or expired. */
  router.post('/checkout/sessions/:id/expire', (req, res) => {
    const p = parseParams(req.body, { expand: 'strings' });
    const session = currentSession(req.params.id);
    if (session.status !== 'open') throw stripeErrors.invalidRequest(`Only Checkout Sessions with a status of \`open\` can be expired.`);
    session.status = 'expired';
    res.json(withLineItems(state, session, p.expand));
  });

  router.post('/billing_portal/sessions', (req, res) => {
    const p = parseParams(req.body, { customer: 'string', return_url: 'string', configuration: 'string', locale: 'string', expand: 'strings' }, ['customer']);
    if (!state.customers.has(p.customer)) throw stripeErrors.noSuch('customer', p.customer, 'customer', 400);
    if (p.configuration !== undefined && p.configuration !== state.portalConfiguration) {
      throw stripeErrors.noSuch('billing_portal.configuration', p.configuration, 'configuration', 400);
    }
    const id = newId.portalSession();
    const session: PortalSession = {
      id,
      created: state.now(p.customer),
      customer: p.customer,
      returnUrl: p.return_url ?? null,
      configuration: state.portalConfiguration,
      locale: p.locale ?? null,
      url: `${publicOrigin(req, config)}/p/session/${id}`,
      seq: state.seq(),
    };
    state.portalSessions.set(id, session);
    res.json(expand(state, renderPortalSession(session), p.expand));
  });
}
