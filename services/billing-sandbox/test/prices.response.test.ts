import { billingIntervals, planIds, priceLookupKey, PLAN_CATALOGUE, SPEC_PRICES_CENTS } from '@postwright/contracts';
import type Stripe from 'stripe';
import type { RunningSandbox } from '../src/server';
import { call, shapeProblems, startSandbox, stripeFor } from './support';

describe('prices', () => {
  let sandbox: RunningSandbox;
  let stripe: Stripe;
  const allKeys = planIds.flatMap((plan) => billingIntervals.map((interval) => priceLookupKey(plan, interval)));

  beforeAll(async () => {
    sandbox = await startSandbox();
    stripe = stripeFor(sandbox);
  });
  afterAll(() => sandbox?.stop());

  test('when the prices are listed by their six lookup keys with data.product expanded, then each is the spec price with its plan product', async () => {
    const prices = await stripe.prices.list({ lookup_keys: allKeys, active: true, limit: 100, expand: ['data.product'] });
    expect(prices.object).toBe('list');
    expect(prices.has_more).toBe(false);
    expect(prices.url).toBe('/v1/prices');
    expect(prices.data).toHaveLength(6);
    for (const plan of planIds) {
      for (const interval of billingIntervals) {
        const price = prices.data.find((p) => p.lookup_key === priceLookupKey(plan, interval))!;
        expect(price).toMatchObject({ object: 'price', active: true, currency: 'usd', unit_amount: SPEC_PRICES_CENTS[plan][interval], type: 'recurring', livemode: false });
        expect(price.id).toMatch(/^price_/);
        expect(price.recurring).toMatchObject({ interval, interval_count: 1 });
        expect(price.product).toMatchObject({ object: 'product', name: PLAN_CATALOGUE[plan].name });
        expect(shapeProblems(price, 'price')).toEqual([]);
      }
    }
  });

  test('when some lookup keys are asked for, then only their prices come back, products as ids', async () => {
    const prices = await stripe.prices.list({ lookup_keys: ['postwright_starter_month', 'postwright_enterprise_year', 'nobody_has_this'] });
    expect(prices.data.map((p) => p.lookup_key).sort()).toEqual(['postwright_enterprise_year', 'postwright_starter_month']);
    expect(prices.data.every((p) => typeof p.product === 'string' && p.product.startsWith('prod_'))).toBe(true);
  });

  test('when the list is paged with limit and starting_after, then pages follow on without overlap', async () => {
    const first = await stripe.prices.list({ limit: 4 });
    expect(first.data).toHaveLength(4);
    expect(first.has_more).toBe(true);
    const second = await stripe.prices.list({ limit: 4, starting_after: first.data[3].id });
    expect(second.data).toHaveLength(2);
    expect(second.has_more).toBe(false);
    expect(new Set([...first.data, ...second.data].map((p) => p.id)).size).toBe(6);
  });

  test('when a price and its product are retrieved, then they match the list', async () => {
    const [listed] = (await stripe.prices.list({ lookup_keys: ['postwright_professional_year'] })).data;
    const price = await stripe.prices.retrieve(listed.id, { expand: ['product'] });
    expect(price.id).toBe(listed.id);
    const product = await stripe.products.retrieve(listed.product as string);
    expect(product).toMatchObject({ name: 'Professional', active: true });
    expect(shapeProblems(product, 'product')).toEqual([]);
  });

  test('when a path that is not an id is expanded, then Stripe refuses it', async () => {
    const res = await call(sandbox.url, 'GET', '/v1/prices?expand[]=data.currency');
    expect(res.status).toBe(400);
    expect(res.body.error).toMatchObject({ type: 'invalid_request_error', message: 'This property cannot be expanded (data.currency).' });
  });
});
