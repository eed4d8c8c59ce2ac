import { randomUUID } from 'node:crypto';
import http from 'node:http';
import { Redis } from 'ioredis';
import { listen, recordRevokedSession, type HttpServer } from '@postwright/platform';
import { deleteRedisKeys, eventually, http as call, issueTestToken, randomId, testEnv, testNamespace } from '@postwright/platform/src/testing';
import type { RunningGateway } from '../src/server';
import { startGatewayBefore } from './support/gateway';

/** An access token of session `sid`, as the auth service issues it. */
const tokenOf = (sid: string) => issueTestToken({ sub: randomId(), sid });

/** A session the auth service revoked is refused at once, not when its token expires. */
describe('gateway and revoked sessions', () => {
  const ns = testNamespace();
  const redisUrl = testEnv(ns).REDIS_URL!;
  let redis: Redis;
  let upstream: HttpServer;
  let gw: RunningGateway;
  const revokedBeforeStart = randomUUID();
  // recorded as the auth service records a logout: the platform's module, the same names
  const revoke = (sid: string) => recordRevokedSession(redis, ns, { sid, until: Date.now() + 16 * 60_000 });
  const content = (token: string) => call(gw.url, 'GET', '/api/content', { token });

  beforeAll(async () => {
    redis = new Redis(redisUrl);
    upstream = await listen((_req: http.IncomingMessage, res: http.ServerResponse) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end('{"content":[]}');
    }, 0);
    // while no gateway is listening: only the stored set can tell it
    await revoke(revokedBeforeStart);
    gw = await startGatewayBefore(ns, upstream.url);
  });
  afterAll(async () => {
    await gw?.stop();
    await upstream?.close();
    redis?.disconnect();
    await deleteRedisKeys(redisUrl, ns);
  });

  test('when a session was revoked before the gateway started, then its token is refused from the first request', async () => {
    const res = await content(tokenOf(revokedBeforeStart));
    expect(res).toMatchObject({ status: 401, body: { error: 'This session has ended. Please log in again.', code: 'AUTH.SESSION_REVOKED' } });
  });

  test('when a session is revoked while its token is in use, then that token is refused within a second, and another session goes on', async () => {
    const mine = tokenOf(randomUUID());
    const sid = randomUUID();
    const ended = tokenOf(sid);
    expect((await content(ended)).status).toBe(200); // now remembered as verified
    await revoke(sid);
    const refused = await eventually(() => content(ended), (res) => res.status !== 200, 1_000, 20);
    expect(refused).toMatchObject({ status: 401, body: { code: 'AUTH.SESSION_REVOKED' } });
    expect((await content(mine)).status).toBe(200);
  });

  test('when a revoked session presents a token the gateway has not seen yet, then it is refused too', async () => {
    const sid = randomUUID();
    await revoke(sid);
    const res = await eventually(() => content(tokenOf(sid)), (r) => r.status !== 200, 1_000, 20);
    expect(res).toMatchObject({ status: 401, body: { code: 'AUTH.SESSION_REVOKED' } });
  });

  test('when a token carries no session (issued before sessions were), then it still passes', async () => {
    expect((await content(issueTestToken({ sub: randomId() }))).status).toBe(200);
  });
});
