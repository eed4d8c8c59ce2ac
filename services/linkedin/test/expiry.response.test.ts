import { profileStatusResponseSchema } from '@postwright/contracts';
import { http } from '@postwright/platform/src/testing';
import { startStack, type Stack, type TestUser } from './support/stack';
import { serviceDatabase } from './support/database';

const DAY = 24 * 3600 * 1000;
const RECONNECT = 'Your LinkedIn connection has expired. Please reconnect your LinkedIn account.';

/**
 * A self-serve LinkedIn app (the sandbox default) gets no refresh token, so the
 * grant ends with its 60-day access token and the member reconnects. Days pass by moving the
 * stored expiry, as the calendar would.
 */
describe('expiry without a refresh token: responses', () => {
  let stack: Stack;
  const { db } = serviceDatabase(() => stack);
  const connections = () => db().collection('connections');

  beforeAll(async () => {
    stack = await startStack();
  });
  afterAll(() => stack?.stop());

  const profile = (user: TestUser) => http(stack.linkedin.url, 'GET', '/api/linkedin/profile', { token: user.token });
  const publish = (user: TestUser, contentId: string) => http(stack.linkedin.url, 'POST', '/api/linkedin/post', { token: user.token, body: { contentId } });
  /** the stored access token now ends `ms` from now (negative: it has ended) */
  const accessTokenEndsIn = async (user: TestUser, ms: number) => {
    const at = new Date(Date.now() + ms);
    await connections().updateOne({ userId: user.id }, { $set: { accessTokenExpiresAt: at } });
    return at;
  };
  /** every call LinkedIn got: API calls and token requests */
  const linkedinCalls = async () => (await http(stack.sandbox.url, 'GET', '/__sandbox/requests')).body.requests.length;
  const connected = async () => {
    const user = await stack.user();
    expect((await stack.connect(user)).status).toBe(200);
    return user;
  };

  test('when a member connects, then the profile gives when the connection ends, 60 days ahead, and no warning yet', async () => {
    const user = await connected();
    const res = await profile(user);
    expect(res.status).toBe(200);
    const status = profileStatusResponseSchema.parse(res.body);
    expect(Math.abs(Date.parse(status.expiresAt) - (Date.now() + 60 * DAY))).toBeLessThan(60_000);
    expect(status.reconnectSoon).toBeUndefined();
    expect(status.expired).toBeUndefined();
  });

  test('when the access token ends within 7 days, then the profile warns with that time; 8 days ahead it does not', async () => {
    const user = await connected();
    const later = await accessTokenEndsIn(user, 8 * DAY);
    const calm = (await profile(user)).body;
    expect(calm).toMatchObject({ connected: true, expiresAt: later.toISOString() });
    expect(calm.reconnectSoon).toBeUndefined();

    const soon = await accessTokenEndsIn(user, 7 * DAY - 60_000);
    const warned = (await profile(user)).body;
    expect(warned).toMatchObject({ connected: true, expiresAt: soon.toISOString(), reconnectSoon: true });
    expect(warned.expired).toBeUndefined();
  });

  test('when the access token has ended, then the profile says expired and publishing answers 409 reconnect without calling LinkedIn; the item stays a draft', async () => {
    const user = await connected();
    const item = await stack.draft(user, 'Past the 60 days');
    const ended = await accessTokenEndsIn(user, -1_000);
    expect((await profile(user)).body).toMatchObject({ connected: true, expired: true, reconnectSoon: true, expiresAt: ended.toISOString() });

    const before = await linkedinCalls();
    const res = await publish(user, item.id);
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({ code: 'LINKEDIN.RECONNECT_REQUIRED', error: RECONNECT });
    const refresh = await http(stack.linkedin.url, 'POST', '/api/linkedin/refresh-profile', { token: user.token });
    expect(refresh.status).toBe(409);
    expect(refresh.body.code).toBe('LINKEDIN.RECONNECT_REQUIRED');
    // nothing to renew it with: LinkedIn is not asked, neither for a post nor for a token
    expect(await linkedinCalls()).toBe(before);
    expect(await stack.item(user, item.id)).toMatchObject({ status: 'draft', publishUnconfirmed: false });
    expect((await connections().findOne({ userId: user.id }))!.status).toBe('expired');
  });

  test('when the member reconnects, then a fresh 60-day grant clears the warning and publishing works again', async () => {
    const user = await connected();
    const item = await stack.draft(user, 'Published after reconnecting');
    await accessTokenEndsIn(user, -1_000);
    expect((await publish(user, item.id)).status).toBe(409);

    expect((await stack.connect(user)).status).toBe(200);
    const status = (await profile(user)).body;
    expect(status.expired).toBeUndefined();
    expect(status.reconnectSoon).toBeUndefined();
    expect(Math.abs(Date.parse(status.expiresAt) - (Date.now() + 60 * DAY))).toBeLessThan(60_000);
    const res = await publish(user, item.id);
    expect(res.status).toBe(200);
    expect(res.body.content).toMatchObject({ id: item.id, status: 'published' });
  });
});
