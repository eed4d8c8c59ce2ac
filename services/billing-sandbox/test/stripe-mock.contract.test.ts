import type Stripe from 'stripe';
import { billingIntervals, planIds, priceLookupKey } from '@postwright/contracts';
import { startStripeMock, type RunningStripeMock } from '@postwright/platform/src/testing/stripe-mock';
import type { RunningSandbox } from '../src/server';
import { CANCEL_URL, control, DAY, payCheckout, PUBLIC_URL, startSandbox, stripeFor, SUCCESS_URL } from './support';

/**
 * Every call the billing service makes, in the form the official SDK sends it, goes through
 * stripe-mock's check of Stripe's OpenAPI description before the sandbox answers it.
 */
describe('requests checked by stripe-mock', () => {
  let mock: RunningStripeMock;
  let sandbox: RunningSandbox;
  let stripe: Stripe;

  beforeAll(async () => {
    mock = await startStripeMock();
    sandbox = await startSandbox({ SANDBOX_STRIPE_MOCK_URL: mock.url });
    stripe = stripeFor(sandbox);
  });
  afterAll(async () => {
    await sandbox?.stop();
    await mock?.stop();
  });

  test('when the billing service calls are made with the stripe SDK, then stripe-mock accepts every one and the sandbox answers them', async () => {
    const lookupKeys = planIds.flatMap((plan) => billingIntervals.map((interval) => priceLookupKey(plan, interval)));
    const prices = await stripe.prices.list({ lookup_keys: lookupKeys, active: true, limit: 100, expand: ['data.product'] });
    expect(prices.data).toHaveLength(6);
    const price = prices.data.find((p) => p.lookup_key === 'postwright_starter_month')!;

    const customer = await stripe.customers.create({ email: 'contract@example.com', name: 'Contract', metadata: { userId: 'u-contract' } }, { idempotencyKey: 'contract-customer' });
    expect((await stripe.customers.retrieve(customer.id)).id).toBe(customer.id);
    await stripe.customers.update(customer.id, { email: 'contract2@example.com', name: 'Contract Two', metadata: { userId: 'u-contract' } });

    const session = await stripe.checkout.sessions.create(
      {
        mode: 'subscription',
        customer: customer.id,
        client_reference_id: 'u-contract',
        line_items: [{ price: price.id, quantity: 1 }],
        success_url: SUCCESS_URL,
        cancel_url: CANCEL_URL,
        metadata: { userId: 'u-contract', plan: 'starter', interval: 'month' },
        subscription_data: { metadata: { userId: 'u-contract' } },
        allow_promotion_codes: true,
      },
      { idempotencyKey: 'contract-checkout' },
    );
    expect((await payCheckout(session.url!)).status).toBe(303);
    const done = await stripe.checkout.sessions.retrieve(session.id, { expand: ['subscription'] });
    const subscription = done.subscription as Stripe.Subscription;
    expect(subscription.status).toBe('active');

    const fresh = (await stripe.customers.retrieve(customer.id)) as Stripe.Customer;
    await stripe.customers.update(customer.id, { invoice_settings: { default_payment_method: fresh.invoice_settings.default_payment_method as string } });
    const portal = await stripe.billingPortal.sessions.create({ customer: customer.id, return_url: `${PUBLIC_URL}/profile` });
    expect(portal.url).toContain('/p/session/');

    expect((await stripe.subscriptions.list({ customer: customer.id, status: 'all', limit: 100 })).data).toHaveLength(1);
    expect((await stripe.subscriptions.retrieve(subscription.id)).id).toBe(subscription.id);
    expect((await stripe.invoices.retrieve(subscription.latest_invoice as string)).status).toBe('paid');
    expect((await stripe.invoices.list({ customer: customer.id })).data).toHaveLength(1);

    const clock = await stripe.testHelpers.testClocks.retrieve(customer.test_clock as string);
    await stripe.testHelpers.testClocks.advance(clock.id, { frozen_time: clock.frozen_time + 40 * DAY });
    const own = await stripe.testHelpers.testClocks.create({ frozen_time: clock.frozen_time, name: 'contract clock' });
    expect((await stripe.testHelpers.testClocks.del(own.id)).deleted).toBe(true);

    expect((await control(sandbox.url, 'GET', '/__sandbox/stripe-mock-refusals')).body.refusals).toEqual([]);
    const checked = (await control(sandbox.url, 'GET', '/__sandbox/requests?path=/v1/')).body.requests.map((r: any) => `${r.method} ${r.path.replace(/\/(cus|cs_test|sub|in|clock)_[A-Za-z0-9_]+/g, '/:id')}`);
    expect(new Set(checked)).toEqual(
      new Set([
        'GET /v1/prices',
        'POST /v1/customers',
        'GET /v1/customers/:id',
        'POST /v1/customers/:id',
        'POST /v1/checkout/sessions',
        'GET /v1/checkout/sessions/:id',
        'POST /v1/billing_portal/sessions',
        'GET /v1/subscriptions',
        'GET /v1/subscriptions/:id',
        'GET /v1/invoices/:id',
        'GET /v1/invoices',
        'GET /v1/test_helpers/test_clocks/:id',
        'POST /v1/test_helpers/test_clocks/:id/advance',
        'POST /v1/test_helpers/test_clocks',
        'DELETE /v1/test_helpers/test_clocks/:id',
      ]),
    );
  });

  test('when a call carries a parameter Stripe does not have, then stripe-mock refuses it, the sandbox answers that refusal and records it', async () => {
    const refused = await stripe.customers.create({ email: 'bogus@example.com', favourite_colour: 'teal' } as Stripe.CustomerCreateParams).catch((e) => e);
    expect(refused).toMatchObject({ type: 'StripeInvalidRequestError', statusCode: 400 });
    expect(refused.message).toMatch(/Request validation error/);
    const { body } = await control(sandbox.url, 'GET', '/__sandbox/stripe-mock-refusals');
    expect(body.refusals).toContainEqual(expect.objectContaining({ method: 'POST', path: '/v1/customers', status: 400, message: expect.stringMatching(/additional properties are not allowed/) }));
    expect((await stripe.customers.list({ email: 'bogus@example.com' })).data).toHaveLength(0);
  });
});
