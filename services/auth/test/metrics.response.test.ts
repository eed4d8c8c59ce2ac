import { cleanupNamespace, eventually, http, testNamespace } from '@postwright/platform/src/testing';
import { startEventProbe, type EventProbe } from '@postwright/platform/src/testing/events';
import { scrape, type Metrics } from '@postwright/platform/src/testing/prometheus';
import { billingReport, quotaCalls, signupUser, startAuth, type RunningAuth } from './support/harness';

/**
 * The auth service's Prometheus metrics on its own port: the refusals of a trial's or a plan's
 * limit, counted where they are decided (the quota API), and the events its consumers handle.
 */
describe('GET /metrics on the auth service', () => {
  const ns = testNamespace();
  let auth: RunningAuth;
  let events: EventProbe;

  beforeAll(async () => {
    auth = await startAuth(ns);
    events = await startEventProbe(ns, ['user.tier.changed']);
  });
  afterAll(async () => {
    await events?.close();
    await auth?.stop();
    await cleanupNamespace(ns);
  });

  const { reserve } = quotaCalls(() => auth.url);
  const refusals = (m: Metrics, reason: string) => m.value('postwright_trial_or_plan_refusals_total', { reason });

  test('before anything is refused, then each refusal reason is there at 0, with the process metrics and the mail outbox', async () => {
    const scraped = await scrape(auth.url);
    expect(scraped.family('postwright_trial_or_plan_refusals_total').type).toBe('counter');
    expect(scraped.samples('postwright_trial_or_plan_refusals_total').map((s) => s.labels.reason).sort()).toEqual(['PLAN.LIMIT_REACHED', 'PLAN.PAYMENT_OVERDUE', 'TRIAL.ENDED', 'TRIAL.LIMIT_REACHED']);
    expect(scraped.family('postwright_outbox_depth').type).toBe('gauge');
    expect(scraped.samples('postwright_outbox_depth', { outbox: 'mail', service: 'auth' })).toHaveLength(1);
    expect(scraped.samples('process_cpu_seconds_total')[0].labels.service).toBe('auth');
  });

  test('when a trial is used up, then the next post refused is counted as TRIAL.LIMIT_REACHED', async () => {
    const before = await scrape(auth.url);
    const { user } = await signupUser(auth.url);
    for (let i = 0; i < 3; i++) expect((await reserve(user.id)).status).toBe(200);
    expect((await reserve(user.id)).body.code).toBe('TRIAL.LIMIT_REACHED');
    const after = await scrape(auth.url);
    expect(refusals(after, 'TRIAL.LIMIT_REACHED') - refusals(before, 'TRIAL.LIMIT_REACHED')).toBe(1);
    expect(refusals(after, 'PLAN.PAYMENT_OVERDUE') - refusals(before, 'PLAN.PAYMENT_OVERDUE')).toBe(0);
  });

  test('when billing reports a payment overdue past its grace, then the event is counted as handled with its lag, and the refused post as PLAN.PAYMENT_OVERDUE', async () => {
    const queue = `${ns}auth.billing-sync`;
    const before = await scrape(auth.url);
    const { user } = await signupUser(auth.url);
    await events.publish('billing.subscription.changed', billingReport(user.id, { status: 'past_due', graceEndsAt: new Date(Date.now() - 60_000).toISOString() }));
    await events.waitFor('user.tier.changed', (p) => p.userId === user.id);
    const handled = await eventually(
      () => scrape(auth.url),
      (m) => m.value('postwright_event_lag_seconds_count', { queue }) >= 1,
    );
    expect(handled.value('postwright_events_consumed_total', { queue, outcome: 'handled' }) - before.value('postwright_events_consumed_total', { queue, outcome: 'handled' })).toBe(1);
    expect(handled.value('postwright_event_lag_seconds_sum', { queue })).toBeLessThan(30);

    const refused = await eventually(
      () => reserve(user.id),
      (res) => res.body.code === 'PLAN.PAYMENT_OVERDUE',
    );
    expect(refused.status).toBe(402);
    const after = await scrape(auth.url);
    expect(refusals(after, 'PLAN.PAYMENT_OVERDUE') - refusals(before, 'PLAN.PAYMENT_OVERDUE')).toBe(1);
    expect(after.value('http_request_duration_seconds_count', { route: '/internal/quota/reserve', status: String(refused.status) })).toBe(1);
    // the scrape itself is no request of the API's
    expect(after.samples('http_request_duration_seconds_count', { route: '/metrics' })).toEqual([]);
    expect((await http(auth.url, 'GET', '/metrics')).status).toBe(200);
  });
});
