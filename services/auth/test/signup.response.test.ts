import { authResponseSchema, userSchema } from '@postwright/contracts';
import { cleanupNamespace, http, testNamespace } from '@postwright/platform/src/testing';
import { buildSignup, startAuth, type RunningAuth } from './support/harness';

describe('POST /api/auth/signup', () => {
  const ns = testNamespace();
  let auth: RunningAuth;

  beforeAll(async () => {
    auth = await startAuth(ns);
  });
  afterAll(async () => {
    await auth?.stop();
    await cleanupNamespace(ns);
  });

  test('when every field is valid, then 201 with the new trial user and a token pair, and no password hash', async () => {
    const input = buildSignup({ email: `  New.Person-${Date.now()}@Example.COM `, firstName: ' Grace ', lastName: 'Hopper' });
    const res = await http(auth.url, 'POST', '/api/auth/signup', { body: input });
    expect(res.status).toBe(201);
    const body = authResponseSchema.parse(res.body);
    expect(Object.keys(res.body.user).sort()).toEqual(Object.keys(userSchema.shape).sort());
    expect(body.user).toMatchObject({
      email: input.email.trim().toLowerCase(),
      firstName: 'Grace',
      lastName: 'Hopper',
      subscriptionTier: 'trial',
      subscriptionStatus: 'active',
      trialPostsUsed: 0,
      userRole: 'USER',
      linkedinConnected: false,
      profilePicture: null,
      betaExpiresAt: null,
      role: null,
      company: null,
      industry: null,
      linkedinUrl: null,
      bio: null,
    });
    expect(Date.parse(body.user.createdAt)).toBeGreaterThan(Date.now() - 60_000);
    expect(JSON.stringify(res.body)).not.toMatch(/passwordHash|argon2|trialSlots|trialReservations/);
    expect(body.tokens.refreshToken).toMatch(/^[A-Za-z0-9_-]{43}$/); // 256 bits, base64url
  });

  test('when the email is already registered (in any case or spacing), then 409 with error text', async () => {
    const input = buildSignup();
    expect((await http(auth.url, 'POST', '/api/auth/signup', { body: input })).status).toBe(201);
    const again = await http(auth.url, 'POST', '/api/auth/signup', { body: { ...input, email: ` ${input.email.toUpperCase()} ` } });
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ error: 'An account with this email already exists', code: 'AUTH.EMAIL_TAKEN' });
  });

  test('when two signups race for one email, then exactly one account is created', async () => {
    const input = buildSignup();
    const results = await Promise.all([1, 2, 3].map(() => http(auth.url, 'POST', '/api/auth/signup', { body: input })));
    expect(results.map((r) => r.status).sort()).toEqual([201, 409, 409]);
  });

  test.each([
    [{ password: 'short12' }, 'Password must be at least 8 characters'],
    [{ email: 'not-an-email' }, 'Please enter a valid email address'],
    [{ email: undefined }, 'Email is required'],
    [{ firstName: '   ' }, 'First name is required'],
    [{ lastName: undefined }, 'Last name is required'],
    [{ password: undefined }, 'Password is required'],
    [{ email: 42 }, 'Email must be text'],
    [{ password: ['a', 'b'] }, 'Password must be text'],
    [{ firstName: { $gt: '' } }, 'First name must be text'],
    [{ firstName: 'x'.repeat(101) }, 'First name must be at most 100 characters'],
    [{ lastName: 'x'.repeat(101) }, 'Last name must be at most 100 characters'],
    [{ email: `${'e'.repeat(243)}@example.com` }, 'Email must be at most 254 characters'],
    [{ password: 'p'.repeat(257) }, 'Password must be at most 256 characters'],
  ])('when the body has %j, then 400 "%s"', async (override, message) => {
    const res = await http(auth.url, 'POST', '/api/auth/signup', { body: buildSignup(override) });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ error: message, code: 'REQUEST.INVALID' });
  });

  test.each([
    ['malformed JSON', { raw: '{"email": "a@b.co", ' }],
    ['a JSON array', { raw: '[1,2,3]' }],
    ['a JSON string', { raw: '"hello"' }],
    ['JSON null', { raw: 'null' }],
    ['no body at all', {}],
    ['a form body', { raw: 'email=a%40b.co&password=12345678', headers: { 'content-type': 'application/x-www-form-urlencoded' } }],
  ])('when the body is %s, then 400 with error text, never 5xx', async (_name, options) => {
    const res = await http(auth.url, 'POST', '/api/auth/signup', options);
    expect(res.status).toBe(400);
    expect(res.body.error).toEqual(expect.any(String));
  });
});
