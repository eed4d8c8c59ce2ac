import { createHmac } from 'node:crypto';
import jwt from 'jsonwebtoken';
import { cleanupNamespace, http, issueTestToken, randomId, testKeys, testNamespace } from '@postwright/platform/src/testing';
import { signupUser, startAuth, type RunningAuth } from './support/harness';

const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

describe('identity on the auth service itself (zero trust: it verifies every token)', () => {
  const ns = testNamespace();
  let auth: RunningAuth;

  beforeAll(async () => {
    auth = await startAuth(ns);
  });
  afterAll(async () => {
    await auth?.stop();
    await cleanupNamespace(ns);
  });

  test.each<[string, (userId: string) => string | undefined, string]>([
    ['missing', () => undefined, 'AUTH.MISSING_TOKEN'],
    ['expired', (sub) => issueTestToken({ sub }, { expiresIn: -10 }), 'AUTH.TOKEN_EXPIRED'],
    [
      'tampered (claims changed after signing)',
      (sub) => {
        const [h, , s] = issueTestToken({ sub }).split('.');
        return `${h}.${b64({ sub, role: 'SUPER_ADMIN', tier: 'premium', exp: Math.floor(Date.now() / 1000) + 600 })}.${s}`;
      },
      'AUTH.TOKEN_INVALID',
    ],
    ['alg none', (sub) => `${b64({ alg: 'none', typ: 'JWT' })}.${b64({ sub, role: 'USER', tier: 'trial' })}.`, 'AUTH.TOKEN_INVALID'],
    [
      'HS256 signed with the public key as secret',
      (sub) => {
        const head = `${b64({ alg: 'HS256', typ: 'JWT' })}.${b64({ sub, role: 'USER', tier: 'trial', exp: Math.floor(Date.now() / 1000) + 600 })}`;
        return `${head}.${createHmac('sha256', testKeys.publicKey).update(head).digest('base64url')}`;
      },
      'AUTH.TOKEN_INVALID',
    ],
    ['signed by another key', (sub) => jwt.sign({ sub, role: 'USER', tier: 'trial' }, otherKey(), { algorithm: 'RS256', expiresIn: 600 }), 'AUTH.TOKEN_INVALID'],
    ['garbage', () => 'not.a.jwt', 'AUTH.TOKEN_INVALID'],
  ])('when the access token is %s, then 401 with error text', async (_name, make, code) => {
    const { user } = await signupUser(auth.url);
    for (const [method, path] of [
      ['GET', '/api/users/profile'],
      ['PUT', '/api/users/profile'],
      ['POST', `/api/admin/users/${user.id}/tier`],
    ]) {
      const res = await http(auth.url, method, path, { token: make(user.id), body: method === 'GET' ? undefined : { bio: 'x' } });
      expect(res.status).toBe(401);
      expect(res.body).toMatchObject({ error: expect.any(String), code });
    }
  });

  test('when identity headers are spoofed, then they are ignored: the token alone says who is calling', async () => {
    const me = await signupUser(auth.url);
    const victim = await signupUser(auth.url);
    const res = await http(auth.url, 'GET', '/api/users/profile', {
      token: me.tokens.accessToken,
      headers: { 'x-user-id': victim.user.id, 'x-user-role': 'SUPER_ADMIN', 'x-forwarded-user': victim.user.email },
    });
    expect(res.status).toBe(200);
    expect(res.body.user.id).toBe(me.user.id);
    const put = await http(auth.url, 'PUT', '/api/users/profile', {
      token: me.tokens.accessToken,
      headers: { 'x-user-id': victim.user.id },
      body: { id: victim.user.id, userId: victim.user.id, bio: 'mine' },
    });
    expect(put.body.user.id).toBe(me.user.id);
    const victimNow = await http(auth.url, 'GET', '/api/users/profile', { token: victim.tokens.accessToken });
    expect(victimNow.body.user.bio).toBeNull();
  });

  test('when a valid token names a user that does not exist, then 404 with error text', async () => {
    const res = await http(auth.url, 'GET', '/api/users/profile', { token: issueTestToken({ sub: randomId() }) });
    expect(res.status).toBe(404);
    expect(res.body).toMatchObject({ error: 'User not found' });
    const odd = await http(auth.url, 'GET', '/api/users/profile', { token: issueTestToken({ sub: 'not-an-object-id' }) });
    expect(odd.status).toBe(404);
  });
});

let other: string | undefined;
function otherKey(): string {
  other ??= require('node:crypto').generateKeyPairSync('rsa', {
    modulusLength: 2048,
    privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
    publicKeyEncoding: { type: 'spki', format: 'pem' },
  }).privateKey;
  return other!;
}
