import { planIds, plansResponseSchema, PLAN_CATALOGUE, SPEC_PRICES_CENTS } from '@postwright/contracts';
import { http } from '@postwright/platform/src/testing';
import { startStack, type Stack } from './support/stack';

describe('GET /api/billing/plans', () => {
  let stack: Stack;
  beforeAll(async () => {
    stack = await startStack();
  });
  afterAll(() => stack?.stop());

  test('when asked without a token, then every plan comes with its Stripe prices (by lookup key) and its allowance', async () => {
    const res = await http(stack.billing.url, 'GET', '/api/billing/plans');
    expect(res.status).toBe(200);
    const { plans } = plansResponseSchema.parse(res.body);
    expect(plans).toEqual(
      planIds.map((id) => ({ id, name: PLAN_CATALOGUE[id].name, prices: SPEC_PRICES_CENTS[id], currency: 'usd', postsPerMonth: PLAN_CATALOGUE[id].postsPerMonth })),
    );
    expect(res.headers.get('cache-control')).toBe('public, max-age=60');
  });

  test('when asked again, then the prices are served from what was read, without asking Stripe', async () => {
    await http(stack.billing.url, 'GET', '/api/billing/plans');
    const before = (await stack.control('GET', 'requests?path=/v1/prices')).body.requests.length;
    await http(stack.billing.url, 'GET', '/api/billing/plans');
    expect((await stack.control('GET', 'requests?path=/v1/prices')).body.requests).toHaveLength(before);
    expect(await stack.refusals()).toEqual([]);
  });
});

describe('GET /api/billing/plans when Stripe does not answer', () => {
  let stack: Stack;
  beforeAll(async () => {
    stack = await startStack({ billingEnv: { PLANS_CACHE_SECONDS: '0', STRIPE_TIMEOUT_MS: '2000' } });
  });
  afterAll(() => stack?.stop());

  test('when Stripe fails after prices were read once, then the last ones are served; before that, 503 BILLING.UNAVAILABLE', async () => {
    await stack.control('POST', 'faults', { path: '/v1/prices', kind: 'api_error', times: 3 });
    const first = await http(stack.billing.url, 'GET', '/api/billing/plans');
    expect(first.status).toBe(503);
    expect(first.body).toMatchObject({ code: 'BILLING.UNAVAILABLE', error: 'Payments are unavailable right now. Please try again in a few minutes.' });

    expect((await http(stack.billing.url, 'GET', '/api/billing/plans')).status).toBe(200);
    await stack.control('POST', 'faults', { path: '/v1/prices', kind: 'api_error', times: 3 });
    const stale = await http(stack.billing.url, 'GET', '/api/billing/plans');
    expect(stale.status).toBe(200);
    expect(stale.body.plans).toHaveLength(3);
  });
});
