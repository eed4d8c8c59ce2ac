import { randomUUID } from 'node:crypto';
import type { Redis } from 'ioredis';

const RELEASE = `if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('DEL', KEYS[1]) end return 0`;

/**
 * SET NX, or take over a lock whose holder is a process that is no longer alive: the holder's
 * instance id leads the lock's value (`<instance>/<token>`), and a live process keeps the key
 * `<alive prefix><instance>` (instanceLiveness). A value without an instance (an older version
 * during a rolling deploy) is never taken over: it waits for its expiry, as before.
 * Returns 1 (free), 2 (taken over) or 0 (held by a live process).
 */
const ACQUIRE = `
if redis.call('SET', KEYS[1], ARGV[1], 'PX', ARGV[2], 'NX') then return 1 end
if ARGV[3] == '' then return 0 end
local holder = redis.call('GET', KEYS[1])
if not holder then return 0 end
local instance = string.match(holder, '^(.+)/[^/]+$')
if instance and redis.call('EXISTS', ARGV[3] .. instance) == 0 then
  redis.call('SET', KEYS[1], ARGV[1], 'PX', ARGV[2])
  return 2
end
return 0`;

export interface Lock {
  release(): Promise<void>;
}

export interface Locks {
  tryAcquire(name: string): Promise<Lock | null>;
  /** waits up to waitMs for the lock */
  acquire(name: string, waitMs: number): Promise<Lock | null>;
}

/** Who holds the locks: this process, proven alive by a key it refreshes (instanceLiveness). */
export interface LockHolder {
  instanceId: string;
  /** the prefix of the liveness keys (`<prefix><instance id>`) */
  alivePrefix: string;
}

/**
 * Short Redis locks (SET NX PX, owner-checked release): one publish per content item at a time.
 * A lock held by a process that died (SIGKILL, a crash) is taken over as soon as that process's
 * liveness key has expired, instead of after the lock's own expiry (which covers the longest
 * publish, about a minute): a redelivered request does not wait for a dead process.
 */
export function redisLocks(redis: Redis, keyPrefix: string, ttlMs: number, holder?: LockHolder): Locks {
  const tryAcquire = async (name: string): Promise<Lock | null> => {
    const key = `${keyPrefix}lock:${name}`;
    const owner = holder ? `${holder.instanceId}/${randomUUID()}` : randomUUID();
    const got = await redis.eval(ACQUIRE, 1, key, owner, String(ttlMs), holder?.alivePrefix ?? '');
    if (got === 0) return null;
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

/**
 * This process's liveness key, refreshed every third of its lifetime while the process runs. A
 * process that stops refreshing it (killed, or its event loop stalled for the whole lifetime) is
 * taken for dead by the others, which may then take over its locks. On a graceful stop the key is
 * left to expire: publishes still draining keep their locks.
 */
export function instanceLiveness(redis: Redis, holder: LockHolder, ttlMs: number): { start(): Promise<void>; stop(): void } {
  const key = `${holder.alivePrefix}${holder.instanceId}`;
  let timer: NodeJS.Timeout | undefined;
  const beat = () => redis.set(key, '1', 'PX', ttlMs);
  return {
    async start() {
      await beat();
      timer = setInterval(() => void beat().catch(() => undefined), Math.max(50, Math.floor(ttlMs / 3)));
      timer.unref();
    },
    stop() {
      clearInterval(timer);
    },
  };
}
