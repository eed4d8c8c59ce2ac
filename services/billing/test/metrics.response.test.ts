import { randomBytes } from 'node:crypto';
import { http } from '@postwright/platform/src/testing';
import { scrape } from '@postwright/platform/src/testing/prometheus';
import { startStack, type Stack } from './support/stack';

/**
 * The billing service's Prometheus metrics on its own port: its outboxes' depths read when
 * scraped (subscription states the auth service has not been told of, Stripe events not handled
 * yet), and its requests by route.
 */
describe('GET /metrics on the billing service', () => {
  let stack: Stack;
  beforeAll(async () => {
    // the retry loop only when the test runs it, so what waits in the outbox stays there meanwhile
    stack = await startStack({ billingEnv: { WEBHOOK_RETRY_INTERVAL_MS: '3600000' } });
  });
  afterAll(() => stack?.stop());

  const depth = async (outbox: string) => {
    const [sample, ...more] = (await scrape(stack.billing.url)).samples('postwright_outbox_depth', { outbox });
    expect(more).toEqual([]);
    return sample?.value;
  };

  test('when a subscription state is stored while the broker is away, then the outbox depth counts it until the retry pass sends it', async () => {
    expect((await scrape(stack.billing.url)).family('postwright_outbox_depth').type).toBe('gauge');
    expect(await depth('subscriptions')).toBe(0);
    expect(await depth('stripe_webhooks')).toBe(0);

    // what a webhook stores when the event cannot be published at once
    const userId = randomBytes(12).toString('hex');
    const stored = await stack.billing.modules.stores.subscriptions.save(
      userId,
      {
        customerId: `cus_${randomBytes(7).toString('hex')}`,
        subscriptionId: `sub_${randomBytes(7).toString('hex')}`,
        plan: 'starter',
        interval: 'month',
        status: 'active',
        currentPeriodStart: new Date(),
        currentPeriodEnd: new Date(Date.now() + 30 * 24 * 3600 * 1000),
        cancelAtPeriodEnd: false,
        endedAt: null,
        pastDueSince: null,
        graceEndsAt: null,
      },
      new Date(),
    );
    expect(stored).toBe('stored');
    expect(await depth('subscriptions')).toBe(1);

    expect(await stack.billing.modules.subscriptions.publishPending()).toBe(1);
    await stack.events.waitFor('billing.subscription.changed', (p) => p.userId === userId);
    expect(await depth('subscriptions')).toBe(0);
  });

  test('when the plans are read, then the request is timed under its route, labelled with the service', async () => {
    await http(stack.billing.url, 'GET', '/api/billing/plans');
    const scraped = await scrape(stack.billing.url);
    const [sample] = scraped.samples('http_request_duration_seconds_count', { method: 'GET', route: '/api/billing/plans' });
    expect(sample.labels).toMatchObject({ service: 'billing', status: expect.stringMatching(/^\d{3}$/) });
    expect(sample.value).toBe(1);
  });
});
