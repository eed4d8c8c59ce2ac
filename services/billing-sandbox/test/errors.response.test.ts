import type { RunningSandbox } from '../src/server';
import { call, control, SECRET_KEY, startSandbox, stripeFor } from './support';

describe('errors and faults', () => {
  let sandbox: RunningSandbox;

  beforeAll(async () => {
    sandbox = await startSandbox();
  });
  afterEach(() => control(sandbox.url, 'DELETE', '/__sandbox/faults'));
  afterAll(() => sandbox?.stop());

  test('when no API key is sent, then 401 with Stripe\'s "You did not provide an API key" error', async () => {
    const res = await call(sandbox.url, 'GET', '/v1/prices', { key: null });
    expect(res.status).toBe(401);
    expect(res.body.error.type).toBe('invalid_request_error');
    expect(res.body.error.message).toMatch(/^You did not provide an API key\. You need to provide your API key in the Authorization header/);
  });

  test('when another key is sent, then 401 names it masked as Stripe masks it', async () => {
    const res = await call(sandbox.url, 'GET', '/v1/prices', { key: 'sk_test_somebodyelsesabcd' });
    expect(res.status).toBe(401);
    expect(res.body.error).toMatchObject({ type: 'invalid_request_error', message: `Invalid API Key provided: sk_test_${'*'.repeat('somebodyelses'.length)}abcd` });
    await expect(stripeFor(sandbox, 'sk_test_wrongwrongwrong').prices.list()).rejects.toMatchObject({ type: 'StripeAuthenticationError', statusCode: 401 });
  });

  test('when the key comes as the user name of HTTP Basic, then it is accepted', async () => {
    const basic = Buffer.from(`${SECRET_KEY}:`).toString('base64');
    const res = await call(sandbox.url, 'GET', '/v1/prices?limit=1', { key: null, headers: { authorization: `Basic ${basic}` } });
    expect(res.status).toBe(200);
  });

  test('when any call is answered, then it carries a Request-Id and the Stripe-Version asked for (or the default)', async () => {
    const asked = await call(sandbox.url, 'GET', '/v1/prices?limit=1', { headers: { 'stripe-version': '2026-10-28.endive' } });
    expect(asked.headers.get('request-id')).toMatch(/^req_[A-Za-z0-9]{14}$/);
    expect(asked.headers.get('stripe-version')).toBe('2026-10-28.endive');
    const unasked = await call(sandbox.url, 'GET', '/v1/nothing-here', { key: null });
    expect(unasked.headers.get('request-id')).toMatch(/^req_/);
    expect(unasked.headers.get('stripe-version')).toBe('2026-10-28.endive');
  });

  test('when an unknown URL is called, then 404 with Stripe\'s "Unrecognized request URL" error', async () => {
    const res = await call(sandbox.url, 'GET', '/v1/charges');
    expect(res.status).toBe(404);
    expect(res.body.error).toMatchObject({ type: 'invalid_request_error' });
    expect(res.body.error.message).toMatch(/^Unrecognized request URL \(GET: \/v1\/charges\)\. /);
    const outside = await call(sandbox.url, 'DELETE', '/elsewhere');
    expect(outside.status).toBe(404);
    expect(outside.body.error.message).toMatch(/^Unrecognized request URL \(DELETE: \/elsewhere\)/);
  });

  test('when an unknown id is retrieved, then 404 resource_missing names it and the param', async () => {
    const res = await call(sandbox.url, 'GET', '/v1/customers/cus_x');
    expect(res.status).toBe(404);
    expect(res.body.error).toMatchObject({ type: 'invalid_request_error', code: 'resource_missing', message: "No such customer: 'cus_x'", param: 'id' });
    for (const [path, kind] of [
      ['/v1/subscriptions/sub_x', 'subscription'],
      ['/v1/invoices/in_x', 'invoice'],
      ['/v1/checkout/sessions/cs_test_x', 'checkout.session'],
      ['/v1/test_helpers/test_clocks/clock_x', 'test_helpers.test_clock'],
    ]) {
      const missing = await call(sandbox.url, 'GET', path);
      expect(missing.status).toBe(404);
      expect(missing.body.error.message).toBe(`No such ${kind}: '${path.split('/').pop()}'`);
    }
  });

  test('when an unknown parameter is sent, top-level or nested, then 400 parameter_unknown names it', async () => {
    const top = await call(sandbox.url, 'POST', '/v1/customers', { form: { email: 'a@example.com', foo: 'bar' } });
    expect(top.status).toBe(400);
    expect(top.body.error).toMatchObject({ type: 'invalid_request_error', code: 'parameter_unknown', message: 'Received unknown parameter: foo', param: 'foo' });
    const nested = await call(sandbox.url, 'POST', '/v1/checkout/sessions', { form: 'mode=subscription&line_items[0][price]=p&line_items[0][colour]=red' });
    expect(nested.body.error).toMatchObject({ code: 'parameter_unknown', param: 'line_items[0][colour]' });
    const query = await call(sandbox.url, 'GET', '/v1/subscriptions?customer=cus_x&sort=asc');
    expect(query.body.error).toMatchObject({ code: 'parameter_unknown', param: 'sort' });
  });

  test('when a required parameter is missing or a value has the wrong type, then 400 says which', async () => {
    const missing = await call(sandbox.url, 'POST', '/v1/billing_portal/sessions', { form: { return_url: 'http://localhost:8080/profile' } });
    expect(missing.status).toBe(400);
    expect(missing.body.error).toMatchObject({ code: 'parameter_missing', param: 'customer', message: 'Missing required param: customer.' });
    const integer = await call(sandbox.url, 'GET', '/v1/prices?limit=many');
    expect(integer.body.error).toMatchObject({ code: 'parameter_invalid_integer', param: 'limit' });
    const range = await call(sandbox.url, 'GET', '/v1/prices?limit=101');
    expect(range.body.error.param).toBe('limit');
  });

  test('when an api_error fault is on once, then the call answers 500 api_error and the SDK retry succeeds with the same key', async () => {
    await control(sandbox.url, 'POST', '/__sandbox/faults', { path: '/v1/customers', kind: 'api_error', times: 1 });
    const customer = await stripeFor(sandbox).customers.create({ email: 'retry-500@example.com' });
    expect(customer.id).toMatch(/^cus_/);
    const { body } = await control(sandbox.url, 'GET', '/__sandbox/requests?path=/v1/customers&method=POST');
    const tries = body.requests.filter((r: any) => r.params.email === 'retry-500@example.com');
    expect(tries.map((r: any) => r.status)).toEqual([500, 200]);
    expect(tries[0].idempotencyKey).toBe(tries[1].idempotencyKey);
  });

  test('when a rate_limit fault is on, then 429 with the rate_limit code, which the SDK reports as a rate limit error', async () => {
    await control(sandbox.url, 'POST', '/__sandbox/faults', { path: '/v1/prices', kind: 'rate_limit', times: 1 });
    const res = await call(sandbox.url, 'GET', '/v1/prices');
    expect(res.status).toBe(429);
    expect(res.body.error).toMatchObject({ type: 'invalid_request_error', code: 'rate_limit' });
    await control(sandbox.url, 'POST', '/__sandbox/faults', { path: '/v1/prices', kind: 'rate_limit', times: 1 });
    await expect(stripeFor(sandbox, SECRET_KEY, { maxNetworkRetries: 0 }).prices.list()).rejects.toMatchObject({ type: 'StripeRateLimitError' });
  });

  test('when a lost fault drops the answer of a create, then the SDK retry gets the kept answer and only one customer exists', async () => {
    await control(sandbox.url, 'POST', '/__sandbox/faults', { path: '/v1/customers', kind: 'lost', times: 1 });
    const customer = await stripeFor(sandbox).customers.create({ email: 'lost@example.com' });
    expect((await stripeFor(sandbox).customers.list({ email: 'lost@example.com' })).data.map((c) => c.id)).toEqual([customer.id]);
    const { body } = await control(sandbox.url, 'GET', '/__sandbox/requests?path=/v1/customers&method=POST');
    expect(body.requests.filter((r: any) => r.params.email === 'lost@example.com').map((r: any) => r.status)).toEqual([0, 200]);
  });

  test('when an unknown fault kind is asked for, then the control refuses it', async () => {
    const res = await control(sandbox.url, 'POST', '/__sandbox/faults', { kind: 'meteor' });
    expect(res.status).toBe(400);
    expect(res.body.error).toMatch(/kind is one of api_error, rate_limit, lost/);
  });
});

describe('controls', () => {
  test('when SANDBOX_CONTROL is off, then /__sandbox answers 404', async () => {
    const sandbox = await startSandbox({ SANDBOX_CONTROL: 'false' });
    try {
      expect((await call(sandbox.url, 'GET', '/__sandbox/events')).status).toBe(404);
    } finally {
      await sandbox.stop();
    }
  });
});
