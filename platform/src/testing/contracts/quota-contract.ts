/**
 * The auth service's internal API as its callers rely on it (contracts/src/internal.ts): the posts
 * quota and the member's account. One set of cases,
 * run against the real auth service (services/auth/test/quota.contract.test.ts) and against the
 * fake the content service's tests use (platform/test/fake-quota.contract.test.ts), so that the
 * fake cannot drift from the service it stands for.
 */
import {
  errorCatalogue,
  internalAccountResponseSchema,
  quotaCommitResponseSchema,
  quotaReleaseResponseSchema,
  quotaReserveResponseSchema,
  type ErrorCode,
} from '@postwright/contracts';
import type { FakeQuotaTier } from '../fakes/quota';
import { http, TEST_INTERNAL_TOKEN } from '../index';

export interface QuotaTarget {
  url: string;
  /**
   * An account the quota knows, with the given tier (a plan: a subscription that is active, or
   * `overdue`: one whose payment is overdue past its grace; `trialEnded`: a trial whose 30 days
   * have passed), and its email.
   */
  newUser(tier?: FakeQuotaTier, options?: { overdue?: boolean; verified?: boolean; trialEnded?: boolean }): Promise<{ id: string; email: string; trialPostsUsed(): Promise<number> }>;
  /** an id no account has */
  unknownUserId: string;
  stop(): Promise<void>;
}

const refusal = (code: ErrorCode) => ({ error: errorCatalogue[code].message, code });

export function describeQuotaContract(name: string, start: () => Promise<QuotaTarget>): void {
  describe(`trial quota contract: ${name}`, () => {
    let target: QuotaTarget;
    beforeAll(async () => {
      target = await start();
    });
    afterAll(async () => {
      await target?.stop();
    });

    const call = (path: string, body: unknown, token = TEST_INTERNAL_TOKEN) =>
      http(target.url, 'POST', `/internal/quota/${path}`, { body, headers: token ? { 'x-internal-token': token } : {} });

    test('when a trial user reserves, commits, and commits again, then one post is used and both commits answer the same', async () => {
      const user = await target.newUser();
      const reserved = await call('reserve', { userId: user.id });
      expect(reserved.status).toBe(200);
      expect(quotaReserveResponseSchema.parse(reserved.body)).toEqual({
        reservationId: expect.any(String),
        unlimited: false,
        trialPostsRemaining: 2,
        usage: { used: 0, allowance: 3, resetsAt: null },
      });
      const first = await call('commit', { reservationId: reserved.body.reservationId });
      const again = await call('commit', { reservationId: reserved.body.reservationId });
      expect([first.status, again.status]).toEqual([200, 200]);
      expect(quotaCommitResponseSchema.parse(first.body)).toEqual({ trialPostsRemaining: 2, usage: { used: 1, allowance: 3, resetsAt: null } });
      expect(again.body).toEqual(first.body);
      await expect(user.trialPostsUsed()).resolves.toBe(1);
    });

    test('when the trial posts are all reserved, then the next reserve is the trial-limit 403 until one is released', async () => {
      const user = await target.newUser();
      const held = [];
      for (const left of [2, 1, 0]) {
        const res = await call('reserve', { userId: user.id });
        expect(res.body.trialPostsRemaining).toBe(left);
        held.push(res.body.reservationId as string);
      }
      const refused = await call('reserve', { userId: user.id });
      expect(refused.status).toBe(403);
      expect(refused.body).toMatchObject(refusal('TRIAL.LIMIT_REACHED'));

      const released = await call('release', { reservationId: held[0] });
      expect(released.status).toBe(200);
      expect(quotaReleaseResponseSchema.parse(released.body)).toEqual({ released: true });
      expect((await call('release', { reservationId: held[0] })).body).toEqual({ released: false });
      const late = await call('commit', { reservationId: held[0] });
      expect(late.status).toBe(409);
      expect(late.body).toMatchObject(refusal('QUOTA.RESERVATION_RELEASED'));
      expect((await call('reserve', { userId: user.id })).status).toBe(200);
      await expect(user.trialPostsUsed()).resolves.toBe(0);
    });

    test('when a trial\'s days have passed, then reserving is TRIAL.ENDED with when it ended, posts left or not', async () => {
      const user = await target.newUser('trial', { trialEnded: true });
      const refused = await call('reserve', { userId: user.id });
      expect(refused.status).toBe(403);
      expect(refused.body).toMatchObject({ ...refusal('TRIAL.ENDED'), details: { trialEndsAt: expect.any(String) } });
      expect((await call('reserve', { userId: user.id, free: true })).body).toMatchObject(refusal('TRIAL.ENDED'));
      await expect(user.trialPostsUsed()).resolves.toBe(0);
    });

    test('when a free generation is asked (free: true), then nothing is reserved, even with the posts used up; an overdue payment is refused all the same', async () => {
      const user = await target.newUser();
      const free = await call('reserve', { userId: user.id, free: true });
      expect(free.status).toBe(200);
      expect(quotaReserveResponseSchema.parse(free.body)).toEqual({ reservationId: null, unlimited: false, trialPostsRemaining: 3, usage: { used: 0, allowance: 3, resetsAt: null } });
      for (let i = 0; i < 3; i++) await call('commit', { reservationId: (await call('reserve', { userId: user.id })).body.reservationId });
      expect((await call('reserve', { userId: user.id })).status).toBe(403);
      expect((await call('reserve', { userId: user.id, free: true })).body).toEqual({ reservationId: null, unlimited: false, trialPostsRemaining: 0, usage: { used: 3, allowance: 3, resetsAt: null } });
      await expect(user.trialPostsUsed()).resolves.toBe(3);
      const overdue = await target.newUser('starter', { overdue: true });
      const refused = await call('reserve', { userId: overdue.id, free: true });
      expect(refused.status).toBe(402);
      expect(refused.body).toMatchObject(refusal('PLAN.PAYMENT_OVERDUE'));
    });

    test('when a premium user reserves, then it is unlimited with nothing to commit or release', async () => {
      const user = await target.newUser('premium');
      const res = await call('reserve', { userId: user.id });
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ reservationId: null, unlimited: true, trialPostsRemaining: null, usage: { used: 0, allowance: null, resetsAt: null } });
    });

    test('when a Starter member has reserved all 50 posts of the month, then the next reserve is PLAN.LIMIT_REACHED with the reset date', async () => {
      const user = await target.newUser('starter');
      const reservations = await Promise.all(Array.from({ length: 50 }, () => call('reserve', { userId: user.id })));
      expect(reservations.map((r) => r.status)).toEqual(Array(50).fill(200));
      const last = quotaReserveResponseSchema.parse(reservations[0].body);
      expect(last).toMatchObject({ unlimited: false, trialPostsRemaining: null, usage: { allowance: 50, resetsAt: expect.any(String) } });
      const refused = await call('reserve', { userId: user.id });
      expect(refused.status).toBe(403);
      expect(refused.body).toMatchObject({ code: 'PLAN.LIMIT_REACHED', error: expect.any(String), details: { allowance: 50, resetsAt: last.usage.resetsAt } });
      const committed = await call('commit', { reservationId: last.reservationId });
      expect(quotaCommitResponseSchema.parse(committed.body)).toEqual({ trialPostsRemaining: null, usage: { used: 1, allowance: 50, resetsAt: last.usage.resetsAt } });
    });

    test('when a Professional member reserves, then it is unlimited but counted, so the month shows what was used', async () => {
      const user = await target.newUser('professional');
      const reserved = await call('reserve', { userId: user.id });
      expect(quotaReserveResponseSchema.parse(reserved.body)).toMatchObject({ reservationId: expect.any(String), unlimited: true, trialPostsRemaining: null });
      const committed = await call('commit', { reservationId: reserved.body.reservationId });
      expect(quotaCommitResponseSchema.parse(committed.body).usage).toEqual({ used: 1, allowance: null, resetsAt: expect.any(String) });
    });

    test('when a member\'s payment is overdue, then reserving is PLAN.PAYMENT_OVERDUE (402)', async () => {
      const user = await target.newUser('starter', { overdue: true });
      const refused = await call('reserve', { userId: user.id });
      expect(refused.status).toBe(402);
      expect(refused.body).toMatchObject(refusal('PLAN.PAYMENT_OVERDUE'));
    });

    test('when another service asks for a member\'s account, then it gets the address, whether it is verified, the usage, the notification choices and their unsubscribe links; an unknown id is 404', async () => {
      const user = await target.newUser('starter', { verified: true });
      const res = await http(target.url, 'GET', `/internal/users/${user.id}/account`, { headers: { 'x-internal-token': TEST_INTERNAL_TOKEN } });
      expect(res.status).toBe(200);
      const { account } = internalAccountResponseSchema.parse(res.body);
      expect(account).toMatchObject({
        id: user.id,
        email: user.email,
        emailVerified: true,
        notifications: { postPublished: true, postFailed: true, linkedinExpiry: true },
        subscriptionTier: 'starter',
        usage: { used: 0, allowance: 50 },
      });
      for (const link of Object.values(account.unsubscribe)) {
        expect(link.page).toMatch(/\/settings\/unsubscribe\?token=/);
        expect(link.oneClick).toMatch(/\/api\/users\/notifications\/unsubscribe\?token=/);
      }
      const unverified = await target.newUser('trial', { verified: false });
      const other = await http(target.url, 'GET', `/internal/users/${unverified.id}/account`, { headers: { 'x-internal-token': TEST_INTERNAL_TOKEN } });
      expect(internalAccountResponseSchema.parse(other.body).account.emailVerified).toBe(false);
      const missing = await http(target.url, 'GET', `/internal/users/${target.unknownUserId}/account`, { headers: { 'x-internal-token': TEST_INTERNAL_TOKEN } });
      expect(missing.status).toBe(404);
      expect(missing.body).toMatchObject(refusal('USER.NOT_FOUND'));
      const forbidden = await http(target.url, 'GET', `/internal/users/${user.id}/account`);
      expect(forbidden.status).toBe(403);
    });

    test('when the account does not exist or the reservation is unknown, then 404 with the code', async () => {
      const missing = await call('reserve', { userId: target.unknownUserId });
      expect(missing.status).toBe(404);
      expect(missing.body).toMatchObject(refusal('USER.NOT_FOUND'));
      const unknown = await call('commit', { reservationId: `${target.unknownUserId}_${'0'.repeat(32)}` });
      expect(unknown.status).toBe(404);
      expect(unknown.body).toMatchObject(refusal('QUOTA.RESERVATION_NOT_FOUND'));
      expect((await call('release', { reservationId: 'nothing' })).body).toEqual({ released: false });
    });

    test('when the internal token is missing or the body is not the contract, then 403 or 400 and nothing is reserved', async () => {
      const user = await target.newUser();
      const forbidden = await call('reserve', { userId: user.id }, '');
      expect(forbidden.status).toBe(403);
      expect(forbidden.body).toMatchObject(refusal('INTERNAL.FORBIDDEN'));
      const invalid = await call('reserve', { user: user.id });
      expect(invalid.status).toBe(400);
      expect(invalid.body).toMatchObject({ error: expect.any(String), code: 'REQUEST.INVALID' });
      expect((await call('reserve', { userId: user.id })).body.trialPostsRemaining).toBe(2);
    });
  });
}
