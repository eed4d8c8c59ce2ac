import { MongoClient } from 'mongodb';
import { http } from '@postwright/platform/src/testing';
import { LinkedinApi } from '../src/lib/linkedin-api';
import { MemberReader } from '../src/lib/linkedin-member';
import { LinkedinOAuth } from '../src/lib/linkedin-oauth';
import { LinkedinStrategy } from '../src/lib/linkedin-sign-in';
import { TokenCipher } from '../src/lib/token-cipher';
import { LinkedinAccess, REFRESH_TOKEN_LIFETIME_MS } from '../src/modules/connection/access.use-case';
import { ConnectionRepository } from '../src/modules/connection/connection.repository';
import { redisStateStore } from '../src/modules/connection/oauth-state.repository';
import type { LinkedinService } from '../src/server';
import { startStack, type Stack, type TestUser } from './support/stack';

const RECONNECT = 'Your LinkedIn connection has expired. Please reconnect your LinkedIn account.';

/**
 * What an engagement round or a publish holds: the connection as it loaded it, and the service's
 * own access to LinkedIn over the same store, wired as server.ts wires it.
 */
function accessOf(service: LinkedinService) {
  const { ctx } = service;
  const settings = ctx.config.linkedin;
  const connections = new ConnectionRepository(ctx.mongo);
  const access = new LinkedinAccess({
    connections,
    cipher: new TokenCipher(ctx.config.encryption.key, ctx.config.encryption.previousKeys),
    oauth: new LinkedinOAuth(settings, new LinkedinStrategy(settings, redisStateStore(ctx.redis, ctx.keyPrefix), new MemberReader(new LinkedinApi(settings), settings, ctx.logger))),
    logger: ctx.logger,
  });
  return { connections, access };
}

function suite(options: Parameters<typeof startStack>[0] = {}) {
  const s = {} as { stack: Stack; mongo: MongoClient; held: ReturnType<typeof accessOf> };
  beforeAll(async () => {
    s.stack = await startStack(options);
    s.mongo = await MongoClient.connect(process.env.MONGO_URL!);
    s.held = accessOf(s.stack.linkedin);
  });
  afterAll(async () => {
    await s.mongo?.close();
    await s.stack?.stop();
  });
  return s;
}

describe('expiry without a refresh token: stored state when a call still holds the old grant', () => {
  const s = suite();
  const connections = () => s.mongo.db(`${s.stack.ns}postwright_linkedin`).collection('connections');
  const connected = async () => {
    const user = await s.stack.user();
    expect((await s.stack.connect(user)).status).toBe(200);
    return user;
  };
  /** the first grant's 60 days are over, and a round loads the connection as it is then */
  const endedAndLoaded = async (user: TestUser) => {
    await connections().updateOne({ userId: user.id }, { $set: { accessTokenExpiresAt: new Date(Date.now() - 1_000) } });
    return (await s.held.connections.findByUser(user.id))!;
  };

  test('when the member reconnects and then a call finds the old grant dead, then the new connection stays active and publishing works', async () => {
    const user = await connected();
    const item = await s.stack.draft(user, 'Published with the new grant');
    const stale = await endedAndLoaded(user);
    expect((await s.stack.connect(user)).status).toBe(200);
    const fresh = (await connections().findOne({ userId: user.id }))!;
    expect(fresh.accessToken).not.toBe(stale.accessToken);

    // the call that held the old grant is told to try again, not to reconnect
    await expect(s.held.access.withToken(stale, async () => 'not called')).rejects.toMatchObject({ code: 'LINKEDIN.UNAVAILABLE' });

    expect(await connections().findOne({ userId: user.id })).toMatchObject({ status: 'active', accessToken: fresh.accessToken });
    const status = await http(s.stack.linkedin.url, 'GET', '/api/linkedin/profile', { token: user.token });
    expect(status.body.expired).toBeUndefined();
    const res = await http(s.stack.linkedin.url, 'POST', '/api/linkedin/post', { token: user.token, body: { contentId: item.id } });
    expect(res.status).toBe(200);
  });

  test('when nobody reconnected, then the grant the call found dead is the stored one and is marked expired', async () => {
    const user = await connected();
    const stale = await endedAndLoaded(user);

    await expect(s.held.access.withToken(stale, async () => 'not called')).rejects.toMatchObject({ code: 'LINKEDIN.RECONNECT_REQUIRED', message: RECONNECT });

    expect((await connections().findOne({ userId: user.id }))!.status).toBe('expired');
  });

  test('when the member disconnected meanwhile, then the call is told LinkedIn is not connected and nothing is stored again', async () => {
    const user = await connected();
    const stale = await endedAndLoaded(user);
    expect((await http(s.stack.linkedin.url, 'DELETE', '/api/linkedin/disconnect', { token: user.token })).status).toBe(200);

    await expect(s.held.access.withToken(stale, async () => 'not called')).rejects.toMatchObject({ code: 'LINKEDIN.CONNECTION_REQUIRED' });

    expect(await connections().findOne({ userId: user.id })).toBeNull();
  });
});

describe('expiry with a refresh token (approved partner app): stored state', () => {
  const s = suite({ sandboxEnv: { SANDBOX_REFRESH_TOKENS: 'true' } });
  const connections = () => s.mongo.db(`${s.stack.ns}postwright_linkedin`).collection('connections');
  const connected = async () => {
    const user = await s.stack.user();
    expect((await s.stack.connect(user)).status).toBe(200);
    return user;
  };

  test('when LinkedIn gave no end for the refresh token and the access token has ended, then the profile gives the refresh token end (365 days from connecting), not expired, and a call refreshes instead of asking to reconnect', async () => {
    const user = await connected();
    await connections().updateOne({ userId: user.id }, { $set: { accessTokenExpiresAt: new Date(Date.now() - 1_000), refreshTokenExpiresAt: null } });
    const { connectedAt } = (await connections().findOne({ userId: user.id }))!;

    const status = await http(s.stack.linkedin.url, 'GET', '/api/linkedin/profile', { token: user.token });
    expect(status.body.expired).toBeUndefined();
    expect(status.body.reconnectSoon).toBeUndefined();
    expect(Date.parse(status.body.expiresAt)).toBe(connectedAt.getTime() + REFRESH_TOKEN_LIFETIME_MS);

    const refreshed = await http(s.stack.linkedin.url, 'POST', '/api/linkedin/refresh-profile', { token: user.token });
    expect(refreshed.status).toBe(200);
    const doc = (await connections().findOne({ userId: user.id }))!;
    expect(doc.status).toBe('active');
    expect(doc.accessTokenExpiresAt.getTime()).toBeGreaterThan(Date.now());
  });

  test('when the member reconnects while a call refreshes the old grant, then the old grant is not stored back over the new one', async () => {
    const user = await connected();
    await connections().updateOne({ userId: user.id }, { $set: { accessTokenExpiresAt: new Date(Date.now() - 1_000) } });
    const stale = (await s.held.connections.findByUser(user.id))!;
    expect((await s.stack.connect(user)).status).toBe(200);
    const fresh = (await connections().findOne({ userId: user.id }))!;

    // the old grant's refresh still works at LinkedIn: this call goes on with it, the store keeps the new grant
    await expect(s.held.access.withToken(stale, async (token) => token)).resolves.toEqual(expect.any(String));

    expect(await connections().findOne({ userId: user.id })).toMatchObject({
      status: 'active',
      accessToken: fresh.accessToken,
      refreshToken: fresh.refreshToken,
      accessTokenExpiresAt: fresh.accessTokenExpiresAt,
    });
  });
});
