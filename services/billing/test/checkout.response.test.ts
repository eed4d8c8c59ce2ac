import { billingRedirectResponseSchema } from '@postwright/contracts';
import { http, issueTestToken } from '@postwright/platform/src/testing';
import { startStack, TEST_CARDS, type Stack } from './support/stack';

describe('POST /api/billing/checkout and POST /api/billing/portal', () => {
  let stack: Stack;
  beforeAll(async () => {
    stack = await startStack();
  });
  afterAll(() => stack?.stop());

  const sessionOf = async (url: string) => {
    const id = new URL(url).pathname.split('/').pop()!;
    return (await http(stack.sandbox.url, 'GET', `/v1/checkout/sessions/${id}`, { headers: { authorization: 'Bearer sk_test_postwright_sandbox' } })).body;
  };

  test('when a member starts Checkout, then the answer is the hosted page of a subscription-mode session for their own customer', async () => {
    const member = await stack.member();
    const res = await stack.checkout(member, 'professional', 'year');
    expect(res.status).toBe(200);
    const { url } = billingRedirectResponseSchema.parse(res.body);
    expect(url.startsWith(`${stack.sandbox.url}/c/pay/`)).toBe(true);
    const session = await sessionOf(url);
    expect(session).toMatchObject({
      mode: 'subscription',
      client_reference_id: member.id,
      metadata: { userId: member.id, plan: 'professional', interval: 'year' },
      success_url: 'http://localhost:8080/billing/success?session_id={CHECKOUT_SESSION_ID}',
      cancel_url: 'http://localhost:8080/pricing',
      status: 'open',
    });
    const customer = (await http(stack.sandbox.url, 'GET', `/v1/customers/${session.customer}`, { headers: { authorization: 'Bearer sk_test_postwright_sandbox' } })).body;
    expect(customer).toMatchObject({ email: member.email, name: 'Grace Hopper', metadata: { userId: member.id } });
    expect(await stack.refusals()).toEqual([]);
  });

  test('when a member starts Checkout again, then the customer is the same one and the open page for the same plan is offered again; another plan closes it', async () => {
    const member = await stack.member();
    const first = (await stack.checkout(member, 'starter', 'month')).body.url;
    const again = (await stack.checkout(member, 'starter', 'month')).body.url;
    expect(again).toBe(first);
    const other = (await stack.checkout(member, 'enterprise', 'month')).body.url;
    expect(other).not.toBe(first);
    expect((await sessionOf(first)).status).toBe('expired');
    expect((await sessionOf(other)).customer).toBe((await sessionOf(first)).customer);
    const created = (await stack.control('GET', 'requests?path=/v1/customers&method=POST')).body.requests.filter((r: any) => r.params?.metadata?.userId === member.id);
    expect(created).toHaveLength(1);
    const closed = await stack.pay(first);
    expect(closed.status).toBe(410);
  });

  test('when two Checkouts start at once for a new member, then Stripe makes one customer and one page for them', async () => {
    const member = await stack.member();
    const [a, b] = await Promise.all([stack.checkout(member, 'starter', 'month'), stack.checkout(member, 'starter', 'month')]);
    expect([a.status, b.status]).toEqual([200, 200]);
    expect(a.body.url).toBe(b.body.url);
  });

  test('when two Checkouts for different plans start at once (two tabs), then only one of the pages can be paid', async () => {
    const member = await stack.member();
    const [a, b] = await Promise.all([stack.checkout(member, 'starter', 'month'), stack.checkout(member, 'professional', 'year')]);
    expect([a.status, b.status]).toEqual([200, 200]);
    const statuses = [(await sessionOf(a.body.url)).status, (await sessionOf(b.body.url)).status].sort();
    expect(statuses).toEqual(['expired', 'open']);
    expect((await sessionOf(a.body.url)).customer).toBe((await sessionOf(b.body.url)).customer);
  });

  test('when a subscriber starts Checkout, even before the webhook has come, then 409 BILLING.ALREADY_SUBSCRIBED', async () => {
    const member = await stack.member();
    await stack.control('POST', 'webhooks', { paused: true });
    try {
      const paid = await stack.pay((await stack.checkout(member)).body.url);
      expect(paid.status).toBe(303);
      const again = await stack.checkout(member, 'professional', 'month');
      expect(again.status).toBe(409);
      expect(again.body).toMatchObject({ code: 'BILLING.ALREADY_SUBSCRIBED', error: 'You already have a subscription. Change or cancel it in Manage billing.' });
    } finally {
      await stack.control('POST', 'webhooks', { paused: false });
    }
  });

  test('when the card is declined, then nothing is subscribed and the member can check out again', async () => {
    const member = await stack.member();
    const url = (await stack.checkout(member)).body.url;
    const declined = await stack.pay(url, TEST_CARDS.declined);
    expect(declined.status).toBe(402);
    expect(declined.html).toContain('Your card was declined.');
    expect((await stack.checkout(member)).status).toBe(200);
    expect((await stack.subscription(member)).body).toMatchObject({ plan: null, status: 'none' });
  });

  test('when the body is not a plan and an interval, or there is no token, then 400 or 401 and no session', async () => {
    const member = await stack.member();
    const bad = await http(stack.billing.url, 'POST', '/api/billing/checkout', { token: member.token, body: { plan: 'gold', interval: 'week' } });
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ code: 'REQUEST.INVALID', details: { plan: 'plan must be one of starter, professional, enterprise', interval: 'interval must be month or year' } });
    const anonymous = await http(stack.billing.url, 'POST', '/api/billing/checkout', { body: { plan: 'starter', interval: 'month' } });
    expect(anonymous.status).toBe(401);
    const stranger = await http(stack.billing.url, 'POST', '/api/billing/checkout', { token: issueTestToken({ sub: 'f'.repeat(24) }), body: { plan: 'starter', interval: 'month' } });
    expect(stranger.status).toBe(401);
    expect(stranger.body).toMatchObject({ code: 'AUTH.USER_NOT_FOUND' });
  });

  test('when a member whose email is not verified starts Checkout, then 403 AUTH.EMAIL_UNVERIFIED and no customer is made', async () => {
    const member = await stack.member('trial', { emailVerified: false });
    const res = await stack.checkout(member);
    expect(res.status).toBe(403);
    expect(res.body).toMatchObject({ code: 'AUTH.EMAIL_UNVERIFIED' });
    expect(await stack.billing.modules.stores.customers.byUser(member.id)).toBeNull();
  });

  test('when a member without a customer asks for the portal, then 409 BILLING.NO_CUSTOMER; a subscriber gets the portal that returns to the profile', async () => {
    const member = await stack.member();
    const none = await stack.portal(member);
    expect(none.status).toBe(409);
    expect(none.body).toMatchObject({ code: 'BILLING.NO_CUSTOMER' });
    await stack.subscribe(member);
    const res = await stack.portal(member);
    expect(res.status).toBe(200);
    expect(billingRedirectResponseSchema.parse(res.body).url.startsWith(`${stack.sandbox.url}/p/session/`)).toBe(true);
    const page = await (await fetch(res.body.url)).text();
    expect(page).toContain('http://localhost:8080/profile');
  });

  test('when Stripe fails while opening Checkout, then 503 BILLING.UNAVAILABLE and a retry works', async () => {
    const member = await stack.member();
    await stack.control('POST', 'faults', { path: '/v1/checkout/sessions', kind: 'api_error', times: 3 });
    const failed = await stack.checkout(member);
    expect(failed.status).toBe(503);
    expect(failed.body).toMatchObject({ code: 'BILLING.UNAVAILABLE' });
    expect((await stack.checkout(member)).status).toBe(200);
    expect(await stack.refusals()).toEqual([]);
  });
});
