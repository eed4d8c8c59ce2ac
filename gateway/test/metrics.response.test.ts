import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { apiOperations } from '@postwright/contracts';
import { listen, type HttpServer } from '@postwright/platform';
import { deleteRedisKeys, eventually, issueTestToken, randomId, testEnv, testNamespace } from '@postwright/platform/src/testing';
import { scrape } from '@postwright/platform/src/testing/prometheus';
import { routeLabeller } from '../src/route-label';
import type { RunningGateway } from '../src/server';
import { startGatewayBefore } from './support/gateway';

/**
 * The gateway's Prometheus metrics: served only on their own listener (METRICS_PORT), never on the
 * public port nor passed to a service's /metrics, and every request it answers timed under a route
 * label from a bounded set (the contracts' route templates, Express's routes, "web", "unmatched").
 */
describe('gateway: metrics', () => {
  const ns = testNamespace();
  const auth = { authorization: `Bearer ${issueTestToken({ sub: randomId() })}` };
  /** the paths the stand-in service was asked for */
  const asked: string[] = [];
  let upstream: HttpServer;
  let gateway: RunningGateway;
  let webDist: string;

  beforeAll(async () => {
    upstream = await listen((req: IncomingMessage, res: ServerResponse) => {
      asked.push(req.url ?? '');
      // what a service's own /metrics would say: it must never come out of the gateway's public port
      if ((req.url ?? '').split('?')[0] === '/metrics') {
        res.writeHead(200, { 'content-type': 'text/plain; version=0.0.4' });
        return res.end('# TYPE service_secret gauge\nservice_secret 1\n');
      }
      const status = req.url === '/api/content/generate' ? 201 : 200;
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end('{"ok":true}');
    }, 0);
    webDist = fs.mkdtempSync(path.join(os.tmpdir(), 'gateway-metrics-web-'));
    fs.writeFileSync(path.join(webDist, 'index.html'), '<!doctype html><title>Postwright</title>');
    gateway = await startGatewayBefore(ns, upstream.url, { WEB_DIST: webDist });
  });
  afterAll(async () => {
    await gateway?.stop();
    await upstream?.close();
    fs.rmSync(webDist, { recursive: true, force: true });
    await deleteRedisKeys(testEnv(ns).REDIS_URL!, ns);
  });

  test('when the public port is asked for /metrics, then it answers 404 (not the web app, not a service\'s metrics)', async () => {
    for (const [pathname, headers] of [
      ['/metrics', {}],
      ['/metrics/', {}],
      ['/metrics?format=text', auth],
    ] as const) {
      const res = await fetch(`${gateway.url}${pathname}`, { headers });
      expect(res.status).toBe(404);
      expect(res.headers.get('content-type')).toMatch(/application\/json/);
      expect(await res.json()).toMatchObject({ error: expect.stringMatching(/No route/), code: 'ROUTE.NOT_FOUND' });
    }
    // the page itself is still the web app's
    expect((await fetch(`${gateway.url}/calendar`)).status).toBe(200);
  });

  test('when /api/metrics or a service path ending in /metrics is asked for, then no service\'s /metrics is reached', async () => {
    const withToken = await fetch(`${gateway.url}/api/metrics`, { headers: auth });
    expect(withToken.status).toBe(404);
    expect(await withToken.text()).not.toContain('service_secret');
    expect((await fetch(`${gateway.url}/api/metrics`)).status).toBe(401);
    // proxied unchanged to the service's own API path, which is not its /metrics
    const proxied = await fetch(`${gateway.url}/api/content/metrics`, { headers: auth });
    expect(await proxied.text()).not.toContain('service_secret');
    expect(asked).toContain('/api/content/metrics');
    expect(asked.filter((url) => url.split('?')[0] === '/metrics')).toEqual([]);
  });

  test('when METRICS_PORT is scraped, then it is Prometheus text with the process metrics labelled service="gateway"', async () => {
    expect(gateway.metricsUrl).not.toBe(gateway.url);
    const scraped = await scrape(gateway.metricsUrl);
    expect(scraped.family('process_cpu_seconds_total').type).toBe('counter');
    expect(scraped.family('nodejs_heap_size_used_bytes').type).toBe('gauge');
    expect(scraped.family('http_request_duration_seconds').type).toBe('histogram');
    expect(scraped.family('postwright_jwks_fetch_failures_total').type).toBe('counter');
    expect(scraped.samples('process_cpu_seconds_total')[0].labels).toEqual({ service: 'gateway' });
    // the metrics listener serves nothing else
    const other = await fetch(`${gateway.metricsUrl}/api/health`);
    expect(other.status).toBe(404);
    expect(await other.json()).toEqual({ error: expect.stringMatching(/metrics are at \/metrics/) });
  });

  test('when requests are answered, then each is timed under its route template by method and status, never its raw path', async () => {
    const id = randomId();
    const before = await scrape(gateway.metricsUrl);
    const count = (m: typeof before, method: string, route: string, status: string) => m.value('http_request_duration_seconds_count', { method, route, status });
    await fetch(`${gateway.url}/api/content/${id}`, { headers: auth });
    await fetch(`${gateway.url}/api/content/${id}/`, { headers: auth });
    await fetch(`${gateway.url}/api/content/generate`, { method: 'POST', headers: auth });
    await fetch(`${gateway.url}/api/calendar/unschedule/${id}`, { method: 'DELETE', headers: auth });
    await fetch(`${gateway.url}/api/content/${id}/no/such/route`, { headers: auth });
    await fetch(`${gateway.url}/api/content`);
    await fetch(`${gateway.url}/api/nothing-here/${id}`, { headers: auth });
    await fetch(`${gateway.url}/health`);
    await fetch(`${gateway.url}/calendar/${id}`);
    const expected: Array<[string, string, string, number]> = [
      ['GET', '/api/content/:id', '200', 2],
      ['POST', '/api/content/generate', '201', 1],
      ['DELETE', '/api/calendar/unschedule/:contentId', '200', 1],
      ['GET', 'unmatched', '200', 1],
      ['GET', '/api/content', '401', 1],
      ['GET', 'unmatched', '404', 1],
      ['GET', '/health', '200', 1],
      ['GET', 'web', '200', 1],
    ];
    const after = await eventually(
      () => scrape(gateway.metricsUrl),
      (m) => expected.every(([method, route, status, n]) => count(m, method, route, status) - count(before, method, route, status) >= n),
    );
    for (const [method, route, status, n] of expected) expect([method, route, status, count(after, method, route, status) - count(before, method, route, status)]).toEqual([method, route, status, n]);
    const routes = new Set(after.samples('http_request_duration_seconds_count').map((s) => s.labels.route));
    expect([...routes].filter((route) => route.includes(id))).toEqual([]);
  });

  test('when the gateway stops, then its metrics listener is closed too', async () => {
    const another = await startGatewayBefore(ns, upstream.url);
    expect((await fetch(`${another.metricsUrl}/metrics`)).status).toBe(200);
    await another.stop();
    await expect(fetch(`${another.metricsUrl}/metrics`)).rejects.toThrow();
  });

  test('when METRICS_PORT is taken, then the gateway does not start, and says so', async () => {
    const port = Number(new URL(gateway.metricsUrl).port);
    await expect(startGatewayBefore(ns, upstream.url, { METRICS_PORT: String(port) })).rejects.toThrow(/METRICS_PORT.*EADDRINUSE/);
  });
});

describe('gateway: route labels', () => {
  const label = routeLabeller();

  test('when a path fills a template of the route table, then its label is that template in the services\' Express form', () => {
    for (const { path: template } of apiOperations) {
      const filled = template.replace(/\{[^}]+\}/g, 'abc123');
      expect(label(filled)).toBe(template.replace(/\{([^}]+)\}/g, ':$1'));
    }
    expect(label('/api/content/generate')).toBe('/api/content/generate');
    expect(label('/api/admin/users/u1/tier/')).toBe('/api/admin/users/:id/tier');
  });

  test('when a path matches no template, then it is "unmatched"', () => {
    for (const p of ['/api/content/a/b', '/api/content//edit', '/api/linkedin/nope', '/api', '/']) expect(label(p)).toBe('unmatched');
  });
});
