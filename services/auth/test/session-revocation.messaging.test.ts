import jwt from 'jsonwebtoken';
import { Redis } from 'ioredis';
import { createLogger, revokedSessionNames, watchRevokedSessions, type RevokedSessions, type SessionRevocation } from '@postwright/platform';
import { cleanupNamespace, eventually, http, testNamespace } from '@postwright/platform/src/testing';
import { signupUser, startAuth, type RunningAuth } from './support/harness';

/** What a gateway hears when a session ends: the announcement, and the platform's watcher that reads it. */
describe('session revocation: what is announced', () => {
  const ns = testNamespace();
  let auth: RunningAuth;
  let subscriber: Redis;
  let watcher: RevokedSessions;
  const heard: SessionRevocation[] = [];

  beforeAll(async () => {
    auth = await startAuth(ns);
    subscriber = new Redis(process.env.REDIS_URL!);
    await subscriber.subscribe(revokedSessionNames(ns).channel);
    subscriber.on('message', (_channel: string, text: string) => heard.push(JSON.parse(text) as SessionRevocation));
    watcher = watchRevokedSessions(process.env.REDIS_URL!, ns, createLogger('watcher', 'silent'));
    await watcher.ready;
  });
  afterAll(async () => {
    await watcher?.close();
    subscriber?.disconnect();
    await auth?.stop();
    await cleanupNamespace(ns);
  });

  const sidOf = (accessToken: string) => (jwt.decode(accessToken) as jwt.JwtPayload).sid as string;

  test('when a user logs out, then the session is announced with the time its last access token expires, and a watcher lists it', async () => {
    const { tokens } = await signupUser(auth.url);
    const sid = sidOf(tokens.accessToken);
    expect(watcher.isRevoked(sid)).toBe(false);
    await http(auth.url, 'POST', '/api/auth/logout', { token: tokens.accessToken, body: { refreshToken: tokens.refreshToken } });
    const [message] = await eventually(async () => heard.filter((m) => m.sid === sid), (found) => found.length > 0, 2_000, 10);
    expect(message.until).toBeGreaterThan(Date.now() + auth.ctx.config.ACCESS_TOKEN_TTL_SECONDS * 1000 - 5_000);
    await eventually(async () => watcher.isRevoked(sid), Boolean, 1_000, 10);
  });

  test('when a spent refresh token is replayed, then the family\'s session is announced', async () => {
    const { tokens } = await signupUser(auth.url);
    const sid = sidOf(tokens.accessToken);
    await http(auth.url, 'POST', '/api/auth/refresh', { body: { refreshToken: tokens.refreshToken } });
    // from another client: the same one may retry a refresh whose answer it lost
    await http(auth.url, 'POST', '/api/auth/refresh', { body: { refreshToken: tokens.refreshToken }, from: '127.0.0.2' });
    await eventually(async () => watcher.isRevoked(sid), Boolean, 1_000, 10);
    expect(heard.some((m) => m.sid === sid)).toBe(true);
  });
});
