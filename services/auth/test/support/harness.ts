import { http, randomId, testEnv, testKeys } from '@postwright/platform/src/testing';
import type { AuthResponse } from '@postwright/contracts';
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
