import { createHash } from 'node:crypto';
import jwt from 'jsonwebtoken';
import { refreshResponseSchema } from '@postwright/contracts';
import { revokedSessionNames } from '@postwright/platform';
import { cleanupNamespace, eventually, http, testNamespace } from '@postwright/platform/src/testing';
import { signupUser, startAuth, type RunningAuth } from './support/harness';

/** A client is its address (a loopback source address of its own) and its User-Agent. */
interface Client {
  address: string;
  userAgent: string;
}
const FIREFOX = 'Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0';
const browser: Client = { address: '127.0.0.21', userAgent: FIREFOX };

const sidOf = (accessToken: string) => (jwt.decode(accessToken) as jwt.JwtPayload).sid as string;

/** The calls of one running auth service, as a client makes them. */
function calls(auth: () => RunningAuth, ns: string) {
  const refresh = (refreshToken: string, client: Client = browser) =>
    http(auth().url, 'POST', '/api/auth/refresh', { body: { refreshToken }, from: client.address, headers: { 'user-agent': client.userAgent } });
  /** epoch ms until which the session is listed as revoked for the gateways, or null */
  const revokedUntil = async (sid: string) => {
    const score = await auth().ctx.redis.zscore(revokedSessionNames(ns).key, sid);
    return score === null ? null : Number(score);
  };
  /** a session, and a refresh of it whose answer the client never got: it still holds the spent token */
  async function lostRefresh() {
    const { tokens } = await signupUser(auth().url);
    const lost = await refresh(tokens.refreshToken);
    expect(lost.status).toBe(200);
    return { spent: tokens.refreshToken, successor: refreshResponseSchema.parse(lost.body).refreshToken!, sid: sidOf(tokens.accessToken) };
  }
  return { refresh, revokedUntil, lostRefresh };
}

/**
 * The answer of a refresh can be lost after the service rotated the token (a network cut, a
 * closed tab): the same client may present the spent token again for a short grace. Anyone else,
 * or later, or once the token that refresh issued was used, replays it, and the session ends.
 */
describe('a refresh retried by its client after the answer was lost', () => {
  const ns = testNamespace();
  let auth: RunningAuth;
  const { refresh, revokedUntil, lostRefresh } = calls(() => auth, ns);

  beforeAll(async () => {
    auth = await startAuth(ns);
  });
  afterAll(async () => {
    await auth?.stop();
    await cleanupNamespace(ns);
  });

  test('when the same client presents the spent token again within the grace, then 200 with a working token of the same session, and the lost one fails without ending it', async () => {
    const { spent, successor, sid } = await lostRefresh();

    const retry = await refresh(spent);
    expect(retry.status).toBe(200);
    const pair = refreshResponseSchema.parse(retry.body);
    expect(pair.refreshToken).not.toBe(successor);
    expect(sidOf(pair.accessToken)).toBe(sid);
    expect((await http(auth.url, 'GET', '/api/users/profile', { token: pair.accessToken })).status).toBe(200);

    // the lost answer's token is withdrawn: a family keeps one live refresh token
    expect(await refresh(successor)).toMatchObject({ status: 401, body: { code: 'AUTH.REFRESH_INVALID' } });
    expect(await revokedUntil(sid)).toBeNull();
    expect((await refresh(pair.refreshToken!)).status).toBe(200);
    expect(await revokedUntil(sid)).toBeNull();
  });

  test('when the retry carries the cookie, then the new token is set in the cookie and works', async () => {
    const { spent, successor } = await lostRefresh();
    const retry = await http(auth.url, 'POST', '/api/auth/refresh', {
      from: browser.address,
      headers: { 'user-agent': browser.userAgent, cookie: `__Secure-postwright_refresh=${spent}` },
    });
    expect(retry.status).toBe(200);
    expect(Object.keys(retry.body)).toEqual(['accessToken']);
    const cookie = retry.headers.getSetCookie().map((c) => /^__Secure-postwright_refresh=([^;]+)/.exec(c)?.[1]).find(Boolean);
    expect(cookie).toEqual(expect.any(String));
    expect(cookie).not.toBe(successor);
    expect((await refresh(cookie!)).status).toBe(200);
  });

  test.each([
    ['another address with the same User-Agent', { address: '127.0.0.22', userAgent: FIREFOX }],
    ['the same address with another User-Agent', { address: browser.address, userAgent: 'curl/8.5.0' }],
  ])('when %s presents the spent token within the grace, then it is a replay: 401 and the session ends', async (_name, other) => {
    const { spent, successor, sid } = await lostRefresh();
    const replay = await refresh(spent, other);
    expect(replay.status).toBe(401);
    expect(replay.body).toMatchObject({ error: expect.any(String), code: 'AUTH.REFRESH_REUSED' });
    // the live access token's session is revoked for the gateways, and the holder's newer token is dead
    expect(await revokedUntil(sid)).not.toBeNull();
    expect((await refresh(successor)).status).toBe(401);
    // and the client the grace was for gets nothing either now
    expect((await refresh(spent)).status).toBe(401);
  });

  test('when the token the refresh issued has been used, then the spent token is a replay even from the same client within the grace', async () => {
    const { spent, successor, sid } = await lostRefresh();
    const next = await refresh(successor);
    expect(next.status).toBe(200);
    expect(await refresh(spent)).toMatchObject({ status: 401, body: { code: 'AUTH.REFRESH_REUSED' } });
    expect(await revokedUntil(sid)).not.toBeNull();
    expect((await refresh(refreshResponseSchema.parse(next.body).refreshToken!)).status).toBe(401);
  });

  /** Refreshes each candidate (they are all of one session) and answers how many worked. */
  async function liveAmong(candidates: string[]): Promise<number> {
    let live = 0;
    for (const token of candidates) {
      const res = await refresh(token);
      if (res.status === 200) live += 1;
      else expect(res.body).toMatchObject({ code: 'AUTH.REFRESH_INVALID' });
    }
    return live;
  }

  test('when the same client retries the spent token several times at once, then each is answered or refused alone, and exactly one token stays live', async () => {
    const { spent, successor, sid } = await lostRefresh();
    const cookieOf = (token: string) => ({ 'user-agent': browser.userAgent, cookie: `__Secure-postwright_refresh=${token}` });
    const retries = await Promise.all(
      [1, 2, 3].map(() => http(auth.url, 'POST', '/api/auth/refresh', { from: browser.address, headers: cookieOf(spent) })),
    );
    const issued: string[] = [];
    for (const retry of retries) {
      if (retry.status === 200) {
        issued.push(/^__Secure-postwright_refresh=([^;]+)/.exec(retry.headers.getSetCookie()[0] ?? '')![1]);
      } else {
        // overtaken by a retry of its own: refused without ending the session, and the cookie the
        // winner sets is not cleared
        expect(retry).toMatchObject({ status: 401, body: { code: 'AUTH.REFRESH_INVALID' } });
        expect(retry.headers.getSetCookie()).toEqual([]);
      }
    }
    expect(issued.length).toBeGreaterThanOrEqual(1);
    expect(await revokedUntil(sid)).toBeNull();
    expect(await liveAmong([successor, ...issued])).toBe(1);
    expect(await revokedUntil(sid)).toBeNull();
  });

  test('when one client sends the same token twice at once (two tabs), then the session goes on with exactly one live token', async () => {
    const { tokens } = await signupUser(auth.url);
    const both = await Promise.all([refresh(tokens.refreshToken), refresh(tokens.refreshToken)]);
    const issued = both.filter((r) => r.status === 200).map((r) => refreshResponseSchema.parse(r.body).refreshToken!);
    expect(issued.length).toBeGreaterThanOrEqual(1);
    expect(await liveAmong(issued)).toBe(1);
    expect(await revokedUntil(sidOf(tokens.accessToken))).toBeNull();
  });

  test('when a client logs out with a withdrawn token, then the session ends all the same', async () => {
    const { spent, successor, sid } = await lostRefresh();
    const retry = refreshResponseSchema.parse((await refresh(spent)).body);
    expect((await http(auth.url, 'POST', '/api/auth/logout', { body: { refreshToken: successor } })).status).toBe(200);
    expect(await revokedUntil(sid)).not.toBeNull();
    expect((await refresh(retry.refreshToken!)).status).toBe(401);
  });
});

describe('a refresh retried after the grace', () => {
  const ns = testNamespace();
  let auth: RunningAuth;
  const { refresh, revokedUntil, lostRefresh } = calls(() => auth, ns);

  beforeAll(async () => {
    auth = await startAuth(ns, { REFRESH_REUSE_GRACE_SECONDS: '1' });
  });
  afterAll(async () => {
    await auth?.stop();
    await cleanupNamespace(ns);
  });

  /** the spent token's grace record (refresh-token.repository), which expires with the window */
  const graceKey = (token: string) => `${auth.ctx.keyPrefix}rt:${createHash('sha256').update(token).digest('base64url')}:grace`;

  test('when the same client presents the spent token once the grace has passed, then it is a replay: 401 and the session ends', async () => {
    const { spent, successor, sid } = await lostRefresh();
    await eventually(() => auth.ctx.redis.exists(graceKey(spent)), (n) => n === 0, 5_000, 50);

    expect(await refresh(spent)).toMatchObject({ status: 401, body: { code: 'AUTH.REFRESH_REUSED' } });
    expect(await revokedUntil(sid)).not.toBeNull();
    expect((await refresh(successor)).status).toBe(401);
  });
});
