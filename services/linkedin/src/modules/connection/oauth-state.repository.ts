import { randomBytes } from 'node:crypto';
import type { Redis } from 'ioredis';
import type { OAuthStateStore } from '../../lib/linkedin-oauth';

export const STATE_TTL_SECONDS = 600;

// compare-and-delete: only its owner can use a state, and only once; someone else's attempt leaves it intact
const CONSUME = `
local owner = redis.call('GET', KEYS[1])
if not owner then return 0 end
if owner == ARGV[1] then redis.call('DEL', KEYS[1]) return 1 end
return -1`;

/** OAuth states in Redis: 32 random bytes, bound to the user, 10 minutes, single use. */
export function redisStateStore(redis: Redis, keyPrefix: string, ttlSeconds = STATE_TTL_SECONDS): OAuthStateStore {
  const key = (state: string) => `${keyPrefix}oauth-state:${state}`;
  return {
    async issue(userId) {
      const state = randomBytes(32).toString('base64url');
      await redis.set(key(state), userId, 'EX', ttlSeconds);
      return state;
    },
    async consume(state, userId) {
      if (!/^[A-Za-z0-9_-]{43}$/.test(state)) return 'unknown';
      const result = Number(await redis.eval(CONSUME, 1, key(state), userId));
      return result === 1 ? 'ok' : result === -1 ? 'other-user' : 'unknown';
    },
  };
}
