import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { deleteRedisKeys, testEnv, testNamespace } from '@postwright/platform/src/testing';
import type { RunningGateway } from '../src/server';
import { startGatewayBefore } from './support/gateway';
import { getEncoded as get } from './support/raw';

/**
 * The gateway sends the built web app as the browser takes it. The build writes
 * brotli and gzip copies beside each file (web/build-tools/precompress.mjs); the gateway picks
 * one by Accept-Encoding, says so in Vary, and keeps the caching (fingerprinted assets for a
 * year, index.html revalidated).
 */
describe('gateway: the web app, precompressed', () => {
  const ns = testNamespace();
  const script = `export const app = ${JSON.stringify('Postwright '.repeat(400))};\n`;
  const page = `<!doctype html><html><head><title>Postwright</title></head><body>${'<p>LinkedIn posts worth reading.</p>'.repeat(60)}</body></html>`;
  let webDist: string;
  let gateway: RunningGateway;

  beforeAll(async () => {
    webDist = fs.mkdtempSync(path.join(os.tmpdir(), 'pw-web-'));
    fs.mkdirSync(path.join(webDist, 'assets'));
    const files = { 'index.html': page, 'assets/app-1a2b3c.js': script };
    for (const [name, text] of Object.entries(files)) {
      const file = path.join(webDist, name);
      fs.writeFileSync(file, text);
      fs.writeFileSync(`${file}.br`, zlib.brotliCompressSync(text));
      fs.writeFileSync(`${file}.gz`, zlib.gzipSync(text));
    }
    fs.writeFileSync(path.join(webDist, 'robots.txt'), 'User-agent: *\nAllow: /\n');
    gateway = await startGatewayBefore(ns, 'http://127.0.0.1:9', { WEB_DIST: webDist });
  });
  afterAll(async () => {
    await gateway?.stop();
    fs.rmSync(webDist, { recursive: true, force: true });
    await deleteRedisKeys(testEnv(ns).REDIS_URL!, ns);
  });

  test('when a browser takes brotli, then an asset goes out as brotli, cached for a year, varying by encoding', async () => {
    const res = await get(gateway.url, '/assets/app-1a2b3c.js', 'gzip, deflate, br, zstd');

    expect(res.status).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers.vary).toMatch(/accept-encoding/i);
    expect(res.headers['content-type']).toMatch(/^(application|text)\/javascript; charset=utf-8$/i);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(zlib.brotliDecompressSync(res.body).toString()).toBe(script);
    expect(res.body.length).toBeLessThan(script.length / 10);
  });

  test('when a client takes only gzip, then it gets gzip; when it takes none, the file as it is', async () => {
    const gzip = await get(gateway.url, '/assets/app-1a2b3c.js', 'gzip');
    const plain = await get(gateway.url, '/assets/app-1a2b3c.js');

    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gzip.body).toString()).toBe(script);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers.vary).toMatch(/accept-encoding/i);
    expect(plain.body.toString()).toBe(script);
  });

  test('when a client-side route is asked for, then index.html goes out compressed and is revalidated every time', async () => {
    for (const route of ['/', '/content', '/auth/login?next=%2Fdashboard']) {
      const res = await get(gateway.url, route, 'br');

      expect([route, res.status, res.headers['content-encoding'], res.headers['cache-control']]).toEqual([route, 200, 'br', 'no-cache']);
      expect(res.headers['content-type']).toMatch(/^text\/html; charset=utf-8$/i);
      expect(zlib.brotliDecompressSync(res.body).toString()).toBe(page);
    }
  });

  test('when robots.txt is asked for, then it is the file itself, and an API route is still answered by the API in JSON, never by the web app', async () => {
    const robots = await get(gateway.url, '/robots.txt', 'br');
    const api = await get(gateway.url, '/api/nothing-here', 'br');

    expect(robots.status).toBe(200);
    expect(robots.body.toString()).toBe('User-agent: *\nAllow: /\n');
    expect(api.status).toBe(401);
    expect(JSON.parse(api.body.toString())).toMatchObject({ code: 'AUTH.MISSING_TOKEN' });
  });
});
