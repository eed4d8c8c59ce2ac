import type Stripe from 'stripe';
import type { RunningSandbox } from '../src/server';
import { call, shapeProblems, subscribedCustomer, withSandbox } from './support';

describe('events API', () => {
  let sandbox: RunningSandbox;
  let stripe: Stripe;
  withSandbox((running, client) => {
    sandbox = running;
    stripe = client;
  });

  test('when events are listed and retrieved, then they are the Events the webhooks carry, newest first, filtered by type', async () => {
    const { subscription } = await subscribedCustomer(stripe);
    const all = await stripe.events.list({ limit: 100 });
    expect(all.data.map((e) => e.type)).toEqual(['checkout.session.completed', 'invoice.payment_succeeded', 'invoice.paid', 'invoice.finalized', 'invoice.created', 'customer.subscription.created']);
    for (const e of all.data) expect(shapeProblems(e, 'event')).toEqual([]);
    const invoices = await stripe.events.list({ type: 'invoice.*' });
    expect(invoices.data).toHaveLength(4);
    const created = await stripe.events.retrieve(all.data[5].id);
    expect(created.data.object).toMatchObject({ id: subscription.id, object: 'subscription' });
    expect((await call(sandbox.url, 'GET', '/v1/events/evt_nope')).body.error).toMatchObject({ code: 'resource_missing', message: "No such event: 'evt_nope'" });
  });
});
