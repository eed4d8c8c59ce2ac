/**
 * A service is restarted (stopped as a deploy stops it, then started again on the same port)
 * while a publish is under way through the gateway. The call in flight is answered, calls
 * while the service is away answer 502 with error text, and each post is on LinkedIn once
 * with its item saying published.
 */
import { eventually, type JsonResponse } from '@postwright/platform/src/testing';
import { expectError, expectPublishedOnce } from './support/faults';
import { startStack, type Stack, type TestUser } from './support/stack';

const POSTS = '/rest/posts';
/** LinkedIn's answer is awaited this long: longer than the 5 s an HTTP server gives requests when it closes by default */
const LINKEDIN_TIMEOUT_MS = 8_000;

let stack: Stack;
let user: TestUser;

beforeAll(async () => {
  stack = await startStack({ linkedinEnv: { LINKEDIN_REQUEST_TIMEOUT_MS: String(LINKEDIN_TIMEOUT_MS) } });
  user = await stack.user({ connect: true });
}, 60_000);
afterAll(() => stack?.stop());

/** Starts publishing `contentId` now; resolves once LinkedIn holds the post, its answer still on the way (`answer`). */
async function publishUnderWay(contentId: string, text: string, answerAfterMs: number): Promise<{ answer: Promise<JsonResponse> }> {
  await stack.fault('slow', { path: POSTS, delayMs: answerAfterMs });
  const answer = stack.publish(user, contentId);
  await eventually(() => stack.postsWith(text), (posts) => posts.length > 0, 10_000, 20);
  return { answer };
}

test('when the LinkedIn service restarts while LinkedIn is slow to answer a publish, then the call gets its answer, calls meanwhile get 502, and the post is published once', async () => {
  const item = await stack.draft(user);
  const other = await stack.draft(user);
  // LinkedIn answers after 6 s: past the default 5 s drain, within the 8 s the service waits for LinkedIn
  const { answer } = await publishUnderWay(item.id, item.finalContent!, 6_000);

  const stopping = stack.stopService('linkedin');
  // while it drains and while it is down, new calls do not reach it
  expectError(await stack.publish(user, other.id), [502]);
  await stopping;
  expectError(await stack.call('GET', '/api/linkedin/profile', { token: user.token }), [502]);

  const res = await answer;
  expect(res.status).toBe(200);
  await stack.startService('linkedin');

  expect((await stack.publish(user, other.id)).status).toBe(200);
  const published = await expectPublishedOnce(stack, user, item);
  expect(res.body.linkedinPost.id).toBe(published.linkedinPostId);
  await expectPublishedOnce(stack, user, other);
});

test('when the content service restarts while a publish waits for LinkedIn, then the post goes out once and the item says published once the content service is back', async () => {
  const item = await stack.draft(user);
  const { answer } = await publishUnderWay(item.id, item.finalContent!, 1_500);

  await stack.stopService('content');
  expectError(await stack.call('GET', '/api/content', { token: user.token }), [502]);
  // LinkedIn took the post: the answer says so even though the item could not be updated yet
  const res = await answer;
  expect(res.status).toBe(200);
  expect(res.body.content).toMatchObject({ id: item.id, status: 'published', linkedinPostId: res.body.linkedinPost.id });

  await stack.startService('content');
  // the published event waited in the content service's queue and settles the item
  const published = await expectPublishedOnce(stack, user, item);
  expect(published.linkedinPostId).toBe(res.body.linkedinPost.id);
});
