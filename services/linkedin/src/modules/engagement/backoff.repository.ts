import type { Redis } from 'ioredis';

export interface Backoff {
  active(userId: string): Promise<boolean>;
  /** another 429: wait twice as long as last time (capped) */
  hit(userId: string): Promise<number>;
  /** a daily limit reached: wait until `at` (LinkedIn resets them at midnight UTC); answers the wait */
  until(userId: string, at: number): Promise<number>;
  clear(userId: string): Promise<void>;
}

/** Where a member's back-off is kept: while the key lives, the member is not polled. */
export const backoffKey = (keyPrefix: string, userId: string): string => `${keyPrefix}engagement:backoff:${userId}`;

/** Per-member back-off after LinkedIn's 429, kept in Redis with TTLs so it expires by itself. */
export function redisBackoff(redis: Redis, keyPrefix: string, baseMs: number, maxMs = 24 * 3600_000): Backoff {
  const until = (u: string) => backoffKey(keyPrefix, u);
  const strikes = (u: string) => `${keyPrefix}engagement:strikes:${u}`;
  return {
    async active(userId) {
      return (await redis.exists(until(userId))) === 1;
    },
    async hit(userId) {
      const n = await redis.incr(strikes(userId));
      await redis.pexpire(strikes(userId), maxMs * 2);
      const wait = Math.min(maxMs, baseMs * 2 ** Math.min(n, 20));
      await redis.set(until(userId), String(n), 'PX', wait);
      return wait;
    },
    async until(userId, at) {
      const wait = Math.max(1, at - Date.now());
      await redis.set(until(userId), 'day', 'PX', wait);
      return wait;
    },
    async clear(userId) {
      await redis.del(strikes(userId));
    },
  };
}
