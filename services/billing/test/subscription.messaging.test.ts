import { eventPayloadSchemas } from '@postwright/contracts';
import { eventually } from '@postwright/platform/src/testing';
import { startStack, TEST_CARDS, type Member, type Stack } from './support/stack';

const DAY = 24 * 3600 * 1000;

/** What the auth service is told (billing.subscription.changed) through a subscription's life. */
describe('billing.subscription.changed through a subscription\'s life (sandbox test clock)', () => {
  let stack: Stack;
  beforeAll(async () => {
    stack = await startStack();
  });
  afterAll(() => stack?.stop());

  const latest = (member: Member, match: (p: any) => boolean) => stack.events.waitFor('billing.subscription.changed', (p) => p.userId === member.id && match(p));

  test('when a member pays, then the event names the plan, the interval, Stripe\'s status and the period', async () => {
    const member = await stack.member();
    await stack.subscribe(member, 'enterprise', 'year');
    const { payload } = await latest(member, (p) => p.status === 'active');
    expect(eventPayloadSchemas['billing.subscription.changed'].parse(payload)).toEqual({
      userId: member.id,
      customerId: expect.stringMatching(/^cus_/),
      subscriptionId: expect.stringMatching(/^sub_/),
      plan: 'enterprise',
      interval: 'year',
      status: 'active',
      currentPeriodStart: expect.any(String),
      currentPeriodEnd: expect.any(String),
      cancelAtPeriodEnd: false,
      graceEndsAt: null,
      revision: expect.any(String),
    });
    const length = Date.parse(payload.currentPeriodEnd!) - Date.parse(payload.currentPeriodStart!);
    expect(length).toBeGreaterThanOrEqual(365 * DAY);
  });

  test('when the subscription renews, then the event carries the next period', async () => {
    const member = await stack.member();
    await stack.subscribe(member);
    const first = (await latest(member, (p) => p.status === 'active')).payload;
    await stack.renew(member);
    const renewed = (await latest(member, (p) => p.currentPeriodStart === first.currentPeriodEnd)).payload;
    expect(renewed).toMatchObject({ status: 'active', plan: 'starter', cancelAtPeriodEnd: false });
  });

  test('when a renewal fails, then the event says past_due with a grace period of 7 days; paying with a new card makes it active again', async () => {
    const member = await stack.member();
    await stack.subscribe(member, 'starter', 'month', TEST_CARDS.declinesLater);
    const before = Date.now();
    await stack.renew(member);
    const pastDue = (await latest(member, (p) => p.status === 'past_due')).payload;
    const grace = Date.parse(pastDue.graceEndsAt!);
    expect(grace).toBeGreaterThanOrEqual(before + 7 * DAY - 60_000);
    expect(grace).toBeLessThanOrEqual(Date.now() + 7 * DAY);
    expect((await stack.subscription(member)).body).toMatchObject({ plan: 'starter', status: 'past_due', graceEndsAt: pastDue.graceEndsAt });

    const paid = await stack.portalAction(member, 'update-payment-method', { 'Card number': TEST_CARDS.success });
    expect(paid.status).toBe(303);
    expect((await latest(member, (p) => p.status === 'active' && p.currentPeriodStart === pastDue.currentPeriodStart)).payload.graceEndsAt).toBeNull();
  });

  test('when the member cancels in the portal, then the plan runs to the period end and then the event says canceled', async () => {
    const member = await stack.member();
    await stack.subscribe(member, 'professional', 'month');
    expect((await stack.portalAction(member, 'cancel')).status).toBe(303);
    const cancelling = (await latest(member, (p) => p.cancelAtPeriodEnd)).payload;
    expect(cancelling).toMatchObject({ status: 'active', plan: 'professional' });
    expect((await stack.subscription(member)).body).toMatchObject({ plan: 'professional', status: 'active', cancelAtPeriodEnd: true, currentPeriodEnd: cancelling.currentPeriodEnd });
    await stack.renew(member);
    expect((await latest(member, (p) => p.status === 'canceled')).payload).toMatchObject({ plan: 'professional' });
    expect((await stack.subscription(member)).body).toMatchObject({ plan: null, interval: null, status: 'canceled', cancelAtPeriodEnd: false, endedAt: cancelling.currentPeriodEnd });
  });

  test('when the member changes plan in the portal, then the event names the new plan', async () => {
    const member = await stack.member();
    await stack.subscribe(member, 'starter', 'month');
    expect((await stack.portalAction(member, 'update-plan', { Plan: 'postwright_professional_month' })).status).toBe(303);
    expect((await latest(member, (p) => p.plan === 'professional')).payload).toMatchObject({ status: 'active', interval: 'month' });
  });

  test('when a stored state could not be sent (the broker was away), then the retry loop sends it', async () => {
    const member = await stack.member();
    await stack.subscribe(member);
    await latest(member, (p) => p.status === 'active');
    const before = stack.events.ofType('billing.subscription.changed').filter((e) => e.payload.userId === member.id).length;
    // as a crash between storing and sending leaves it
    await stack.billing.ctx.mongo.collection('subscriptions').updateOne({ userId: member.id }, { $set: { published: false, publishingUntil: null } });
    await eventually(async () => stack.events.ofType('billing.subscription.changed').filter((e) => e.payload.userId === member.id).length, (n) => n === before + 1);
    // the flag is set once the broker confirms, which may come after the consumer has the event
    expect(await eventually(() => stack.mirror(member), (m) => m?.published === true)).toMatchObject({ published: true });
    expect(await stack.refusals()).toEqual([]);
  });
});
