import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import http from 'node:http';
import { apiOperations, errorCatalogue, generationStreamEventSchemas, isErrorCode } from '@postwright/contracts';
import { listen, type HttpServer } from '@postwright/platform';
import { http as call, issueTestToken, testEnv, testNamespace } from '@postwright/platform/src/testing';
import { readConfig } from '../src/config';
import { isPublic, upstreams } from '../src/routes';
import { start, type RunningGateway } from '../src/server';

const ROOT = path.resolve(__dirname, '../..');

/** A service stand-in that says which service it is and what reached it. */
function upstream(name: string): Promise<HttpServer> {
  return listen((req: http.IncomingMessage, res: http.ServerResponse) => {
    req.resume();
    req.on('end', () => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ service: name, method: req.method, url: req.url }));
    });
  }, 0);
}

/** Every public route the services and the gateway declare in their source (router.get('/api/...')). */
function declaredRoutes(): string[] {
  const files = (dir: string): string[] =>
    fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? files(path.join(dir, e.name)) : e.name.endsWith('.ts') ? [path.join(dir, e.name)] : []));
  const dirs = ['gateway/src', ...fs.readdirSync(path.join(ROOT, 'services')).map((s) => `services/${s}/src`)];
  const found = new Set<string>();
  for (const file of dirs.flatMap((d) => files(path.join(ROOT, d)))) {
    for (const [, method, route] of fs.readFileSync(file, 'utf8').matchAll(/\b(?:router|app)\.(get|post|put|delete)\(\s*'(\/api\/[^']*)'/g)) {
      found.add(`${method} ${route.replace(/:(\w+)/g, '{$1}')}`);
    }
  }
  return [...found].sort();
}

describe('GET /api/openapi.json and GET /api/docs', () => {
  const ns = testNamespace();
  let ups: Record<string, HttpServer>;
  let gw: RunningGateway;
  let doc: any;

  beforeAll(async () => {
    ups = { auth: await upstream('auth'), content: await upstream('content'), linkedin: await upstream('linkedin'), scheduler: await upstream('scheduler'), billing: await upstream('billing') };
    gw = await start(
      readConfig({
        ...testEnv(ns),
        AUTH_URL: ups.auth.url,
        CONTENT_URL: ups.content.url,
        LINKEDIN_URL: ups.linkedin.url,
        SCHEDULER_URL: ups.scheduler.url,
        BILLING_URL: ups.billing.url,
        WEB_DIST: fs.mkdtempSync(path.join(os.tmpdir(), 'pw-web-')),
        RATE_LIMIT_PER_MINUTE: '100000',
      }),
    );
    const res = await call(gw.url, 'GET', '/api/openapi.json');
    expect(res.status).toBe(200);
    doc = res.body;
  });
  afterAll(async () => {
    await gw?.stop();
    await Promise.all(Object.values(ups ?? {}).map((u) => u.close()));
  });

  test('when fetched without a token, then it is an OpenAPI 3.1 document with an operation per route-table entry, each with a success body and catalogued errors', () => {
    expect(doc).toMatchObject({ openapi: '3.1.0', info: { title: 'Postwright API', version: expect.any(String) }, paths: expect.any(Object) });
    const documented = Object.entries(doc.paths).flatMap(([p, methods]: [string, any]) => Object.keys(methods).map((m) => `${m} ${p}`));
    expect(documented.sort()).toEqual(apiOperations.map((o) => `${o.method} ${o.path}`).sort());
    for (const [p, methods] of Object.entries<any>(doc.paths)) {
      for (const [method, op] of Object.entries<any>(methods)) {
        const where = `${method} ${p}`;
        const statuses = Object.keys(op.responses);
        expect([where, statuses.some((s) => s.startsWith('2'))]).toEqual([where, true]);
        const declared = apiOperations.find((o) => o.method === method && o.path === p);
        expect([where, op.responses[String(declared?.success.status)].content['application/json'].schema]).toEqual([where, expect.any(Object)]);
        for (const status of statuses.filter((s) => !s.startsWith('2'))) {
          const codes: string[] = op.responses[status].content['application/json'].schema.allOf[1].properties.code.enum;
          expect([where, status, codes.every((c) => isErrorCode(c) && String(errorCatalogue[c].status) === status)]).toEqual([where, status, true]);
        }
        for (const name of [...p.matchAll(/\{(\w+)\}/g)].map((m) => m[1])) {
          expect([where, op.parameters?.some((prm: any) => prm.in === 'path' && prm.name === name && prm.required)]).toEqual([where, true]);
        }
        if (op.requestBody) expect([where, op.requestBody.content['application/json'].schema.type]).toEqual([where, 'object']);
      }
    }
    expect(doc.components.schemas.ErrorBody).toMatchObject({ type: 'object', required: ['error'] });
  });

  test('the streamed answer of POST /api/content/generate is documented as a 200 text/event-stream with each of its events', () => {
    const streamed = doc.paths['/api/content/generate'].post.responses['200'];

    expect(streamed.description).toContain('Accept: text/event-stream');
    const events = streamed.content['text/event-stream'].schema.oneOf;
    expect(events.map((e: any) => e.properties.event.const)).toEqual(Object.keys(generationStreamEventSchemas));
    expect(events.find((e: any) => e.title === 'done').properties.data).toEqual(doc.paths['/api/content/generate'].post.responses['201'].content['application/json'].schema);
  });

  test('every route the services and the gateway declare is documented, and every documented one is declared', () => {
    const documented = apiOperations.map((o) => `${o.method} ${o.path}`).filter((r) => !/\/api\/(openapi\.json|docs)$/.test(r)).sort();
    expect(declaredRoutes().filter((r) => !/\/api\/(openapi\.json|docs)$/.test(r))).toEqual(documented);
  });

  test.each(apiOperations.filter((o) => o.tag !== 'gateway').map((o) => [`${o.method.toUpperCase()} ${o.path}`, o] as const))(
    'when %s is called through the gateway, then it reaches the service that owns it (not the gateway\'s 404)',
    async (_name, operation) => {
      const concrete = operation.path.replace(/\{\w+\}/g, 'a'.repeat(24));
      const res = await call(gw.url, operation.method.toUpperCase(), concrete, { token: issueTestToken({ sub: 'b'.repeat(24) }), body: operation.request ? {} : undefined });
      const owner = upstreams(readConfig({ ...testEnv(ns), AUTH_URL: 'http://a', CONTENT_URL: 'http://c', LINKEDIN_URL: 'http://l', SCHEDULER_URL: 'http://s', BILLING_URL: 'http://b' })).find((u) =>
        u.prefixes.some((prefix) => concrete.startsWith(prefix)),
      );
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ service: owner?.name, method: operation.method.toUpperCase(), url: concrete });
    },
  );

  test('the document says which operations need a token exactly as the gateway decides it', () => {
    for (const operation of apiOperations) {
      const concrete = operation.path.replace(/\{\w+\}/g, 'x');
      expect([operation.path, operation.auth]).toEqual([operation.path, !isPublic(operation.method.toUpperCase(), concrete)]);
      const security = doc.paths[operation.path][operation.method].security;
      expect([operation.path, security.length > 0]).toEqual([operation.path, operation.auth]);
    }
  });

  test('when /api/docs is fetched without a token, then a self-contained HTML reference lists every operation', async () => {
    const res = await call(gw.url, 'GET', '/api/docs');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/html/);
    const html = String(res.body);
    for (const operation of apiOperations) expect(html).toContain(`<code>${operation.path}</code>`);
    expect(html).not.toMatch(/<script|https?:\/\/(?!localhost)[^"]*\.(js|css)/);
  });

  test('when the document is asked for again with its ETag, then 304', async () => {
    const first = await call(gw.url, 'GET', '/api/openapi.json');
    const again = await call(gw.url, 'GET', '/api/openapi.json', { headers: { 'if-none-match': String(first.headers.get('etag')) } });
    expect(again.status).toBe(304);
  });
});
