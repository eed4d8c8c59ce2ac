import type Stripe from 'stripe';
import type { RunningSandbox } from '../src/server';
import { subscribedCustomer, waitFor, withSandbox } from './support';

describe('home page', () => {
  let sandbox: RunningSandbox;
  let stripe: Stripe;
  withSandbox((running, client) => {
    sandbox = running;
    stripe = client;
  });

  test('when the home page is opened, then it lists customers with their clock and subscriptions, and the recent events with their delivery', async () => {
    const { customer, subscription } = await subscribedCustomer(stripe);
    const html = await (await fetch(`${sandbox.url}/`)).text();
    expect(html.match(/<h1[ >]/g)).toHaveLength(1);
    expect(html).toContain(customer.email!);
    expect(html).toContain(subscription.id);
    expect(html).toContain('(ready)');
    expect(html).toContain('>Advance to next renewal</button>');
    expect(html).toContain('<code>checkout.session.completed</code>');
    expect(html).toMatch(/retrying after|gave up after|waiting/);
  });

  test('when Advance to next renewal is pressed, then the clock moves just past the period end and the subscription renews', async () => {
    const { subscription } = await subscribedCustomer(stripe);
    const end = subscription.items.data[0].current_period_end;
    const res = await fetch(`${sandbox.url}/home/advance-renewal`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ subscription: subscription.id }).toString(),
      redirect: 'manual',
    });
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe('/');
    const renewed = await waitFor(async () => {
      const sub = await stripe.subscriptions.retrieve(subscription.id);
      return sub.items.data[0].current_period_start === end && sub;
    });
    expect(renewed.status).toBe('active');
    expect((await stripe.testHelpers.testClocks.retrieve(subscription.test_clock as string)).frozen_time).toBe(end + 1);
  });
});
