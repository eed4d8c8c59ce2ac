import { FIELD_MAX } from '@postwright/contracts';
import { cleanupNamespace, http, testNamespace } from '@postwright/platform/src/testing';
import { buildSignup, signupUser, startAuth, type RunningAuth } from './support/harness';

/** Every text field has a maximum; an oversized one is a 400 and nothing is written. */
describe('signup and profile fields over their maximum', () => {
  const ns = testNamespace();
  let auth: RunningAuth;

  beforeAll(async () => {
    auth = await startAuth(ns);
  });
  afterAll(async () => {
    await auth?.stop();
    await cleanupNamespace(ns);
  });

  const users = () => auth.ctx.mongo.collection('users');
  const over = (max: number, total = max + 1) => 'x'.repeat(total);

  test.each([
    ['firstName', { firstName: over(FIELD_MAX.firstName) }, 'First name must be at most 100 characters'],
    ['lastName', { lastName: over(FIELD_MAX.lastName, 90_000) }, 'Last name must be at most 100 characters'],
    ['password', { password: over(FIELD_MAX.password, 90_000) }, 'Password must be at most 256 characters'],
  ])('when the signup %s is too long, then 400 with the message and no account is created', async (field, override, message) => {
    const body = buildSignup(override);
    const res = await http(auth.url, 'POST', '/api/auth/signup', { body });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ error: message, code: 'REQUEST.INVALID', details: { [field]: message } });
    expect(await users().countDocuments({ email: body.email })).toBe(0);
  });

  test('when every signup field is exactly at its maximum, then the account is created with them', async () => {
    const email = `${'e'.repeat(FIELD_MAX.email - 21)}-${Date.now()}@ex.com`.slice(-FIELD_MAX.email);
    const body = buildSignup({ email, firstName: 'F'.repeat(FIELD_MAX.firstName), lastName: 'L'.repeat(FIELD_MAX.lastName), password: 'p'.repeat(FIELD_MAX.password) });
    expect(body.email).toHaveLength(FIELD_MAX.email);
    const res = await http(auth.url, 'POST', '/api/auth/signup', { body });
    expect(res.status).toBe(201);
    expect(res.body.user).toMatchObject({ firstName: body.firstName, lastName: body.lastName, email: email.toLowerCase() });
  });

  test('when a login email or password is longer than any account can have, then 400 and no sign-in', async () => {
    const longEmail = await http(auth.url, 'POST', '/api/auth/login', { body: { email: `${'e'.repeat(90_000)}@example.com`, password: 'x' } });
    expect(longEmail.status).toBe(400);
    expect(longEmail.body.error).toBe('Email must be at most 254 characters');
    const { user } = await signupUser(auth.url);
    const longPassword = await http(auth.url, 'POST', '/api/auth/login', { body: { email: user.email, password: 'p'.repeat(90_000) } });
    expect(longPassword.status).toBe(400);
    expect(longPassword.body.error).toBe('Invalid email or password');
    expect(longPassword.body.tokens).toBeUndefined();
  });

  test.each([
    ['bio', FIELD_MAX.bio, 'Bio must be at most 2,000 characters'],
    ['company', FIELD_MAX.company, 'Company must be at most 200 characters'],
    ['role', FIELD_MAX.role, 'Role must be at most 200 characters'],
    ['industry', FIELD_MAX.industry, 'Industry must be at most 200 characters'],
    ['firstName', FIELD_MAX.firstName, 'First name must be at most 100 characters'],
    ['lastName', FIELD_MAX.lastName, 'Last name must be at most 100 characters'],
  ])('when the profile %s is one over its maximum of %i, then 400 with the message and no field of the update is stored', async (field, max, message) => {
    const { user, tokens } = await signupUser(auth.url);
    const res = await http(auth.url, 'PUT', '/api/users/profile', {
      token: tokens.accessToken,
      body: { company: 'Should not be saved', [field]: 'y'.repeat(max + 1) },
    });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ error: message, details: { [field]: message } });
    expect((await http(auth.url, 'GET', '/api/users/profile', { token: tokens.accessToken })).body.user).toEqual(user);
  });

  // (each well under the 100 kB body limit, which answers 413 on its own)
  test('when a 40,000-character bio and LinkedIn URL are sent, then 400 and the profile is unchanged', async () => {
    const { user, tokens } = await signupUser(auth.url);
    const res = await http(auth.url, 'PUT', '/api/users/profile', {
      token: tokens.accessToken,
      body: { bio: 'b'.repeat(40_000), linkedinUrl: `https://www.linkedin.com/in/${'a'.repeat(40_000)}` },
    });
    expect(res.status).toBe(400);
    expect(res.body.error).toBe('LinkedIn URL must be at most 500 characters');
    expect(res.body.details).toMatchObject({ bio: 'Bio must be at most 2,000 characters', linkedinUrl: 'LinkedIn URL must be at most 500 characters' });
    expect((await http(auth.url, 'GET', '/api/users/profile', { token: tokens.accessToken })).body.user).toEqual(user);
  });

  test('when every profile field is exactly at its maximum, then it is stored whole', async () => {
    const { tokens } = await signupUser(auth.url);
    const url = 'https://www.linkedin.com/in/';
    const body = {
      company: 'c'.repeat(FIELD_MAX.company),
      role: 'r'.repeat(FIELD_MAX.role),
      industry: 'i'.repeat(FIELD_MAX.industry),
      linkedinUrl: url + 'a'.repeat(FIELD_MAX.linkedinUrl - url.length),
      bio: 'b'.repeat(FIELD_MAX.bio),
    };
    const res = await http(auth.url, 'PUT', '/api/users/profile', { token: tokens.accessToken, body });
    expect(res.status).toBe(200);
    expect(res.body.user).toMatchObject(body);
  });
});
