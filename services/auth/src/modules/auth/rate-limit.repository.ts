import { createHash } from 'node:crypto';
import { isIPv6 } from 'node:net';
import type { Redis } from '@postwright/platform';

export interface RateLimiter {
  /** counts one attempt; answers the seconds to wait when over the limit (the service's, or `limit`, in `windowSeconds`: a minute), else null */
  hit(bucket: string, subject: string, limit?: number, windowSeconds?: number): Promise<number | null>;
  /** takes one counted attempt back (it succeeded): only failures stay counted */
  forgive(bucket: string, subject: string): Promise<void>;
  /** the attempts counted in the current window */
  count(bucket: string, subject: string): Promise<number>;
}

/** Decrements an existing counter only: on a window that just ended it would make a key with no TTL. */
const FORGIVE = `if redis.call('exists', KEYS[1]) == 1 then return redis.call('decr', KEYS[1]) end return 0`;

/** Fixed windows in Redis (a minute unless said), shared by every instance of the service. */
export function createRateLimiter(redis: Redis, prefix: string, limitPerMinute: number): RateLimiter {
  // subjects (emails, addresses) are hashed: no personal data in key names
  const keyOf = (bucket: string, subject: string) => `${prefix}rl:${bucket}:${createHash('sha256').update(subject).digest('base64url')}`;
  return {
    async hit(bucket, subject, limit = limitPerMinute, windowSeconds = 60) {
      const key = keyOf(bucket, subject);
      const result = await redis.multi().set(key, '0', 'EX', windowSeconds, 'NX').incr(key).pttl(key).exec();
      const count = Number(result?.[1]?.[1] ?? 0);
      const pttl = Number(result?.[2]?.[1] ?? windowSeconds * 1000);
      return count > limit ? Math.max(1, Math.ceil(pttl / 1000)) : null;
    },
    async forgive(bucket, subject) {
      await redis.eval(FORGIVE, 1, keyOf(bucket, subject));
    },
    async count(bucket, subject) {
      return Number((await redis.get(keyOf(bucket, subject))) ?? 0);
    },
  };
}

/**
 * The client a limit counts: an IPv4 address, or the /64 an IPv6 address is in (one host holds a
 * whole /64 and could otherwise take a new address for every try).
 */
export function clientKey(address: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped) return mapped[1];
  if (!isIPv6(address)) return address;
  const [head, tail = ''] = address.toLowerCase().split('::');
  const left = head ? head.split(':') : [];
  const right = address.includes('::') && tail ? tail.split(':') : [];
  const groups = address.includes('::') ? [...left, ...Array(8 - left.length - right.length).fill('0'), ...right] : left;
  return `${groups.slice(0, 4).map((g) => g.replace(/^0+(?=.)/, '')).join(':')}::/64`;
}

/**
 * Failed sign-ins for one email from anywhere slow its sign-ins down rather than refuse them (a
 * refusal would let anyone lock the owner out): no delay for the first few, then a delay that
 * doubles with each further failure in the window, never more than LOGIN_DELAY_MAX_MS.
 */
export const LOGIN_FREE_FAILURES = 4;
const LOGIN_DELAY_BASE_MS = 250;
export const LOGIN_DELAY_MAX_MS = 2_000;

export function loginDelayMs(failuresForEmail: number): number {
  if (failuresForEmail < LOGIN_FREE_FAILURES) return 0;
  return Math.min(LOGIN_DELAY_MAX_MS, LOGIN_DELAY_BASE_MS * 2 ** (failuresForEmail - LOGIN_FREE_FAILURES));
}
