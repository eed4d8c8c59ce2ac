import { cleanupNamespace, http, randomId, testNamespace } from '@postwright/platform/src/testing';
import { buildSignup, startAuth, type RunningAuth } from './support/harness';

describe('login and signup rate limits (per client address and per email, in Redis)', () => {
  const ns = testNamespace();
  let auth: RunningAuth;
  const LIMIT = 4;
  // the service trusts the loopback proxy (the gateway), so a forwarded address stands for a client
  const from = (ip: string) => ({ 'x-forwarded-for': ip });

  beforeAll(async () => {
    auth = await startAuth(ns, { AUTH_RATE_LIMIT_PER_MINUTE: String(LIMIT) });
  });
  afterAll(async () => {
    await auth?.stop();
    await cleanupNamespace(ns);
  });

  test('when one email is tried too often (from many addresses), then 429 with error text and Retry-After', async () => {
    const email = `target-${randomId()}@example.com`;
    const statuses: number[] = [];
    let last: Awaited<ReturnType<typeof http>> | undefined;
    for (let i = 0; i < LIMIT + 2; i += 1) {
      last = await http(auth.url, 'POST', '/api/auth/login', { body: { email, password: 'guess-number-' + i }, headers: from(`203.0.113.${i + 1}`) });
      statuses.push(last.status);
    }
    expect(statuses).toEqual([...Array(LIMIT).fill(401), 429, 429]);
    expect(last!.body).toMatchObject({ error: 'Too many attempts. Please wait a minute and try again.', code: 'AUTH.RATE_LIMITED' });
    expect(Number(last!.headers.get('retry-after'))).toBeGreaterThan(0);
  });

  test('when one address signs up too often (different emails), then 429; another address is unaffected', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < LIMIT + 1; i += 1) {
      statuses.push((await http(auth.url, 'POST', '/api/auth/signup', { body: buildSignup(), headers: from('198.51.100.7') })).status);
    }
    expect(statuses).toEqual([...Array(LIMIT).fill(201), 429]);
    const other = await http(auth.url, 'POST', '/api/auth/signup', { body: buildSignup(), headers: from('198.51.100.8') });
    expect(other.status).toBe(201);
  });
});
