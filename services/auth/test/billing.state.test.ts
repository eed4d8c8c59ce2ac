import { billingEvent, billingReport, clockedAuth, quotaCalls, signupUser, startAuth, subscribe, TestClock, type RunningAuth } from './support/harness';

const DAY = 24 * 3600 * 1000;

/**
 * What a member may generate once the billing service reports their subscription: the plan
 * becomes the tier (Stripe's status beside it), Starter counts 50 posts a month, a failed renewal
 * keeps the plan for the grace period, and a subscription that ends falls back to a finished trial.
 */
describe('subscriptions on the user (billing.subscription.changed applied)', () => {
  const clock = new TestClock();
  let auth: RunningAuth;
  const ns = clockedAuth(clock, (started) => (auth = started));

  const { reserve, commit, profile } = quotaCalls(() => auth.url);

  test('when a Starter subscription is reported, then the tier is the plan, the status is Stripe\'s and the trial is over', async () => {
    const { user, tokens } = await signupUser(auth.url);
    const report = billingReport(user.id, { plan: 'starter', status: 'active' });
    await auth.modules.billingSync.apply(billingEvent(report));
    const after = await profile(tokens.accessToken);
    expect(after).toMatchObject({ subscriptionTier: 'starter', subscriptionStatus: 'active', trialPostsUsed: 0, trialEndsAt: expect.any(String) });
    expect(after.usage).toEqual({ used: 0, allowance: 50, resetsAt: report.currentPeriodEnd });
  });

  test('when reports arrive out of order, then an older one never overwrites a newer one', async () => {
    const { user, tokens } = await signupUser(auth.url);
    const older = billingReport(user.id, { plan: 'starter', revision: new Date(Date.now() - 60_000).toISOString() });
    const newer = billingReport(user.id, { plan: 'professional', revision: new Date().toISOString() });
    await auth.modules.billingSync.apply(billingEvent(newer));
    await auth.modules.billingSync.apply(billingEvent(older));
    expect((await profile(tokens.accessToken)).subscriptionTier).toBe('professional');
  });

  test('when a Starter member has 1 post left and 10 generations start at once, then exactly one gets it', async () => {
    const { user } = await signupUser(auth.url);
    await subscribe(auth, user.id, { plan: 'starter' });
    for (let i = 0; i < 49; i += 1) expect((await commit((await reserve(user.id)).body.reservationId)).status).toBe(200);
    const results = await Promise.all(Array.from({ length: 10 }, () => reserve(user.id)));
    expect(results.filter((r) => r.status === 200)).toHaveLength(1);
    const refused = results.filter((r) => r.status === 403);
    expect(refused).toHaveLength(9);
    for (const r of refused) expect(r.body).toMatchObject({ code: 'PLAN.LIMIT_REACHED', details: { allowance: 50, resetsAt: expect.any(String) } });
    expect(refused[0].body.error).toMatch(/^Plan limit reached\. Your 50 posts for this month are used; they come back on [A-Z][a-z]+ \d{1,2}, \d{4}\./);
  });

  test('when the renewal is reported with a new period, then the month starts again with open reservations carried over', async () => {
    const { user, tokens } = await signupUser(auth.url);
    const first = billingReport(user.id, { plan: 'starter' });
    await subscribe(auth, user.id, first);
    for (let i = 0; i < 49; i += 1) await commit((await reserve(user.id)).body.reservationId);
    const open = await reserve(user.id);
    expect((await reserve(user.id)).status).toBe(403);
    const renewedStart = first.currentPeriodEnd!;
    const renewedEnd = new Date(Date.parse(renewedStart) + 30 * DAY).toISOString();
    await subscribe(auth, user.id, { plan: 'starter', currentPeriodStart: renewedStart, currentPeriodEnd: renewedEnd });
    const next = await reserve(user.id);
    expect(next.status).toBe(200);
    expect(next.body.usage).toEqual({ used: 0, allowance: 50, resetsAt: renewedEnd });
    // the generation under way at the renewal counts in the new month
    expect((await commit(open.body.reservationId)).body.usage.used).toBe(1);
    expect((await profile(tokens.accessToken)).usage.used).toBe(1);
  });

  test('when the period ends and the renewal has not been reported yet, then the next month starts anyway, and the late report does not start it twice', async () => {
    const { user } = await signupUser(auth.url);
    const localClock = new TestClock();
    const other = await startAuth(ns, { SWEEP_INTERVAL_MS: '3600000' }, { clock: localClock });
    try {
      const report = billingReport(user.id, { plan: 'starter' });
      await subscribe(other, user.id, report);
      const { call } = quotaCalls(() => other.url);
      for (let i = 0; i < 50; i += 1) await call('commit', { reservationId: (await call('reserve', { userId: user.id })).body.reservationId });
      expect((await call('reserve', { userId: user.id })).status).toBe(403);
      localClock.advance(31 * DAY);
      const lazily = await call('reserve', { userId: user.id });
      expect(lazily.status).toBe(200);
      await call('commit', { reservationId: lazily.body.reservationId });
      await subscribe(other, user.id, { plan: 'starter', currentPeriodStart: report.currentPeriodEnd, currentPeriodEnd: new Date(Date.parse(report.currentPeriodEnd!) + 31 * DAY).toISOString() });
      const after = await call('reserve', { userId: user.id });
      expect(after.body.usage.used).toBe(1);
    } finally {
      await other.stop();
    }
  });

  test('when a renewal fails, then the plan keeps working through the grace period and generation waits for payment after it', async () => {
    const { user } = await signupUser(auth.url);
    const graceEndsAt = new Date(clock.now().getTime() + 7 * DAY).toISOString();
    await subscribe(auth, user.id, { plan: 'starter', status: 'past_due', graceEndsAt });
    expect((await reserve(user.id)).status).toBe(200);
    clock.advance(8 * DAY);
    try {
      const refused = await reserve(user.id);
      expect(refused.status).toBe(402);
      expect(refused.body).toMatchObject({ code: 'PLAN.PAYMENT_OVERDUE' });
    } finally {
      clock.advance(-8 * DAY);
    }
    await subscribe(auth, user.id, { plan: 'starter', status: 'unpaid' });
    expect((await reserve(user.id)).status).toBe(402);
  });

  test('when a cancelled plan reaches its period end, then the member has what a finished trial gets, before and after Stripe says so', async () => {
    const { user, tokens } = await signupUser(auth.url);
    const report = billingReport(user.id, { plan: 'professional', cancelAtPeriodEnd: true });
    await subscribe(auth, user.id, report);
    expect((await reserve(user.id)).status).toBe(200);
    clock.advance(31 * DAY);
    try {
      expect((await reserve(user.id)).body).toMatchObject({ code: 'TRIAL.ENDED' });
    } finally {
      clock.advance(-31 * DAY);
    }
    await subscribe(auth, user.id, { plan: 'professional', status: 'canceled', cancelAtPeriodEnd: true });
    const after = await profile(tokens.accessToken);
    expect(after).toMatchObject({ subscriptionTier: 'trial', subscriptionStatus: 'canceled', trialPostsUsed: 0, trialEndsAt: expect.any(String) });
    // a finished trial has nothing left, whatever was used of it
    expect(after.usage).toEqual({ used: 3, allowance: 3, resetsAt: null });
    expect((await reserve(user.id)).body).toMatchObject({ code: 'TRIAL.ENDED' });
  });

  test('when a subscription\'s start and its end are reported at once, then the newer one decides, whichever is applied first', async () => {
    for (let round = 0; round < 5; round += 1) {
      const { user, tokens } = await signupUser(auth.url);
      const started = billingReport(user.id, { plan: 'starter', revision: new Date(Date.now() - 1_000).toISOString() });
      const ended = billingReport(user.id, { plan: 'starter', status: 'canceled', revision: new Date().toISOString() });
      await Promise.all([auth.modules.billingSync.apply(billingEvent(started)), auth.modules.billingSync.apply(billingEvent(ended))]);
      expect(await profile(tokens.accessToken)).toMatchObject({ subscriptionTier: 'trial', subscriptionStatus: 'canceled', trialEndsAt: expect.any(String) });
    }
  });

  test('when a member switches between monthly and yearly mid-month, then the month\'s count goes on: switching hands out no new posts', async () => {
    const { user } = await signupUser(auth.url);
    const monthly = billingReport(user.id, { plan: 'starter', interval: 'month', currentPeriodStart: new Date(clock.now().getTime() - 10 * DAY).toISOString(), currentPeriodEnd: new Date(clock.now().getTime() + 20 * DAY).toISOString() });
    await subscribe(auth, user.id, monthly);
    for (let i = 0; i < 50; i += 1) await commit((await reserve(user.id)).body.reservationId);
    // Stripe starts a new period when the interval changes
    await subscribe(auth, user.id, { plan: 'starter', interval: 'year', currentPeriodStart: clock.now().toISOString(), currentPeriodEnd: new Date(clock.now().getTime() + 365 * DAY).toISOString() });
    const refused = await reserve(user.id);
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({ code: 'PLAN.LIMIT_REACHED' });
    await subscribe(auth, user.id, { plan: 'starter', interval: 'month', currentPeriodStart: clock.now().toISOString(), currentPeriodEnd: new Date(clock.now().getTime() + 30 * DAY).toISOString() });
    expect((await reserve(user.id)).status).toBe(403);
  });

  test('when a subscription never started (incomplete) or a trial member has none, then the account is as it was, its trial ending when it would have', async () => {
    const { user, tokens } = await signupUser(auth.url);
    await subscribe(auth, user.id, { plan: 'starter', status: 'incomplete' });
    await subscribe(auth, user.id, { plan: null, interval: null, status: 'none', subscriptionId: null });
    expect(await profile(tokens.accessToken)).toMatchObject({ subscriptionTier: 'trial', subscriptionStatus: 'active', trialEndsAt: user.trialEndsAt, usage: { used: 0, allowance: 3 } });
    expect((await reserve(user.id)).status).toBe(200);
  });

  test('when a yearly Starter member generates, then posts are counted per month of the year', async () => {
    const { user } = await signupUser(auth.url);
    const start = new Date(clock.now().getTime() - 40 * DAY);
    const end = new Date(start.getTime() + 365 * DAY);
    await subscribe(auth, user.id, { plan: 'starter', interval: 'year', currentPeriodStart: start.toISOString(), currentPeriodEnd: end.toISOString() });
    const reserved = await reserve(user.id);
    expect(reserved.status).toBe(200);
    const resetsAt = Date.parse(reserved.body.usage.resetsAt);
    expect(resetsAt).toBeGreaterThan(clock.now().getTime());
    expect(resetsAt - clock.now().getTime()).toBeLessThanOrEqual(31 * DAY);
  });
});
