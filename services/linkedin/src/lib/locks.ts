import { randomUUID } from 'node:crypto';
import type { Redis } from 'ioredis';

const RELEASE = `if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('DEL', KEYS[1]) end return 0`;

export interface Lock {
  release(): Promise<void>;
}

export interface Locks {
  tryAcquire(name: string): Promise<Lock | null>;
  /** waits up to waitMs for the lock */
  acquire(name: string, waitMs: number): Promise<Lock | null>;
}

/** Short Redis locks (SET NX PX, owner-checked release): one publish per content item at a time. */
export function redisLocks(redis: Redis, keyPrefix: string, ttlMs: number): Locks {
  const tryAcquire = async (name: string): Promise<Lock | null> => {
    const key = `${keyPrefix}lock:${name}`;
    const owner = randomUUID();
    const ok = await redis.set(key, owner, 'PX', ttlMs, 'NX');
    if (ok !== 'OK') return null;
    return {
      release: async () => {
        await redis.eval(RELEASE, 1, key, owner).catch(() => undefined);
      },
    };
  };
  return {
    tryAcquire,
    async acquire(name, waitMs) {
      const deadline = Date.now() + waitMs;
      for (;;) {
        const lock = await tryAcquire(name);
        if (lock || Date.now() >= deadline) return lock;
        await new Promise((r) => setTimeout(r, 100));
      }
    },
  };
}
