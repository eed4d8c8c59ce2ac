import Stripe from 'stripe';
import { portalAction } from '@postwright/platform/src/testing/stripe-pages';
import type { RunningSandbox } from '../src/server';
import { aboutCustomer, control, eventsOf, startSandbox, stripeFor, subscribedCustomer, waitFor, WebhookReceiver, WEBHOOK_SECRET } from './support';

const CHECKOUT_EVENTS = ['customer.subscription.created', 'invoice.created', 'invoice.finalized', 'invoice.paid', 'invoice.payment_succeeded', 'checkout.session.completed'];

describe('webhooks', () => {
  let sandbox: RunningSandbox;
  let stripe: Stripe;
  let receiver: WebhookReceiver;
  const verifier = new Stripe('sk_test_x');

  beforeAll(async () => {
    sandbox = await startSandbox({ SANDBOX_WEBHOOK_ATTEMPTS: '4', SANDBOX_WEBHOOK_RETRY_BASE_MS: '30' });
    stripe = stripeFor(sandbox);
  });
  beforeEach(async () => {
    receiver = await new WebhookReceiver().start();
    await control(sandbox.url, 'POST', '/__sandbox/webhooks', { url: receiver.url, paused: false, duplicate: false, reverse: false, chaos: 0 });
  });
  afterEach(() => receiver.stop());
  afterAll(() => sandbox?.stop());

  /** What the receiver got about one customer, parsed. */
  const receivedFor = (customer: string) => receiver.received.map((r) => JSON.parse(r.body)).filter((e) => e.data.object.customer === customer);

  test('when events are delivered, then each is a signed Event that the stripe SDK verifies with the signing secret', async () => {
    const { customer } = await subscribedCustomer(stripe);
    await waitFor(() => receivedFor(customer.id).length === 6, 10_000, 'six deliveries');
    for (const hook of receiver.received) {
      expect(hook.headers['content-type']).toBe('application/json; charset=utf-8');
      expect(hook.headers['user-agent']).toBe('Stripe/1.0 (+https://stripe.com/docs/webhooks)');
      expect(hook.headers['stripe-signature']).toMatch(/^t=\d+,v1=[0-9a-f]{64}$/);
      const event = verifier.webhooks.constructEvent(hook.body, hook.headers['stripe-signature'] as string, WEBHOOK_SECRET);
      expect(event).toMatchObject({ object: 'event', api_version: '2026-10-28.endive', livemode: false, pending_webhooks: 1, request: { id: null, idempotency_key: null } });
      expect(event.id).toMatch(/^evt_/);
      expect(() => verifier.webhooks.constructEvent(hook.body, hook.headers['stripe-signature'] as string, 'whsec_other')).toThrow(/signature/i);
      expect(() => verifier.webhooks.constructEvent(hook.body.replace('"livemode": false', '"livemode": true'), hook.headers['stripe-signature'] as string, WEBHOOK_SECRET)).toThrow();
    }
    expect(receivedFor(customer.id).map((e) => e.type).sort()).toEqual([...CHECKOUT_EVENTS].sort());
  });

  test('when the receiver answers 500, then the delivery is retried until it answers 2xx, each attempt recorded', async () => {
    const failedOnce = new Set<string>();
    receiver.answer = (hook) => {
      const id = JSON.parse(hook.body).id as string;
      if (failedOnce.has(id)) return 200;
      failedOnce.add(id);
      return 500;
    };
    const { customer } = await subscribedCustomer(stripe);
    const events = await waitFor(async () => {
      const found = await eventsOf(sandbox.url, aboutCustomer(customer.id));
      return found.length === 6 && found.every((e) => e.delivered) && found;
    }, 10_000, 'every event delivered');
    for (const e of events) expect(e.deliveries.map((d) => d.status)).toEqual([500, 200]);
    expect(receivedFor(customer.id)).toHaveLength(12);
  });

  test('when nobody listens, then delivery is tried SANDBOX_WEBHOOK_ATTEMPTS times with growing waits, then given up', async () => {
    await control(sandbox.url, 'POST', '/__sandbox/webhooks', { url: 'http://127.0.0.1:9/refused' });
    const { customer } = await subscribedCustomer(stripe);
    const events = await waitFor(async () => {
      const found = await eventsOf(sandbox.url, aboutCustomer(customer.id));
      return found.length === 6 && found.every((e) => e.settled) && found;
    }, 10_000, 'every event given up');
    for (const e of events) {
      expect(e.delivered).toBe(false);
      expect(e.deliveries).toHaveLength(4);
      expect(e.deliveries.every((d) => d.status === null && typeof d.error === 'string')).toBe(true);
      // the wait after each attempt ended: at least 30, 60, 120 ms (a busy machine only makes them longer,
      // so waits are compared with the schedule, not with each other; 2 ms for the clock's rounding)
      const waits = e.deliveries.slice(1).map((d, i) => Date.parse(d.at) - Date.parse(e.deliveries[i].at) - e.deliveries[i].durationMs);
      expect(waits.map((w, i) => w >= 30 * 2 ** i - 2)).toEqual([true, true, true]);
    }
  });

  test('when deliveries are paused, then they are held; unpaused with reverse and duplicate, they arrive newest first, each twice', async () => {
    await control(sandbox.url, 'POST', '/__sandbox/webhooks', { paused: true });
    const { customer } = await subscribedCustomer(stripe);
    expect((await control(sandbox.url, 'GET', '/__sandbox/webhooks')).body.held).toBe(6);
    expect(receiver.received).toHaveLength(0);
    const { body } = await control(sandbox.url, 'POST', '/__sandbox/webhooks', { paused: false, reverse: true, duplicate: true });
    expect(body.released).toBe(6);
    const types = receivedFor(customer.id).map((e) => e.type);
    expect(types).toEqual([...CHECKOUT_EVENTS].reverse().flatMap((t) => [t, t]));
  });

  test('when held deliveries are flushed, then they go and later ones are held still', async () => {
    await control(sandbox.url, 'POST', '/__sandbox/webhooks', { paused: true });
    const first = await subscribedCustomer(stripe);
    expect((await control(sandbox.url, 'POST', '/__sandbox/webhooks/flush')).body.released).toBe(6);
    expect(receivedFor(first.customer.id).map((e) => e.type)).toEqual(CHECKOUT_EVENTS);
    const second = await subscribedCustomer(stripe);
    expect(receivedFor(second.customer.id)).toHaveLength(0);
    expect((await control(sandbox.url, 'GET', '/__sandbox/webhooks')).body).toMatchObject({ paused: true, held: 6 });
    await control(sandbox.url, 'POST', '/__sandbox/webhooks/flush');
  });

  test('when an event is resent, then the same event arrives again, freshly signed', async () => {
    const { customer } = await subscribedCustomer(stripe);
    await waitFor(() => receivedFor(customer.id).length === 6);
    const [created] = await eventsOf(sandbox.url, (e) => aboutCustomer(customer.id)(e) && e.type === 'customer.subscription.created');
    expect((await control(sandbox.url, 'POST', `/__sandbox/events/${created.id}/resend`)).status).toBe(202);
    await waitFor(() => receiver.received.filter((r) => JSON.parse(r.body).id === created.id).length === 2);
    const again = receiver.received.filter((r) => JSON.parse(r.body).id === created.id)[1];
    expect(verifier.webhooks.constructEvent(again.body, again.headers['stripe-signature'] as string, WEBHOOK_SECRET).id).toBe(created.id);
  });

  test('when an event is delivered after its object changed, then it carries the object as it was when the event happened', async () => {
    await control(sandbox.url, 'POST', '/__sandbox/webhooks', { paused: true });
    const { customer, subscription } = await subscribedCustomer(stripe);
    await portalAction((await stripe.billingPortal.sessions.create({ customer: customer.id })).url, 'cancel');
    await control(sandbox.url, 'POST', '/__sandbox/webhooks', { paused: false });
    const created = receivedFor(customer.id).find((e) => e.type === 'customer.subscription.created');
    expect(created.data.object).toMatchObject({ id: subscription.id, cancel_at_period_end: false });
    expect((await stripe.subscriptions.retrieve(subscription.id)).cancel_at_period_end).toBe(true);
  });

  test('when chaos is on for every event, then all still arrive, some of them twice', async () => {
    await control(sandbox.url, 'POST', '/__sandbox/webhooks', { chaos: 1 });
    const a = await subscribedCustomer(stripe);
    const b = await subscribedCustomer(stripe);
    const ids = (await eventsOf(sandbox.url, (e) => [a.customer.id, b.customer.id].includes(e.event.data.object.customer))).map((e) => e.id);
    await waitFor(() => ids.every((id) => receiver.received.some((r) => JSON.parse(r.body).id === id)), 10_000, 'every event at least once');
    // each event is delivered twice, late, or both: with twelve events some are twice, all but surely
    const deliveries = async () => (await eventsOf(sandbox.url, (e) => ids.includes(e.id))).reduce((n, e) => n + e.deliveries.length, 0);
    await waitFor(async () => (await deliveries()) > ids.length, 10_000, 'a duplicate delivery');
    expect((await eventsOf(sandbox.url, (e) => ids.includes(e.id))).every((e) => e.delivered)).toBe(true);
  });
});
