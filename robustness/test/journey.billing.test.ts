import { subscriptionResponseSchema, type User } from '@postwright/contracts';
import { eventually, generateForm } from '@postwright/platform/src/testing';
import { TEST_CARDS } from '@postwright/platform/src/testing/stripe-pages';
import { startStack, type Stack, type TestUser } from './support/stack';

/**
 * A member's whole subscription through the gateway, every service real, Stripe played by the
 * billing sandbox (its Checkout and portal pages, its test clock, its signed webhooks coming back
 * through the gateway): the trial runs out, a declined card then a good one, the plan's posts and
 * its limit, the renewal, a failed renewal and its grace, the cancellation and the end.
 */
describe('journey: from a finished trial to a cancelled Starter plan', () => {
  let stack: Stack;
  let member: TestUser;

  beforeAll(async () => {
    stack = await startStack();
    member = await stack.user({ tier: 'trial', connect: true });
  });
  afterAll(() => stack?.stop());

  const generate = (topic = 'Hiring senior engineers') => stack.call('POST', '/api/content/generate', { token: member.token, body: { ...generateForm(), topic } });
  const profileWhere = (predicate: (u: User) => boolean) => eventually(() => stack.profile(member), predicate, 15_000);
  const subscription = async () => subscriptionResponseSchema.parse((await stack.call('GET', '/api/billing/subscription', { token: member.token })).body);

  test('when the trial\'s 3 posts are used, then the fourth is refused, and the pricing page\'s plans are for sale', async () => {
    for (let i = 0; i < 3; i += 1) expect((await generate(`Trial post ${i}`)).status).toBe(201);
    const published = await stack.publish(member, (await stack.list(member))[0].id);
    expect(published.status).toBe(200);
    const fourth = await generate();
    expect(fourth.status).toBe(403);
    expect(fourth.body).toMatchObject({ code: 'TRIAL.LIMIT_REACHED' });
    const plans = await stack.call('GET', '/api/billing/plans');
    expect(plans.status).toBe(200);
    expect(plans.body.plans.map((p: { id: string }) => p.id)).toEqual(['starter', 'professional', 'enterprise']);
  });

  test('when the member pays with a declined card and then with 4242, then Starter reaches the account and the fourth post is written', async () => {
    // a paid plan needs a verified address: the emailed link first
    const unverified = await stack.call('POST', '/api/billing/checkout', { token: member.token, body: { plan: 'starter', interval: 'month' } });
    expect(unverified.status).toBe(403);
    expect(unverified.body).toMatchObject({ code: 'AUTH.EMAIL_UNVERIFIED' });
    await stack.verifyEmail(member);
    const declined = await stack.checkout(member, 'starter', 'month', TEST_CARDS.declined);
    expect(declined.status).toBe(402);
    expect(declined.html).toContain('Your card was declined.');
    expect((await stack.profile(member)).subscriptionTier).toBe('trial');

    const paid = await stack.checkout(member, 'starter', 'month', TEST_CARDS.success);
    expect(paid.status).toBe(303);
    expect(paid.location).toMatch(/^http:\/\/localhost:8080\/billing\/success\?session_id=cs_test_/);
    const subscribed = await profileWhere((u) => u.subscriptionTier === 'starter');
    expect(subscribed).toMatchObject({ subscriptionStatus: 'active', trialPostsUsed: 3, usage: { used: 0, allowance: 50 } });
    expect(await subscription()).toMatchObject({ plan: 'starter', interval: 'month', status: 'active', cancelAtPeriodEnd: false });

    const fourth = await generate('The first post of the plan');
    expect(fourth.status).toBe(201);
    expect(fourth.body.user).toMatchObject({ trialPostsRemaining: null, usage: { used: 1, allowance: 50 } });
    const again = await stack.call('POST', '/api/billing/checkout', { token: member.token, body: { plan: 'professional', interval: 'month' } });
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ code: 'BILLING.ALREADY_SUBSCRIBED' });
  });

  test('when one post of the 50 is left and 10 generations start at once, then exactly one is written and the rest are refused with the reset date', async () => {
    for (let i = 1; i < 49; i += 1) expect((await generate(`Starter post ${i}`)).status).toBe(201);
    const results = await Promise.all(Array.from({ length: 10 }, (_, i) => generate(`At the last post ${i}`)));
    expect(results.filter((r) => r.status === 201)).toHaveLength(1);
    const refused = results.filter((r) => r.status === 403);
    expect(refused).toHaveLength(9);
    const { currentPeriodEnd } = await subscription();
    for (const r of refused) expect(r.body).toMatchObject({ code: 'PLAN.LIMIT_REACHED', details: { allowance: 50, resetsAt: currentPeriodEnd } });
    expect((await stack.profile(member)).usage).toEqual({ used: 50, allowance: 50, resetsAt: currentPeriodEnd });
    expect((await stack.list(member)).length).toBe(53);
  });

  test('when the subscription renews (test clock), then the month\'s posts come back', async () => {
    const before = await subscription();
    await stack.renew(member);
    const renewed = await profileWhere((u) => u.usage.resetsAt !== before.currentPeriodEnd);
    expect(renewed.usage).toMatchObject({ used: 0, allowance: 50 });
    expect((await generate('After the renewal')).status).toBe(201);
  });

  test('when the next renewal fails, then the account is past_due, keeps generating in its grace period, and paying with a new card makes it active', async () => {
    expect((await stack.portal(member, 'update-payment-method', { 'Card number': TEST_CARDS.declinesLater })).status).toBe(303);
    await stack.renew(member);
    await profileWhere((u) => u.subscriptionStatus === 'past_due');
    const pastDue = await subscription();
    expect(pastDue).toMatchObject({ plan: 'starter', status: 'past_due', graceEndsAt: expect.any(String) });
    expect(Date.parse(pastDue.graceEndsAt!)).toBeGreaterThan(Date.now() + 6 * 24 * 3600 * 1000);
    expect((await generate('In the grace period')).status).toBe(201);

    expect((await stack.portal(member, 'update-payment-method', { 'Card number': TEST_CARDS.success })).status).toBe(303);
    await profileWhere((u) => u.subscriptionStatus === 'active');
    expect((await subscription()).graceEndsAt).toBeNull();
  });

  test('when the member cancels in the portal, then the plan works until the period end, and after it the account has what a finished trial gets, its posts untouched', async () => {
    const items = (await stack.list(member)).length;
    expect((await stack.portal(member, 'cancel')).status).toBe(303);
    await eventually(subscription, (s) => s.cancelAtPeriodEnd, 15_000);
    expect((await generate('Before the end')).status).toBe(201);

    await stack.renew(member);
    const ended = await profileWhere((u) => u.subscriptionTier === 'trial');
    expect(ended).toMatchObject({ subscriptionStatus: 'canceled', trialEndsAt: expect.any(String), usage: { allowance: 3 } });
    expect(await subscription()).toMatchObject({ plan: null, status: 'canceled' });
    const refused = await generate('After the end');
    expect(refused.status).toBe(403);
    // a subscription ended the trial: a former subscriber gets no trial posts again
    expect(refused.body).toMatchObject({ code: 'TRIAL.ENDED' });
    const after = await stack.list(member);
    expect(after).toHaveLength(items + 1);
    expect(after.filter((i) => i.status === 'published')).toHaveLength(1);
  });
});
