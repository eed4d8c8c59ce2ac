import type Stripe from 'stripe';
import type { RunningSandbox } from '../src/server';
import { call, control, shapeProblems, startSandbox, stripeFor, subscribedCustomer, withSandbox } from './support';

describe('customers', () => {
  let sandbox: RunningSandbox;
  let stripe: Stripe;
  withSandbox((running, client) => {
    sandbox = running;
    stripe = client;
  });

  test('when a customer is created with email, name and metadata, then it is Stripe-shaped and lives on a test clock of its own, frozen at its creation', async () => {
    const customer = await stripe.customers.create({ email: 'alex@example.com', name: 'Alex Morgan', metadata: { userId: 'u-1' } });
    expect(customer).toMatchObject({ object: 'customer', email: 'alex@example.com', name: 'Alex Morgan', metadata: { userId: 'u-1' }, livemode: false });
    expect(customer.id).toMatch(/^cus_[A-Za-z0-9]{14}$/);
    expect(shapeProblems(customer, 'customer')).toEqual([]);
    const clock = await stripe.testHelpers.testClocks.retrieve(customer.test_clock as string);
    expect(clock).toMatchObject({ object: 'test_helpers.test_clock', status: 'ready', frozen_time: customer.created });
    expect(Math.abs(customer.created - Date.now() / 1000)).toBeLessThan(5);
    expect(await stripe.customers.retrieve(customer.id)).toEqual(customer);
  });

  test('when the same Idempotency-Key comes with the same parameters, then the first answer is replayed and no second customer is made', async () => {
    const key = `key-${Date.now()}`;
    const form = { email: 'same@example.com', name: 'Same', 'metadata[userId]': 'u-same' };
    const first = await call(sandbox.url, 'POST', '/v1/customers', { form, headers: { 'idempotency-key': key } });
    const again = await call(sandbox.url, 'POST', '/v1/customers', { form, headers: { 'idempotency-key': key } });
    expect(first.status).toBe(200);
    expect(again.status).toBe(200);
    expect(again.body).toEqual(first.body);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(first.headers.get('idempotent-replayed')).toBeNull();
    expect((await stripe.customers.list({ email: 'same@example.com' })).data).toHaveLength(1);
    // the SDK's own option reaches the same record
    const viaSdk = await stripe.customers.create({ email: 'same@example.com', name: 'Same', metadata: { userId: 'u-same' } }, { idempotencyKey: key });
    expect(viaSdk.id).toBe(first.body.id);
  });

  test('when an Idempotency-Key is reused with other parameters, then Stripe answers its idempotency_error and makes nothing', async () => {
    const key = `key-conflict-${Date.now()}`;
    await call(sandbox.url, 'POST', '/v1/customers', { form: { email: 'one@example.com' }, headers: { 'idempotency-key': key } });
    const res = await call(sandbox.url, 'POST', '/v1/customers', { form: { email: 'two@example.com' }, headers: { 'idempotency-key': key } });
    expect(res.status).toBe(400);
    expect(res.body.error).toMatchObject({
      type: 'idempotency_error',
      message: `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${key}' if you meant to execute a different request.`,
    });
    expect((await stripe.customers.list({ email: 'two@example.com' })).data).toHaveLength(0);
    await expect(stripe.customers.create({ email: 'two@example.com' }, { idempotencyKey: key })).rejects.toMatchObject({ type: 'StripeIdempotencyError' });
  });

  test('when a request is refused for a bad parameter, then its key is not used up and the corrected request runs', async () => {
    const key = `key-bad-${Date.now()}`;
    const bad = await call(sandbox.url, 'POST', '/v1/customers', { form: { email: 'fix@example.com', emial: 'x' }, headers: { 'idempotency-key': key } });
    expect(bad.body.error.code).toBe('parameter_unknown');
    const good = await call(sandbox.url, 'POST', '/v1/customers', { form: { email: 'fix@example.com' }, headers: { 'idempotency-key': key } });
    expect(good.status).toBe(200);
  });

  test('when a customer is updated, then fields change, metadata merges and a key set to empty goes', async () => {
    const customer = await stripe.customers.create({ email: 'old@example.com', metadata: { userId: 'u-2', keep: 'yes', drop: 'me' } });
    const updated = await stripe.customers.update(customer.id, { email: 'new@example.com', name: 'New Name', metadata: { drop: '', added: '1' } });
    expect(updated).toMatchObject({ email: 'new@example.com', name: 'New Name', metadata: { userId: 'u-2', keep: 'yes', added: '1' } });
    expect(updated.metadata).not.toHaveProperty('drop');
  });

  test('when the default payment method is set to a card of the customer, then it is kept; a card of another customer is refused', async () => {
    const { customer } = await subscribedCustomer(stripe);
    const other = await subscribedCustomer(stripe);
    const pm = ((await stripe.customers.retrieve(customer.id)) as Stripe.Customer).invoice_settings.default_payment_method as string;
    const updated = await stripe.customers.update(customer.id, { invoice_settings: { default_payment_method: pm } });
    expect(updated.invoice_settings.default_payment_method).toBe(pm);
    const otherPm = ((await stripe.customers.retrieve(other.customer.id)) as Stripe.Customer).invoice_settings.default_payment_method as string;
    await expect(stripe.customers.update(customer.id, { invoice_settings: { default_payment_method: otherPm } })).rejects.toMatchObject({
      statusCode: 400,
      param: 'invoice_settings[default_payment_method]',
    });
    await expect(stripe.customers.update(customer.id, { invoice_settings: { default_payment_method: 'pm_nope' } })).rejects.toMatchObject({
      statusCode: 400,
      code: 'resource_missing',
      message: "No such PaymentMethod: 'pm_nope'",
    });
  });

  test('when a customer is created on a given test clock, then it lives at that clock time', async () => {
    const clock = await stripe.testHelpers.testClocks.create({ frozen_time: 1_800_000_000, name: 'given' });
    const customer = await stripe.customers.create({ email: 'clocked@example.com', test_clock: clock.id });
    expect(customer).toMatchObject({ test_clock: clock.id, created: 1_800_000_000 });
    await expect(stripe.customers.create({ test_clock: 'clock_nope' })).rejects.toMatchObject({ statusCode: 400, code: 'resource_missing', param: 'test_clock' });
  });

  test('when the calls are listed by the controls, then each shows method, path, params, idempotency key and status', async () => {
    await call(sandbox.url, 'POST', '/v1/customers', { form: { email: 'logged@example.com' }, headers: { 'idempotency-key': 'logged-key' } });
    const { body } = await control(sandbox.url, 'GET', '/__sandbox/requests?path=/v1/customers&method=POST');
    expect(body.requests).toContainEqual(
      expect.objectContaining({ method: 'POST', path: '/v1/customers', params: { email: 'logged@example.com' }, idempotencyKey: 'logged-key', status: 200, requestId: expect.stringMatching(/^req_/) }),
    );
  });
});

describe('customers without their own clocks', () => {
  test('when SANDBOX_CUSTOMER_TEST_CLOCKS is false, then a customer made without a clock has none and lives in real time', async () => {
    const sandbox = await startSandbox({ SANDBOX_CUSTOMER_TEST_CLOCKS: 'false' });
    try {
      const customer = await stripeFor(sandbox).customers.create({ email: 'real@example.com' });
      expect(customer.test_clock).toBeNull();
      expect(Math.abs(customer.created - Date.now() / 1000)).toBeLessThan(5);
    } finally {
      await sandbox.stop();
    }
  });
});
