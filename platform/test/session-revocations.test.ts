import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import { createLogger, recordRevokedSession, revokedSessionNames, revokedSessionsClientName, watchRevokedSessions, type RevokedSessions } from '../src';
import { deleteRedisKeys, eventually, testNamespace } from '../src/testing';
import { startTcpProxy } from '../src/testing/tcp-proxy';

const logger = createLogger('session-revocations-test', 'silent');
const redisUrl = () => process.env.REDIS_URL!;

describe('revoked sessions: recorded in Redis, watched through pub/sub', () => {
  const ns = testNamespace();
  const { key, channel } = revokedSessionNames(ns);
  let redis: Redis;
  const watchers: RevokedSessions[] = [];
  const watch = async () => {
    const watcher = watchRevokedSessions(redisUrl(), ns, logger);
    watchers.push(watcher);
    await watcher.ready;
    return watcher;
  };
  const inMinutes = (m: number) => Date.now() + m * 60_000;

  beforeAll(() => {
    redis = new Redis(redisUrl());
  });
  afterAll(async () => {
    await Promise.all(watchers.map((w) => w.close()));
    redis.disconnect();
    await deleteRedisKeys(redisUrl(), ns);
  });

  test('when a session was revoked before the watcher started, then it is revoked once the watcher is ready', async () => {
    const sid = randomUUID();
    await recordRevokedSession(redis, ns, { sid, until: inMinutes(15) });
    const watcher = await watch();
    expect(watcher.isRevoked(sid)).toBe(true);
    expect(watcher.isRevoked(randomUUID())).toBe(false);
  });

  test('when a session is revoked while watching, then the watcher hears it and the set holds it until its last token expires', async () => {
    const watcher = await watch();
    const sid = randomUUID();
    const until = inMinutes(15);
    const heard = await recordRevokedSession(redis, ns, { sid, until });
    expect(heard).toBeGreaterThanOrEqual(1);
    await eventually(async () => watcher.isRevoked(sid), Boolean, 1_000, 10);
    expect(Number(await redis.zscore(key, sid))).toBe(until);
    // the key goes away with its last member
    expect(await redis.pexpiretime(key)).toBeGreaterThanOrEqual(until);
  });

  test('when a session is revoked twice, then the later end is kept', async () => {
    const sid = randomUUID();
    await recordRevokedSession(redis, ns, { sid, until: inMinutes(15) });
    await recordRevokedSession(redis, ns, { sid, until: inMinutes(5) });
    expect(Number(await redis.zscore(key, sid))).toBeGreaterThan(inMinutes(14));
  });

  test('when a revocation has run its course, then the session is no longer listed, and the set is pruned at the next write', async () => {
    const watcher = await watch();
    const sid = randomUUID();
    await recordRevokedSession(redis, ns, { sid, until: Date.now() + 300 });
    await eventually(async () => watcher.isRevoked(sid), Boolean, 1_000, 10);
    await eventually(async () => watcher.isRevoked(sid), (revoked) => !revoked, 2_000, 50);
    await recordRevokedSession(redis, ns, { sid: randomUUID(), until: inMinutes(15) });
    expect(await redis.zscore(key, sid)).toBeNull();
  });

  test('when a malformed message comes on the channel, then it is ignored and later revocations still arrive', async () => {
    const watcher = await watch();
    await redis.publish(channel, 'not json');
    await redis.publish(channel, JSON.stringify({ sid: 42, until: 'soon' }));
    const sid = randomUUID();
    await recordRevokedSession(redis, ns, { sid, until: inMinutes(15) });
    await eventually(async () => watcher.isRevoked(sid), Boolean, 1_000, 10);
  });

  test('when the subscriber connection drops, then a revocation made meanwhile is loaded once it is back', async () => {
    const watcher = await watch();
    const subscriberIds = async () =>
      ((await redis.client('LIST')) as string)
        .split('\n')
        .filter((line) => line.includes(` name=${revokedSessionsClientName(ns)} `))
        .map((line) => /\bid=(\d+)/.exec(line)![1]);
    const ids = await subscriberIds();
    expect(ids.length).toBeGreaterThan(0);
    for (const id of ids) await redis.client('KILL', 'ID', id);
    // the same connection as the kills, so Redis has dropped the subscribers before this runs
    const sid = randomUUID();
    expect(await recordRevokedSession(redis, ns, { sid, until: inMinutes(15) })).toBe(0);
    await eventually(async () => watcher.isRevoked(sid), Boolean, 5_000, 20);
    // and it listens again
    const next = randomUUID();
    await eventually(() => recordRevokedSession(redis, ns, { sid: next, until: inMinutes(15) }), (heard) => heard > 0, 5_000, 20);
    await eventually(async () => watcher.isRevoked(next), Boolean, 1_000, 10);
  });

  test('when Redis is away for a while, then the revocations made meanwhile are loaded once it is back, and lookups answer throughout', async () => {
    const proxy = await startTcpProxy(redisUrl());
    try {
      const watcher = watchRevokedSessions(proxy.url(redisUrl()), ns, logger);
      watchers.push(watcher);
      await watcher.ready;
      const before = randomUUID();
      await recordRevokedSession(redis, ns, { sid: before, until: inMinutes(15) });
      await eventually(async () => watcher.isRevoked(before), Boolean, 1_000, 10);
      proxy.cut();
      const during = randomUUID();
      await recordRevokedSession(redis, ns, { sid: during, until: inMinutes(15) });
      // what it knew stays known; what it could not hear is not invented
      expect(watcher.isRevoked(before)).toBe(true);
      expect(watcher.isRevoked(during)).toBe(false);
      await proxy.restore();
      await eventually(async () => watcher.isRevoked(during), Boolean, 10_000, 20);
    } finally {
      await proxy.close();
    }
  });

  test('when Redis cannot be reached, then ready rejects after the timeout instead of hanging', async () => {
    const watcher = watchRevokedSessions('redis://127.0.0.1:1', ns, logger, { readyTimeoutMs: 300 });
    watchers.push(watcher);
    await expect(watcher.ready).rejects.toThrow(/could not be loaded/);
  });
});
