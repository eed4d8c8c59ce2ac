import { randomUUID } from 'node:crypto';
import jwt from 'jsonwebtoken';
import { Types } from 'mongoose';
import { refreshResponseSchema } from '@postwright/contracts';
import { revokedSessionNames } from '@postwright/platform';
import { cleanupNamespace, http, testKeys, testNamespace } from '@postwright/platform/src/testing';
import { IN_FLIGHT_MARGIN_MS } from '../src/modules/auth/session-revocations';
import { signupUser, startAuth, type RunningAuth } from './support/harness';

/** A session ended by logout or a replay is recorded for the gateways at once. */
describe('session revocation: what is stored', () => {
  const ns = testNamespace();
  const { key } = revokedSessionNames(ns);
  let auth: RunningAuth;

  beforeAll(async () => {
    auth = await startAuth(ns);
  });
  afterAll(async () => {
    await auth?.stop();
    await cleanupNamespace(ns);
  });

  const sidOf = (accessToken: string) => (jwt.decode(accessToken) as jwt.JwtPayload).sid as string;
  const refresh = (refreshToken: string) => http(auth.url, 'POST', '/api/auth/refresh', { body: { refreshToken } });
  const logout = (options: { token?: string; refreshToken?: string }) =>
    http(auth.url, 'POST', '/api/auth/logout', { token: options.token, body: options.refreshToken ? { refreshToken: options.refreshToken } : {} });
  /** epoch ms until which the session is listed as revoked, or null when it is not listed */
  const revokedUntil = async (sid: string) => {
    const score = await auth.ctx.redis.zscore(key, sid);
    return score === null ? null : Number(score);
  };
  const ttlMs = () => auth.ctx.config.ACCESS_TOKEN_TTL_SECONDS * 1000;

  test('when a user signs up, refreshes and logs in again, then each access token carries its session: kept by a refresh, new at a login', async () => {
    const account = await signupUser(auth.url);
    const first = sidOf(account.tokens.accessToken);
    expect(first).toEqual(expect.any(String));
    const pair = refreshResponseSchema.parse((await refresh(account.tokens.refreshToken)).body);
    expect(sidOf(pair.accessToken)).toBe(first);
    const login = await http(auth.url, 'POST', '/api/auth/login', { body: { email: account.user.email, password: account.password } });
    expect(login.status).toBe(200);
    expect(sidOf(login.body.tokens.accessToken)).not.toBe(first);
  });

  test('when a user logs out, then the session is listed as revoked until its last access token has expired', async () => {
    const { tokens } = await signupUser(auth.url);
    const sid = sidOf(tokens.accessToken);
    const before = Date.now();
    expect((await logout({ token: tokens.accessToken, refreshToken: tokens.refreshToken })).status).toBe(200);
    const until = await revokedUntil(sid);
    expect(until).toBeGreaterThanOrEqual(before + ttlMs());
    expect(until).toBeLessThanOrEqual(Date.now() + ttlMs() + IN_FLIGHT_MARGIN_MS);
  });

  test('when a user logs out with the access token alone, then its session ends: listed as revoked, and its refresh token is refused', async () => {
    const { tokens } = await signupUser(auth.url);
    expect((await logout({ token: tokens.accessToken })).status).toBe(200);
    expect(await revokedUntil(sidOf(tokens.accessToken))).not.toBeNull();
    expect(await refresh(tokens.refreshToken)).toMatchObject({ status: 401, body: { code: 'AUTH.REFRESH_REVOKED' } });
  });

  test('when the access token has expired, then logout revokes the refresh token\'s session and not the one the expired token names', async () => {
    const { user, tokens } = await signupUser(auth.url);
    const otherSid = randomUUID();
    const expired = jwt.sign({ role: 'USER', tier: 'trial', sid: otherSid }, testKeys.privateKey, { algorithm: 'RS256', subject: user.id, expiresIn: -60 });
    expect((await logout({ token: expired, refreshToken: tokens.refreshToken })).status).toBe(200);
    expect(await revokedUntil(sidOf(tokens.accessToken))).not.toBeNull();
    expect(await revokedUntil(otherSid)).toBeNull();
  });

  test("when a signed-in user logs out with someone else's refresh token, then only the caller's own session is revoked", async () => {
    const me = await signupUser(auth.url);
    const other = await signupUser(auth.url);
    expect((await logout({ token: me.tokens.accessToken, refreshToken: other.tokens.refreshToken })).status).toBe(200);
    expect(await revokedUntil(sidOf(me.tokens.accessToken))).not.toBeNull();
    expect(await revokedUntil(sidOf(other.tokens.accessToken))).toBeNull();
  });

  test('when a spent refresh token is presented again by another client, then the session of its family is revoked', async () => {
    const { tokens } = await signupUser(auth.url);
    const rotated = refreshResponseSchema.parse((await refresh(tokens.refreshToken)).body);
    expect(await revokedUntil(sidOf(rotated.accessToken))).toBeNull();
    const elsewhere = await http(auth.url, 'POST', '/api/auth/refresh', { body: { refreshToken: tokens.refreshToken }, from: '127.0.0.2' });
    expect(elsewhere).toMatchObject({ status: 401, body: { code: 'AUTH.REFRESH_REUSED' } });
    // the session of both the first and the rotated access token
    expect(await revokedUntil(sidOf(rotated.accessToken))).not.toBeNull();
    expect(sidOf(rotated.accessToken)).toBe(sidOf(tokens.accessToken));
  });

  test('when the account is gone at a refresh, then its session is revoked', async () => {
    const { user, tokens } = await signupUser(auth.url);
    await auth.ctx.mongo.collection('users').deleteOne({ _id: new Types.ObjectId(user.id) });
    expect(await refresh(tokens.refreshToken)).toMatchObject({ status: 401, body: { code: 'AUTH.REFRESH_INVALID' } });
    expect(await revokedUntil(sidOf(tokens.accessToken))).not.toBeNull();
  });
});
