/**
 * The platform's Prometheus metrics (platform/src/metrics.ts): one registry per program with the
 * process's default metrics and service=<program>, request durations by route template, gauges
 * read at scrape, and the metrics the shared parts record: events consumed (RabbitMQ), their lag
 * and dead letters, queue depths, and failed JWKS reads.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import amqplib from 'amqplib';
import express from 'express';
import {
  connectRedis,
  createLogger,
  createMetrics,
  createTokenVerifier,
  listen,
  Messaging,
  metricsHandler,
  notFoundHandler,
  requestMetrics,
  type HttpServer,
  type Metrics,
  type Redis,
} from '../src';
import { cleanupNamespace, eventually, testNamespace } from '../src/testing';
import { parsePrometheusText, scrape } from '../src/testing/prometheus';

const logger = createLogger('metrics-test', 'silent');

/** The metrics as a scraper reads them, from the handler every program mounts. */
async function served(metrics: Metrics) {
  const server = await listen(metricsHandler(metrics), 0);
  try {
    return await scrape(server.url);
  } finally {
    await server.close();
  }
}

describe('a program\'s registry', () => {
  test('when scraped, then it is Prometheus text with the default process metrics, each labelled with the program', async () => {
    const metrics = createMetrics('content');
    const scraped = await served(metrics);
    for (const [name, type] of [
      ['process_cpu_seconds_total', 'counter'],
      ['process_resident_memory_bytes', 'gauge'],
      ['nodejs_eventloop_lag_seconds', 'gauge'],
      ['nodejs_heap_size_used_bytes', 'gauge'],
      ['http_request_duration_seconds', 'histogram'],
    ]) {
      expect(scraped.family(name).type).toBe(type);
    }
    expect(scraped.samples('process_cpu_seconds_total')[0].labels).toEqual({ service: 'content' });
  });

  test('when two programs run in one process (as tests start them), then each registry has only its own series', async () => {
    const a = createMetrics('auth');
    const b = createMetrics('billing');
    a.counter('postwright_test_total', 'a test counter', ['kind']).inc({ kind: 'x' });
    // asking again by name gives the same counter, not an error
    a.counter('postwright_test_total', 'a test counter', ['kind']).inc({ kind: 'x' });
    expect((await served(a)).value('postwright_test_total', { kind: 'x', service: 'auth' })).toBe(2);
    expect((await served(b)).families.has('postwright_test_total')).toBe(false);
    expect(() => a.histogram('postwright_test_total', 'not a histogram')).toThrow(/already registered as a counter/);
  });

  test('when a gauge is read at scrape, then each reader reports its series, and one that fails or hangs is left out without holding the scrape', async () => {
    const metrics = createMetrics('scheduler');
    metrics.gaugeAtScrape('postwright_outbox_depth', 'rows waiting', ['outbox'], () => [{ labels: { outbox: 'mail' }, value: 3 }]);
    metrics.gaugeAtScrape('postwright_outbox_depth', 'rows waiting', ['outbox'], async () => {
      throw new Error('database away');
    });
    const stopHanging = metrics.gaugeAtScrape('postwright_outbox_depth', 'rows waiting', ['outbox'], () => new Promise(() => undefined));
    const removeSubscriptions = metrics.gaugeAtScrape('postwright_outbox_depth', 'rows waiting', ['outbox'], async () => [{ labels: { outbox: 'subscriptions' }, value: 0 }]);
    const started = Date.now();
    const first = await served(metrics);
    expect(Date.now() - started).toBeLessThan(3_000);
    expect(first.family('postwright_outbox_depth').type).toBe('gauge');
    expect(first.samples('postwright_outbox_depth').map((s) => [s.labels.outbox, s.value])).toEqual([
      ['mail', 3],
      ['subscriptions', 0],
    ]);
    stopHanging();
    removeSubscriptions();
    expect((await served(metrics)).samples('postwright_outbox_depth').map((s) => s.labels.outbox)).toEqual(['mail']);
  });

  test('when asked with another method than GET, then the metrics handler answers 405 with a JSON error', async () => {
    const server = await listen(metricsHandler(createMetrics('gateway')), 0);
    try {
      const res = await fetch(`${server.url}/metrics`, { method: 'POST' });
      expect(res.status).toBe(405);
      expect(await res.json()).toEqual({ error: 'Use GET for /metrics' });
    } finally {
      await server.close();
    }
  });
});

describe('the Prometheus text parser the tests use', () => {
  test('when the text is malformed, then parsing fails naming the line', () => {
    expect(() => parsePrometheusText('# TYPE a counter\na{x="1} 1\n')).toThrow(/line 2/);
    expect(() => parsePrometheusText('b 1\n')).toThrow(/undeclared/);
    expect(() => parsePrometheusText('# TYPE h histogram\nh_bucket{le="1"} 1\nh_sum 1\nh_count 1\n')).toThrow(/\+Inf/);
    expect(() => parsePrometheusText('# TYPE a counter\na one\n')).toThrow(/bad value/);
  });

  test('when labels hold escapes, then they are read back', () => {
    const families = parsePrometheusText('# TYPE a gauge\na{x="q\\"uote",y="back\\\\slash"} 1.5e3\n');
    expect(families.get('a')!.samples).toEqual([{ name: 'a', labels: { x: 'q"uote', y: 'back\\slash' }, value: 1500 }]);
  });
});

describe('request durations', () => {
  let server: HttpServer;
  const metrics = createMetrics('content');

  beforeAll(async () => {
    const app = express();
    app.get('/metrics', metricsHandler(metrics));
    app.use(requestMetrics(metrics));
    const router = express.Router();
    router.get('/api/content/:id', (_req, res) => void res.json({ ok: true }));
    router.post('/api/content/generate', (_req, res) => void res.status(201).json({ ok: true }));
    app.use(router);
    const nested = express.Router();
    nested.get('/', (_req, res) => void res.json({ ok: true }));
    nested.get('/:name', (_req, res) => void res.status(400).json({ error: 'no' }));
    app.use('/api/nested', nested);
    app.use(notFoundHandler);
    app.use((_err: unknown, _req: express.Request, res: express.Response, _next: express.NextFunction) => void res.status(404).json({ error: 'No route' }));
    server = await listen(app, 0);
  });
  afterAll(() => server.close());

  test('when requests are answered, then each is counted under its route template (never the raw URL) by method and status', async () => {
    await fetch(`${server.url}/api/content/6650f0a1b2c3d4e5f6a7b8c9`);
    await fetch(`${server.url}/api/content/another-id?x=1`);
    await fetch(`${server.url}/api/content/generate`, { method: 'POST' });
    await fetch(`${server.url}/api/nested`);
    await fetch(`${server.url}/api/nested/some-name`);
    await fetch(`${server.url}/no/such/path/${Date.now()}`);
    const scraped = await eventually(
      () => scrape(server.url),
      (m) => m.value('http_request_duration_seconds_count') >= 6,
    );
    const counts = Object.fromEntries(
      scraped.samples('http_request_duration_seconds_count').map((s) => [`${s.labels.method} ${s.labels.route} ${s.labels.status}`, s.value]),
    );
    expect(counts).toEqual({
      'GET /api/content/:id 200': 2,
      'POST /api/content/generate 201': 1,
      'GET /api/nested 200': 1,
      'GET /api/nested/:name 400': 1,
      'GET unmatched 404': 1,
    });
    expect(scraped.samples('http_request_duration_seconds_count')[0].labels.service).toBe('content');
    expect(scraped.value('http_request_duration_seconds_sum')).toBeGreaterThan(0);
  });
});

describe('the token verifier', () => {
  let jwks: Server;
  let url: string;

  beforeAll(async () => {
    jwks = createServer((_req, res) => void res.writeHead(503).end());
    await new Promise<void>((resolve) => jwks.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(jwks.address() as AddressInfo).port}/.well-known/jwks.json`;
  });
  afterAll(() => new Promise<void>((resolve) => jwks.close(() => resolve())));

  test('when the JWKS cannot be read, then each failed read is counted in postwright_jwks_fetch_failures_total', async () => {
    const metrics = createMetrics('linkedin');
    const verifier = createTokenVerifier({ jwksUrl: url, jwksRefetchMs: 10, metrics });
    expect((await served(metrics)).family('postwright_jwks_fetch_failures_total').type).toBe('counter');
    const token = (kid: string) => `${Buffer.from(JSON.stringify({ alg: 'RS256', kid })).toString('base64url')}.e30.c2ln`;
    await expect(verifier.verify(token('k1'))).rejects.toMatchObject({ code: 'AUTH.TOKEN_INVALID' });
    expect((await served(metrics)).value('postwright_jwks_fetch_failures_total')).toBe(1);
  });
});

describe('events consumed from RabbitMQ', () => {
  const ns = testNamespace();
  const amqpUrl = () => process.env.AMQP_URL!;
  let redis: Redis;
  let producer: Messaging;
  let consumer: Messaging;
  const metrics = createMetrics('scheduler');

  beforeAll(async () => {
    redis = await connectRedis(process.env.REDIS_URL!);
    producer = await Messaging.connect({ url: amqpUrl(), namespace: ns, service: 'producer', logger, queueExpiresMs: 60_000 });
    consumer = await Messaging.connect({ url: amqpUrl(), namespace: ns, service: 'scheduler', logger, redis, metrics, queueExpiresMs: 60_000 });
  });
  afterAll(async () => {
    await producer?.close();
    await consumer?.close();
    redis?.disconnect();
    await cleanupNamespace(ns);
  });

  test('when an event is handled, then it is counted as handled with its lag from publish, and a redelivery as a duplicate', async () => {
    const queue = consumer.queueName('handled');
    const seen: string[] = [];
    await consumer.consume('handled', ['user.updated'], async (e) => {
      seen.push(e.id);
    });
    const id = '0d1f4c6e-5a3b-4c2d-9e8f-7a6b5c4d3e2f';
    await producer.publish('user.updated', { userId: 'u1', fields: ['bio'] }, { id });
    await eventually(async () => seen, (s) => s.length === 1);
    await producer.publish('user.updated', { userId: 'u1', fields: ['bio'] }, { id });
    const scraped = await eventually(
      () => served(metrics),
      (m) => m.value('postwright_events_consumed_total', { queue, outcome: 'duplicate' }) === 1,
    );
    expect(scraped.value('postwright_events_consumed_total', { queue, outcome: 'handled', service: 'scheduler' })).toBe(1);
    expect(scraped.family('postwright_event_lag_seconds').type).toBe('histogram');
    expect(scraped.value('postwright_event_lag_seconds_count', { queue })).toBe(1);
    const lag = scraped.value('postwright_event_lag_seconds_sum', { queue });
    expect(lag).toBeGreaterThanOrEqual(0);
    expect(lag).toBeLessThan(10);
    expect(scraped.value('postwright_dead_letters_total', { queue })).toBe(0);
  });

  test('when a handler fails every attempt or a message is not an event, then the retries and dead letters are counted', async () => {
    const queue = consumer.queueName('failing');
    await consumer.consume(
      'failing',
      ['content.deleted'],
      async () => {
        throw new Error('store is down');
      },
      { maxAttempts: 2, retryDelayMs: 10 },
    );
    await producer.publish('content.deleted', { contentId: 'c1', userId: 'u1', status: 'draft' });
    const conn = await amqplib.connect(amqpUrl());
    try {
      const ch = await conn.createConfirmChannel();
      ch.publish(producer.exchange, 'content.deleted', Buffer.from('{not json'), { persistent: true });
      await ch.waitForConfirms();
    } finally {
      await conn.close();
    }
    const scraped = await eventually(
      () => served(metrics),
      (m) => m.value('postwright_dead_letters_total', { queue }) === 2,
    );
    expect(scraped.family('postwright_dead_letters_total').type).toBe('counter');
    expect(scraped.value('postwright_events_consumed_total', { queue, outcome: 'retried' })).toBe(1);
    expect(scraped.value('postwright_events_consumed_total', { queue, outcome: 'dead_lettered' })).toBe(2);
    expect(scraped.value('postwright_event_lag_seconds_count', { queue })).toBe(0);
  });

  test('when scraped, then the messages waiting in each consumer queue are read from the broker', async () => {
    const queue = consumer.queueName('slow');
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await consumer.consume('slow', ['user.registered'], () => held, { prefetch: 1 });
    for (let i = 0; i < 4; i++) await producer.publish('user.registered', { userId: `u${i}`, email: `u${i}@b.co`, firstName: 'A', lastName: 'B' });
    // one is with the handler, the other three wait in the queue
    const scraped = await eventually(
      () => served(metrics),
      (m) => m.value('postwright_queue_messages', { queue }) === 3,
    );
    expect(scraped.family('postwright_queue_messages').type).toBe('gauge');
    expect(scraped.samples('postwright_queue_messages', { queue: consumer.queueName('handled') })).toHaveLength(1);
    release();
    await eventually(
      () => served(metrics),
      (m) => m.value('postwright_events_consumed_total', { queue, outcome: 'handled' }) === 4 && m.value('postwright_queue_messages', { queue }) === 0,
    );
  });
});
