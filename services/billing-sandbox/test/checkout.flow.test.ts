import type Stripe from 'stripe';
import { advanceClockPast } from '@postwright/platform/src/testing/stripe-pages';
import { addInterval } from '../src/ids';
import type { RunningSandbox } from '../src/server';
import {
  aboutCustomer,
  call,
  CANCEL_URL,
  checkoutSession,
  DAY,
  eventsOf,
  payCheckout,
  priceId,
  PUBLIC_URL,
  SECRET_KEY,
  shapeProblems,
  TEST_CARDS,
  withSandbox,
} from './support';

describe('Checkout', () => {
  let sandbox: RunningSandbox;
  let stripe: Stripe;
  withSandbox((running, client) => {
    sandbox = running;
    stripe = client;
  });

  test('when a subscription session is created, then it is an open checkout.session whose url is the sandbox page, open 24 hours', async () => {
    const { customer, session } = await checkoutSession(stripe, 'postwright_professional_month');
    expect(session).toMatchObject({
      object: 'checkout.session',
      mode: 'subscription',
      status: 'open',
      payment_status: 'unpaid',
      customer: customer.id,
      subscription: null,
      amount_total: 7_900,
      currency: 'usd',
      success_url: expect.stringContaining('{CHECKOUT_SESSION_ID}'),
      cancel_url: CANCEL_URL,
      livemode: false,
    });
    expect(session.id).toMatch(/^cs_test_a1[A-Za-z0-9]{58}$/);
    expect(session.url).toBe(`${sandbox.url}/c/pay/${session.id}`);
    expect(session.expires_at - session.created).toBe(DAY);
    expect(session.client_reference_id).toMatch(/^user-/);
    expect(shapeProblems(session, 'checkout.session')).toEqual([]);
    const withItems = await stripe.checkout.sessions.retrieve(session.id, { expand: ['line_items.data.price.product'] });
    expect(withItems.line_items!.data).toMatchObject([{ object: 'item', quantity: 1, amount_total: 7_900, price: { lookup_key: 'postwright_professional_month', product: { name: 'Professional' } } }]);
    expect(shapeProblems(withItems, 'checkout.session')).toEqual([]);
  });

  test('when the Checkout page is opened, then it shows the plan, its price, the email, the labelled card fields and a way back', async () => {
    const { customer, session } = await checkoutSession(stripe, 'postwright_starter_month');
    const html = await (await fetch(session.url!)).text();
    expect(html.match(/<h1[ >]/g)).toHaveLength(1);
    expect(html).toContain('Starter');
    expect(html).toContain('$29.00 per month');
    expect(html).toContain(customer.email!);
    for (const [id, label] of [['cardNumber', 'Card number'], ['cardExpiry', 'Expiration'], ['cardCvc', 'CVC'], ['billingName', 'Name on card']]) {
      expect(html).toContain(`<label for="${id}">${label}</label>`);
      expect(html).toMatch(new RegExp(`<input id="${id}" name="${id}"`));
    }
    expect(html).toContain('placeholder="MM / YY"');
    expect(html).toMatch(/<button[^>]*type="submit">Subscribe<\/button>/);
    expect(html).toContain(`href="${CANCEL_URL}"`);
  });

  test('when it is paid with 4242, then the browser goes to the success URL with the session id and the subscription, card, invoice and events exist', async () => {
    const { customer, session } = await checkoutSession(stripe, 'postwright_starter_month');
    const paid = await payCheckout(session.url!, TEST_CARDS.success);
    expect(paid.status).toBe(303);
    expect(paid.location).toBe(`${PUBLIC_URL}/billing/success?session_id=${session.id}`);

    const done = await stripe.checkout.sessions.retrieve(session.id, { expand: ['subscription'] });
    expect(done).toMatchObject({ status: 'complete', payment_status: 'paid', url: null });
    const sub = done.subscription as Stripe.Subscription;
    const clock = await stripe.testHelpers.testClocks.retrieve(customer.test_clock as string);
    expect(sub).toMatchObject({ object: 'subscription', status: 'active', customer: customer.id, cancel_at_period_end: false, cancel_at: null, canceled_at: null, ended_at: null, test_clock: clock.id });
    expect(sub.metadata).toEqual({ userId: customer.metadata.userId, plan: 'postwright_starter_month' });
    const [item] = sub.items.data;
    expect(item.price).toMatchObject({ lookup_key: 'postwright_starter_month', unit_amount: 2_900 });
    expect(item.current_period_start).toBe(clock.frozen_time);
    expect(item.current_period_end).toBe(addInterval(item.current_period_start, 'month', item.current_period_start));
    expect(shapeProblems(sub, 'subscription')).toEqual([]);

    const fresh = (await stripe.customers.retrieve(customer.id)) as Stripe.Customer;
    const pm = await stripe.paymentMethods.retrieve(fresh.invoice_settings.default_payment_method as string);
    expect(pm.card).toMatchObject({ brand: 'visa', last4: '4242' });
    expect(sub.default_payment_method).toBe(pm.id);

    const invoice = await stripe.invoices.retrieve(sub.latest_invoice as string);
    expect(invoice).toMatchObject({ status: 'paid', amount_paid: 2_900, billing_reason: 'subscription_create', customer: customer.id, attempt_count: 1 });
    expect(invoice.parent?.subscription_details?.subscription).toBe(sub.id);
    expect(shapeProblems(invoice, 'invoice')).toEqual([]);

    const events = await eventsOf(sandbox.url, aboutCustomer(customer.id));
    expect(events.map((e) => e.type)).toEqual([
      'customer.subscription.created',
      'invoice.created',
      'invoice.finalized',
      'invoice.paid',
      'invoice.payment_succeeded',
      'checkout.session.completed',
    ]);
    for (const e of events) {
      expect(shapeProblems(e.event, 'event')).toEqual([]);
      expect(shapeProblems(e.event.data.object, e.event.data.object.object)).toEqual([]);
      expect(e.event.created).toBe(clock.frozen_time);
    }
    expect(events[5].event.data.object).toMatchObject({ id: session.id, status: 'complete', subscription: sub.id });
  });

  test('when it is paid with 4000 0000 0000 0002, then the page comes back with "Your card was declined." and nothing is made', async () => {
    const { customer, session } = await checkoutSession(stripe);
    const declined = await payCheckout(session.url!, TEST_CARDS.declined);
    expect(declined.status).toBe(402);
    expect(declined.location).toBeNull();
    expect(declined.html).toMatch(/<div class="alert" role="alert">Your card was declined\.<\/div>/);
    expect(declined.html).toMatch(/<button[^>]*>Subscribe<\/button>/);
    expect((await stripe.checkout.sessions.retrieve(session.id)).status).toBe('open');
    expect((await stripe.subscriptions.list({ customer: customer.id, status: 'all' })).data).toHaveLength(0);
    expect(((await stripe.customers.retrieve(customer.id)) as Stripe.Customer).invoice_settings.default_payment_method).toBeNull();
    expect(await eventsOf(sandbox.url, aboutCustomer(customer.id))).toEqual([]);
    // the same page then takes a good card
    expect((await payCheckout(session.url!, TEST_CARDS.success)).status).toBe(303);
  });

  test('when it is paid with 4000 0000 0000 0341, then the customer is subscribed (its later charges fail)', async () => {
    const { customer, session } = await checkoutSession(stripe);
    expect((await payCheckout(session.url!, TEST_CARDS.declinesLater)).status).toBe(303);
    const [sub] = (await stripe.subscriptions.list({ customer: customer.id })).data;
    expect(sub.status).toBe('active');
    expect((await stripe.invoices.retrieve(sub.latest_invoice as string)).status).toBe('paid');
  });

  test('when the card fields are wrong or missing, then each problem is named and nothing is made', async () => {
    const { customer, session } = await checkoutSession(stripe);
    const invalid = await payCheckout(session.url!, '4111 1111 1111 1111', { Expiration: '01 / 20', CVC: null, 'Name on card': '' });
    expect(invalid.status).toBe(400);
    expect(invalid.html).toContain('role="alert"');
    expect(invalid.html).toContain('Your card number is invalid.');
    expect(invalid.html).toContain('Your card&#39;s expiration date is in the past.');
    expect(invalid.html).toContain('CVC is required.');
    expect(invalid.html).toContain('Name on card is required.');
    expect(invalid.html).toMatch(/id="cardNumber"[^>]*aria-invalid="true" aria-describedby="cardNumber-error"/);
    expect((await stripe.subscriptions.list({ customer: customer.id, status: 'all' })).data).toHaveLength(0);
  });

  test('when a paid session is opened again, then it says it is complete instead of showing the form, and paying again makes nothing', async () => {
    const { customer, session } = await checkoutSession(stripe);
    await payCheckout(session.url!);
    const again = await payCheckout(session.url!);
    expect(again.status).toBe(200);
    expect(again.html).toContain('This checkout is already complete');
    expect(again.html).not.toContain('<form');
    expect((await stripe.subscriptions.list({ customer: customer.id })).data).toHaveLength(1);
  });

  test('when the session is older than 24 hours on the customer clock, then it is expired and its page says so', async () => {
    const { customer, session } = await checkoutSession(stripe);
    await advanceClockPast(sandbox.url, SECRET_KEY, customer.id, session.expires_at);
    const page = await payCheckout(session.url!);
    expect(page.status).toBe(410);
    expect(page.html).toContain('This checkout has expired');
    expect((await stripe.checkout.sessions.retrieve(session.id)).status).toBe('expired');
  });

  test('when a yearly price is bought, then the period is a year', async () => {
    const { customer, session } = await checkoutSession(stripe, 'postwright_enterprise_year');
    await payCheckout(session.url!);
    const [sub] = (await stripe.subscriptions.list({ customer: customer.id })).data;
    const [item] = sub.items.data;
    expect(new Date(item.current_period_end * 1000).getUTCFullYear() - new Date(item.current_period_start * 1000).getUTCFullYear()).toBe(1);
    expect(item.price.unit_amount).toBe(299_000);
  });

  test('when the session names no customer, then the page asks for the email and paying makes the customer', async () => {
    const session = await stripe.checkout.sessions.create({
      mode: 'subscription',
      line_items: [{ price: await priceId(stripe, 'postwright_starter_year'), quantity: 1 }],
      success_url: `${PUBLIC_URL}/done`,
    });
    const missing = await payCheckout(session.url!, TEST_CARDS.success, { Email: '' });
    expect(missing.status).toBe(400);
    expect(missing.html).toContain('Email is required.');
    expect((await payCheckout(session.url!, TEST_CARDS.success, { Email: 'walk-in@example.com' })).status).toBe(303);
    const done = await stripe.checkout.sessions.retrieve(session.id, { expand: ['customer'] });
    expect((done.customer as Stripe.Customer).email).toBe('walk-in@example.com');
  });

  test('when a session is created with bad items, then Stripe-style errors say what is wrong', async () => {
    const base = { mode: 'subscription', success_url: `${PUBLIC_URL}/done` };
    const noItems = await call(sandbox.url, 'POST', '/v1/checkout/sessions', { form: base });
    expect(noItems.body.error).toMatchObject({ code: 'parameter_missing', param: 'line_items' });
    const noPrice = await call(sandbox.url, 'POST', '/v1/checkout/sessions', { form: { ...base, 'line_items[0][price]': 'price_nope', 'line_items[0][quantity]': '1' } });
    expect(noPrice.status).toBe(400);
    expect(noPrice.body.error).toMatchObject({ code: 'resource_missing', param: 'line_items[0][price]', message: "No such price: 'price_nope'" });
    const noCustomer = await stripe.checkout.sessions
      .create({ ...base, mode: 'subscription', customer: 'cus_nope', line_items: [{ price: await priceId(stripe, 'postwright_starter_month'), quantity: 1 }] })
      .catch((e) => e);
    expect(noCustomer).toMatchObject({ statusCode: 400, code: 'resource_missing', param: 'customer' });
  });
});
