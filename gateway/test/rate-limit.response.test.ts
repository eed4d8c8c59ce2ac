import http from 'node:http';
import { Redis } from 'ioredis';
import { listen, type HttpServer } from '@postwright/platform';
import { deleteRedisKeys, eventually, http as call, issueTestToken, randomId, testEnv, testNamespace } from '@postwright/platform/src/testing';
import type { RunningGateway } from '../src/server';
import { startGatewayBefore } from './support/gateway';

/**
 * The rate limit counts in each gateway and syncs to Redis in batches (src/rate-limit-store.ts):
 * exact for one gateway, shared by replicas, and carried over a restart.
 */
describe('gateway rate limit', () => {
  const ns = testNamespace();
  const redisUrl = testEnv(ns).REDIS_URL!;
  const redis = new Redis(redisUrl);
  let upstream: HttpServer;
  const running: RunningGateway[] = [];

  const gateway = async (limit: number) => {
    const gw = await startGatewayBefore(ns, upstream.url, { RATE_LIMIT_PER_MINUTE: String(limit) });
    running.push(gw);
    return gw;
  };
  const stored = async (userId: string) => Number(await redis.get(`${ns}gateway:rl:u:${userId}`));

  beforeAll(async () => {
    upstream = await listen((_req: http.IncomingMessage, res: http.ServerResponse) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end('{"content":[]}');
    }, 0);
  });
  afterAll(async () => {
    for (const gw of running) await gw.stop().catch(() => undefined);
    await upstream?.close();
    await deleteRedisKeys(redisUrl, ns);
    redis.disconnect();
  });

  test('when a user goes over the limit, then 429 with error text, and every answer says what is left', async () => {
    const gw = await gateway(3);
    const token = issueTestToken({ sub: randomId() });
    const remaining: string[] = [];
    for (let i = 0; i < 3; i++) {
      const res = await call(gw.url, 'GET', '/api/content', { token });
      expect(res.status).toBe(200);
      remaining.push(res.headers.get('ratelimit') ?? '');
    }
    expect(remaining).toEqual([expect.stringMatching(/^"3-in-1min"; r=2; t=\d+$/), expect.stringMatching(/r=1;/), expect.stringMatching(/r=0;/)]);
    const over = await call(gw.url, 'GET', '/api/content', { token });
    expect(over.status).toBe(429);
    expect(over.body).toMatchObject({ error: 'Too many requests. Please wait a moment and try again.', code: 'RATE_LIMITED' });
    expect(over.headers.get('retry-after')).toMatch(/^\d+$/);
    expect(over.headers.get('ratelimit-policy')).toMatch(/^"3-in-1min"; q=3; w=60; pk=:[^:]+:$/);
  });

  test('when another user is at the limit, then this one is not', async () => {
    const gw = await gateway(1);
    const first = issueTestToken({ sub: randomId() });
    await call(gw.url, 'GET', '/api/content', { token: first });
    expect((await call(gw.url, 'GET', '/api/content', { token: first })).status).toBe(429);
    expect((await call(gw.url, 'GET', '/api/content', { token: issueTestToken({ sub: randomId() }) })).status).toBe(200);
  });

  test('when two gateways serve the same user, then they share one count in Redis and both end up refusing', async () => {
    const [a, b] = [await gateway(10), await gateway(10)];
    const userId = randomId();
    const token = issueTestToken({ sub: userId });
    for (let i = 0; i < 6; i++) expect((await call(a.url, 'GET', '/api/content', { token })).status).toBe(200);
    await eventually(() => stored(userId), (n) => n === 6);
    // b starts from Redis's count, not from zero
    const fromB = await call(b.url, 'GET', '/api/content', { token });
    expect(fromB.headers.get('ratelimit')).toMatch(/r=3;/);
    for (let i = 0; i < 3; i++) expect((await call(b.url, 'GET', '/api/content', { token })).status).toBe(200);
    expect((await call(b.url, 'GET', '/api/content', { token })).status).toBe(429);
    // a learns b's hits at its next sync
    await eventually(() => call(a.url, 'GET', '/api/content', { token }), (res) => res.status === 429);
    await eventually(() => stored(userId), (n) => n > 10);
  });

  test('when a gateway restarts, then the count carries on from Redis', async () => {
    const first = await gateway(2);
    const userId = randomId();
    const token = issueTestToken({ sub: userId });
    for (let i = 0; i < 2; i++) expect((await call(first.url, 'GET', '/api/content', { token })).status).toBe(200);
    await first.stop();
    expect(await stored(userId)).toBe(2);
    const second = await gateway(2);
    expect((await call(second.url, 'GET', '/api/content', { token })).status).toBe(429);
  });

  test('when one address sends bad tokens, then each counts against its limit until 429, and another address still gets its 401', async () => {
    const gw = await gateway(5);
    const junk = issueTestToken({ sub: randomId() }).replace(/\.[^.]+$/, '.forged');
    const statuses: number[] = [];
    for (let i = 0; i < 7; i++) statuses.push((await call(gw.url, 'GET', '/api/content', { token: junk, from: '127.0.0.61' })).status);
    expect(statuses).toEqual([401, 401, 401, 401, 401, 429, 429]);
    // the routes Express answers count them too
    expect((await call(gw.url, 'GET', '/api/nothing-here', { token: junk, from: '127.0.0.61' })).status).toBe(429);
    expect((await call(gw.url, 'GET', '/api/content', { token: junk, from: '127.0.0.62' })).status).toBe(401);
    expect((await call(gw.url, 'GET', '/api/content', { from: '127.0.0.62' })).status).toBe(401);
  });

  test('when /api/health is flooded, then the services are asked about once a second and the flooding address is limited', async () => {
    let readyChecks = 0;
    const counted = await listen((req: http.IncomingMessage, res: http.ServerResponse) => {
      if (req.url === '/ready') readyChecks++;
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end('{"status":"ok"}');
    }, 0);
    try {
      const gw = await startGatewayBefore(ns, counted.url, { BILLING_URL: counted.url, RATE_LIMIT_PER_MINUTE: '100' });
      running.push(gw);
      const started = Date.now();
      const answers = await Promise.all(Array.from({ length: 60 }, () => call(gw.url, 'GET', '/api/health', { from: '127.0.0.63' })));
      expect(answers.map((a) => a.status)).toEqual(Array(60).fill(200));
      const lookedMs = Date.now() - started;
      // one look is five /ready checks (one per service); about one look per second of flood
      expect(readyChecks).toBeLessThanOrEqual(5 * (1 + Math.ceil(lookedMs / 1_000)));
      const more = await Promise.all(Array.from({ length: 50 }, () => call(gw.url, 'GET', '/api/health', { from: '127.0.0.63' })));
      expect(more.filter((a) => a.status === 429).length).toBe(10);
      expect(more.find((a) => a.status === 429)?.body).toMatchObject({ code: 'RATE_LIMITED' });
      expect((await call(gw.url, 'GET', '/api/health', { from: '127.0.0.64' })).status).toBe(200);
    } finally {
      await counted.close();
    }
  });
});
