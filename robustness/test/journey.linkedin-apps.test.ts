import type { ContentItem } from '@postwright/contracts';
import { eventually } from '@postwright/platform/src/testing';
import { startStack, type Stack, type TestUser } from './support/stack';

/**
 * A member's journey with each kind of LinkedIn app an operator can get, through the real gateway:
 * connect, publish, and engagement, or why there is none. The sandbox registers both apps with
 * their products as LinkedIn does; LINKEDIN_APP picks the linkedin service's.
 */
async function publishDraft(stack: Stack, user: TestUser, from: string): Promise<ContentItem> {
  const draft = await stack.draft(user);
  const res = await stack.call('POST', '/api/linkedin/post', { token: user.token, body: { contentId: draft.id, text: draft.finalContent }, from });
  if (res.status !== 200) throw new Error(`publish: ${res.status} ${JSON.stringify(res.body)}`);
  return draft;
}

describe('journey: the share app (Sign In with LinkedIn using OpenID Connect and Share on LinkedIn)', () => {
  const from = '127.0.0.91';
  let stack: Stack;
  beforeAll(async () => {
    stack = await startStack();
  }, 120_000);
  afterAll(async () => {
    await stack?.stop();
  }, 60_000);

  test('when a member connects and publishes, then the post is on LinkedIn, no analytics are asked for, and the profile says plainly why engagement is not shown', async () => {
    const user = await stack.user({ connect: true, from });
    const linkedin = await stack.call('GET', '/api/linkedin/profile', { token: user.token, from });
    expect(linkedin.body).toMatchObject({ connected: true, scopes: expect.arrayContaining(['openid', 'w_member_social']) });
    expect(linkedin.body.profile.headline).toBeNull();

    const item = await publishDraft(stack, user, from);
    expect(await stack.postsWith(item.finalContent!)).toHaveLength(1);
    const published = await eventually(() => stack.list(user), (items) => items.find((i) => i.id === item.id)?.status === 'published');
    expect(published.find((i) => i.id === item.id)!.engagement).toBeNull();

    await stack.linkedin.modules.engagement.pollAll();
    expect(stack.sandbox.state.requests.filter((r) => r.path.startsWith('/rest/memberCreatorPostAnalytics'))).toHaveLength(0);
    const after = await stack.call('GET', '/api/linkedin/profile', { token: user.token, from });
    expect(after.body.engagement).toEqual({ available: false, reason: expect.stringContaining('Community Management API') });
  });
});

describe('journey: the Community Management app', () => {
  const from = '127.0.0.92';
  let stack: Stack;
  beforeAll(async () => {
    stack = await startStack({ linkedinEnv: { LINKEDIN_APP: 'community' } });
  }, 120_000);
  afterAll(async () => {
    await stack?.stop();
  }, 60_000);

  test('when a member connects and publishes, then the profile comes from the Profile API and the likes, comments, reposts and views reach the content list', async () => {
    const user = await stack.user({ connect: true, from });
    const linkedin = await stack.call('GET', '/api/linkedin/profile', { token: user.token, from });
    expect(linkedin.body).toMatchObject({
      connected: true,
      scopes: ['r_basicprofile', 'r_member_postAnalytics', 'w_member_social'],
      engagement: { available: true, reason: null },
      profile: { headline: expect.any(String), publicProfileUrl: expect.stringMatching(/^https:\/\/www\.linkedin\.com\/in\//) },
    });
    expect(stack.sandbox.state.requests.filter((r) => r.path === '/v2/userinfo')).toHaveLength(0);

    const item = await publishDraft(stack, user, from);
    expect(await stack.postsWith(item.finalContent!)).toHaveLength(1);
    await eventually(() => stack.list(user), (items) => items.find((i) => i.id === item.id)?.status === 'published');
    await stack.linkedin.modules.engagement.pollAll();
    const shown = await eventually(() => stack.list(user), (items) => items.find((i) => i.id === item.id)?.engagement != null);
    expect(shown.find((i) => i.id === item.id)!.engagement).toEqual({
      likes: expect.any(Number),
      comments: expect.any(Number),
      reposts: expect.any(Number),
      impressions: expect.any(Number),
    });
  });
});
