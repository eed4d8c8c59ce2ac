import { createHash } from 'node:crypto';
import type { Redis } from '@postwright/platform';

export interface RateLimiter {
  /** counts one attempt; answers the seconds to wait when over the limit, else null */
  hit(bucket: string, subject: string): Promise<number | null>;
}

/** Fixed one-minute windows in Redis, shared by every instance of the service. */
export function createRateLimiter(redis: Redis, prefix: string, limitPerMinute: number): RateLimiter {
  return {
    async hit(bucket, subject) {
      // subjects (emails, addresses) are hashed: no personal data in key names
      const key = `${prefix}rl:${bucket}:${createHash('sha256').update(subject).digest('base64url')}`;
      const result = await redis.multi().set(key, '0', 'EX', 60, 'NX').incr(key).pttl(key).exec();
      const count = Number(result?.[1]?.[1] ?? 0);
      const pttl = Number(result?.[2]?.[1] ?? 60_000);
      return count > limitPerMinute ? Math.max(1, Math.ceil(pttl / 1000)) : null;
    },
  };
}
