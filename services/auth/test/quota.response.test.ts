import { quotaCommitResponseSchema, quotaReleaseResponseSchema, quotaReserveResponseSchema } from '@postwright/contracts';
import { cleanupNamespace, eventually, http, randomId, testNamespace, TEST_INTERNAL_TOKEN } from '@postwright/platform/src/testing';
import { clockedAuth, quotaCalls, signupUser, startAuth, TestClock, type RunningAuth } from './support/harness';

const EXHAUSTED = { error: 'Trial limit reached. Please upgrade to continue generating content.', code: 'TRIAL.LIMIT_REACHED' };
const DAY = 24 * 3600 * 1000;

describe('internal trial quota API (reserve -> commit | release)', () => {
  const clock = new TestClock();
  let auth: RunningAuth;
  clockedAuth(clock, (started) => (auth = started));

  const { call, reserve, commit, release, profile } = quotaCalls(() => auth.url);

  test('when the internal token is missing or wrong, then 403 and nothing is reserved', async () => {
    const { user, tokens } = await signupUser(auth.url);
    for (const token of ['', 'wrong-token-wrong-token-wrong']) {
      const res = await call('reserve', { userId: user.id }, token);
      expect(res.status).toBe(403);
      expect(res.body).toMatchObject({ error: expect.any(String), code: 'INTERNAL.FORBIDDEN' });
    }
    expect((await reserve(user.id)).body.trialPostsRemaining).toBe(2);
    expect((await profile(tokens.accessToken)).trialPostsUsed).toBe(0);
  });

  test('when a trial user reserves and commits, then each commit uses one of the 3 posts', async () => {
    const { user, tokens } = await signupUser(auth.url);
    const first = await reserve(user.id);
    expect(first.status).toBe(200);
    expect(quotaReserveResponseSchema.parse(first.body)).toEqual({ reservationId: expect.any(String), unlimited: false, trialPostsRemaining: 2, usage: { used: 0, allowance: 3, resetsAt: null } });
    const committed = await commit(first.body.reservationId);
    expect(committed.status).toBe(200);
    expect(quotaCommitResponseSchema.parse(committed.body)).toEqual({ trialPostsRemaining: 2, usage: { used: 1, allowance: 3, resetsAt: null } });
    expect((await profile(tokens.accessToken)).trialPostsUsed).toBe(1);
  });

  test('when 10 reservations race on a fresh trial account, then exactly 3 are granted and 7 get the trial-limit 403', async () => {
    const { user, tokens } = await signupUser(auth.url);
    const results = await Promise.all(Array.from({ length: 10 }, () => reserve(user.id)));
    const granted = results.filter((r) => r.status === 200);
    const refused = results.filter((r) => r.status === 403);
    expect(granted).toHaveLength(3);
    expect(refused).toHaveLength(7);
    for (const r of refused) expect(r.body).toMatchObject(EXHAUSTED);
    expect(new Set(granted.map((r) => r.body.reservationId)).size).toBe(3);
    expect(granted.map((r) => r.body.trialPostsRemaining).sort()).toEqual([0, 1, 2]);

    const commits = await Promise.all(granted.map((r) => commit(r.body.reservationId)));
    expect(commits.map((c) => c.status)).toEqual([200, 200, 200]);
    expect((await profile(tokens.accessToken)).trialPostsUsed).toBe(3);
    const after = await reserve(user.id);
    expect(after.status).toBe(403);
    expect(after.body).toMatchObject(EXHAUSTED);
  });

  test('when a generation fails and its reservation is released, then the post is given back', async () => {
    const { user, tokens } = await signupUser(auth.url);
    const held = await Promise.all([reserve(user.id), reserve(user.id), reserve(user.id)]);
    expect((await reserve(user.id)).status).toBe(403);
    const released = await release(held[0].body.reservationId);
    expect(released.status).toBe(200);
    expect(quotaReleaseResponseSchema.parse(released.body)).toEqual({ released: true });
    // a second release is harmless, a commit after release is refused
    expect((await release(held[0].body.reservationId)).body).toEqual({ released: false });
    const late = await commit(held[0].body.reservationId);
    expect(late.status).toBe(409);
    expect(late.body.error).toEqual(expect.any(String));
    const again = await reserve(user.id);
    expect(again.status).toBe(200);
    expect((await profile(tokens.accessToken)).trialPostsUsed).toBe(0);
  });

  test('when a commit is retried, then the post is counted once', async () => {
    const { user, tokens } = await signupUser(auth.url);
    const { reservationId } = (await reserve(user.id)).body;
    const [a, b] = [await commit(reservationId), await commit(reservationId)];
    expect([a.status, b.status]).toEqual([200, 200]);
    expect(b.body).toEqual({ trialPostsRemaining: 2, usage: { used: 1, allowance: 3, resetsAt: null } });
    expect((await profile(tokens.accessToken)).trialPostsUsed).toBe(1);
  });

  test('when reservations are abandoned past their TTL, then the next reserve gets the posts back; a late commit still counts if a post is free', async () => {
    const { user, tokens } = await signupUser(auth.url);
    const held = await Promise.all([reserve(user.id), reserve(user.id), reserve(user.id)]);
    expect((await reserve(user.id)).status).toBe(403);
    clock.advance(6 * 60 * 1000); // past the 5-minute reservation TTL
    const fresh = await reserve(user.id);
    expect(fresh.status).toBe(200);
    expect(fresh.body.trialPostsRemaining).toBe(2);
    // a generation that outlived its reservation: counted, because a post is free
    const late = await commit(held[0].body.reservationId);
    expect(late.status).toBe(200);
    expect(late.body).toEqual({ trialPostsRemaining: 1, usage: { used: 1, allowance: 3, resetsAt: null } });
    expect((await profile(tokens.accessToken)).trialPostsUsed).toBe(1);
  });

  test('when the account is premium, then reservations are unlimited and carry no id', async () => {
    const { user } = await signupUser(auth.url);
    await auth.modules.admin.setTier(user.id, { tier: 'premium' });
    const results = await Promise.all(Array.from({ length: 5 }, () => reserve(user.id)));
    for (const r of results) expect(r.body).toEqual({ reservationId: null, unlimited: true, trialPostsRemaining: null, usage: { used: 0, allowance: null, resetsAt: null } });
  });

  test('when a beta is running, then unlimited; once betaExpiresAt passes, then it is trial again and the quota applies', async () => {
    const { user, tokens } = await signupUser(auth.url);
    await auth.modules.admin.setTier(user.id, { tier: 'beta' });
    expect((await profile(tokens.accessToken)).subscriptionTier).toBe('beta');
    for (let i = 0; i < 4; i += 1) expect((await reserve(user.id)).body.unlimited).toBe(true);

    clock.advance(15 * DAY + 1000);
    const first = await reserve(user.id);
    expect(first.body).toMatchObject({ unlimited: false, trialPostsRemaining: 2 });
    await Promise.all([reserve(user.id), reserve(user.id)]);
    expect((await reserve(user.id)).body).toMatchObject(EXHAUSTED);
    expect(await profile(tokens.accessToken)).toMatchObject({ subscriptionTier: 'trial', betaExpiresAt: null });
  });

  test('when the user does not exist, then 404 with error text; bad bodies get 400; unknown reservations 404 / not released', async () => {
    const missing = await reserve(randomId());
    expect(missing.status).toBe(404);
    expect(missing.body.error).toEqual(expect.any(String));
    expect((await reserve('not-an-id')).status).toBe(404);
    for (const body of [{}, { userId: 7 }, { userId: '' }]) {
      const res = await call('reserve', body);
      expect(res.status).toBe(400);
      expect(res.body.error).toEqual(expect.any(String));
    }
    const bogus = `${randomId()}_${'a'.repeat(32)}`;
    expect((await commit(bogus)).status).toBe(404);
    expect((await commit('garbage')).status).toBe(404);
    expect((await commit('garbage')).body.error).toEqual(expect.any(String));
    expect((await release('garbage')).body).toEqual({ released: false });
    expect((await release(bogus)).body).toEqual({ released: false });
    expect((await call('commit', { reservationId: ['x'] })).status).toBe(400);
    const malformed = await http(auth.url, 'POST', '/internal/quota/reserve', { raw: '{', headers: { 'x-internal-token': TEST_INTERNAL_TOKEN } });
    expect(malformed.status).toBe(400);
  });
});

describe('abandoned reservations are swept on a timer', () => {
  const ns = testNamespace();
  let auth: RunningAuth;

  beforeAll(async () => {
    auth = await startAuth(ns, { QUOTA_RESERVATION_TTL_SECONDS: '1', SWEEP_INTERVAL_MS: '250' });
  });
  afterAll(async () => {
    await auth?.stop();
    await cleanupNamespace(ns);
  });

  test('when nobody commits or releases a reservation, then the sweeper gives the post back', async () => {
    const { user } = await signupUser(auth.url);
    const headers = { 'x-internal-token': TEST_INTERNAL_TOKEN };
    const held = await http(auth.url, 'POST', '/internal/quota/reserve', { body: { userId: user.id }, headers });
    expect(held.body.trialPostsRemaining).toBe(2);
    const swept = await eventually(
      async () => (await auth.modules.users.findById(user.id))!,
      (u) => u.trialPostsReserved === 0,
    );
    expect(swept).toMatchObject({ trialPostsReserved: 0, trialSlotsTaken: 0, trialPostsUsed: 0, trialReservations: {} });
  });
});
