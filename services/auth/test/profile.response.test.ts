import { userResponseSchema } from '@postwright/contracts';
import { cleanupNamespace, http, testNamespace } from '@postwright/platform/src/testing';
import { signupUser, startAuth, type RunningAuth } from './support/harness';

describe('GET and PUT /api/users/profile', () => {
  const ns = testNamespace();
  let auth: RunningAuth;

  beforeAll(async () => {
    auth = await startAuth(ns);
  });
  afterAll(async () => {
    await auth?.stop();
    await cleanupNamespace(ns);
  });

  const get = (token: string) => http(auth.url, 'GET', '/api/users/profile', { token });
  const put = (token: string, body: unknown) => http(auth.url, 'PUT', '/api/users/profile', { token, body });

  test('when the signed-in user asks for the profile, then 200 { user } with every field', async () => {
    const { user, tokens } = await signupUser(auth.url);
    const res = await get(tokens.accessToken);
    expect(res.status).toBe(200);
    expect(userResponseSchema.parse(res.body).user).toEqual(user);
  });

  test('when every editable field is sent, then 200 { user } with them, and they are stored', async () => {
    const { user, tokens } = await signupUser(auth.url);
    const changes = {
      firstName: 'Augusta',
      lastName: ' King ',
      email: user.email.toUpperCase(),
      company: 'Analytical Engines Ltd',
      role: 'Chief Executive Officer',
      industry: 'Computing',
      linkedinUrl: 'https://www.linkedin.com/in/ada-lovelace',
      bio: 'b'.repeat(2000),
    };
    const res = await put(tokens.accessToken, changes);
    expect(res.status).toBe(200);
    const expected = { ...user, ...changes, lastName: 'King', email: user.email };
    expect(userResponseSchema.parse(res.body).user).toEqual(expected);
    expect((await get(tokens.accessToken)).body.user).toEqual(expected);
  });

  test.each([
    ['linkedin.com/in/ada-lovelace', 'https://www.linkedin.com/in/ada-lovelace'],
    ['www.linkedin.com/in/ada-lovelace/', 'https://www.linkedin.com/in/ada-lovelace'],
    [' http://uk.linkedin.com/in/ada-lovelace?originalSubdomain=uk ', 'https://www.linkedin.com/in/ada-lovelace'],
    ['HTTPS://WWW.LINKEDIN.COM/in/ada-lovelace', 'https://www.linkedin.com/in/ada-lovelace'],
    ['ada.example.com/about', 'https://ada.example.com/about'],
  ])('when the LinkedIn URL is typed as "%s", then it is accepted and stored as %s', async (typed, stored) => {
    const { tokens } = await signupUser(auth.url);
    const res = await put(tokens.accessToken, { linkedinUrl: typed });
    expect(res.status).toBe(200);
    expect(res.body.user.linkedinUrl).toBe(stored);
    expect((await get(tokens.accessToken)).body.user.linkedinUrl).toBe(stored);
  });

  test('when a LinkedIn URL fits the 500 characters as typed but not as stored, then 400 naming the field and nothing is stored', async () => {
    const { user, tokens } = await signupUser(auth.url);
    // 495 characters typed, 507 as https://www.linkedin.com/in/...
    const res = await put(tokens.accessToken, { linkedinUrl: `linkedin.com/in/${'a'.repeat(479)}`, bio: 'should not be saved' });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ error: 'LinkedIn URL must be at most 500 characters' });
    expect((await get(tokens.accessToken)).body.user).toEqual(user);
    // exactly 500 as stored: accepted, and saved again as it is
    const fits = `https://www.linkedin.com/in/${'a'.repeat(472)}`;
    expect((await put(tokens.accessToken, { linkedinUrl: `linkedin.com/in/${'a'.repeat(472)}` })).body.user.linkedinUrl).toBe(fits);
    const again = await put(tokens.accessToken, { linkedinUrl: fits });
    expect(again.status).toBe(200);
    expect(again.body.user.linkedinUrl).toBe(fits);
  });

  test('when optional fields are sent empty or null, then they are cleared; absent fields stay as they were', async () => {
    const { tokens } = await signupUser(auth.url);
    await put(tokens.accessToken, { company: 'Acme', industry: 'Rockets', bio: 'Hello' });
    const res = await put(tokens.accessToken, { company: '', industry: null });
    expect(res.status).toBe(200);
    expect(res.body.user).toMatchObject({ company: null, industry: null, bio: 'Hello', firstName: 'Ada' });
  });

  test('when a different email is sent, then 400 "Email cannot be changed" and nothing is stored', async () => {
    const { user, tokens } = await signupUser(auth.url);
    const res = await put(tokens.accessToken, { email: 'someone.else@example.com', bio: 'should not be saved' });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ error: 'Email cannot be changed', code: 'USER.EMAIL_READ_ONLY' });
    expect((await get(tokens.accessToken)).body.user).toEqual(user);
  });

  test('when fields the user does not own are sent (tier, role, quota), then they are ignored', async () => {
    const { user, tokens } = await signupUser(auth.url);
    const res = await put(tokens.accessToken, {
      userRole: 'SUPER_ADMIN',
      subscriptionTier: 'premium',
      subscriptionStatus: 'active',
      trialPostsUsed: -10,
      betaExpiresAt: '2999-01-01T00:00:00.000Z',
      linkedinConnected: true,
      passwordHash: 'x',
      id: '0'.repeat(24),
      createdAt: '2000-01-01T00:00:00.000Z',
    });
    expect(res.status).toBe(200);
    expect(res.body.user).toEqual(user);
  });

  test.each([
    [{ linkedinUrl: 'javascript:alert(1)' }, 'LinkedIn URL must be a web address, such as linkedin.com/in/your-name'],
    [{ linkedinUrl: 'ftp://files.example.com/me' }, 'LinkedIn URL must be a web address, such as linkedin.com/in/your-name'],
    [{ linkedinUrl: 'ada lovelace' }, 'LinkedIn URL must be a web address, such as linkedin.com/in/your-name'],
    [{ linkedinUrl: 'linkedin' }, 'LinkedIn URL must be a web address, such as linkedin.com/in/your-name'],
    [{ bio: 'b'.repeat(2001) }, 'Bio must be at most 2,000 characters'],
    [{ company: 'c'.repeat(201) }, 'Company must be at most 200 characters'],
    [{ role: 'r'.repeat(201) }, 'Role must be at most 200 characters'],
    [{ industry: 'i'.repeat(201) }, 'Industry must be at most 200 characters'],
    [{ linkedinUrl: `https://www.linkedin.com/in/${'a'.repeat(473)}` }, 'LinkedIn URL must be at most 500 characters'],
    [{ firstName: 'f'.repeat(101) }, 'First name must be at most 100 characters'],
    [{ lastName: 'l'.repeat(101) }, 'Last name must be at most 100 characters'],
    [{ email: `${'e'.repeat(243)}@example.com` }, 'Email must be at most 254 characters'],
    [{ firstName: '' }, 'First name is required'],
    [{ lastName: null }, 'Last name is required'],
    [{ firstName: 5 }, 'First name must be text'],
    [{ bio: { text: 'x' } }, 'Bio must be text'],
    [{ linkedinUrl: ['https://x.y'] }, 'LinkedIn URL must be text'],
    [{ email: 12 }, 'Email must be text'],
  ])('when the update is %j, then 400 with "%s"', async (body, message) => {
    const { tokens } = await signupUser(auth.url);
    const res = await put(tokens.accessToken, body);
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ error: message });
  });

  test.each([
    ['malformed JSON', '{"bio": '],
    ['an array', '[{"bio": "x"}]'],
    ['a number', '42'],
  ])('when the body is %s, then 400 with error text', async (_name, raw) => {
    const { tokens } = await signupUser(auth.url);
    const res = await http(auth.url, 'PUT', '/api/users/profile', { token: tokens.accessToken, raw });
    expect(res.status).toBe(400);
    expect(res.body.error).toEqual(expect.any(String));
  });
});
