import { cleanupNamespace, eventually, http, testNamespace } from '@postwright/platform/src/testing';
import { startEventProbe, type EventProbe } from '@postwright/platform/src/testing/events';
import { billingReport, signupUser, startAuth, type RunningAuth } from './support/harness';

/** The billing service's reports arrive on RabbitMQ; the auth service applies them and says the tier changed. */
describe('billing.subscription.changed consumed (real RabbitMQ)', () => {
  const ns = testNamespace();
  let auth: RunningAuth;
  let events: EventProbe;

  beforeAll(async () => {
    auth = await startAuth(ns);
    events = await startEventProbe(ns, ['user.tier.changed', 'user.updated']);
  });
  afterAll(async () => {
    await events?.close();
    await auth?.stop();
    await cleanupNamespace(ns);
  });

  test('when a subscription is reported, then the user becomes a subscriber and user.tier.changed names the plan; a redelivery changes nothing', async () => {
    const { user, tokens } = await signupUser(auth.url);
    const sent = await events.publish('billing.subscription.changed', billingReport(user.id, { plan: 'enterprise', interval: 'year' }));
    const changed = await events.waitFor('user.tier.changed', (p) => p.userId === user.id);
    expect(changed.payload).toEqual({ userId: user.id, tier: 'enterprise', betaExpiresAt: null });
    const updated = await events.waitFor('user.updated', (p) => p.userId === user.id);
    expect(updated.payload.fields).toEqual(['subscriptionTier']);
    const profile = await eventually(
      async () => (await http(auth.url, 'GET', '/api/users/profile', { token: tokens.accessToken })).body.user,
      (u) => u.subscriptionTier === 'enterprise',
    );
    expect(profile.usage).toMatchObject({ allowance: null });

    await events.publishRaw({ ...sent });
    await events.handled({ service: 'auth', name: 'billing-sync' }, [sent]);
    expect(events.ofType('user.tier.changed').filter((e) => e.payload.userId === user.id)).toHaveLength(1);
  });

  test('when a report names a user that does not exist, then it is acknowledged and nothing happens', async () => {
    const sent = await events.publish('billing.subscription.changed', billingReport('0'.repeat(24)));
    await events.handled({ service: 'auth', name: 'billing-sync' }, [sent]);
  });
});
