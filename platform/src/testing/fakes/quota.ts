/**
 * A fake of the auth service's internal API: the posts quota (POST /internal/quota/reserve|commit|
 * release) and the member's account (GET /internal/users/:id/account), built from
 * contracts/src/internal.ts, contracts/src/billing.ts and the error catalogue alone, for the tests
 * of the services that call it (content, billing). It keeps its accounts in memory; the same
 * contract cases (quota-contract.ts) run against it and against the real auth service, so it
 * cannot drift.
 */
import { randomBytes } from 'node:crypto';
import {
  hasUnlimitedPosts,
  monthlyAllowance,
  quotaCommitRequestSchema,
  quotaReleaseRequestSchema,
  quotaReserveRequestSchema,
  TRIAL_POST_LIMIT,
  notificationKinds,
  type InternalAccount,
  type NotificationPreferences,
  type PlanId,
  type Usage,
} from '@postwright/contracts';
import { parseBody, Refusal, startJsonServer, type FakeRequest } from './json-server';

/** The tiers the quota knows, and `overdue` for a plan whose payment is overdue (past its grace, or unpaid). */
export type FakeQuotaTier = 'trial' | 'beta' | 'premium' | PlanId;

interface Account {
  tier: FakeQuotaTier;
  overdue: boolean;
  /** the trial's days have passed (or a subscription ended it): when it ended, else null */
  trialEndedAt: string | null;
  /** posts committed (the trial's, or the plan's this month) */
  used: number;
  /** the plan's month ends then */
  resetsAt: string | null;
  /** reservation key -> what became of it */
  reservations: Map<string, 'open' | 'committed' | 'released'>;
  email: string;
  emailVerified: boolean;
  notifications: NotificationPreferences;
  firstName: string;
  lastName: string;
}

export interface FakeQuota {
  url: string;
  /** an account the quota knows (the real one: a signed-up user), with its tier */
  addUser(
    userId: string,
    tier?: FakeQuotaTier,
    profile?: { email?: string; firstName?: string; lastName?: string; emailVerified?: boolean; notifications?: Partial<NotificationPreferences> },
  ): void;
  setTier(userId: string, tier: FakeQuotaTier): void;
  /** a plan whose renewal failed past its grace (the real one: status unpaid, or past_due after the grace) */
  setOverdue(userId: string, overdue: boolean): void;
  /** a trial whose 30 days have passed, or that a subscription ended (the real one: trialEndsAt in the past) */
  setTrialEnded(userId: string, ended: boolean): void;
  /** posts committed for the user, as the auth profile's trialPostsUsed (or the plan's usage) */
  trialPostsUsed(userId: string): number;
  /** as if the member had already generated this many posts (of the trial, or of the plan's month) */
  setUsed(userId: string, used: number): void;
  /** every call received, in order */
  calls: FakeRequest[];
  stop(): Promise<void>;
}

const isPlan = (tier: FakeQuotaTier): tier is PlanId => tier === 'starter' || tier === 'professional' || tier === 'enterprise';

export async function startFakeQuota(options: { internalToken: string }): Promise<FakeQuota> {
  const accounts = new Map<string, Account>();

  const account = (userId: string) => {
    const found = accounts.get(userId);
    if (!found) throw new Error(`fake quota: no user ${userId}`);
    return found;
  };
  const open = (a: Account) => [...a.reservations.values()].filter((s) => s === 'open').length;
  const taken = (a: Account) => a.used + open(a);
  const limit = (a: Account) => (isPlan(a.tier) ? monthlyAllowance(a.tier) : hasUnlimitedPosts({ subscriptionTier: a.tier, betaExpiresAt: null }) ? null : TRIAL_POST_LIMIT);
  /** beta and premium count nothing; a plan counts even when unlimited */
  const counted = (a: Account) => isPlan(a.tier) || limit(a) !== null;
  const remaining = (a: Account) => Math.max(0, TRIAL_POST_LIMIT - taken(a));
  const trialRemaining = (a: Account) => (a.tier === 'trial' ? remaining(a) : null);
  const usage = (a: Account): Usage =>
    isPlan(a.tier)
      ? { used: a.used, allowance: limit(a), resetsAt: a.resetsAt }
      : a.tier === 'trial'
        ? // a trial that ended has nothing left, whatever was used of it
          { used: a.trialEndedAt ? TRIAL_POST_LIMIT : a.used, allowance: TRIAL_POST_LIMIT, resetsAt: null }
        : { used: 0, allowance: null, resetsAt: null };
  /** reservationId = <userId>_<key>, as the real one (opaque to callers) */
  const parse = (reservationId: string) => {
    const at = reservationId.lastIndexOf('_');
    const a = at > 0 ? accounts.get(reservationId.slice(0, at)) : undefined;
    const key = reservationId.slice(at + 1);
    return a && a.reservations.has(key) ? { a, key } : null;
  };

  const handlers: Record<string, (body: unknown) => unknown> = {
    '/internal/quota/reserve': (body) => {
      const { userId, free } = parseBody(quotaReserveRequestSchema, body);
      const a = accounts.get(userId);
      if (!a) throw new Refusal('USER.NOT_FOUND');
      if (!counted(a)) return { reservationId: null, unlimited: true, trialPostsRemaining: null, usage: usage(a) };
      if (a.overdue) throw new Refusal('PLAN.PAYMENT_OVERDUE');
      if (a.tier === 'trial' && a.trialEndedAt) throw new Refusal('TRIAL.ENDED', { trialEndsAt: a.trialEndedAt });
      const max = limit(a);
      // a free "Generate again": nothing reserved, whatever is left
      if (free) return { reservationId: null, unlimited: max === null, trialPostsRemaining: trialRemaining(a), usage: usage(a) };
      if (max !== null && taken(a) >= max) {
        throw isPlan(a.tier) ? new Refusal('PLAN.LIMIT_REACHED', { allowance: max, resetsAt: a.resetsAt }) : new Refusal('TRIAL.LIMIT_REACHED');
      }
      const key = randomBytes(16).toString('hex');
      a.reservations.set(key, 'open');
      return { reservationId: `${userId}_${key}`, unlimited: max === null, trialPostsRemaining: trialRemaining(a), usage: usage(a) };
    },
    '/internal/quota/commit': (body) => {
      const ref = parse(parseBody(quotaCommitRequestSchema, body).reservationId);
      if (!ref) throw new Refusal('QUOTA.RESERVATION_NOT_FOUND');
      const state = ref.a.reservations.get(ref.key);
      if (state === 'released') throw new Refusal('QUOTA.RESERVATION_RELEASED');
      if (state === 'open') {
        ref.a.reservations.set(ref.key, 'committed');
        ref.a.used += 1;
      }
      return { trialPostsRemaining: trialRemaining(ref.a), usage: usage(ref.a) };
    },
    '/internal/quota/release': (body) => {
      const ref = parse(parseBody(quotaReleaseRequestSchema, body).reservationId);
      if (!ref || ref.a.reservations.get(ref.key) !== 'open') return { released: false };
      ref.a.reservations.set(ref.key, 'released');
      return { released: true };
    },
  };

  const accountOf = (userId: string): { account: InternalAccount } => {
    const a = accounts.get(userId);
    if (!a) throw new Refusal('USER.NOT_FOUND');
    const subscriptionStatus = a.overdue ? 'unpaid' : 'active';
    const unsubscribe = Object.fromEntries(
      notificationKinds.map((kind) => [kind, { page: `http://localhost:8080/settings/unsubscribe?token=fake.${userId}.${kind}`, oneClick: `http://localhost:8080/api/users/notifications/unsubscribe?token=fake.${userId}.${kind}` }]),
    ) as InternalAccount['unsubscribe'];
    return {
      account: { id: userId, email: a.email, emailVerified: a.emailVerified, notifications: a.notifications, unsubscribe, firstName: a.firstName, lastName: a.lastName, subscriptionTier: a.tier, subscriptionStatus, trialEndsAt: a.trialEndedAt, usage: usage(a) },
    };
  };

  const server = await startJsonServer(options.internalToken, ({ method, path, body }) => {
    const accountPath = /^\/internal\/users\/([^/]+)\/account$/.exec(path);
    if (method === 'GET' && accountPath) return accountOf(decodeURIComponent(accountPath[1]));
    const handler = method === 'POST' ? handlers[path] : undefined;
    if (!handler) throw new Refusal('ROUTE.NOT_FOUND');
    return handler(body);
  });

  const monthFromNow = () => new Date(Date.now() + 30 * 24 * 3600 * 1000).toISOString();
  return {
    url: server.url,
    calls: server.calls,
    addUser(userId, tier = 'trial', profile = {}) {
      const tag = randomBytes(4).toString('hex');
      accounts.set(userId, {
        tier,
        overdue: false,
        trialEndedAt: null,
        used: 0,
        resetsAt: isPlan(tier) ? monthFromNow() : null,
        reservations: new Map(),
        email: profile.email ?? `member-${tag}@example.com`,
        emailVerified: profile.emailVerified ?? true,
        notifications: { postPublished: true, postFailed: true, linkedinExpiry: true, ...profile.notifications },
        firstName: profile.firstName ?? 'Ada',
        lastName: profile.lastName ?? 'Lovelace',
      });
    },
    setTier(userId, tier) {
      const a = account(userId);
      // a new plan starts its month with nothing used, as a subscription does
      if (isPlan(tier) && tier !== a.tier) Object.assign(a, { used: 0, resetsAt: monthFromNow() });
      a.tier = tier;
    },
    setOverdue(userId, overdue) {
      account(userId).overdue = overdue;
    },
    setTrialEnded(userId, ended) {
      account(userId).trialEndedAt = ended ? new Date(Date.now() - 60_000).toISOString() : null;
    },
    trialPostsUsed: (userId) => account(userId).used,
    setUsed(userId, used) {
      account(userId).used = used;
    },
    stop: () => server.stop(),
  };
}
