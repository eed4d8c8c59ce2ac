/**
 * What the outside security review found, each kept fixed, through the real gateway in front of
 * the real services. Distinct clients are distinct loopback source addresses (127.0.0.x): a header
 * is only ever what a client tries. The auth service runs with its real sign-in limits here.
 */
import { randomId, eventually, generateForm, http, type JsonResponse } from '@postwright/platform/src/testing';
import type { AuthResponse } from '@postwright/contracts';
import { startStack, type Stack, type TestUser } from './support/stack';

const PASSWORD = 'correct horse battery';
const AUTH_LIMIT = 10;

let stack: Stack;
let owner: TestUser;
let intruder: TestUser;

beforeAll(async () => {
  stack = await startStack({ authEnv: { AUTH_RATE_LIMIT_PER_MINUTE: String(AUTH_LIMIT) } });
  owner = await stack.user({ tier: 'premium', connect: true, from: '127.0.0.41' });
  intruder = await stack.user({ tier: 'premium', connect: true, from: '127.0.0.42' });
}, 120_000);

afterAll(async () => {
  await stack?.stop();
});

/**
 * The intruder keeps 30 requests on `path` under way (each answered one is sent again); once the
 * flood is going, `mine` runs; answers mine and every status the intruder got.
 */
async function whileIntruderFloods(path: string, body: unknown, mine: () => Promise<JsonResponse>) {
  const statuses: number[] = [];
  let flooding = true;
  const loop = async () => {
    while (flooding) statuses.push((await stack.call('POST', path, { token: intruder.token, body, from: '127.0.0.42' })).status);
  };
  const loops = Array.from({ length: 30 }, loop);
  try {
    await eventually(async () => statuses.length, (answered) => answered >= 30);
    return { mine: await mine(), intruder: statuses };
  } finally {
    flooding = false;
    await Promise.all(loops);
  }
}

describe('1. one user cannot block another user\'s publish or schedule', () => {
  test('when another user keeps 30 publish requests in flight on my item, then my publish succeeds and theirs are 404', async () => {
    const item = await stack.draft(owner);
    const { mine, intruder: theirs } = await whileIntruderFloods('/api/linkedin/post', { contentId: item.id }, () => stack.publish(owner, item.id));
    expect(mine.status).toBe(200);
    expect(new Set(theirs)).toEqual(new Set([404]));
    expect((await stack.item(owner, item.id)).status).toBe('published');
  });

  test('when another user keeps 30 schedule requests in flight on my item, then my schedule succeeds and theirs are 404', async () => {
    const item = await stack.draft(owner);
    const at = new Date(Date.now() + 3 * 3_600_000);
    const { mine, intruder: theirs } = await whileIntruderFloods('/api/calendar/schedule', { contentId: item.id, scheduledFor: at.toISOString() }, () =>
      stack.schedule(owner, item.id, at),
    );
    expect(mine.status).toBe(201);
    expect(new Set(theirs)).toEqual(new Set([404]));
    expect((await stack.item(owner, item.id)).status).toBe('scheduled');
  });
});

describe('2. nobody can lock an account out by its email', () => {
  test('when 14 wrong passwords come from one address, then the owner signs in from another address', async () => {
    const victim = await stack.user({ tier: 'trial', from: '127.0.0.43' });
    const guesses: number[] = [];
    for (let i = 0; i < 14; i++) {
      guesses.push((await stack.call('POST', '/api/auth/login', { body: { email: victim.email, password: `guess ${i}` }, from: '127.0.0.44' })).status);
    }
    // the guessing address is refused once over its limit
    expect(guesses).toEqual([...Array(AUTH_LIMIT).fill(401), ...Array(14 - AUTH_LIMIT).fill(429)]);
    const mine = await stack.call<AuthResponse>('POST', '/api/auth/login', { body: { email: victim.email, password: PASSWORD }, from: '127.0.0.45' });
    expect(mine.status).toBe(200);
    expect(mine.body.user.id).toBe(victim.id);
  });
});

describe('3. a client cannot escape the per-address limits by writing X-Forwarded-For', () => {
  test('when one address signs up with a new X-Forwarded-For every time, then it is still limited', async () => {
    const statuses: number[] = [];
    for (let i = 1; i <= AUTH_LIMIT + 1; i++) {
      const res = await stack.call('POST', '/api/auth/signup', {
        body: { email: `spoof-${randomId()}@example.com`, password: PASSWORD, firstName: 'Sam', lastName: 'Poof' },
        headers: { 'x-forwarded-for': `203.0.113.${i}` },
        from: '127.0.0.46',
      });
      statuses.push(res.status);
    }
    expect(statuses).toEqual([...Array(AUTH_LIMIT).fill(201), 429]);
    // the limit is that address's own: another client still signs up
    const other = await stack.call('POST', '/api/auth/signup', {
      body: { email: `other-${randomId()}@example.com`, password: PASSWORD, firstName: 'Ola', lastName: 'Other' },
      from: '127.0.0.47',
    });
    expect(other.status).toBe(201);
  });
});

describe('4. an access token stops working at logout', () => {
  const signIn = async (user: TestUser, from: string) => {
    const res = await stack.call<AuthResponse>('POST', '/api/auth/login', { body: { email: user.email, password: PASSWORD }, from });
    expect(res.status).toBe(200);
    return res.body.tokens;
  };
  const profileStatus = async (token: string) => (await stack.call('GET', '/api/users/profile', { token, from: '127.0.0.48' })).status;

  test('when the user logs out, then their access token gets 401 within a second, and their other session still works', async () => {
    const user = await stack.user({ tier: 'trial', from: '127.0.0.48' });
    const phone = await signIn(user, '127.0.0.48');
    const laptop = await signIn(user, '127.0.0.48');
    expect(await profileStatus(phone.accessToken)).toBe(200);
    const out = await stack.call('POST', '/api/auth/logout', { token: phone.accessToken, body: { refreshToken: phone.refreshToken }, from: '127.0.0.48' });
    expect(out.status).toBe(200);
    await eventually(() => profileStatus(phone.accessToken), (status) => status === 401, 1_000, 25);
    expect(await profileStatus(laptop.accessToken)).toBe(200);
  });

  test('when a spent refresh token is presented again, then the session it belongs to ends at once', async () => {
    const user = await stack.user({ tier: 'trial', from: '127.0.0.49' });
    const first = await signIn(user, '127.0.0.49');
    const rotated = await stack.call('POST', '/api/auth/refresh', { body: { refreshToken: first.refreshToken }, from: '127.0.0.49' });
    expect(rotated.status).toBe(200);
    expect(await profileStatus(rotated.body.accessToken)).toBe(200);
    // a thief replays the spent one: the whole family, and its live access token, end
    const replay = await stack.call('POST', '/api/auth/refresh', { body: { refreshToken: first.refreshToken }, from: '127.0.0.50' });
    expect(replay.status).toBe(401);
    await eventually(() => profileStatus(rotated.body.accessToken), (status) => status === 401, 1_000, 25);
  });
});

describe('5. the refresh token lives in an HttpOnly cookie, not where a script can read it', () => {
  test('when a user signs in, then the refresh cookie is HttpOnly, Secure, SameSite=Strict on /api/auth, and a refresh works with it alone', async () => {
    const user = await stack.user({ tier: 'trial', from: '127.0.0.51' });
    const login = await stack.call<AuthResponse>('POST', '/api/auth/login', { body: { email: user.email, password: PASSWORD }, from: '127.0.0.51' });
    expect(login.status).toBe(200);
    // the spec's JSON fields stay for API clients
    expect(login.body.tokens).toEqual({ accessToken: expect.any(String), refreshToken: expect.any(String) });
    const cookie = login.headers.getSetCookie().find((c) => /;\s*path=\/api\/auth/i.test(c));
    expect(cookie).toBeDefined();
    const attributes = cookie!.split(';').map((a) => a.trim().toLowerCase());
    expect(attributes).toEqual(expect.arrayContaining(['httponly', 'secure', 'samesite=strict', 'path=/api/auth']));
    const pair = cookie!.split(';')[0];
    const refreshed = await stack.call('POST', '/api/auth/refresh', { headers: { cookie: pair }, from: '127.0.0.51' });
    expect(refreshed.status).toBe(200);
    // what a page's script could read of the answer holds no refresh token
    expect(Object.keys(refreshed.body)).toEqual(['accessToken']);
    expect(await (await stack.call('GET', '/api/users/profile', { token: refreshed.body.accessToken, from: '127.0.0.51' })).status).toBe(200);
  });
});

describe('6. every text field has a maximum', () => {
  const huge = 'x'.repeat(90_000);

  test.each([
    ['POST', '/api/content/generate', () => ({ ...generateForm(), topic: huge })],
    ['POST', '/api/content/generate', () => ({ ...generateForm(), personalExperience: huge })],
    ['POST', '/api/content/generate', () => ({ ...generateForm(), businessGoal: huge })],
    ['POST', '/api/content/generate', () => ({ ...generateForm(), targetAudience: huge })],
    ['POST', '/api/content/generate', () => ({ ...generateForm(), industryRole: huge })],
  ])('when %s %s gets a 90,000-character field, then 400 with error text and nothing is stored', async (method, path, body) => {
    const user = await stack.user({ tier: 'trial', from: '127.0.0.52' });
    const before = await stack.profile(user);
    const res = await stack.call(method, path, { token: user.token, body: body(), from: '127.0.0.52' });
    expect(res.status).toBe(400);
    expect(res.body.error).toMatch(/at most [\d,]+ characters/);
    expect(await stack.list(user)).toEqual([]);
    expect(await stack.profile(user)).toEqual(before);
  });
});

describe('7. the smaller findings', () => {
  test('when a client picks its own request id, then the gateway makes its own', async () => {
    const res = await stack.call('GET', '/api/health', { headers: { 'x-request-id': 'chosen-by-the-client-0042' }, from: '127.0.0.53' });
    expect(res.headers.get('x-request-id')).toMatch(/^[\w-]{8,}$/);
    expect(res.headers.get('x-request-id')).not.toBe('chosen-by-the-client-0042');
  });

  test('when the gateway answers, then its CSP allows images and forms only from itself and LinkedIn', async () => {
    const csp = (await stack.call('GET', '/api/health', { from: '127.0.0.53' })).headers.get('content-security-policy') ?? '';
    const directive = (name: string) => csp.split(';').map((d) => d.trim()).find((d) => d.startsWith(`${name} `)) ?? '';
    expect(directive('img-src').split(' ').slice(1)).toEqual(["'self'", 'data:', 'https://www.linkedin.com', 'https://media.licdn.com']);
    expect(directive('form-action').split(' ').slice(1)).toEqual(["'self'", 'https://www.linkedin.com', 'https://media.licdn.com']);
  });

  test('when the sandbox shows its consent page, then it carries security headers and cannot be framed', async () => {
    const begin = await stack.call('GET', '/api/linkedin/auth-url', { token: owner.token, from: '127.0.0.53' });
    const page = await http(stack.sandbox.url, 'GET', new URL(begin.body.authURL).pathname + new URL(begin.body.authURL).search);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
    expect(page.headers.get('x-frame-options')).toBe('SAMEORIGIN');
    expect(page.headers.get('x-content-type-options')).toBe('nosniff');
  });
});
