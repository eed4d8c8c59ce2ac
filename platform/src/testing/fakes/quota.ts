/**
 * A fake of the auth service's trial quota API (POST /internal/quota/reserve|commit|release),
 * built from contracts/src/internal.ts and the error catalogue alone, for the tests of the
 * services that call it (content). It keeps its accounts in memory; the same contract cases
 * (quota-contract.ts) run against it and against the real auth service, so it cannot drift.
 */
import { randomBytes } from 'node:crypto';
import {
  hasUnlimitedPosts,
  quotaCommitRequestSchema,
  quotaReleaseRequestSchema,
  quotaReserveRequestSchema,
  TRIAL_POST_LIMIT,
  type KnownSubscriptionTier,
} from '@postwright/contracts';
import { parseBody, Refusal, startJsonServer, type FakeRequest } from './json-server';

interface Account {
  tier: KnownSubscriptionTier;
  /** posts committed */
  used: number;
  /** reservation key -> what became of it */
  reservations: Map<string, 'open' | 'committed' | 'released'>;
}

export interface FakeQuota {
  url: string;
  /** an account the quota knows (the real one: a signed-up user), with its tier */
  addUser(userId: string, tier?: KnownSubscriptionTier): void;
  setTier(userId: string, tier: KnownSubscriptionTier): void;
  /** posts committed for the user, as the auth profile's trialPostsUsed */
  trialPostsUsed(userId: string): number;
  /** every call received, in order */
  calls: FakeRequest[];
  stop(): Promise<void>;
}

export async function startFakeQuota(options: { internalToken: string }): Promise<FakeQuota> {
  const accounts = new Map<string, Account>();

  const account = (userId: string) => {
    const found = accounts.get(userId);
    if (!found) throw new Error(`fake quota: no user ${userId}`);
    return found;
  };
  const taken = (a: Account) => a.used + [...a.reservations.values()].filter((s) => s === 'open').length;
  const remaining = (a: Account) => Math.max(0, TRIAL_POST_LIMIT - taken(a));
  const unlimited = (a: Account) => hasUnlimitedPosts({ subscriptionTier: a.tier, betaExpiresAt: null });
  /** reservationId = <userId>_<key>, as the real one (opaque to callers) */
  const parse = (reservationId: string) => {
    const at = reservationId.lastIndexOf('_');
    const a = at > 0 ? accounts.get(reservationId.slice(0, at)) : undefined;
    const key = reservationId.slice(at + 1);
    return a && a.reservations.has(key) ? { a, key } : null;
  };

  const handlers: Record<string, (body: unknown) => unknown> = {
    '/internal/quota/reserve': (body) => {
      const { userId } = parseBody(quotaReserveRequestSchema, body);
      const a = accounts.get(userId);
      if (!a) throw new Refusal('USER.NOT_FOUND');
      if (unlimited(a)) return { reservationId: null, unlimited: true, trialPostsRemaining: null };
      if (taken(a) >= TRIAL_POST_LIMIT) throw new Refusal('TRIAL.LIMIT_REACHED');
      const key = randomBytes(16).toString('hex');
      a.reservations.set(key, 'open');
      return { reservationId: `${userId}_${key}`, unlimited: false, trialPostsRemaining: remaining(a) };
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
      return { trialPostsRemaining: unlimited(ref.a) ? null : remaining(ref.a) };
    },
    '/internal/quota/release': (body) => {
      const ref = parse(parseBody(quotaReleaseRequestSchema, body).reservationId);
      if (!ref || ref.a.reservations.get(ref.key) !== 'open') return { released: false };
      ref.a.reservations.set(ref.key, 'released');
      return { released: true };
    },
  };

  const server = await startJsonServer(options.internalToken, ({ method, path, body }) => {
    const handler = method === 'POST' ? handlers[path] : undefined;
    if (!handler) throw new Refusal('ROUTE.NOT_FOUND');
    return handler(body);
  });

  return {
    url: server.url,
    calls: server.calls,
    addUser(userId, tier = 'trial') {
      accounts.set(userId, { tier, used: 0, reservations: new Map() });
    },
    setTier(userId, tier) {
      account(userId).tier = tier;
    },
    trialPostsUsed: (userId) => account(userId).used,
    stop: () => server.stop(),
  };
}
