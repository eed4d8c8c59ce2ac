import { request, type IncomingMessage, type ServerResponse } from 'node:http';
import zlib from 'node:zlib';
import { listen, type HttpServer } from '@postwright/platform';
import { deleteRedisKeys, eventually, issueTestToken, randomId, testEnv, testNamespace } from '@postwright/platform/src/testing';
import type { RunningGateway } from '../src/server';
import { startGatewayBefore } from './support/gateway';
import { raw } from './support/raw';

/** A JSON list of `items` posts, as the content service answers GET /api/content. */
const list = (items: number) => JSON.stringify({ content: Array.from({ length: items }, (_, i) => ({ id: `item-${i}`, contentType: 'insight', topic: 'Pricing power in B2B SaaS', status: 'draft' })) });

/**
 * The services' routes are handled on the `node:http` request, without Express (the
 * gateway's hot path, src/api-path.ts). These answers still carry what Express added
 * (security headers, CORS), what comes back from a service reaches the client as the service wrote
 * it but for its connection's own headers, and JSON of 1 KB or more goes out compressed when the
 * client takes it. The checks themselves (token, rate limit, internal routes, client address,
 * 502/504) have their own suites.
 */
describe('gateway: the API path', () => {
  const ns = testNamespace();
  const token = issueTestToken({ sub: randomId() });
  const auth = { authorization: `Bearer ${token}` };
  let upstream: HttpServer;
  let gateway: RunningGateway;
  /** streams the service is still writing, by request id */
  const writing = new Map<string, 'open' | 'closed'>();

  beforeAll(async () => {
    // the service's answers, by path
    upstream = await listen((req: IncomingMessage, res: ServerResponse) => {
      const url = new URL(req.url ?? '/', 'http://upstream');
      const json = (body: string, headers: Record<string, string> = {}) => {
        res.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'content-length': String(Buffer.byteLength(body)), ...headers });
        res.end(body);
      };
      if (url.pathname === '/api/content/small') return json(list(2));
      if (url.pathname === '/api/content/large') return json(list(Number(url.searchParams.get('items') ?? 40)));
      if (url.pathname === '/api/content/no-transform') return json(list(40), { 'cache-control': 'no-transform' });
      if (url.pathname === '/api/content/encoded') {
        const body = zlib.gzipSync(list(40));
        res.writeHead(200, { 'content-type': 'application/json', 'content-encoding': 'gzip', 'content-length': String(body.length) });
        return res.end(body);
      }
      if (url.pathname === '/api/content/chunked') {
        // no length: written in pieces as a service streaming a large list would
        res.writeHead(200, { 'content-type': 'application/json' });
        res.write(list(20).slice(0, -1));
        return res.end(`,"more":${JSON.stringify(list(20))}}`);
      }
      if (url.pathname === '/api/content/stream') {
        res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
        return res.end(`event: body\ndata: ${JSON.stringify({ delta: 'x'.repeat(2_000) })}\n\n`);
      }
      if (url.pathname === '/api/content/endless') {
        // an event stream that goes on until the client leaves (a post being written)
        const id = String(req.headers['x-request-id']);
        writing.set(id, 'open');
        res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
        const beat = setInterval(() => res.write(`event: body\ndata: {"delta":"more"}\n\n`), 20);
        res.on('close', () => {
          clearInterval(beat);
          writing.set(id, 'closed');
        });
        return;
      }
      if (url.pathname === '/api/content/hop-by-hop') {
        res.writeHead(200, { 'content-type': 'application/json', connection: 'keep-alive, x-upstream-only', 'keep-alive': 'timeout=5', 'x-upstream-only': 'connection detail', vary: 'Cookie' });
        return res.end('{"ok":true}');
      }
      res.writeHead(404, { 'content-type': 'application/json' });
      res.end('{"error":"No route"}');
    }, 0);
    gateway = await startGatewayBefore(ns, upstream.url);
  });
  afterAll(async () => {
    await gateway?.stop();
    await upstream?.close();
    await deleteRedisKeys(testEnv(ns).REDIS_URL!, ns);
  });

  test('when a service answers, then the answer carries the security headers every gateway answer carries', async () => {
    const proxied = await raw(gateway.url, '/api/content/small', { headers: auth });
    const own = await raw(gateway.url, '/api/health');
    const security = ['content-security-policy', 'strict-transport-security', 'x-content-type-options', 'x-frame-options', 'referrer-policy', 'cross-origin-opener-policy', 'cross-origin-resource-policy', 'origin-agent-cluster', 'x-dns-prefetch-control', 'x-download-options', 'x-permitted-cross-domain-policies', 'x-xss-protection'];
    for (const name of security) {
      expect(own.headers[name]).toBeDefined();
      expect([name, proxied.headers[name]]).toEqual([name, own.headers[name]]);
    }
    expect(proxied.headers['x-powered-by']).toBeUndefined();
    expect(proxied.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });

  test('when the web app calls from an allowed origin, then CORS allows it; from any other origin it does not', async () => {
    const allowed = await raw(gateway.url, '/api/content/small', { headers: { ...auth, origin: 'http://localhost:5173' } });
    expect(allowed.headers['access-control-allow-origin']).toBe('http://localhost:5173');
    expect(allowed.headers.vary).toMatch(/\bOrigin\b/);
    const other = await raw(gateway.url, '/api/content/small', { headers: { ...auth, origin: 'https://evil.example' } });
    expect(other.status).toBe(200);
    expect(other.headers['access-control-allow-origin']).toBeUndefined();
    expect(other.headers.vary).toMatch(/\bOrigin\b/);
  });

  test('when a browser asks before a cross-origin call (preflight), then the gateway answers it without a token', async () => {
    const res = await raw(gateway.url, '/api/content/small', {
      method: 'OPTIONS',
      headers: { origin: 'http://localhost:5173', 'access-control-request-method': 'POST', 'access-control-request-headers': 'authorization,content-type' },
    });
    expect(res.status).toBe(204);
    expect(res.headers['access-control-allow-origin']).toBe('http://localhost:5173');
    expect(res.headers['access-control-allow-methods']).toMatch(/POST/);
    expect(res.headers['access-control-allow-headers']).toBe('authorization,content-type');
  });

  test('when a JSON answer is 1 KB or more and the client takes brotli, then it goes out as brotli and decodes to the service answer', async () => {
    const res = await raw(gateway.url, '/api/content/large', { headers: { ...auth, 'accept-encoding': 'gzip, deflate, br, zstd' } });
    expect(res.status).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers.vary).toMatch(/\bAccept-Encoding\b/);
    expect(res.headers['content-length']).toBeUndefined();
    const decoded = zlib.brotliDecompressSync(res.body).toString();
    expect(decoded).toBe(list(40));
    expect(res.body.length).toBeLessThan(decoded.length / 4);
  });

  test('when the client takes gzip only, then gzip; when it takes neither, then the bytes as the service wrote them', async () => {
    const gzip = await raw(gateway.url, '/api/content/large', { headers: { ...auth, 'accept-encoding': 'gzip, br;q=0' } });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gzip.body).toString()).toBe(list(40));
    for (const acceptEncoding of [undefined, 'identity']) {
      const plain = await raw(gateway.url, '/api/content/large', { headers: { ...auth, ...(acceptEncoding ? { 'accept-encoding': acceptEncoding } : {}) } });
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(plain.headers['content-length']).toBe(String(Buffer.byteLength(list(40))));
      expect(plain.body.toString()).toBe(list(40));
      expect(plain.headers.vary).toMatch(/\bAccept-Encoding\b/);
    }
  });

  test('when a JSON answer is written in pieces without a length, then it is compressed whole', async () => {
    const res = await raw(gateway.url, '/api/content/chunked', { headers: { ...auth, 'accept-encoding': 'gzip' } });
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(zlib.gunzipSync(res.body).toString())).toMatchObject({ content: expect.any(Array), more: list(20) });
  });

  test('when compressing would not pay or is not allowed, then the answer passes unchanged', async () => {
    const headers = { ...auth, 'accept-encoding': 'br, gzip' };
    const small = await raw(gateway.url, '/api/content/small', { headers });
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(small.body.toString()).toBe(list(2));
    // varies all the same: a larger answer to the same request would be compressed
    expect(small.headers.vary).toMatch(/\bAccept-Encoding\b/);

    const noTransform = await raw(gateway.url, '/api/content/no-transform', { headers });
    expect(noTransform.headers['content-encoding']).toBeUndefined();
    expect(noTransform.body.toString()).toBe(list(40));

    const encoded = await raw(gateway.url, '/api/content/encoded', { headers });
    expect(encoded.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(encoded.body).toString()).toBe(list(40));

    const stream = await raw(gateway.url, '/api/content/stream', { headers });
    expect(stream.headers['content-type']).toBe('text/event-stream');
    expect(stream.headers['content-encoding']).toBeUndefined();
    expect(stream.body.toString()).toMatch(/^event: body\n/);

    const head = await raw(gateway.url, '/api/content/large', { method: 'HEAD', headers });
    expect(head.status).toBe(200);
    expect(head.headers['content-encoding']).toBeUndefined();
  });

  test("when a service's answer carries its connection's own headers, then the client gets the gateway's instead, and both Vary values", async () => {
    const res = await raw(gateway.url, '/api/content/hop-by-hop', { headers: auth });
    expect(res.status).toBe(200);
    expect(res.headers['keep-alive']).not.toBe('timeout=5');
    expect(res.headers.connection).toBe('keep-alive');
    expect(res.headers['x-upstream-only']).toBeUndefined();
    expect(res.headers.vary).toMatch(/\bOrigin\b/);
    expect(res.headers.vary).toMatch(/\bCookie\b/);
  });

  test('when the client leaves while a service is still streaming, then the service hears of it (a post being written is stopped)', async () => {
    const id = await new Promise<string>((resolve, reject) => {
      const req = request(new URL('/api/content/endless', gateway.url), { headers: auth }, (res) => {
        res.once('data', () => {
          // the first event arrived: the client hangs up
          req.destroy();
          resolve(String(res.headers['x-request-id']));
        });
      });
      req.on('error', (err) => (req.destroyed ? undefined : reject(err)));
      req.end();
    });
    expect(writing.get(id)).toBeDefined();
    await eventually(async () => writing.get(id), (state) => state === 'closed', 5_000, 20);
  });
});
