import http from 'node:http';
import { listen, type HttpServer } from '@postwright/platform';
import { deleteRedisKeys, http as call, issueTestToken, testEnv, testNamespace } from '@postwright/platform/src/testing';
import type { RunningGateway } from '../src/server';
import { startGatewayBefore } from './support/gateway';

/**
 * The gateway is the edge: it decides who the client is (its socket's address, unless TRUST_PROXY
 * names the proxies in front) and tells the services exactly that. Distinct clients are distinct
 * loopback source addresses; the headers here are what a client tries, not who it is.
 */
describe('gateway: the client address, forwarding headers and request ids', () => {
  const ns = testNamespace();
  let upstream: HttpServer;
  const running: RunningGateway[] = [];

  const gateway = async (extra: Record<string, string> = {}) => {
    const gw = await startGatewayBefore(ns, upstream.url, extra);
    running.push(gw);
    return gw;
  };
  /** what the service behind the gateway received */
  const seen = async (gw: RunningGateway, from: string, headers: Record<string, string> = {}) => {
    const res = await call(gw.url, 'GET', '/api/content', { token: issueTestToken({ sub: 'a'.repeat(24) }), from, headers });
    expect(res.status).toBe(200);
    return res.body.headers as Record<string, string | undefined>;
  };

  beforeAll(async () => {
    upstream = await listen((req: http.IncomingMessage, res: http.ServerResponse) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ headers: req.headers }));
    }, 0);
  });
  afterAll(async () => {
    for (const gw of running) await gw.stop().catch(() => undefined);
    await upstream?.close();
    await deleteRedisKeys(testEnv(ns).REDIS_URL!, ns);
  });

  test('when a client writes forwarding headers, then the service gets only the address the gateway saw', async () => {
    const gw = await gateway();
    const headers = await seen(gw, '127.0.0.21', {
      'x-forwarded-for': '203.0.113.7',
      forwarded: 'for=203.0.113.7',
      'x-real-ip': '203.0.113.7',
      'x-forwarded-host': 'evil.example',
      'x-forwarded-proto': 'https',
    });
    expect(headers['x-forwarded-for']).toBe('127.0.0.21');
    expect(headers['x-forwarded-proto']).toBe('http');
    expect(headers.forwarded).toBeUndefined();
    expect(headers['x-real-ip']).toBeUndefined();
    expect(headers['x-forwarded-host']).toBeUndefined();
  });

  test('when an anonymous client rotates X-Forwarded-For, then it is still limited at its own address', async () => {
    const gw = await gateway({ RATE_LIMIT_PER_MINUTE: '3' });
    const statuses: number[] = [];
    for (let i = 1; i <= 4; i++) {
      const res = await call(gw.url, 'POST', '/api/auth/login', { body: {}, from: '127.0.0.22', headers: { 'x-forwarded-for': `198.51.100.${i}` } });
      statuses.push(res.status);
    }
    expect(statuses).toEqual([200, 200, 200, 429]);
    // another address has its own budget
    expect((await call(gw.url, 'POST', '/api/auth/login', { body: {}, from: '127.0.0.23' })).status).toBe(200);
  });

  test('when TRUST_PROXY names the proxy in front, then the client it forwards is believed from that proxy only', async () => {
    const gw = await gateway({ TRUST_PROXY: '127.0.0.24' });
    expect((await seen(gw, '127.0.0.24', { 'x-forwarded-for': '198.51.100.9' }))['x-forwarded-for']).toBe('198.51.100.9');
    expect((await seen(gw, '127.0.0.25', { 'x-forwarded-for': '198.51.100.9' }))['x-forwarded-for']).toBe('127.0.0.25');
  });

  test('when TRUST_PROXY is a hop count, then the client is the entry that many hops back, not what the client prepended', async () => {
    const gw = await gateway({ TRUST_PROXY: '1' });
    expect((await seen(gw, '127.0.0.26', { 'x-forwarded-for': '192.0.2.66, 198.51.100.10' }))['x-forwarded-for']).toBe('198.51.100.10');
  });

  test('when a client picks its own request id, then only a trusted proxy may', async () => {
    const chosen = 'chosen-by-the-client-0001';
    const edge = await gateway();
    const fromClient = await seen(edge, '127.0.0.27', { 'x-request-id': chosen });
    expect(fromClient['x-request-id']).toMatch(/^[\w-]{8,}$/);
    expect(fromClient['x-request-id']).not.toBe(chosen);
    const behindProxy = await gateway({ TRUST_PROXY: '127.0.0.28' });
    expect((await seen(behindProxy, '127.0.0.28', { 'x-request-id': chosen }))['x-request-id']).toBe(chosen);
  });

  test('when a page is served, then its CSP allows images and forms only from itself and LinkedIn', async () => {
    const gw = await gateway();
    const csp = (await call(gw.url, 'GET', '/api/health', { from: '127.0.0.29' })).headers.get('content-security-policy') ?? '';
    expect(csp).toContain("img-src 'self' data: https://www.linkedin.com https://media.licdn.com");
    expect(csp).toContain("form-action 'self' https://www.linkedin.com https://media.licdn.com");
    expect(csp).not.toMatch(/(img-src|form-action)[^;]*\bhttps?:(;|\s)/);
    const sandbox = await gateway({ LINKEDIN_ORIGINS: 'http://localhost:8090' });
    const sandboxCsp = (await call(sandbox.url, 'GET', '/api/health', { from: '127.0.0.29' })).headers.get('content-security-policy') ?? '';
    expect(sandboxCsp).toContain("img-src 'self' data: http://localhost:8090;");
    expect(sandboxCsp).toContain("form-action 'self' http://localhost:8090;");
  });
});
