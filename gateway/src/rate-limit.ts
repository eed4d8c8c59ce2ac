import { createHash } from 'node:crypto';
import type { ServerResponse } from 'node:http';
import { ipKeyGenerator, type ClientRateLimitInfo, type Options } from 'express-rate-limit';
import { AppError } from '@postwright/platform';
import type { BatchedRedisStore } from './rate-limit-store';

/**
 * Counts a request against its client's limit (per user, or per address before sign-in) and says
 * so in the answer's headers, as express-rate-limit's draft-8 headers said it: `RateLimit` (what is
 * left and when the window resets) and `RateLimit-Policy` on every answer, `Retry-After` on a
 * refusal (each set once: nothing before it sets them). A plain function of the key and the response, so the API path needs no framework.
 *
 * Returns nothing when the request may go on, or the refusal (RATE_LIMITED, 429); a promise of
 * either while the store waits for its first sync of the window. A store that fails lets the
 * request through (the limit protects the services; it must not take them down with Redis).
 */
export type RateCheck = (key: string, res: ServerResponse) => AppError | undefined | Promise<AppError | undefined>;

/** Whose count a request is on: the user's once signed in, else the address's (IPv6 by its /56, as express-rate-limit does). */
export function rateKey(user: Express.User | undefined, address: string | undefined): string {
  return user ? `u:${user.id}` : `ip:${ipKeyGenerator(address ?? '')}`;
}

export function rateLimiter(store: BatchedRedisStore, options: { limit: number; windowMs: number }): RateCheck {
  const { limit, windowMs } = options;
  store.init?.({ windowMs } as Options);
  const windowSeconds = Math.ceil(windowMs / 1000);
  const name = `"${limit}-in-${window(windowMs)}"`;
  const policies = new Policies((key) => `${name}; q=${limit}; w=${windowSeconds}; pk=:${partitionKey(key)}:`);

  const verdict = (key: string, res: ServerResponse, info: ClientRateLimitInfo): AppError | undefined => {
    const resetSeconds = info.resetTime ? Math.max(0, Math.ceil((info.resetTime.getTime() - Date.now()) / 1000)) : windowSeconds;
    if (!res.headersSent) {
      res.setHeader('ratelimit', `${name}; r=${Math.max(limit - info.totalHits, 0)}; t=${resetSeconds}`);
      res.setHeader('ratelimit-policy', policies.of(key));
    }
    if (info.totalHits <= limit) return undefined;
    if (!res.headersSent) res.setHeader('retry-after', String(resetSeconds));
    return AppError.of('RATE_LIMITED');
  };

  return (key, res) => {
    let counted: ClientRateLimitInfo | Promise<ClientRateLimitInfo>;
    try {
      counted = store.increment(key);
    } catch {
      return undefined;
    }
    if (counted instanceof Promise) {
      return counted.then(
        (info) => verdict(key, res, info),
        () => undefined,
      );
    }
    return verdict(key, res, counted);
  };
}

/**
 * A refused authentication (no token, a bad or expired one, an ended session) counts against the
 * client address's limit like any request before sign-in: 401s are answered before the limiter
 * would see them, so without this a client could send junk tokens without end. Resolves to the
 * refusal to send: the 401's error, or RATE_LIMITED once the address is over its limit.
 */
export function countRefused(checkRate: RateCheck, address: string | undefined, res: ServerResponse, refusal: unknown): unknown {
  const limited = checkRate(rateKey(undefined, address), res);
  if (limited instanceof Promise) return limited.then((r) => r ?? refusal);
  return limited ?? refusal;
}

/** express-rate-limit's words for a window: 1min, 30sec, 2hrs, 1day. */
function window(windowMs: number): string {
  const seconds = windowMs / 1000;
  const minutes = seconds / 60;
  const hours = minutes / 60;
  const days = hours / 24;
  if (seconds < 60) return `${seconds}sec`;
  if (minutes < 60) return `${minutes}min`;
  if (hours < 24) return `${hours}hr${hours > 1 ? 's' : ''}`;
  return `${days}day${days > 1 ? 's' : ''}`;
}

/**
 * The `pk` of RateLimit-Policy: the first 12 hex digits of the key's SHA-256, base64 encoded (as
 * express-rate-limit writes it, so a client sees the same header as before).
 */
function partitionKey(key: string): string {
  return Buffer.from(createHash('sha256').update(key).digest('hex').slice(0, 12)).toString('base64');
}

/** Each key's RateLimit-Policy, worked out once: a client sends many requests under one key. */
class Policies {
  private readonly known = new Map<string, string>();

  constructor(private readonly policyOf: (key: string) => string) {}

  of(key: string): string {
    let policy = this.known.get(key);
    if (policy === undefined) {
      policy = this.policyOf(key);
      // a bound, not a cache policy: a full map starts over
      if (this.known.size >= 10_000) this.known.clear();
      this.known.set(key, policy);
    }
    return policy;
  }
}
