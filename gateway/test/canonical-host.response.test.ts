import fs from 'node:fs';
import { request as nodeRequest, type IncomingMessage, type ServerResponse } from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { listen, type HttpServer } from '@postwright/platform';
import { http, testNamespace } from '@postwright/platform/src/testing';
import type { RunningGateway } from '../src/server';
import { startGatewayBefore } from './support/gateway';

/**
 * Pages are served at PUBLIC_URL only, so connecting LinkedIn from http://127.0.0.1:8080 does not
 * come back to http://localhost:8080, another origin without the session.
 */
describe('gateway: one public origin', () => {
  const ns = testNamespace();
  let upstream: HttpServer;
  let gw: RunningGateway;
  let publicUrl: string;

  beforeAll(async () => {
    upstream = await listen((req: IncomingMessage, res: ServerResponse) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ url: req.url, host: req.headers.host }));
    }, 0);
    const webDist = fs.mkdtempSync(path.join(os.tmpdir(), 'pw-web-'));
    fs.writeFileSync(path.join(webDist, 'index.html'), '<!doctype html><title>Postwright</title>');
    // the name people open; the gateway itself is reached by its address in these tests
    publicUrl = 'http://postwright.test:8080';
    gw = await startGatewayBefore(ns, upstream.url, { WEB_DIST: webDist, PUBLIC_URL: publicUrl });
  });
  afterAll(async () => {
    await gw?.stop();
    await upstream?.close();
  });

  const page = (pathAndQuery: string, host: string, method = 'GET') =>
    http(gw.url, method, pathAndQuery, { from: '127.0.0.1', headers: { host } });

  test('when a page is asked for by another host name, then it is sent to the same path at PUBLIC_URL before anything else', async () => {
    const res = await page('/content?draft=abc123&type=story', `127.0.0.1:${gw.port}`);
    expect(res.status).toBe(307);
    expect(res.headers.get('location')).toBe(`${publicUrl}/content?draft=abc123&type=story`);
    expect(res.headers.get('cache-control')).toBe('no-store');
    // nothing else happened first: no page, no session cookie
    expect(res.headers.get('set-cookie')).toBeNull();
  });

  test('when the LinkedIn callback comes back to another host name, then it is sent on to PUBLIC_URL with its query', async () => {
    const res = await page('/linkedin/callback?code=c1&state=s1', `localhost:${gw.port}`, 'HEAD');
    expect(res.status).toBe(307);
    expect(res.headers.get('location')).toBe(`${publicUrl}/linkedin/callback?code=c1&state=s1`);
  });

  test('when a page is asked for by the public host name (in any case), then it is served', async () => {
    for (const host of ['postwright.test:8080', 'PostWright.TEST:8080']) {
      const res = await page('/content', host);
      expect(res.status).toBe(200);
      expect(String(res.body)).toContain('<title>Postwright</title>');
    }
  });

  test('when a path tries to name another site, then the redirect still stays on PUBLIC_URL', async () => {
    // the request line itself is `GET //evil.example/login`: a URL object would read it as a host
    const location = await new Promise<string | undefined>((resolve, reject) => {
      const req = nodeRequest({ host: '127.0.0.1', port: gw.port, path: '//evil.example/login', headers: { host: `127.0.0.1:${gw.port}` } }, (res) => {
        res.resume();
        resolve(res.statusCode === 307 ? res.headers.location : `status ${res.statusCode}`);
      });
      req.on('error', reject);
      req.end();
    });
    expect(location).toBe(`${publicUrl}//evil.example/login`);
    expect(new URL(location!).origin).toBe(publicUrl);
  });

  test('when the API, a write or the probes come by another host name, then they are answered where they are', async () => {
    const health = await page('/health', `10.1.2.3:${gw.port}`);
    expect(health.status).toBe(200);
    const ready = await page('/ready', `10.1.2.3:${gw.port}`);
    expect(ready.status).toBe(200);
    const api = await http(gw.url, 'POST', '/api/auth/login', { from: '127.0.0.1', headers: { host: `127.0.0.1:${gw.port}` }, body: {} });
    expect(api.status).toBe(200);
    expect(api.body).toMatchObject({ url: '/api/auth/login' });
  });

  test('when the public URL is on its default port, then a Host with that port spelled out is the same host and another port is not', async () => {
    const other = await startGatewayBefore(`${ns}b`, upstream.url, { WEB_DIST: '/nonexistent', PUBLIC_URL: 'https://postwright.test' });
    try {
      // served (no web app here: the JSON 404), not redirected
      const same = await http(other.url, 'GET', '/nowhere', { from: '127.0.0.1', headers: { host: 'postwright.test:443' } });
      expect(same.status).toBe(404);
      const elsewhere = await http(other.url, 'GET', '/nowhere', { from: '127.0.0.1', headers: { host: 'postwright.test:8443' } });
      expect(elsewhere.status).toBe(307);
      expect(elsewhere.headers.get('location')).toBe('https://postwright.test/nowhere');
    } finally {
      await other.stop();
    }
  });
});
