import { Types } from 'mongoose';
import { errorCatalogue, TRIAL_DAYS } from '@postwright/contracts';
import { clockedAuth, quotaCalls, signupUser, subscribe, TestClock, type RunningAuth } from './support/harness';

const DAY = 24 * 3600 * 1000;
const TRIAL_LIMIT = { code: 'TRIAL.LIMIT_REACHED', error: errorCatalogue['TRIAL.LIMIT_REACHED'].message };
const TRIAL_ENDED = { code: 'TRIAL.ENDED', error: 'Trial ended. Please upgrade to continue generating content.', details: { trialEndsAt: expect.any(String) } };

/**
 * The trial is 30 days and 3 posts, whichever ends first: its end is set at signup, worked out
 * from the signup date for accounts made before that, and a subscription ends it at once.
 */
describe('the trial: 30 days and 3 posts, whichever ends first', () => {
  const clock = new TestClock();
  let auth: RunningAuth;
  clockedAuth(clock, (started) => (auth = started));

  const { call, reserve, commit, profile } = quotaCalls(() => auth.url);
  const reserveFree = (userId: string) => call('reserve', { userId, free: true });
  const users = () => auth.ctx.mongo.collection('users');
  const later = async <T>(ms: number, run: () => Promise<T>): Promise<T> => {
    clock.advance(ms);
    try {
      return await run();
    } finally {
      clock.advance(-ms);
    }
  };

  test('when a member signs up, then the trial ends 30 days later and the answer says when', async () => {
    const { user, tokens } = await signupUser(auth.url);
    const days = (Date.parse(user.trialEndsAt!) - Date.parse(user.createdAt)) / DAY;
    expect(days).toBeCloseTo(TRIAL_DAYS, 3);
    expect(await profile(tokens.accessToken)).toMatchObject({ trialEndsAt: user.trialEndsAt, usage: { used: 0, allowance: 3, resetsAt: null } });
  });

  test('when the 30 days pass with posts left, then a post is refused as the trial ended, and so is a free generation', async () => {
    const { user } = await signupUser(auth.url);
    await commit((await reserve(user.id)).body.reservationId);
    expect((await reserve(user.id)).status).toBe(200);
    await later(TRIAL_DAYS * DAY + 60_000, async () => {
      const refused = await reserve(user.id);
      expect(refused.status).toBe(403);
      expect(refused.body).toMatchObject({ ...TRIAL_ENDED, details: { trialEndsAt: user.trialEndsAt } });
      expect((await reserveFree(user.id)).body).toMatchObject(TRIAL_ENDED);
    });
  });

  test('when the 3 posts are used within the 30 days, then a post is refused with the spec\'s words, but a free generation still goes through without a post', async () => {
    const { user } = await signupUser(auth.url);
    for (let i = 0; i < 3; i += 1) expect((await commit((await reserve(user.id)).body.reservationId)).status).toBe(200);
    const refused = await reserve(user.id);
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject(TRIAL_LIMIT);
    const free = await reserveFree(user.id);
    expect(free.status).toBe(200);
    expect(free.body).toEqual({ reservationId: null, unlimited: false, trialPostsRemaining: 0, usage: { used: 3, allowance: 3, resetsAt: null } });
  });

  test('when a free generation is asked with posts left, then nothing is reserved and the posts stay as they were', async () => {
    const { user, tokens } = await signupUser(auth.url);
    for (let i = 0; i < 4; i += 1) {
      expect((await reserveFree(user.id)).body).toEqual({ reservationId: null, unlimited: false, trialPostsRemaining: 3, usage: { used: 0, allowance: 3, resetsAt: null } });
    }
    expect(await profile(tokens.accessToken)).toMatchObject({ trialPostsUsed: 0, usage: { used: 0, allowance: 3 } });
  });

  test('when a member subscribes on day one and the plan ends, then the trial ended when they subscribed: no trial posts, no free generations', async () => {
    const { user, tokens } = await signupUser(auth.url);
    const before = Date.now();
    await subscribe(auth, user.id, { plan: 'starter' });
    const subscribed = await profile(tokens.accessToken);
    // ended at once, not 30 days after signup
    expect(Date.parse(subscribed.trialEndsAt)).toBeGreaterThanOrEqual(before - 1_000);
    expect(Date.parse(subscribed.trialEndsAt)).toBeLessThanOrEqual(Date.now());
    await subscribe(auth, user.id, { plan: 'starter', status: 'canceled' });
    const after = await profile(tokens.accessToken);
    expect(after).toMatchObject({ subscriptionTier: 'trial', subscriptionStatus: 'canceled', trialPostsUsed: 0, trialEndsAt: subscribed.trialEndsAt, usage: { used: 3, allowance: 3 } });
    expect((await reserve(user.id)).body).toMatchObject(TRIAL_ENDED);
    expect((await reserveFree(user.id)).body).toMatchObject(TRIAL_ENDED);
  });

  test('when a trial that already ended is followed by a subscription that ends, then the trial keeps its earlier end', async () => {
    const { user, tokens } = await signupUser(auth.url);
    const ended = new Date(Date.now() - 5 * DAY);
    await users().updateOne({ _id: new Types.ObjectId(user.id) }, { $set: { trialEndsAt: ended } });
    await subscribe(auth, user.id, { plan: 'starter' });
    await subscribe(auth, user.id, { plan: 'starter', status: 'canceled' });
    expect((await profile(tokens.accessToken)).trialEndsAt).toBe(ended.toISOString());
  });

  test('when an account made before the trial end was stored has none, then its trial ends 30 days after signup: over for an old one, running for a recent one', async () => {
    const old = await signupUser(auth.url);
    const recent = await signupUser(auth.url);
    const oldSignup = new Date(Date.now() - 40 * DAY);
    const recentSignup = new Date(Date.now() - 10 * DAY);
    await users().updateOne({ _id: new Types.ObjectId(old.user.id) }, { $set: { trialEndsAt: null, createdAt: oldSignup } });
    await users().updateOne({ _id: new Types.ObjectId(recent.user.id) }, { $set: { trialEndsAt: null, createdAt: recentSignup } });

    const oldProfile = await profile(old.tokens.accessToken);
    expect(oldProfile).toMatchObject({ trialEndsAt: new Date(oldSignup.getTime() + TRIAL_DAYS * DAY).toISOString(), usage: { used: 3, allowance: 3 } });
    expect((await reserve(old.user.id)).body).toMatchObject(TRIAL_ENDED);

    expect((await profile(recent.tokens.accessToken)).trialEndsAt).toBe(new Date(recentSignup.getTime() + TRIAL_DAYS * DAY).toISOString());
    const reserved = await reserve(recent.user.id);
    expect(reserved.status).toBe(200);
    expect(reserved.body.trialPostsRemaining).toBe(2);
    // nothing was written to the account to work it out
    expect((await users().findOne({ _id: new Types.ObjectId(recent.user.id) }))?.trialEndsAt).toBeNull();
  });

  test('when a Starter member has used the month\'s posts, then a free generation still goes through; an overdue payment stops it', async () => {
    const { user } = await signupUser(auth.url);
    await subscribe(auth, user.id, { plan: 'starter' });
    for (let i = 0; i < 50; i += 1) await commit((await reserve(user.id)).body.reservationId);
    expect((await reserve(user.id)).body).toMatchObject({ code: 'PLAN.LIMIT_REACHED' });
    expect((await reserveFree(user.id)).body).toMatchObject({ reservationId: null, unlimited: false, trialPostsRemaining: null, usage: { used: 50, allowance: 50 } });
    await subscribe(auth, user.id, { plan: 'starter', status: 'unpaid' });
    const overdue = await reserveFree(user.id);
    expect(overdue.status).toBe(402);
    expect(overdue.body).toMatchObject({ code: 'PLAN.PAYMENT_OVERDUE' });
  });
});
