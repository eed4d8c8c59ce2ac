/**
 * A LinkedIn grant that ends, over the whole stack through the gateway. A self-serve LinkedIn app
 * gets no refresh token (the sandbox default), so a connection ends with its access token and
 * the member must reconnect. A post scheduled while the connection was good comes due after it
 * ended: nothing reaches LinkedIn, the item is back to draft with the reason, the profile says
 * expired; reconnecting makes it whole. The access token lives seconds here instead of 60 days.
 */
import type { ContentItem } from '@postwright/contracts';
import { eventually, http } from '@postwright/platform/src/testing';
import { expectPublishedOnce, FAST_SCHEDULER } from './support/faults';
import { startStack, type Stack, type TestUser } from './support/stack';

const TOKEN_SECONDS = 8;
const RECONNECT = 'Your LinkedIn connection has expired. Please reconnect your LinkedIn account.';

let stack: Stack;

beforeAll(async () => {
  stack = await startStack({ schedulerEnv: FAST_SCHEDULER, sandboxEnv: { SANDBOX_ACCESS_TOKEN_TTL_SECONDS: String(TOKEN_SECONDS) } });
}, 60_000);
afterAll(() => stack?.stop());

const status = async (user: TestUser) => (await stack.call('GET', '/api/linkedin/profile', { token: user.token })).body;
/** every post LinkedIn was asked to create, whatever it answered (the sandbox's request log) */
const postAttempts = async () => {
  const { body } = await http(stack.sandbox.url, 'GET', '/__sandbox/requests?path=/rest/posts&method=POST');
  // the path is matched as a prefix: keep the creations only
  return (body.requests as Array<{ path: string }>).filter((r) => r.path === '/rest/posts');
};

test('when a scheduled post comes due after the connection ended, then it is a draft with the reconnect reason, LinkedIn got nothing and the profile says expired; after reconnecting it publishes once', async () => {
  const user = await stack.user({ connect: true });
  const item = await stack.draft(user);
  const connected = await status(user);
  // the whole grant is seconds long, so the warning is on from the start
  expect(connected).toMatchObject({ connected: true, reconnectSoon: true });
  expect(connected.expired).toBeUndefined();
  const endsAt = Date.parse(connected.expiresAt);
  expect(endsAt).toBeGreaterThan(Date.now());

  // a whole second after the connection ends (and at least the scheduler's 2 s lead ahead)
  const at = new Date(Math.ceil(Math.max(endsAt + 1_000, Date.now() + 3_000) / 1000) * 1000);
  expect((await stack.schedule(user, item.id, at)).status).toBe(201);

  // the connection ends first, and the profile says so without anything being attempted
  await eventually(() => status(user), (s) => s.expired === true, TOKEN_SECONDS * 1000 + 10_000, 200);
  // then the post's time comes: back to draft, with the reason the member can act on
  const failed = await eventually(() => stack.item(user, item.id), (i: ContentItem) => i.status === 'draft', at.getTime() - Date.now() + 20_000, 200);
  expect(Date.now()).toBeGreaterThanOrEqual(at.getTime());
  expect(failed).toMatchObject({ status: 'draft', scheduledFor: null, linkedinPostId: null, lastPublishError: RECONNECT, publishUnconfirmed: false });
  expect(await postAttempts()).toEqual([]);
  expect(await stack.postsWith(item.finalContent!)).toEqual([]);
  expect(await status(user)).toMatchObject({ connected: true, expired: true, expiresAt: connected.expiresAt });

  // publishing now is refused the same way until the member reconnects
  const refused = await stack.publish(user, item.id);
  expect(refused.status).toBe(409);
  expect(refused.body).toMatchObject({ code: 'LINKEDIN.RECONNECT_REQUIRED', error: RECONNECT });
  expect(await postAttempts()).toEqual([]);

  await stack.connect(user);
  const renewed = await status(user);
  expect(renewed.expired).toBeUndefined();
  expect(Date.parse(renewed.expiresAt)).toBeGreaterThan(endsAt);
  expect((await stack.publish(user, item.id)).status).toBe(200);
  await expectPublishedOnce(stack, user, item);
}, 90_000);
