import { subscriptionResponseSchema } from '@postwright/contracts';
import { http } from '@postwright/platform/src/testing';
import { startStack, type Stack } from './support/stack';

describe('GET /api/billing/subscription', () => {
  let stack: Stack;
  beforeAll(async () => {
    stack = await startStack();
  });
  afterAll(() => stack?.stop());

  test('when the member has never subscribed, then status none with the trial\'s usage from the auth service', async () => {
    const member = await stack.member();
    const res = await stack.subscription(member);
    expect(res.status).toBe(200);
    expect(subscriptionResponseSchema.parse(res.body)).toEqual({
      plan: null,
      interval: null,
      status: 'none',
      currentPeriodEnd: null,
      cancelAtPeriodEnd: false,
      endedAt: null,
      graceEndsAt: null,
      usage: { used: 0, allowance: 3, resetsAt: null },
    });
  });

  test('when the member subscribed, then the plan, its interval, Stripe\'s status, the renewal date and the month\'s usage', async () => {
    const member = await stack.member();
    await stack.subscribe(member, 'starter', 'year');
    stack.auth.setTier(member.id, 'starter');
    const body = subscriptionResponseSchema.parse((await stack.subscription(member)).body);
    expect(body).toMatchObject({ plan: 'starter', interval: 'year', status: 'active', cancelAtPeriodEnd: false, graceEndsAt: null, usage: { used: 0, allowance: 50 } });
    expect(Date.parse(body.currentPeriodEnd!)).toBeGreaterThan(Date.now() + 360 * 24 * 3600 * 1000);
  });

  test('when the webhook never comes after a payment, then the subscription is read from Stripe on the member\'s next look', async () => {
    const member = await stack.member();
    await stack.control('POST', 'webhooks', { paused: true });
    try {
      expect((await stack.pay((await stack.checkout(member, 'professional', 'month')).body.url)).status).toBe(303);
      expect((await stack.subscription(member)).body).toMatchObject({ plan: 'professional', status: 'active' });
      await stack.events.waitFor('billing.subscription.changed', (p) => p.userId === member.id && p.status === 'active');
    } finally {
      await stack.control('POST', 'webhooks', { paused: false });
    }
  });

  test('when the member comes back from the portal before its webhook, then the change made there shows', async () => {
    const member = await stack.member();
    await stack.subscribe(member);
    await stack.control('POST', 'webhooks', { paused: true });
    try {
      expect((await stack.portalAction(member, 'cancel')).status).toBe(303);
      expect((await stack.subscription(member)).body).toMatchObject({ plan: 'starter', status: 'active', cancelAtPeriodEnd: true });
    } finally {
      await stack.control('POST', 'webhooks', { paused: false });
    }
  });

  test('when Stripe cannot be read while a Checkout is awaited, then the mirror answers', async () => {
    const member = await stack.member();
    expect((await stack.checkout(member)).status).toBe(200);
    await stack.control('POST', 'faults', { path: '/v1/subscriptions', kind: 'api_error', times: 3 });
    const res = await stack.subscription(member);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ plan: null, status: 'none' });
    await stack.control('DELETE', 'faults');
  });

  test('when there is no token, then 401; when the auth service is away, then 503 naming it', async () => {
    expect((await http(stack.billing.url, 'GET', '/api/billing/subscription')).status).toBe(401);
    const member = await stack.member();
    await stack.auth.stop();
    const res = await stack.subscription(member);
    expect(res.status).toBe(503);
    expect(res.body).toMatchObject({ code: 'DEPENDENCY.UNAVAILABLE', error: 'The auth service is unavailable. Please try again.' });
  });
});
