import { Redis } from 'ioredis';
import { DEFAULT_REDIS_URL } from '@postwright/platform/src/defaults';
import { deleteRedisKeys, testNamespace } from '@postwright/platform/src/testing';
import { instanceLiveness, redisLocks, type LockHolder } from '../src/lib/locks';

/**
 * The publish lock (one publish per item at a time) across processes: a killed process's lock is
 * taken over once its liveness key has expired, not after the lock's own expiry (about a minute),
 * so a redelivered request does not wait for a dead process.
 */
describe('publish locks across processes', () => {
  const url = process.env.REDIS_URL ?? DEFAULT_REDIS_URL;
  const ns = testNamespace();
  const LOCK_MS = 60_000;
  const ALIVE_MS = 600;
  let redis: Redis;
  const holder = (instanceId: string): LockHolder => ({ instanceId, alivePrefix: `${ns}linkedin:alive:` });
  const running: Array<{ stop(): void }> = [];
  /** a process: its locks and its liveness */
  async function instance(id: string) {
    const liveness = instanceLiveness(redis, holder(id), ALIVE_MS);
    await liveness.start();
    running.push(liveness);
    return { locks: redisLocks(redis, ns, LOCK_MS, holder(id)), die: () => liveness.stop() };
  }

  beforeAll(() => {
    redis = new Redis(url);
  });
  afterAll(async () => {
    for (const r of running) r.stop();
    redis.disconnect();
    await deleteRedisKeys(url, ns);
  });

  test('when the process holding a lock is alive, then another process does not get it', async () => {
    const a = await instance('host-1-a');
    const b = await instance('host-1-b');
    const held = await a.locks.tryAcquire('publish:alive');
    expect(held).not.toBeNull();
    expect(await b.locks.tryAcquire('publish:alive')).toBeNull();
    await held!.release();
    expect(await b.locks.tryAcquire('publish:alive')).not.toBeNull();
  });

  test('when the process holding a lock dies, then another process waiting for it gets it once the dead one is no longer alive, long before the lock would expire', async () => {
    const a = await instance('host-2-a');
    const b = await instance('host-2-b');
    const held = await a.locks.tryAcquire('publish:orphaned');
    expect(held).not.toBeNull();
    a.die();
    const started = Date.now();
    const taken = await b.locks.acquire('publish:orphaned', LOCK_MS);
    expect(taken).not.toBeNull();
    expect(Date.now() - started).toBeLessThan(LOCK_MS / 4);
    // the dead process's release (had it come back) does not free the lock now held by the other
    await held!.release();
    expect(await (await instance('host-2-c')).locks.tryAcquire('publish:orphaned')).toBeNull();
  });

  test('when a lock was taken by a version that does not name its process, then it is never taken over: it waits for its expiry', async () => {
    const b = await instance('host-3-b');
    await redis.set(`${ns}lock:publish:old-version`, 'a0c1e6f2-7d7e-4a4e-9a55-2f1f3a6b1c11', 'PX', LOCK_MS);
    expect(await b.locks.acquire('publish:old-version', ALIVE_MS * 3)).toBeNull();
  });
});
