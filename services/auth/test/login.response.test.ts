import jwt from 'jsonwebtoken';
import { authResponseSchema } from '@postwright/contracts';
import { cleanupNamespace, http, testNamespace } from '@postwright/platform/src/testing';
import { signupUser, startAuth, type RunningAuth } from './support/harness';

describe('POST /api/auth/login', () => {
  const ns = testNamespace();
  let auth: RunningAuth;

  beforeAll(async () => {
    auth = await startAuth(ns);
  });
  afterAll(async () => {
    await auth?.stop();
    await cleanupNamespace(ns);
  });

  test('when the email (any case) and password match, then 200 with the user and a fresh token pair', async () => {
    const account = await signupUser(auth.url);
    const res = await http(auth.url, 'POST', '/api/auth/login', { body: { email: ` ${account.user.email.toUpperCase()}`, password: account.password } });
    expect(res.status).toBe(200);
    const body = authResponseSchema.parse(res.body);
    expect(body.user).toEqual(account.user);
    expect(body.tokens.refreshToken).not.toBe(account.tokens.refreshToken);
    expect(jwt.decode(body.tokens.accessToken)).toMatchObject({ sub: account.user.id, role: 'USER', tier: 'trial' });
  });

  test('when the password is wrong, or the email unknown, then 401 with the same text for both', async () => {
    const account = await signupUser(auth.url);
    const wrong = await http(auth.url, 'POST', '/api/auth/login', { body: { email: account.user.email, password: 'not the password' } });
    const unknown = await http(auth.url, 'POST', '/api/auth/login', { body: { email: `nobody-${Date.now()}@example.com`, password: account.password } });
    for (const res of [wrong, unknown]) {
      expect(res.status).toBe(401);
      expect(res.body).toMatchObject({ error: 'Invalid email or password', code: 'AUTH.INVALID_CREDENTIALS' });
    }
    expect(Object.keys(wrong.body).sort()).toEqual(Object.keys(unknown.body).sort());
  });

  test.each([
    [{ password: 'whatever1' }, 'Email is required'],
    [{ email: 'a@b.co' }, 'Password is required'],
    [{ email: ['a@b.co'], password: 'whatever1' }, 'Email must be text'],
    [{ email: { $ne: null }, password: { $ne: null } }, 'Email must be text'],
    [{ email: 'a@b.co', password: 12345678 }, 'Password must be text'],
  ])('when the body is %j, then 400 "%s"', async (body, message) => {
    const res = await http(auth.url, 'POST', '/api/auth/login', { body });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ error: message });
  });

  test('when the JSON is malformed, then 400 with error text', async () => {
    const res = await http(auth.url, 'POST', '/api/auth/login', { raw: '{"email":' });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ error: 'Malformed JSON body', code: 'REQUEST.MALFORMED_JSON' });
  });
});
