import { http } from '@postwright/platform/src/testing';
import { idTokenClaims } from '../src/lib/linkedin-member';
import { startStack, type Stack, type TestUser } from './support/stack';

/**
 * A token LinkedIn has just issued sometimes answers 401 (65601) for a few seconds. The connect
 * step reads the member once more after LINKEDIN_FRESH_TOKEN_RETRY_MS and gives the grant up only
 * when LinkedIn still calls it revoked or expired; with OpenID the member id comes from the id
 * token of the code exchange, whatever userinfo answers.
 */
const RETRY_MS = 400;

const calls = async (stack: Stack, path: string) =>
  ((await http(stack.sandbox.url, 'GET', `/__sandbox/requests?path=${encodeURIComponent(path)}`)).body.requests as Array<{ status: number; at: string }>).filter((r) => r.status !== 0);
const memberOf = (stack: Stack, user: TestUser) => [...stack.sandbox.state.members.values()].find((m) => m.email === `${user.id}@example.com`)!;
const connection = (stack: Stack, user: TestUser) => http(stack.linkedin.url, 'GET', '/api/linkedin/profile', { token: user.token });

describe.each([
  { app: 'share', read: '/v2/userinfo' },
  { app: 'community', read: '/v2/me' },
])('connect with a just-issued token ($app app, member read from $read)', ({ app, read }) => {
  let stack: Stack;
  beforeAll(async () => {
    stack = await startStack({ linkedinEnv: { LINKEDIN_APP: app, LINKEDIN_FRESH_TOKEN_RETRY_MS: String(RETRY_MS) } });
  });
  // each test counts its own calls: the sandbox forgets the others' (every test connects anew)
  beforeEach(() => http(stack.sandbox.url, 'POST', '/__sandbox/reset'));
  afterAll(() => stack?.stop());

  test('when LinkedIn answers the first read 401 65601, then the member is read again after the wait and the account is connected', async () => {
    const user = await stack.user();
    await stack.fault('fresh-token', { count: 1 });
    const res = await stack.connect(user, { given_name: 'Lena', family_name: 'Vogel' });
    expect(res.status).toBe(200);
    expect(res.body.profile).toMatchObject({ firstName: 'Lena', lastName: 'Vogel' });
    const reads = await calls(stack, read);
    expect(reads.map((r) => r.status)).toEqual([401, 200]);
    expect(Date.parse(reads[1].at) - Date.parse(reads[0].at)).toBeGreaterThanOrEqual(RETRY_MS - 50);
    expect((await connection(stack, user)).body).toMatchObject({ connected: true });
    expect((await connection(stack, user)).body.expired).toBeUndefined();
    // and the grant works: publishing goes through with the same token
    const item = await stack.draft(user);
    expect((await http(stack.linkedin.url, 'POST', '/api/linkedin/post', { token: user.token, body: { contentId: item.id, text: `After a slow start (${app})` } })).status).toBe(200);
  });

  test('when LinkedIn still answers 65601 after the wait, then the connection is refused with its words and nothing is stored', async () => {
    const user = await stack.user();
    await stack.fault('fresh-token', { count: 2 });
    const res = await stack.connect(user);
    expect(res.status).toBe(502);
    expect(res.body).toMatchObject({ code: 'LINKEDIN.EXCHANGE_FAILED', error: 'LinkedIn could not complete the connection: The token used in the request has been revoked by the user' });
    expect((await calls(stack, read)).map((r) => r.status)).toEqual([401, 401]);
    expect((await connection(stack, user)).status).toBe(404);
  });
});

describe('connect with the share app: the member id from the id token', () => {
  let stack: Stack;
  beforeAll(async () => {
    stack = await startStack({ linkedinEnv: { LINKEDIN_FRESH_TOKEN_RETRY_MS: String(RETRY_MS) } });
  });
  afterEach(() => http(stack.sandbox.url, 'DELETE', '/__sandbox/faults'));
  afterAll(() => stack?.stop());

  test('when userinfo cannot be read at all, then the member id and name come from the id token and the account is connected', async () => {
    const user = await stack.user();
    await stack.fault('500', { path: '/v2/userinfo', count: 5 });
    const res = await stack.connect(user, { given_name: 'Ada', family_name: 'Quist' });
    expect(res.status).toBe(200);
    expect(res.body.profile).toMatchObject({ firstName: 'Ada', lastName: 'Quist' });
    const connected = await stack.events.waitFor('linkedin.connected', (p) => p.userId === user.id);
    expect(connected.payload.memberUrn).toBe(`urn:li:person:${memberOf(stack, user).sub}`);
  });

  test('when the id token names the member, then its sub is the stored member id', () => {
    const body = Buffer.from(JSON.stringify({ iss: 'https://www.linkedin.com/oauth', aud: 'app-1', sub: 'Zx81Pq', given_name: 'Kim' })).toString('base64url');
    const idToken = `eyJhbGciOiJSUzI1NiJ9.${body}.c2ln`;
    expect(idTokenClaims(idToken, 'app-1')).toMatchObject({ sub: 'Zx81Pq', given_name: 'Kim' });
    expect(idTokenClaims(undefined, 'app-1')).toBeNull();
    expect(() => idTokenClaims(idToken, 'another-app')).toThrow('LinkedIn sent an id token issued for another app');
    expect(() => idTokenClaims('not-a-jwt', 'app-1')).toThrow('LinkedIn sent an id token that cannot be read');
  });
});
