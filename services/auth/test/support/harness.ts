import { cleanupNamespace, http, randomId, testEnv, testKeys, testNamespace, TEST_INTERNAL_TOKEN } from '@postwright/platform/src/testing';
import { randomUUID } from 'node:crypto';
import type { AuthResponse, EventEnvelope, EventPayload } from '@postwright/contracts';
import { readConfig } from '../../src/config';
import { start } from '../../src/server';
import type { Clock } from '../../src/modules/ports';

export type RunningAuth = Awaited<ReturnType<typeof start>>;

/** The auth service in-process on port 0, signing with the test kit's key (other services trust it). */
export function startAuth(ns: string, extra: Record<string, string | undefined> = {}, options: { clock?: Clock } = {}): Promise<RunningAuth> {
  return start(
    readConfig(
      testEnv(ns, {
        JWT_PRIVATE_KEY: testKeys.privateKey,
        JWT_PUBLIC_KEY: testKeys.publicKey,
        // the suites sign up many users from one address; the limit has its own test
        AUTH_RATE_LIMIT_PER_MINUTE: '10000',
        ...extra,
      }),
    ),
    options,
  );
}

/**
 * A file's auth service on a namespace of its own and the test's clock, its sweep slowed to an hour
 * (expiry in these files is the lazy kind, driven by the clock): started before the file's tests
 * and handed to `take`, stopped after them and its namespace cleaned. Answers the namespace.
 */
export function clockedAuth(clock: TestClock, take: (auth: RunningAuth) => void): string {
  const ns = testNamespace();
  let auth: RunningAuth | undefined;
  beforeAll(async () => {
    auth = await startAuth(ns, { SWEEP_INTERVAL_MS: '3600000' }, { clock });
    take(auth);
  });
  afterAll(async () => {
    await auth?.stop();
    await cleanupNamespace(ns);
  });
  return ns;
}

export const PASSWORD = 'correct horse battery';

export function buildSignup(overrides: Record<string, unknown> = {}) {
  return { email: `user-${randomId()}@example.com`, password: PASSWORD, firstName: 'Ada', lastName: 'Lovelace', ...overrides };
}

/** Signs a new user up and answers the 201 body. */
export async function signupUser(baseUrl: string, overrides: Record<string, unknown> = {}): Promise<AuthResponse & { password: string }> {
  const body = buildSignup(overrides);
  const res = await http<AuthResponse>(baseUrl, 'POST', '/api/auth/signup', { body });
  if (res.status !== 201) throw new Error(`signup failed: ${res.status} ${JSON.stringify(res.body)}`);
  return { ...res.body, password: body.password };
}

/** A clock the test moves forward (beta expiry, reservation expiry). */
export class TestClock implements Clock {
  private offsetMs = 0;
  now(): Date {
    return new Date(Date.now() + this.offsetMs);
  }
  advance(ms: number): void {
    this.offsetMs += ms;
  }
}

/** The billing service's report of a subscription, as billing.subscription.changed carries it. */
export function billingReport(userId: string, overrides: Partial<EventPayload<'billing.subscription.changed'>> = {}): EventPayload<'billing.subscription.changed'> {
  const start = new Date();
  return {
    userId,
    customerId: `cus_${randomId().slice(0, 14)}`,
    subscriptionId: `sub_${randomId().slice(0, 14)}`,
    plan: 'starter',
    interval: 'month',
    status: 'active',
    currentPeriodStart: start.toISOString(),
    currentPeriodEnd: new Date(start.getTime() + 30 * 24 * 3600 * 1000).toISOString(),
    cancelAtPeriodEnd: false,
    graceEndsAt: null,
    revision: new Date().toISOString(),
    ...overrides,
  };
}

/** Wraps a report in the event envelope, as the consumer receives it. */
export function billingEvent(payload: EventPayload<'billing.subscription.changed'>): EventEnvelope<'billing.subscription.changed'> {
  return { id: randomUUID(), type: 'billing.subscription.changed', version: 1, occurredAt: new Date().toISOString(), correlationId: randomUUID(), payload };
}

/** Applies a subscription report through the running service's own use case (as its consumer does). */
export async function subscribe(auth: RunningAuth, userId: string, overrides: Partial<EventPayload<'billing.subscription.changed'>> = {}): Promise<void> {
  await auth.modules.billingSync.apply(billingEvent(billingReport(userId, overrides)));
}

/** The internal quota API and the profile of a running auth service, as the tests call them. */
export function quotaCalls(baseUrl: () => string) {
  const call = (path: string, body: unknown, token = TEST_INTERNAL_TOKEN) =>
    http(baseUrl(), 'POST', `/internal/quota/${path}`, { body, headers: token ? { 'x-internal-token': token } : {} });
  return {
    call,
    reserve: (userId: string) => call('reserve', { userId }),
    commit: (reservationId: string) => call('commit', { reservationId }),
    release: (reservationId: string) => call('release', { reservationId }),
    profile: async (token: string) => (await http(baseUrl(), 'GET', '/api/users/profile', { token })).body.user,
  };
}
