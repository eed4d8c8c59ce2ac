import { eventually } from '@postwright/platform/src/testing';
import { startStack, type Member, type Stack } from './support/stack';

/**
 * Stripe delivers events at least once, in any order, and may not be answerable when they come:
 * each event is handled once (inbox by id), by reading the subscription as Stripe has it now,
 * so every way of delivering ends in Stripe's current state.
 */
describe('Stripe events: duplicates, reordering and failures converge', () => {
  let stack: Stack;
  beforeAll(async () => {
    stack = await startStack();
  });
  afterAll(async () => {
    await stack?.stop();
  });

  const eventsOf = async (member: Member) => {
    const all = (await stack.control('GET', 'events')).body.events as Array<{ id: string; type: string; event: any }>;
    const customer = await stack.billing.modules.stores.customers.byUser(member.id);
    return all.filter((e) => customer && e.event.data.object.customer === customer.customerId);
  };
  const changes = (member: Member) => stack.events.ofType('billing.subscription.changed').filter((e) => e.payload.userId === member.id);

  test('when Stripe sends every event twice and resends one later, then each is handled once and the member is told of each change once', async () => {
    const member = await stack.member();
    await stack.control('POST', 'webhooks', { duplicate: true });
    try {
      await stack.subscribe(member);
    } finally {
      await stack.control('POST', 'webhooks', { duplicate: false });
    }
    const events = await eventsOf(member);
    await eventually(async () => Promise.all(events.map((e) => stack.billing.modules.stores.inbox.byEvent(e.id))), (entries) => entries.every((x) => x && x.status !== 'pending'));
    await stack.control('POST', `events/${events[0].id}/resend`);
    await eventually(async () => (await stack.control('GET', 'events')).body.events.find((e: any) => e.id === events[0].id).deliveries.length, (n) => n >= 3);
    await stack.events.waitFor('billing.subscription.changed', (p) => p.userId === member.id && p.status === 'active');
    expect(changes(member).map((e) => e.payload.status)).toEqual(['active']);
    expect(await stack.refusals()).toEqual([]);
  });

  test('when the events of a payment and a cancellation arrive newest first, then the mirror ends as Stripe has it: active, cancelling at the period end', async () => {
    const member = await stack.member();
    await stack.control('POST', 'webhooks', { paused: true });
    try {
      const paid = await stack.pay((await stack.checkout(member)).body.url);
      expect(paid.status).toBe(303);
      const cancelled = await stack.portalAction(member, 'cancel');
      expect(cancelled.status).toBe(303);
      await stack.control('POST', 'webhooks', { reverse: true });
    } finally {
      await stack.control('POST', 'webhooks', { paused: false });
      await stack.control('POST', 'webhooks', { reverse: false });
    }
    const mirror = await eventually(() => stack.mirror(member), (m) => m?.cancelAtPeriodEnd === true);
    expect(mirror).toMatchObject({ status: 'active', plan: 'starter', interval: 'month', cancelAtPeriodEnd: true });
    const last = await stack.events.waitFor('billing.subscription.changed', (p) => p.userId === member.id && p.cancelAtPeriodEnd);
    expect(last.payload).toMatchObject({ plan: 'starter', status: 'active' });
  });

  test('when Stripe cannot be read while an event is handled, then the event stays pending and the retry loop handles it', async () => {
    const member = await stack.member();
    await stack.control('POST', 'webhooks', { paused: true });
    let paidEvents: string[] = [];
    try {
      await stack.pay((await stack.checkout(member)).body.url);
      paidEvents = (await eventsOf(member)).map((e) => e.id);
      // every read of the member's subscriptions fails for a while: each attempt and the SDK's two retries
      await stack.control('POST', 'faults', { path: '/v1/subscriptions', kind: 'api_error', times: 3 * paidEvents.length });
    } finally {
      await stack.control('POST', 'webhooks', { paused: false });
    }
    const firstFailed = await eventually(
      async () => Promise.all(paidEvents.map((id) => stack.billing.modules.stores.inbox.byEvent(id))),
      (entries) => entries.some((x) => x !== null && x.attempts > 0),
    );
    expect(firstFailed.some((x) => x?.status === 'pending')).toBe(true);
    const handled = await eventually(
      async () => Promise.all(paidEvents.map((id) => stack.billing.modules.stores.inbox.byEvent(id))),
      (entries) => entries.every((x) => x?.status === 'done' || x?.status === 'ignored'),
      20_000,
    );
    // the events that failed at first were handled by a later attempt
    expect(handled.filter((x) => x!.attempts > 0 && x!.status === 'done').length).toBeGreaterThan(0);
    expect(await stack.mirror(member)).toMatchObject({ status: 'active', plan: 'starter' });
  });

  test('when an event was given up after its last attempt and Stripe sends it again, then it is handled anew', async () => {
    const member = await stack.member();
    await stack.subscribe(member);
    const [first] = (await eventsOf(member)).filter((e) => e.type === 'customer.subscription.created');
    await eventually(() => stack.billing.modules.stores.inbox.byEvent(first.id), (x) => x?.status === 'done');
    // as the last of its attempts leaves it
    await stack.billing.ctx.mongo.collection('webhook_inbox').updateOne({ eventId: first.id }, { $set: { status: 'failed', attempts: 18, nextAttemptAt: null } });
    await stack.control('POST', `events/${first.id}/resend`);
    const entry = await eventually(() => stack.billing.modules.stores.inbox.byEvent(first.id), (x) => x?.status === 'done');
    expect(entry?.attempts).toBe(0);
  });
});
