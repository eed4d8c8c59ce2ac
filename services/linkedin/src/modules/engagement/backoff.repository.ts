import type { Redis } from 'ioredis';

export interface Backoff {
  active(userId: string): Promise<boolean>;
  /** another 429: wait twice as long as last time (capped) */
  hit(userId: string): Promise<number>;
  clear(userId: string): Promise<void>;
}

/** Per-member back-off after LinkedIn's 429, kept in Redis with TTLs so it expires by itself. */
export function redisBackoff(redis: Redis, keyPrefix: string, baseMs: number, maxMs = 24 * 3600_000): Backoff {
  const until = (u: string) => `${keyPrefix}engagement:backoff:${u}`;
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
    async clear(userId) {
      await redis.del(strikes(userId));
    },
  };
}
