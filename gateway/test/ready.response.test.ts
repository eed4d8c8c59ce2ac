import { acceptsConnections } from '@postwright/platform/src/testing';
/**
 * The gateway's GET /ready says whether this process can serve: it stays 200 while Redis is gone
 * (the rate limit then counts in this process alone), and turns 503 once a stop has begun, while
 * a stream under way goes on to its end. GET /api/health reads each service's /ready body, so a
 * service that serves with a dependency down is reported degraded.
 */
import http from 'node:http';
import net from 'node:net';
import { readinessSchema, encodeStreamEvent, EVENT_STREAM_TYPE, type Readiness } from '@postwright/contracts';
import { listen, type HttpServer } from '@postwright/platform';
import { deleteRedisKeys, eventually, http as call, issueTestToken, readEventStream, testEnv, testNamespace } from '@postwright/platform/src/testing';
import { startTcpProxy, type TcpProxy } from '@postwright/platform/src/testing/tcp-proxy';
import type { RunningGateway } from '../src/server';
import { startGatewayBefore } from './support/gateway';

/** A service's HTTP side: /ready with the given body and status, a held event stream, and an echo. */
async function standIn(readiness: { status: number; body: Readiness }, stream?: { opened: () => void; held: (end: () => void) => void }): Promise<HttpServer> {
  return listen((req: http.IncomingMessage, res: http.ServerResponse) => {
    if (req.url === '/ready') {
      res.writeHead(readiness.status, { 'content-type': 'application/json' });
      return res.end(JSON.stringify(readiness.body));
    }
    if (req.url === '/api/content/generate' && stream) {
      res.writeHead(200, { 'content-type': `${EVENT_STREAM_TYPE}; charset=utf-8`, 'cache-control': 'no-cache, no-transform' });
      res.write(encodeStreamEvent({ event: 'body', data: { delta: 'Written first. ' } }));
      stream.held(() => res.end(encodeStreamEvent({ event: 'hook', data: { index: 0, text: 'Written last.' } })));
      return stream.opened();
    }
    req.resume();
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ url: req.url }));
  }, 0);
}

const ready = (service: string, checks: Readiness['checks']): { status: number; body: Readiness } => ({
  status: 200,
  body: { status: Object.values(checks).every((s) => s === 'up') ? 'ok' : 'degraded', service, checks },
});


/**
 * A TCP proxy to Redis whose stall() keeps every connection open but forwards nothing more to
 * Redis, as a server that hangs or a network that drops packets: no answer, and no error either.
 */
async function startStallingProxy(target: URL): Promise<{ url: string; stall(): void; close(): Promise<void> }> {
  const clients = new Set<net.Socket>();
  let stalled = false;
  const server = net.createServer((client) => {
    const upstream = net.connect(Number(target.port), target.hostname);
    clients.add(client);
    for (const socket of [client, upstream]) {
      socket.on('error', () => undefined);
      socket.on('close', () => {
        clients.delete(client);
        client.destroy();
        upstream.destroy();
      });
    }
    upstream.pipe(client);
    if (stalled) client.pause();
    else client.pipe(upstream);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = new URL(target);
  url.hostname = '127.0.0.1';
  url.port = String((server.address() as net.AddressInfo).port);
  return {
    url: url.toString(),
    stall() {
      stalled = true;
      for (const client of clients) {
        client.unpipe();
        client.pause();
      }
    },
    async close() {
      for (const client of clients) client.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

const ns = testNamespace();
const redisUrl = testEnv(ns).REDIS_URL!;
let redis: TcpProxy;
let healthy: HttpServer;
let mongoDown: HttpServer;
let stopping: HttpServer;
let gateway: RunningGateway;
/** the stream the content stand-in holds open: told when it is open, ended by endStream() */
let streamOpened: () => void = () => undefined;
let endStream: () => void = () => undefined;

beforeAll(async () => {
  redis = await startTcpProxy(redisUrl);
  healthy = await standIn(ready('auth', { mongodb: 'up', redis: 'up', rabbitmq: 'up' }), { opened: () => streamOpened(), held: (end) => (endStream = end) });
  mongoDown = await standIn(ready('linkedin', { mongodb: 'down', redis: 'up', rabbitmq: 'up' }));
  stopping = await standIn({ status: 503, body: { status: 'unavailable', service: 'scheduler', checks: { mongodb: 'up', redis: 'up', rabbitmq: 'up' } } });
  gateway = await startGatewayBefore(ns, healthy.url, {
    REDIS_URL: redis.url(redisUrl),
    BILLING_URL: healthy.url,
    LINKEDIN_URL: mongoDown.url,
    SCHEDULER_URL: stopping.url,
    HEALTH_CACHE_MS: '0',
  });
});
afterAll(async () => {
  await gateway?.stop();
  for (const server of [healthy, mongoDown, stopping]) {
    server?.server.closeAllConnections();
    await server?.close();
  }
  await redis?.close();
  await deleteRedisKeys(redisUrl, ns);
});

test('when a service serves with its database down and another is not ready, then /api/health is 503 and says the first degraded and the second unavailable', async () => {
  const res = await call(gateway.url, 'GET', '/api/health');
  expect(res.status).toBe(503);
  expect(res.body).toEqual({ status: 'degraded', services: { auth: 'ok', content: 'ok', linkedin: 'degraded', scheduler: 'unavailable', billing: 'ok' } });
});

test('when Redis is gone, then /ready stays 200 and says degraded with redis down, and a client the gateway has not seen yet is answered without waiting for Redis', async () => {
  expect(await call(gateway.url, 'GET', '/ready')).toMatchObject({ status: 200, body: { status: 'ok', checks: { redis: 'up' } } });

  redis.cut();
  const down = await eventually(() => call(gateway.url, 'GET', '/ready'), (r) => r.body?.checks?.redis === 'down');
  expect(down.status).toBe(200);
  expect(readinessSchema.parse(down.body)).toEqual({ status: 'degraded', service: 'gateway', checks: { redis: 'down' } });

  // a new user's first request of the window would wait for Redis's count: it must not hang on it
  const asked = performance.now();
  const res = await call(gateway.url, 'GET', '/api/content', { token: issueTestToken({ sub: 'c'.repeat(24) }) });
  expect(res).toMatchObject({ status: 200, body: { url: '/api/content' } });
  expect(performance.now() - asked).toBeLessThan(2_000);

  await redis.restore();
  await eventually(() => call(gateway.url, 'GET', '/ready'), (r) => r.body?.status === 'ok');
});

test('when Redis takes connections and never answers, then /ready stays 200 with redis down and a client the gateway has not seen yet is still answered at once', async () => {
  const hanging = await startStallingProxy(new URL(redisUrl));
  const other = await startGatewayBefore(ns, healthy.url, { REDIS_URL: hanging.url, BILLING_URL: healthy.url });
  try {
    hanging.stall();
    const asked = performance.now();
    const res = await call(other.url, 'GET', '/api/content', { token: issueTestToken({ sub: 'e'.repeat(24) }) });
    expect(res).toMatchObject({ status: 200, body: { url: '/api/content' } });
    // the window's first request waits a moment for Redis's count, then goes on with this replica's
    expect(performance.now() - asked).toBeLessThan(2_000);
    expect(await call(other.url, 'GET', '/ready')).toMatchObject({ status: 200, body: { status: 'degraded', checks: { redis: 'down' } } });
  } finally {
    await hanging.close();
    await other.stop();
  }
});

test('when the gateway begins to stop during a stream, then new connections are refused, /ready is 503 unavailable, and the stream goes on to its end before the stop completes', async () => {
  const opened = new Promise<void>((resolve) => (streamOpened = resolve));
  const answer = readEventStream(gateway.url, '/api/content/generate', { token: issueTestToken({ sub: 'd'.repeat(24) }) });
  await opened;

  let stopped = false;
  const stop = gateway.stop().then(() => (stopped = true));
  expect(await acceptsConnections(gateway.port)).toBe(false);
  // what a probe on a connection still open would hear: the gateway's app on a listener of the test's
  const probe = await listen(gateway.app, 0);
  try {
    const res = await call(probe.url, 'GET', '/ready');
    expect(res.status).toBe(503);
    expect(readinessSchema.parse(res.body).status).toBe('unavailable');
  } finally {
    await probe.close();
  }
  expect(stopped).toBe(false);

  endStream();
  expect((await answer).events).toEqual([
    { event: 'body', data: { delta: 'Written first. ' } },
    { event: 'hook', data: { index: 0, text: 'Written last.' } },
  ]);
  await stop;
  expect(stopped).toBe(true);
});
