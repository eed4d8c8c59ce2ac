/**
 * A service's GET /ready says whether this process can serve: it stays 200 while Redis is gone
 * (its body's checks say so, and a request that needs Redis gets a 503 with error text of its own),
 * and turns 503 once a stop has begun, while the requests under way finish.
 */
import { z } from 'zod';
import { readinessSchema } from '@postwright/contracts';
import { infraConfigShape, listen, loadConfig, startService, type RunningService } from '../src';
import { cleanupNamespace, eventually, http, testEnv, testNamespace } from '../src/testing';
import { startTcpProxy, type TcpProxy } from '../src/testing/tcp-proxy';

const ns = testNamespace();
let redis: TcpProxy;
let service: RunningService;
/** told when /api/slow has a request in hand; its answer waits for release() */
let arrived: () => void = () => undefined;
let release: () => void = () => undefined;

beforeAll(async () => {
  const env = testEnv(ns);
  redis = await startTcpProxy(env.REDIS_URL!);
  const config = loadConfig(z.object(infraConfigShape), { ...env, REDIS_URL: redis.url(env.REDIS_URL!) });
  service = await startService({
    name: 'ready-probe',
    config,
    port: 0,
    modules: () => ({}),
    routes(router, _modules, ctx) {
      router.get('/api/count', async (_req, res) => void res.json({ count: await ctx.redis.incr(`${ctx.keyPrefix}count`) }));
      router.get('/api/slow', (_req, res) => {
        release = () => res.json({ done: true });
        arrived();
      });
    },
  });
});
afterAll(async () => {
  await service?.stop();
  await redis?.close();
  await cleanupNamespace(ns);
});

test('when Redis is gone, then /ready stays 200 and says degraded with redis down, a request that needs Redis is refused within seconds with 503 and error text, and all is ok again once it is back', async () => {
  expect(await http(service.url, 'GET', '/ready')).toMatchObject({ status: 200, body: { status: 'ok', checks: { mongodb: 'up', redis: 'up', rabbitmq: 'up' } } });

  redis.cut();
  const down = await eventually(() => http(service.url, 'GET', '/ready'), (r) => r.body?.checks?.redis === 'down');
  expect(down.status).toBe(200);
  expect(readinessSchema.parse(down.body)).toEqual({ status: 'degraded', service: 'ready-probe', checks: { mongodb: 'up', redis: 'down', rabbitmq: 'up' } });

  const asked = performance.now();
  const refused = await http(service.url, 'GET', '/api/count');
  expect(refused).toMatchObject({ status: 503, body: { code: 'SERVICE.UNAVAILABLE', error: expect.any(String) } });
  // within the client's few reconnect attempts, not after a timeout
  expect(performance.now() - asked).toBeLessThan(5_000);

  await redis.restore();
  await eventually(() => http(service.url, 'GET', '/ready'), (r) => r.status === 200 && r.body?.status === 'ok');
  expect((await http(service.url, 'GET', '/api/count')).status).toBe(200);
});

test('when the service begins to stop, then /ready is 503 unavailable while the request under way is answered, and the stop completes once it is', async () => {
  const inHand = new Promise<void>((resolve) => (arrived = resolve));
  const slow = http(service.url, 'GET', '/api/slow');
  await inHand;

  let stopped = false;
  const stop = service.stop().then(() => (stopped = true));
  // the listener takes no new connection any more: the app itself, on a listener of the test's, answers what a probe would hear
  const probe = await listen(service.app, 0);
  try {
    const ready = await http(probe.url, 'GET', '/ready');
    expect(ready.status).toBe(503);
    expect(readinessSchema.parse(ready.body).status).toBe('unavailable');
  } finally {
    await probe.close();
  }
  expect(stopped).toBe(false);

  release();
  expect(await slow).toMatchObject({ status: 200, body: { done: true } });
  await stop;
  expect(stopped).toBe(true);
});
