/**
 * A fake of the auth service's trial quota API (POST /internal/quota/reserve|commit|release),
 * built from contracts/src/internal.ts and the error catalogue alone, for the tests of the
 * services that call it (content). It keeps its accounts in memory; the same contract cases
 * (quota-contract.ts) run against it and against the real auth service, so it cannot drift.
 */
import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  errorCatalogue,
  hasUnlimitedPosts,
  quotaCommitRequestSchema,
  quotaReleaseRequestSchema,
  quotaReserveRequestSchema,
  TRIAL_POST_LIMIT,
  type ErrorCode,
  type KnownSubscriptionTier,
} from '@postwright/contracts';
import type { ZodType } from 'zod';

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
  /** reservations neither committed nor released */
  openReservations(userId: string): number;
  /** every call received, in order (path and body) */
  calls: Array<{ path: string; body: unknown }>;
  stop(): Promise<void>;
}

class Refusal extends Error {
  constructor(readonly code: ErrorCode) {
    super(code);
  }
}

export async function startFakeQuota(options: { internalToken: string }): Promise<FakeQuota> {
  const accounts = new Map<string, Account>();
  const calls: FakeQuota['calls'] = [];

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

  const handlers: Record<string, { schema: ZodType; handle(body: any): unknown }> = {
    '/internal/quota/reserve': {
      schema: quotaReserveRequestSchema,
      handle({ userId }: { userId: string }) {
        const a = accounts.get(userId);
        if (!a) throw new Refusal('USER.NOT_FOUND');
        if (unlimited(a)) return { reservationId: null, unlimited: true, trialPostsRemaining: null };
        if (taken(a) >= TRIAL_POST_LIMIT) throw new Refusal('TRIAL.LIMIT_REACHED');
        const key = randomBytes(16).toString('hex');
        a.reservations.set(key, 'open');
        return { reservationId: `${userId}_${key}`, unlimited: false, trialPostsRemaining: remaining(a) };
      },
    },
    '/internal/quota/commit': {
      schema: quotaCommitRequestSchema,
      handle({ reservationId }: { reservationId: string }) {
        const ref = parse(reservationId);
        if (!ref) throw new Refusal('QUOTA.RESERVATION_NOT_FOUND');
        const state = ref.a.reservations.get(ref.key);
        if (state === 'released') throw new Refusal('QUOTA.RESERVATION_RELEASED');
        if (state === 'open') {
          ref.a.reservations.set(ref.key, 'committed');
          ref.a.used += 1;
        }
        return { trialPostsRemaining: unlimited(ref.a) ? null : remaining(ref.a) };
      },
    },
    '/internal/quota/release': {
      schema: quotaReleaseRequestSchema,
      handle({ reservationId }: { reservationId: string }) {
        const ref = parse(reservationId);
        if (!ref || ref.a.reservations.get(ref.key) !== 'open') return { released: false };
        ref.a.reservations.set(ref.key, 'released');
        return { released: true };
      },
    },
  };

  const send = (res: ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
  };
  const refuse = (res: ServerResponse, code: ErrorCode, details?: unknown) =>
    send(res, errorCatalogue[code].status, { error: errorCatalogue[code].message, code, ...(details ? { details } : {}) });

  async function handle(req: IncomingMessage, res: ServerResponse) {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const handler = req.method === 'POST' ? handlers[req.url ?? ''] : undefined;
    if (!handler) return refuse(res, 'ROUTE.NOT_FOUND');
    if (req.headers['x-internal-token'] !== options.internalToken) return refuse(res, 'INTERNAL.FORBIDDEN');
    let raw: unknown;
    try {
      raw = JSON.parse(Buffer.concat(chunks).toString('utf8') || 'null');
    } catch {
      return refuse(res, 'REQUEST.MALFORMED_JSON');
    }
    calls.push({ path: req.url!, body: raw });
    const parsed = handler.schema.safeParse(raw);
    if (!parsed.success) return refuse(res, 'REQUEST.INVALID', { fields: parsed.error.issues.map((i) => i.path.join('.')) });
    try {
      send(res, 200, handler.handle(parsed.data));
    } catch (err) {
      if (err instanceof Refusal) return refuse(res, err.code);
      throw err;
    }
  }

  const server = createServer((req, res) => {
    handle(req, res).catch(() => send(res, 500, { error: 'fake quota failed' }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}`,
    calls,
    addUser(userId, tier = 'trial') {
      accounts.set(userId, { tier, used: 0, reservations: new Map() });
    },
    setTier(userId, tier) {
      account(userId).tier = tier;
    },
    trialPostsUsed: (userId) => account(userId).used,
    openReservations: (userId) => [...account(userId).reservations.values()].filter((s) => s === 'open').length,
    stop: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
