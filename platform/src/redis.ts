import { Redis } from 'ioredis';
import { redact } from './config';

export { Redis };

/** Connects and checks Redis answers; a clear message names the variable when it does not. */
export async function connectRedis(url: string, options: { keyPrefix?: string; maxRetriesPerRequest?: number | null } = {}): Promise<Redis> {
  const redis = new Redis(url, {
    lazyConnect: true,
    keyPrefix: options.keyPrefix,
    maxRetriesPerRequest: options.maxRetriesPerRequest === undefined ? 3 : options.maxRetriesPerRequest,
    retryStrategy: (attempt) => Math.min(attempt * 200, 2_000),
  });
  redis.on('error', () => undefined); // reconnects on its own; readiness reports the state
  try {
    await redis.connect();
    await redis.ping();
  } catch (error) {
    redis.disconnect();
    throw new Error(
      `Cannot reach Redis at ${redact(url)} (REDIS_URL). Is it running, and are the address and password right?`,
      { cause: error },
    );
  }
  return redis;
}

export async function pingRedis(redis: Redis): Promise<boolean> {
  try {
    return (await Promise.race([redis.ping(), new Promise<null>((r) => setTimeout(() => r(null), 1_000))])) === 'PONG';
  } catch {
    return false;
  }
}
