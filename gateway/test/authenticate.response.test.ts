import http from 'node:http';
import { listen, type HttpServer } from '@postwright/platform';
import { deleteRedisKeys, eventually, http as call, issueTestToken, randomId, testEnv, testNamespace } from '@postwright/platform/src/testing';
import type { RunningGateway } from '../src/server';
import { startGatewayBefore } from './support/gateway';

/** The gateway remembers a token that verified (src/authenticate.ts); expiry still applies to it. */
describe('gateway authentication of a remembered token', () => {
  const ns = testNamespace();
  let upstream: HttpServer;
  let gw: RunningGateway;

  beforeAll(async () => {
    upstream = await listen((_req: http.IncomingMessage, res: http.ServerResponse) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end('{"content":[]}');
    }, 0);
    gw = await startGatewayBefore(ns, upstream.url);
  });
  afterAll(async () => {
    await gw?.stop();
    await upstream?.close();
    await deleteRedisKeys(testEnv(ns).REDIS_URL!, ns);
  });

  test('when a token that was accepted expires, then the next request is 401 AUTH.TOKEN_EXPIRED', async () => {
    const token = issueTestToken({ sub: randomId() }, { expiresIn: 2 });
    expect((await call(gw.url, 'GET', '/api/content', { token })).status).toBe(200);
    expect((await call(gw.url, 'GET', '/api/content', { token })).status).toBe(200);
    const expired = await eventually(() => call(gw.url, 'GET', '/api/content', { token }), (res) => res.status !== 200, 10_000, 200);
    expect(expired.status).toBe(401);
    expect(expired.body).toMatchObject({ error: 'Access token expired', code: 'AUTH.TOKEN_EXPIRED' });
  });

  test('when an accepted token is sent with a changed signature, then 401', async () => {
    const token = issueTestToken({ sub: randomId() });
    expect((await call(gw.url, 'GET', '/api/content', { token })).status).toBe(200);
    const [h, p, s] = token.split('.');
    const other = [h, p, `${s.slice(0, -4)}${s.slice(-4) === 'AAAA' ? 'BBBB' : 'AAAA'}`].join('.');
    const res = await call(gw.url, 'GET', '/api/content', { token: other });
    expect(res).toMatchObject({ status: 401, body: { error: 'Invalid access token', code: 'AUTH.TOKEN_INVALID' } });
  });

  test('when the scheme is not Bearer, then 401 Authentication required', async () => {
    const token = issueTestToken({ sub: randomId() });
    const res = await call(gw.url, 'GET', '/api/content', { headers: { authorization: `Basic ${token}` } });
    expect(res).toMatchObject({ status: 401, body: { error: 'Authentication required', code: 'AUTH.MISSING_TOKEN' } });
  });
});
