import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import http from 'node:http';
import jwt from 'jsonwebtoken';
import { listen, type HttpServer } from '@postwright/platform';
import { http as call, issueTestToken, testEnv, testKeys, testNamespace } from '@postwright/platform/src/testing';
import { readConfig } from '../src/config';
import { start, type RunningGateway } from '../src/server';

/** An upstream that answers with what it received, standing in for a service's HTTP side. */
async function echoUpstream(name: string, opts: { ready?: boolean; delayMs?: number } = {}): Promise<HttpServer> {
  return listen((req: http.IncomingMessage, res: http.ServerResponse) => {
    if (req.url === '/ready') {
      res.writeHead(opts.ready === false ? 503 : 200, { 'content-type': 'application/json' });
      return res.end(JSON.stringify({ status: opts.ready === false ? 'unavailable' : 'ok' }));
    }
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      setTimeout(() => {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ service: name, method: req.method, url: req.url, headers: req.headers, body: Buffer.concat(chunks).toString() }));
      }, opts.delayMs ?? 0);
    });
  }, 0);
}

describe('gateway', () => {
  const ns = testNamespace();
  const token = issueTestToken({ sub: 'a'.repeat(24) });
  let ups: Record<string, HttpServer>;
  let gw: RunningGateway;
  let webDist: string;

  beforeAll(async () => {
    ups = {
      auth: await echoUpstream('auth'),
      content: await echoUpstream('content'),
      linkedin: await echoUpstream('linkedin'),
      scheduler: await echoUpstream('scheduler', { delayMs: 1_500 }),
      billing: await echoUpstream('billing'),
    };
    webDist = fs.mkdtempSync(path.join(os.tmpdir(), 'pw-web-'));
    fs.writeFileSync(path.join(webDist, 'index.html'), '<!doctype html><title>Postwright</title>');
    gw = await start(
      readConfig({
        ...testEnv(ns),
        AUTH_URL: ups.auth.url,
        CONTENT_URL: ups.content.url,
        LINKEDIN_URL: ups.linkedin.url,
        SCHEDULER_URL: ups.scheduler.url,
        BILLING_URL: ups.billing.url,
        WEB_DIST: webDist,
        UPSTREAM_TIMEOUT_MS: '1000',
      }),
    );
  });
  afterAll(async () => {
    await gw?.stop();
    await Promise.all(Object.values(ups ?? {}).map((u) => u.close()));
  });

  test.each([
    ['/api/auth/login', 'POST', 'auth'],
    ['/api/users/profile', 'GET', 'auth'],
    ['/api/content', 'GET', 'content'],
    ['/api/content/abc/edit', 'PUT', 'content'],
    ['/api/linkedin/auth-url', 'GET', 'linkedin'],
    ['/api/billing/subscription', 'GET', 'billing'],
  ])('when %s is called, then it reaches the %s service with the path unchanged', async (p, method, _m) => {
    const res = await call(gw.url, method, p, { token, body: method === 'GET' ? undefined : { a: 1 } });
    expect(res.status).toBe(200);
    expect(res.body.url).toBe(p);
    expect(res.body.method).toBe(method);
    if (method !== 'GET') expect(JSON.parse(res.body.body)).toEqual({ a: 1 });
    expect(res.body.service).toBe(_m);
  });

  test('when a client sends identity or internal headers, then they never reach a service, and a request id does', async () => {
    const res = await call(gw.url, 'GET', '/api/content', {
      token,
      headers: { 'x-user-id': 'someone-else', 'x-user-role': 'SUPER_ADMIN', 'x-internal-token': 'guess', 'X-Auth-User': 'x' },
    });
    expect(res.status).toBe(200);
    const headers = res.body.headers as Record<string, string>;
    expect(headers['x-user-id']).toBeUndefined();
    expect(headers['x-user-role']).toBeUndefined();
    expect(headers['x-internal-token']).toBeUndefined();
    expect(headers['x-auth-user']).toBeUndefined();
    expect(headers['x-request-id']).toMatch(/^[\w-]{8,}$/);
    expect(res.headers.get('x-request-id')).toBe(headers['x-request-id']);
  });

  test.each(['/api/internal/quota/reserve', '/internal/content/x', '/api/content/internal/x', '/api/%69nternal/x', '/api/auth/.well-known/jwks.json'])(
    'when %s is requested from outside, then it is a JSON 404',
    async (p) => {
      const res = await call(gw.url, 'POST', p, { token, body: {} });
      expect(res.status).toBe(404);
      expect(res.body.error).toEqual(expect.any(String));
    },
  );

  test('when no token is sent to a protected route, then 401 with error text', async () => {
    const res = await call(gw.url, 'GET', '/api/content');
    expect(res.status).toBe(401);
    expect(res.body).toMatchObject({ error: 'Authentication required', code: 'AUTH.MISSING_TOKEN' });
  });

  test('when login, signup, refresh or logout is called without a token, then it is let through', async () => {
    for (const p of ['/api/auth/login', '/api/auth/signup', '/api/auth/refresh', '/api/auth/logout']) {
      const res = await call(gw.url, 'POST', p, { body: {} });
      expect(res.status).toBe(200);
    }
  });

  test('when the token is expired, tampered, unsigned (alg none) or HMAC-signed, then 401', async () => {
    const expired = issueTestToken({ sub: 'b'.repeat(24) }, { expiresIn: -10 });
    const [h, p, s] = token.split('.');
    const payload = JSON.parse(Buffer.from(p, 'base64url').toString());
    const tampered = [h, Buffer.from(JSON.stringify({ ...payload, role: 'SUPER_ADMIN' })).toString('base64url'), s].join('.');
    const none = [Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url'), p, ''].join('.');
    const hmac = jwt.sign({ sub: 'c'.repeat(24), role: 'USER', tier: 'trial' }, testKeys.publicKey, { algorithm: 'HS256' });
    for (const bad of [expired, tampered, none, hmac, 'not-a-jwt']) {
      const res = await call(gw.url, 'GET', '/api/content', { token: bad });
      expect(res.status).toBe(401);
      expect(res.body.error).toEqual(expect.any(String));
    }
    const exp = await call(gw.url, 'GET', '/api/content', { token: expired });
    expect(exp.body.code).toBe('AUTH.TOKEN_EXPIRED');
  });

  test('when the URL is malformed, then 400 with error text', async () => {
    const res = await call(gw.url, 'GET', '/api/%E0%A4%A', { token });
    expect(res.status).toBe(400);
    expect(res.body.error).toBe('Malformed URL');
  });

  test('when an /api path matches no service, then a JSON 404', async () => {
    const res = await call(gw.url, 'GET', '/api/nothing', { token });
    expect(res.status).toBe(404);
    expect(res.body).toMatchObject({ error: expect.any(String), code: 'ROUTE.NOT_FOUND' });
  });

  test('when an upstream is slower than the timeout, then 504 with error text, not a hang', async () => {
    const res = await call(gw.url, 'GET', '/api/calendar/suggestions', { token });
    expect(res.status).toBe(504);
    expect(res.body.error).toMatch(/scheduler service took too long/);
  });

  test('when a client-side route is requested, then the web app is served (SPA fallback)', async () => {
    const res = await fetch(`${gw.url}/content-management`);
    expect(res.status).toBe(200);
    expect(await res.text()).toContain('<title>Postwright</title>');
  });
});

describe('gateway with a dead upstream', () => {
  const ns = testNamespace();
  let gw: RunningGateway;
  // nothing listens on the discard port
  const deadPort = 9;
  let live: HttpServer;

  beforeAll(async () => {
    live = await echoUpstream('auth');
    gw = await start(
      readConfig({
        ...testEnv(ns),
        AUTH_URL: live.url,
        CONTENT_URL: `http://127.0.0.1:${deadPort}`,
        LINKEDIN_URL: live.url,
        SCHEDULER_URL: live.url,
        BILLING_URL: live.url,
        WEB_DIST: '/nonexistent',
      }),
    );
  });
  afterAll(async () => {
    await gw?.stop();
    await live?.close();
  });

  test('when the content service is down, then 502 with error text', async () => {
    const res = await call(gw.url, 'GET', '/api/content', { token: issueTestToken({ sub: 'd'.repeat(24) }) });
    expect(res.status).toBe(502);
    expect(res.body).toMatchObject({ error: 'The content service is unavailable. Please try again.', code: 'UPSTREAM.UNAVAILABLE' });
  });

  test('when a service is not ready, then /api/health is 503 and names it', async () => {
    const res = await call(gw.url, 'GET', '/api/health');
    expect(res.status).toBe(503);
    expect(res.body).toEqual({ status: 'degraded', services: { auth: 'ok', content: 'unavailable', linkedin: 'ok', scheduler: 'ok', billing: 'ok' } });
  });
});
