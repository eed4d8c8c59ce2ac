import { cleanupNamespace, http, randomId, testNamespace } from '@postwright/platform/src/testing';
import { clientKey, loginDelayMs, LOGIN_DELAY_MAX_MS, LOGIN_FREE_FAILURES } from '../src/modules/auth/rate-limit.repository';
import { buildSignup, PASSWORD, signupUser, startAuth, type RunningAuth } from './support/harness';

/**
 * Distinct clients are distinct loopback source addresses. The service trusts X-Forwarded-For only
 * from the gateway in front of it (on one machine: 127.0.0.1), so a client at 127.0.0.x is taken
 * at its socket's address whatever it writes in the header.
 */
describe('login and signup rate limits (per email and address, per address; per email a slow-down)', () => {
  const ns = testNamespace();
  let auth: RunningAuth;
  const LIMIT = 4;
  const login = (email: string, password: string, from: string, headers?: Record<string, string>) =>
    http(auth.url, 'POST', '/api/auth/login', { body: { email, password }, from, headers });

  beforeAll(async () => {
    auth = await startAuth(ns, { AUTH_RATE_LIMIT_PER_MINUTE: String(LIMIT) });
  });
  afterAll(async () => {
    await auth?.stop();
    await cleanupNamespace(ns);
  });

  test('when one address fails on one email too often, then 429 with error text and Retry-After', async () => {
    const { user } = await signupUser(auth.url);
    const statuses: number[] = [];
    let last: Awaited<ReturnType<typeof login>> | undefined;
    for (let i = 0; i < LIMIT + 2; i += 1) {
      last = await login(user.email, `guess-number-${i}`, '127.0.0.11');
      statuses.push(last.status);
    }
    expect(statuses).toEqual([...Array(LIMIT).fill(401), 429, 429]);
    expect(last!.body).toMatchObject({ error: 'Too many attempts. Please wait a minute and try again.', code: 'AUTH.RATE_LIMITED' });
    expect(Number(last!.headers.get('retry-after'))).toBeGreaterThan(0);
    // the right password from that address is refused too: the address is the one guessing
    expect((await login(user.email, PASSWORD, '127.0.0.11')).status).toBe(429);
  });

  test('when someone keeps failing on my email, then I still sign in from my own address (slowed, not refused)', async () => {
    const { user } = await signupUser(auth.url);
    for (let i = 0; i < LIMIT + 3; i += 1) await login(user.email, `guess-number-${i}`, '127.0.0.12');
    const mine = await login(user.email, PASSWORD, '127.0.0.13');
    expect(mine.status).toBe(200);
    expect(mine.body.user.email).toBe(user.email);
  });

  test('when an address signs in successfully many times, then nothing is refused (only failures count)', async () => {
    const { user } = await signupUser(auth.url);
    const statuses: number[] = [];
    for (let i = 0; i < LIMIT + 2; i += 1) statuses.push((await login(user.email, PASSWORD, '127.0.0.14')).status);
    expect(statuses).toEqual(Array(LIMIT + 2).fill(200));
  });

  test('when one address fails on many emails, then it is refused once over its own (wider) limit', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < LIMIT * 5 + 1; i += 1) statuses.push((await login(`nobody-${randomId()}@example.com`, 'wrong password', '127.0.0.15')).status);
    expect(statuses).toEqual([...Array(LIMIT * 5).fill(401), 429]);
    // another address is not affected
    expect((await login(`nobody-${randomId()}@example.com`, 'wrong password', '127.0.0.16')).status).toBe(401);
  });

  test('when a client rotates X-Forwarded-For, then it is still counted at its own address', async () => {
    const email = `target-${randomId()}@example.com`;
    const statuses: number[] = [];
    for (let i = 0; i < LIMIT + 1; i += 1) {
      statuses.push((await login(email, 'wrong password', '127.0.0.17', { 'x-forwarded-for': `203.0.113.${i + 1}` })).status);
    }
    expect(statuses).toEqual([...Array(LIMIT).fill(401), 429]);
  });

  test('when the gateway (the trusted hop) forwards two clients, then each has its own budget', async () => {
    const email = `target-${randomId()}@example.com`;
    for (let i = 0; i < LIMIT; i += 1) await login(email, 'wrong password', '127.0.0.1', { 'x-forwarded-for': '198.51.100.20' });
    expect((await login(email, 'wrong password', '127.0.0.1', { 'x-forwarded-for': '198.51.100.20' })).status).toBe(429);
    expect((await login(email, 'wrong password', '127.0.0.1', { 'x-forwarded-for': '198.51.100.21' })).status).toBe(401);
  });

  test('when one address signs up too often (different emails), then 429; another address is unaffected', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < LIMIT + 1; i += 1) {
      statuses.push((await http(auth.url, 'POST', '/api/auth/signup', { body: buildSignup(), from: '127.0.0.18' })).status);
    }
    expect(statuses).toEqual([...Array(LIMIT).fill(201), 429]);
    const other = await http(auth.url, 'POST', '/api/auth/signup', { body: buildSignup(), from: '127.0.0.19' });
    expect(other.status).toBe(201);
  });
});

describe('who a limit counts, and how much a failing email slows down', () => {
  test('when addresses are IPv6, then one /64 is one client; IPv4 (also mapped) is itself', () => {
    expect(clientKey('2001:db8:1:2:aaaa::1')).toBe(clientKey('2001:db8:1:2:bbbb:cccc:dddd:eeee'));
    expect(clientKey('2001:db8:1:2::1')).toBe('2001:db8:1:2::/64');
    expect(clientKey('2001:db8:1:3::1')).not.toBe(clientKey('2001:db8:1:2::1'));
    expect(clientKey('::ffff:203.0.113.9')).toBe('203.0.113.9');
    expect(clientKey('203.0.113.9')).toBe('203.0.113.9');
  });

  test('when an email keeps failing, then its delay grows and stops at the cap', () => {
    const delays = Array.from({ length: 12 }, (_, failures) => loginDelayMs(failures));
    expect(delays.slice(0, LOGIN_FREE_FAILURES)).toEqual(Array(LOGIN_FREE_FAILURES).fill(0));
    for (let i = LOGIN_FREE_FAILURES + 1; i < delays.length; i += 1) expect(delays[i]).toBeGreaterThanOrEqual(delays[i - 1]);
    expect(Math.max(...delays)).toBe(LOGIN_DELAY_MAX_MS);
  });
});
