import type Stripe from 'stripe';
import { advanceClockPast, advanceToRenewal, portalAction } from '@postwright/platform/src/testing/stripe-pages';
import { addInterval } from '../src/ids';
import type { RunningSandbox } from '../src/server';
import { aboutCustomer, DAY, eventsOf, SECRET_KEY, shapeProblems, subscribedCustomer, TEST_CARDS, withSandbox } from './support';

describe('test clocks: renewals, failed payments, retries and cancellation', () => {
  let sandbox: RunningSandbox;
  let stripe: Stripe;
  withSandbox((running, client) => {
    sandbox = running;
    stripe = client;
  });

  /** The events of one customer made after the `skip` first ones (Checkout's). */
  const laterEvents = async (customer: string, skip = 6) => (await eventsOf(sandbox.url, aboutCustomer(customer))).slice(skip);

  test('when the clock passes the period end of a paid-up subscription, then it renews: new period, paid invoice, events in order', async () => {
    const { customer, subscription } = await subscribedCustomer(stripe);
    const [item] = subscription.items.data;
    const clock = await advanceToRenewal(sandbox.url, SECRET_KEY, subscription.id);
    expect(clock).toMatchObject({ status: 'ready', frozen_time: item.current_period_end + 1 });

    const after = await stripe.subscriptions.retrieve(subscription.id);
    expect(after.status).toBe('active');
    expect(after.items.data[0].current_period_start).toBe(item.current_period_end);
    expect(after.items.data[0].current_period_end).toBe(addInterval(item.current_period_end, 'month', subscription.billing_cycle_anchor));
    const invoice = await stripe.invoices.retrieve(after.latest_invoice as string);
    expect(invoice).toMatchObject({ status: 'paid', billing_reason: 'subscription_cycle', amount_paid: 2_900, period_start: item.current_period_start, period_end: item.current_period_end });
    expect(invoice.lines.data[0].period).toEqual({ start: item.current_period_end, end: after.items.data[0].current_period_end });
    expect(invoice.created).toBe(item.current_period_end);
    expect(shapeProblems(invoice, 'invoice')).toEqual([]);

    const events = await laterEvents(customer.id);
    expect(events.map((e) => e.type)).toEqual(['invoice.created', 'invoice.finalized', 'invoice.paid', 'invoice.payment_succeeded', 'customer.subscription.updated']);
    expect(events.every((e) => e.event.created === item.current_period_end)).toBe(true);
    const updated = events[4].event.data;
    expect(updated.previous_attributes.items.data[0].current_period_end).toBe(item.current_period_end);
    expect(updated.object.items.data[0].current_period_start).toBe(item.current_period_end);
    expect(updated.previous_attributes.latest_invoice).toBe(subscription.latest_invoice);
  });

  test('when an advance is asked for, then the clock shows advancing at once and ready once everything due has happened', async () => {
    const { customer } = await subscribedCustomer(stripe);
    const clockId = customer.test_clock as string;
    const before = await stripe.testHelpers.testClocks.retrieve(clockId);
    const advancing = await stripe.testHelpers.testClocks.advance(clockId, { frozen_time: before.frozen_time + 40 * DAY });
    expect(advancing).toMatchObject({ status: 'advancing', frozen_time: before.frozen_time + 40 * DAY });
    expect(shapeProblems(advancing, 'test_helpers.test_clock')).toEqual([]);
    const ready = await advanceClockPast(sandbox.url, SECRET_KEY, customer.id, 0);
    expect(ready.status).toBe('ready');
    await expect(stripe.testHelpers.testClocks.advance(clockId, { frozen_time: before.frozen_time })).rejects.toMatchObject({ statusCode: 400, param: 'frozen_time' });
  });

  test('when the renewal charge of a 0341 card fails, then the invoice stays open for a retry in 3 days and the subscription is past_due', async () => {
    const { customer, subscription } = await subscribedCustomer(stripe, TEST_CARDS.declinesLater);
    const end = subscription.items.data[0].current_period_end;
    await advanceToRenewal(sandbox.url, SECRET_KEY, subscription.id);

    const after = await stripe.subscriptions.retrieve(subscription.id);
    expect(after.status).toBe('past_due');
    const invoice = await stripe.invoices.retrieve(after.latest_invoice as string);
    expect(invoice).toMatchObject({ status: 'open', attempt_count: 1, attempted: true, amount_paid: 0, amount_remaining: 2_900, next_payment_attempt: end + 3 * DAY });
    expect(((await stripe.customers.retrieve(customer.id)) as Stripe.Customer).delinquent).toBe(true);
    const events = await laterEvents(customer.id);
    expect(events.map((e) => e.type)).toEqual(['invoice.created', 'invoice.finalized', 'invoice.payment_failed', 'customer.subscription.updated']);
    expect(events[3].event.data.previous_attributes.status).toBe('active');
    expect(events[3].event.data.object.status).toBe('past_due');
  });

  test('when every retry fails too, then they happen 3, 5 and 7 days after the first failure and the subscription is canceled after the last', async () => {
    const { customer, subscription } = await subscribedCustomer(stripe, TEST_CARDS.declinesLater);
    const end = subscription.items.data[0].current_period_end;
    await advanceToRenewal(sandbox.url, SECRET_KEY, subscription.id);
    const invoiceId = (await stripe.subscriptions.retrieve(subscription.id)).latest_invoice as string;

    await advanceClockPast(sandbox.url, SECRET_KEY, customer.id, end + 3 * DAY);
    expect(await stripe.invoices.retrieve(invoiceId)).toMatchObject({ attempt_count: 2, next_payment_attempt: end + 5 * DAY, status: 'open' });
    await advanceClockPast(sandbox.url, SECRET_KEY, customer.id, end + 5 * DAY);
    expect(await stripe.invoices.retrieve(invoiceId)).toMatchObject({ attempt_count: 3, next_payment_attempt: end + 7 * DAY });
    expect((await stripe.subscriptions.retrieve(subscription.id)).status).toBe('past_due');
    await advanceClockPast(sandbox.url, SECRET_KEY, customer.id, end + 7 * DAY);
    expect(await stripe.invoices.retrieve(invoiceId)).toMatchObject({ attempt_count: 4, next_payment_attempt: null, status: 'open' });

    const canceled = await stripe.subscriptions.retrieve(subscription.id);
    expect(canceled).toMatchObject({ status: 'canceled', ended_at: end + 7 * DAY, canceled_at: end + 7 * DAY, cancellation_details: { reason: 'payment_failed' } });
    const events = await laterEvents(customer.id, 10);
    expect(events.map((e) => [e.type, e.event.created - end])).toEqual([
      ['invoice.payment_failed', 3 * DAY],
      ['invoice.payment_failed', 5 * DAY],
      ['invoice.payment_failed', 7 * DAY],
      ['customer.subscription.deleted', 7 * DAY],
    ]);
    expect((await stripe.subscriptions.list({ customer: customer.id })).data).toHaveLength(0);
    expect((await stripe.subscriptions.list({ customer: customer.id, status: 'all' })).data).toHaveLength(1);
  });

  test('when the clock jumps past the whole retry schedule at once, then each step still happens at its own time, in order', async () => {
    const { customer, subscription } = await subscribedCustomer(stripe, TEST_CARDS.declinesLater);
    const end = subscription.items.data[0].current_period_end;
    await advanceClockPast(sandbox.url, SECRET_KEY, customer.id, end + 8 * DAY);
    const events = await laterEvents(customer.id);
    expect(events.map((e) => e.type)).toEqual([
      'invoice.created',
      'invoice.finalized',
      'invoice.payment_failed',
      'customer.subscription.updated',
      'invoice.payment_failed',
      'invoice.payment_failed',
      'invoice.payment_failed',
      'customer.subscription.deleted',
    ]);
    const times = events.map((e) => e.event.created);
    expect(times).toEqual([...times].sort((a, b) => a - b));
    // each snapshot is the invoice as it was then
    expect(events.filter((e) => e.type === 'invoice.payment_failed').map((e) => e.event.data.object.attempt_count)).toEqual([1, 2, 3, 4]);
  });

  test('when the card is updated in the portal while past_due, then the open invoice is paid at once, the subscription is active and no retry follows', async () => {
    const { customer, subscription } = await subscribedCustomer(stripe, TEST_CARDS.declinesLater);
    const end = subscription.items.data[0].current_period_end;
    await advanceToRenewal(sandbox.url, SECRET_KEY, subscription.id);
    const portal = await stripe.billingPortal.sessions.create({ customer: customer.id, return_url: 'http://localhost:8080/profile' });
    const answer = await portalAction(portal.url, 'update-payment-method');
    expect(answer.html).toContain('Your payment method was updated and the amount due was paid.');

    const after = await stripe.subscriptions.retrieve(subscription.id);
    expect(after.status).toBe('active');
    expect(await stripe.invoices.retrieve(after.latest_invoice as string)).toMatchObject({ status: 'paid', attempt_count: 2, next_payment_attempt: null });
    const types = (await laterEvents(customer.id, 10)).map((e) => e.type);
    expect(types).toEqual(['customer.subscription.updated', 'invoice.paid', 'invoice.payment_succeeded', 'customer.subscription.updated']);
    await advanceClockPast(sandbox.url, SECRET_KEY, customer.id, end + 8 * DAY);
    expect((await stripe.subscriptions.retrieve(subscription.id)).status).toBe('active');
  });

  test('when a plan canceled at period end reaches its end, then it ends then, with customer.subscription.deleted and no new invoice', async () => {
    const { customer, subscription } = await subscribedCustomer(stripe);
    const portal = await stripe.billingPortal.sessions.create({ customer: customer.id });
    await portalAction(portal.url, 'cancel');
    const end = subscription.items.data[0].current_period_end;
    await advanceToRenewal(sandbox.url, SECRET_KEY, subscription.id);

    const ended = await stripe.subscriptions.retrieve(subscription.id);
    expect(ended).toMatchObject({ status: 'canceled', ended_at: end, cancel_at: end, cancel_at_period_end: true, latest_invoice: subscription.latest_invoice });
    const events = await laterEvents(customer.id);
    expect(events.map((e) => e.type)).toEqual(['customer.subscription.updated', 'customer.subscription.deleted']);
    expect(events[1].event.created).toBe(end);
    expect((await stripe.invoices.list({ customer: customer.id })).data).toHaveLength(1);
  });

  test('when a test clock is made, listed and deleted, then deleting it removes its customers', async () => {
    const clock = await stripe.testHelpers.testClocks.create({ frozen_time: 1_900_000_000, name: 'to delete' });
    expect(clock).toMatchObject({ object: 'test_helpers.test_clock', frozen_time: 1_900_000_000, name: 'to delete', status: 'ready', livemode: false });
    expect(clock.id).toMatch(/^clock_/);
    const customer = await stripe.customers.create({ email: 'gone@example.com', test_clock: clock.id });
    expect((await stripe.testHelpers.testClocks.list({ limit: 100 })).data.map((c) => c.id)).toContain(clock.id);
    expect(await stripe.testHelpers.testClocks.del(clock.id)).toMatchObject({ id: clock.id, deleted: true });
    await expect(stripe.customers.retrieve(customer.id)).rejects.toMatchObject({ statusCode: 404 });
  });
});

describe('billing periods', () => {
  const at = (iso: string) => Date.parse(iso) / 1000;
  const iso = (s: number) => new Date(s * 1000).toISOString();

  test('when a month is added, then the anchor day is kept, or the last day of a shorter month', () => {
    const anchor = at('2027-01-31T10:00:00Z');
    const feb = addInterval(anchor, 'month', anchor);
    expect(iso(feb)).toBe('2027-02-28T10:00:00.000Z');
    expect(iso(addInterval(feb, 'month', anchor))).toBe('2027-03-31T10:00:00.000Z');
    expect(iso(addInterval(at('2027-12-15T00:00:00Z'), 'month', at('2027-12-15T00:00:00Z')))).toBe('2028-01-15T00:00:00.000Z');
  });

  test('when a year is added to February 29, then it renews on February 28', () => {
    const leap = at('2028-02-29T12:00:00Z');
    expect(iso(addInterval(leap, 'year', leap))).toBe('2029-02-28T12:00:00.000Z');
  });
});
