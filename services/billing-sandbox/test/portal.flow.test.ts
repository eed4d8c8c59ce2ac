import type Stripe from 'stripe';
import { advanceToRenewal, portalAction } from '@postwright/platform/src/testing/stripe-pages';
import type { RunningSandbox } from '../src/server';
import { aboutCustomer, eventsOf, PUBLIC_URL, SECRET_KEY, shapeProblems, subscribedCustomer, TEST_CARDS, withSandbox } from './support';

const RETURN_URL = `${PUBLIC_URL}/profile`;

describe('customer portal', () => {
  let sandbox: RunningSandbox;
  let stripe: Stripe;
  withSandbox((running, client) => {
    sandbox = running;
    stripe = client;
  });

  const portalFor = (customer: string) => stripe.billingPortal.sessions.create({ customer, return_url: RETURN_URL });
  const subscriptionOf = async (id: string) => stripe.subscriptions.retrieve(id);
  const updates = async (customer: string) => (await eventsOf(sandbox.url, aboutCustomer(customer))).filter((e) => e.type === 'customer.subscription.updated');

  test('when a portal session is made, then it is a billing_portal.session whose url is the sandbox portal', async () => {
    const { customer } = await subscribedCustomer(stripe);
    const portal = await portalFor(customer.id);
    expect(portal).toMatchObject({ object: 'billing_portal.session', customer: customer.id, return_url: RETURN_URL, livemode: false });
    expect(portal.id).toMatch(/^bps_/);
    expect(portal.url).toBe(`${sandbox.url}/p/session/${portal.id}`);
    expect(shapeProblems(portal, 'billing_portal.session')).toEqual([]);
  });

  test('when the portal is opened, then it shows the plan, its price and renewal, the card, the invoices, the actions that apply and the way back', async () => {
    const { customer, subscription } = await subscribedCustomer(stripe, TEST_CARDS.success, 'postwright_professional_month');
    const html = await (await fetch((await portalFor(customer.id)).url)).text();
    expect(html.match(/<h1[ >]/g)).toHaveLength(1);
    expect(html).toContain('<strong>Professional</strong>');
    expect(html).toContain('$79.00 <span>per month</span>');
    const renews = new Date(subscription.items.data[0].current_period_end * 1000).toLocaleDateString('en-US', { timeZone: 'UTC', year: 'numeric', month: 'long', day: 'numeric' });
    expect(html).toContain(`Renews on ${renews}`);
    expect(html).toContain('Visa •••• 4242');
    expect(html).toMatch(/<td>\$79\.00<\/td><td>Paid<\/td>/);
    expect(html).toContain(`<a href="${RETURN_URL}">← Return to Postwright</a>`);
    for (const button of ['Update plan', 'Cancel plan', 'Update payment method']) expect(html).toContain(`>${button}</button>`);
    expect(html).not.toContain('>Renew plan</button>');
    expect(html).toContain('<label for="price">Plan</label>');
  });

  test('when Cancel plan is pressed, then the plan cancels at the period end, the page says when, and Renew plan undoes it', async () => {
    const { customer, subscription } = await subscribedCustomer(stripe);
    const portal = await portalFor(customer.id);
    const end = subscription.items.data[0].current_period_end;

    const canceled = await portalAction(portal.url, 'cancel');
    expect(canceled.status).toBe(303);
    expect(canceled.html).toMatch(/role="status">Your plan will be canceled on /);
    expect(canceled.html).toContain('>Renew plan</button>');
    expect(canceled.html).not.toContain('>Cancel plan</button>');
    expect(canceled.html).toContain('Cancels on');
    const afterCancel = await subscriptionOf(subscription.id);
    expect(afterCancel).toMatchObject({ status: 'active', cancel_at_period_end: true, cancel_at: end, cancellation_details: { reason: 'cancellation_requested' } });
    expect(afterCancel.canceled_at).toEqual(expect.any(Number));
    const [cancelEvent] = await updates(customer.id);
    expect(cancelEvent.event.data.object.cancel_at_period_end).toBe(true);
    expect(cancelEvent.event.data.previous_attributes).toMatchObject({ cancel_at_period_end: false, cancel_at: null, canceled_at: null });

    const renewed = await portalAction(portal.url, 'renew');
    expect(renewed.html).toMatch(/role="status">Your plan will renew/);
    expect(await subscriptionOf(subscription.id)).toMatchObject({ cancel_at_period_end: false, cancel_at: null, canceled_at: null });
    expect((await updates(customer.id)).map((e) => e.event.data.object.cancel_at_period_end)).toEqual([true, false]);
  });

  test('when Update plan picks another plan of the same interval, then the price changes at once, period unchanged', async () => {
    const { customer, subscription } = await subscribedCustomer(stripe, TEST_CARDS.success, 'postwright_starter_month');
    const answer = await portalAction((await portalFor(customer.id)).url, 'update-plan', { Plan: 'postwright_enterprise_month' });
    expect(answer.status).toBe(303);
    expect(answer.html).toContain('Your plan is now Enterprise (monthly).');
    const after = await subscriptionOf(subscription.id);
    expect(after.items.data[0].price.lookup_key).toBe('postwright_enterprise_month');
    expect(after.items.data[0].current_period_end).toBe(subscription.items.data[0].current_period_end);
    const [update] = await updates(customer.id);
    expect(update.event.data.previous_attributes.items.data[0].price.lookup_key).toBe('postwright_starter_month');
  });

  test('when Update plan switches to yearly, then the cycle restarts now and the year is charged at once', async () => {
    const { customer, subscription } = await subscribedCustomer(stripe, TEST_CARDS.success, 'postwright_starter_month');
    await portalAction((await portalFor(customer.id)).url, 'update-plan', { Plan: 'postwright_starter_year' });
    const after = await subscriptionOf(subscription.id);
    expect(after.items.data[0].price.lookup_key).toBe('postwright_starter_year');
    expect(after.items.data[0].current_period_start).toBe(subscription.items.data[0].current_period_start);
    expect(new Date(after.items.data[0].current_period_end * 1000).getUTCFullYear()).toBe(new Date(after.items.data[0].current_period_start * 1000).getUTCFullYear() + 1);
    const invoice = await stripe.invoices.retrieve(after.latest_invoice as string);
    expect(invoice).toMatchObject({ status: 'paid', amount_paid: 29_000, billing_reason: 'subscription_update' });
  });

  test('when Update plan to another interval is charged to a card that declines later charges, then it is refused and nothing changes', async () => {
    const { customer, subscription } = await subscribedCustomer(stripe, TEST_CARDS.declinesLater, 'postwright_starter_month');
    const answer = await portalAction((await portalFor(customer.id)).url, 'update-plan', { Plan: 'postwright_starter_year' });
    expect(answer.status).toBe(402);
    expect(answer.html).toMatch(/role="alert">Your card was declined\./);
    expect((await subscriptionOf(subscription.id)).items.data[0].price.lookup_key).toBe('postwright_starter_month');
    expect(await updates(customer.id)).toEqual([]);
  });

  test('when Update payment method is given a new card, then it becomes the default of the customer and the subscription', async () => {
    const { customer, subscription } = await subscribedCustomer(stripe);
    const portal = await portalFor(customer.id);
    const declined = await portalAction(portal.url, 'update-payment-method', { 'Card number': TEST_CARDS.declined });
    expect(declined.status).toBe(402);
    expect(declined.html).toMatch(/role="alert">Your card was declined\./);
    const invalid = await portalAction(portal.url, 'update-payment-method', { 'Card number': '1234', CVC: '' });
    expect(invalid.status).toBe(400);
    expect(invalid.html).toContain('Your card number is invalid.');
    expect(invalid.html).toContain('CVC is required.');

    const updated = await portalAction(portal.url, 'update-payment-method', { 'Card number': TEST_CARDS.declinesLater, Expiration: '07 / 39' });
    expect(updated.status).toBe(303);
    expect(updated.html).toContain('Your payment method was updated.');
    expect(updated.html).toContain('Visa •••• 0341');
    const fresh = (await stripe.customers.retrieve(customer.id)) as Stripe.Customer;
    const pm = await stripe.paymentMethods.retrieve(fresh.invoice_settings.default_payment_method as string);
    expect(pm.card).toMatchObject({ last4: '0341', exp_month: 7, exp_year: 2039 });
    expect((await subscriptionOf(subscription.id)).default_payment_method).toBe(pm.id);
  });

  test('when the subscription has ended, then only the way back is offered', async () => {
    const { customer, subscription } = await subscribedCustomer(stripe);
    const portal = await portalFor(customer.id);
    await portalAction(portal.url, 'cancel');
    await advanceToRenewal(sandbox.url, SECRET_KEY, subscription.id);
    const html = await (await fetch(portal.url)).text();
    expect(html).not.toMatch(/>(Update plan|Cancel plan|Renew plan|Update payment method)<\/button>/);
    expect(html).toContain('Ended on');
    await expect(portalAction(portal.url, 'cancel')).rejects.toThrow(/offers no cancel action/);
  });

  test('when an unknown portal session is opened, then a not found page', async () => {
    const res = await fetch(`${sandbox.url}/p/session/bps_nope`);
    expect(res.status).toBe(404);
    expect(await res.text()).toContain('This billing page does not exist');
  });
});
