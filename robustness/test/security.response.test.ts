/**
 * The security rules, each held through the real gateway in front of the real services.
 * Distinct clients are distinct loopback source addresses (127.0.0.x): a header is only ever
 * what a client tries. The auth service runs with its real sign-in limits here.
 */
import { generateKeyPairSync, randomBytes } from 'node:crypto';
import { createServer, request as httpRequest, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import jwt from 'jsonwebtoken';
import { randomId, eventually, generateForm, http, type JsonResponse } from '@postwright/platform/src/testing';
import { readEventStream } from '@postwright/platform/src/testing/event-stream';
import { startOpenAiStub, type OpenAiStub } from '@postwright/platform/src/testing/fakes/openai';
import { ACCESS_TOKEN_AUDIENCE, ACCESS_TOKEN_ISSUER, type AuthResponse } from '@postwright/contracts';
import { startStack, type Stack, type TestUser } from './support/stack';

const PASSWORD = 'correct horse battery';
const AUTH_LIMIT = 10;

let stack: Stack;
let owner: TestUser;
let intruder: TestUser;
/** the model the content service writes with: a valid post at once unless a test scripts it otherwise */
let model: OpenAiStub;

beforeAll(async () => {
  model = await startOpenAiStub();
  stack = await startStack({
    authEnv: { AUTH_RATE_LIMIT_PER_MINUTE: String(AUTH_LIMIT) },
    // the model, and the product's own limit of generations under way per member
    contentEnv: { OPENAI_API_KEY: 'sk-test-key', OPENAI_BASE_URL: model.url, GENERATION_TIMEOUT_MS: '20000', GENERATION_MAX_IN_FLIGHT: '2' },
  });
  owner = await stack.user({ tier: 'premium', connect: true, from: '127.0.0.41' });
  intruder = await stack.user({ tier: 'premium', connect: true, from: '127.0.0.42' });
}, 120_000);

afterAll(async () => {
  await stack?.stop();
  await model?.close();
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

describe('8. junk tokens, hung-up streams, parallel generations and floods', () => {
  /** an RS256 token as a junk client makes it: a fresh made-up key id, signed by a key nobody trusts */
  const stranger = generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey;
  const junkToken = () =>
    jwt.sign({ role: 'USER', tier: 'premium' }, stranger, {
      algorithm: 'RS256',
      keyid: randomBytes(16).toString('base64url'),
      subject: randomId(),
      issuer: ACCESS_TOKEN_ISSUER,
      audience: ACCESS_TOKEN_AUDIENCE,
      expiresIn: 600,
    });
  /** a gateway that verifies through the auth service's JWKS (no JWT_PUBLIC_KEY), as compose and Kubernetes ran it */
  const jwksGateway = () => stack.anotherGateway({ JWT_PUBLIC_KEY: '' });
  const junkFlood = (baseUrl: string, count: number) =>
    Promise.all(Array.from({ length: count }, () => http(baseUrl, 'GET', '/api/users/profile', { token: junkToken(), from: '127.0.0.71' }).then((r) => r.status)));

  test('when 100 tokens with made-up key ids hit a gateway that reads the JWKS, then a member who signs in afterwards is served', async () => {
    const gateway = await jwksGateway();
    expect(new Set(await junkFlood(gateway.url, 100))).toEqual(new Set([401]));
    const signup = await http<AuthResponse>(gateway.url, 'POST', '/api/auth/signup', {
      body: { email: `after-flood-${randomId()}@example.com`, password: PASSWORD, firstName: 'Flo', lastName: 'Od' },
      from: '127.0.0.72',
    });
    expect(signup.status).toBe(201);
    for (const path of ['/api/users/profile', '/api/content']) {
      expect((await http(gateway.url, 'GET', path, { token: signup.body.tokens.accessToken, from: '127.0.0.72' })).status).toBe(200);
    }
  });

  test('when a gateway starts while the junk tokens flood in, then a signed-in member is served through it from the first call', async () => {
    const member = await stack.user({ tier: 'trial', from: '127.0.0.72' });
    const gateway = await jwksGateway();
    const flood = junkFlood(gateway.url, 100);
    const mine = await http(gateway.url, 'GET', '/api/users/profile', { token: member.token, from: '127.0.0.72' });
    expect(new Set(await flood)).toEqual(new Set([401]));
    expect(mine.status).toBe(200);
    expect(mine.body.user.id).toBe(member.id);
  });

  test('when a trial member hangs up a streamed generation after its last hook, then the post is spent and the draft is kept', async () => {
    const member = await stack.user({ tier: 'trial', from: '127.0.0.73' });
    const before = await stack.profile(member);
    model.script({ pace: { firstTokenMs: 20, tokensPerSecond: 400 } });
    const answer = await readEventStream(stack.gateway.url, '/api/content/generate', {
      token: member.token,
      body: generateForm(),
      hangUpWhen: (events) => events.filter((e) => e.event === 'hook').length === 5,
    });
    expect(answer.events.filter((e) => e.event === 'hook')).toHaveLength(5);
    expect(answer.events.some((e) => e.event === 'done')).toBe(false);
    const after = await eventually(() => stack.profile(member), (u) => u.trialPostsUsed === before.trialPostsUsed + 1, 10_000);
    expect(after.trialPostsUsed).toBe(before.trialPostsUsed + 1);
    const [draft] = await eventually(() => stack.list(member), (items) => items.length === 1, 10_000);
    expect(draft.status).toBe('draft');
    expect(draft.hooks).toHaveLength(5);
  });

  test('when a member has two generations under way, then a third is 429 GENERATION.BUSY with Retry-After, and the two finish', async () => {
    const member = await stack.user({ tier: 'premium', from: '127.0.0.74' });
    const asked = model.requests.length;
    model.script({ delayMs: 3_000 }, { delayMs: 3_000 });
    const running = [1, 2].map(() => stack.call('POST', '/api/content/generate', { token: member.token, body: generateForm(), from: '127.0.0.74' }));
    await eventually(async () => model.requests.length - asked, (n) => n === 2, 10_000);
    const third = await stack.call('POST', '/api/content/generate', { token: member.token, body: generateForm(), from: '127.0.0.74' });
    expect(third.status).toBe(429);
    expect(third.body).toMatchObject({ code: 'GENERATION.BUSY', error: expect.any(String) });
    expect(Number(third.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await Promise.all(running)).map((r) => r.status)).toEqual([201, 201]);
    // the third was refused before the model was asked
    expect(model.requests.length - asked).toBe(2);
    // and the member's own list holds just the two
    expect(await stack.list(member)).toHaveLength(2);
  });

  test('when one address floods /api/health, then it is limited and the services are asked about once a second', async () => {
    const proxies = await Promise.all(
      (['auth', 'content', 'linkedin', 'scheduler', 'billing'] as const).map((name) => countingProxy(stack[name].url)),
    );
    try {
      const [auth, content, linkedin, scheduler, billing] = proxies;
      const gateway = await stack.anotherGateway({
        AUTH_URL: auth.url,
        CONTENT_URL: content.url,
        LINKEDIN_URL: linkedin.url,
        SCHEDULER_URL: scheduler.url,
        BILLING_URL: billing.url,
        RATE_LIMIT_PER_MINUTE: '60',
      });
      const started = Date.now();
      const statuses = await Promise.all(Array.from({ length: 150 }, () => http(gateway.url, 'GET', '/api/health', { from: '127.0.0.75' }).then((r) => r.status)));
      const seconds = Math.ceil((Date.now() - started) / 1_000);
      expect(statuses.filter((s) => s === 200)).toHaveLength(60);
      expect(statuses.filter((s) => s === 429)).toHaveLength(90);
      const checks = proxies.map((p) => p.readyChecks);
      // each service asked at most about once a second of flood
      for (const n of checks) expect(n).toBeLessThanOrEqual(seconds + 1);
      // another address is not limited by it
      expect((await http(gateway.url, 'GET', '/api/health', { from: '127.0.0.76' })).status).toBe(200);
    } finally {
      await Promise.all(proxies.map((p) => p.close()));
    }
  });
});

/** An HTTP proxy in front of a service that counts the readiness checks it passes on. */
async function countingProxy(target: string): Promise<{ url: string; readyChecks: number; close(): Promise<void> }> {
  const upstream = new URL(target);
  const proxy = {
    url: '',
    readyChecks: 0,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
  const server: Server = createServer((req, res) => {
    if (req.url === '/ready') proxy.readyChecks += 1;
    const forwarded = httpRequest({ host: upstream.hostname, port: upstream.port, method: req.method, path: req.url, headers: req.headers }, (answer) => {
      res.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(res);
    });
    forwarded.on('error', () => res.destroy());
    req.pipe(forwarded);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  proxy.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return proxy;
}
