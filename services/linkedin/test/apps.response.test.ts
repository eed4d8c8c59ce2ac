import { eventually, http, testEnv } from '@postwright/platform/src/testing';
import { readConfig } from '../src/config';
import { messages } from '../src/lib/messages';
import { startStack, type Stack, type TestUser } from './support/stack';

/**
 * The two kinds of LinkedIn app an operator can get (LINKEDIN_APP): share (OpenID Connect and
 * Share on LinkedIn: sign-in, email, publishing, no engagement) and community (the Community
 * Management API alone: profile, publishing and engagement, no OpenID, no email). The sandbox
 * registers both apps, each with its products, and refuses what an app's products do not grant.
 */
const requests = async (stack: Stack, path: string) => (await http(stack.sandbox.url, 'GET', `/__sandbox/requests?path=${encodeURIComponent(path)}`)).body.requests as Array<{ url: string }>;
const profileOf = (stack: Stack, user: TestUser) => http(stack.linkedin.url, 'GET', '/api/linkedin/profile', { token: user.token });

async function publish(stack: Stack, user: TestUser, text: string) {
  const item = await stack.draft(user);
  const res = await http(stack.linkedin.url, 'POST', '/api/linkedin/post', { token: user.token, body: { contentId: item.id, text } });
  return { item, res };
}

describe('LinkedIn apps: the share app (LINKEDIN_APP=share, the default)', () => {
  let stack: Stack;
  beforeAll(async () => {
    stack = await startStack();
  });
  afterAll(() => stack?.stop());

  test('when a member connects, then OpenID Connect scopes are asked of the share app, the member comes from OpenID, and no Profile API call is made', async () => {
    const user = await stack.user();
    const start = await http(stack.linkedin.url, 'GET', '/api/linkedin/auth-url', { token: user.token });
    const url = new URL(start.body.authURL);
    expect(url.searchParams.get('client_id')).toBe('postwright-sandbox');
    expect(url.searchParams.get('scope')).toBe('openid profile email w_member_social');

    const res = await stack.connect(user, { given_name: 'Ines', family_name: 'Park' });
    expect(res.status).toBe(200);
    expect(res.body.profile).toMatchObject({ firstName: 'Ines', lastName: 'Park', headline: null, publicProfileUrl: null });
    expect(await requests(stack, '/v2/me')).toHaveLength(0);
  });

  test('when the member publishes, then the post is on LinkedIn; engagement is explained, never asked for', async () => {
    const user = await stack.user();
    await stack.connect(user);
    const { res } = await publish(stack, user, 'Shared through the share app');
    expect(res.status).toBe(200);
    expect((await stack.sandboxPosts()).some((p) => p.commentary === 'Shared through the share app')).toBe(true);
    await stack.linkedin.modules.engagement.pollAll();
    expect(await requests(stack, '/rest/memberCreatorPostAnalytics')).toHaveLength(0);
    expect((await profileOf(stack, user)).body.engagement).toEqual({ available: false, reason: messages.noAnalyticsApp });
    expect(messages.noAnalyticsApp).toMatch(/Community Management API/);
  });
});

describe('LinkedIn apps: the Community Management app (LINKEDIN_APP=community)', () => {
  let stack: Stack;
  beforeAll(async () => {
    stack = await startStack({ linkedinEnv: { LINKEDIN_APP: 'community' } });
  });
  afterAll(() => stack?.stop());

  test('when a member connects, then its scopes are asked of the community app, and the member, headline, address and photo come from /v2/me with its projection', async () => {
    const user = await stack.user();
    const start = await http(stack.linkedin.url, 'GET', '/api/linkedin/auth-url', { token: user.token });
    const url = new URL(start.body.authURL);
    expect(url.searchParams.get('client_id')).toBe('postwright-sandbox-community');
    expect(url.searchParams.get('scope')).toBe('r_basicprofile w_member_social r_member_postAnalytics');

    const res = await stack.connect(user, { given_name: 'Omar', family_name: 'Haddad', with_picture: '1' });
    expect(res.status).toBe(200);
    const sub = [...stack.sandbox.state.members.values()].find((m) => m.email === `${user.id}@example.com`)!.sub;
    expect(res.body.profile).toEqual({
      firstName: 'Omar',
      lastName: 'Haddad',
      localizedFirstName: 'Omar',
      localizedLastName: 'Haddad',
      headline: expect.stringContaining('Haddad'),
      publicProfileUrl: expect.stringMatching(/^https:\/\/www\.linkedin\.com\/in\/omar-haddad-/),
      // the widest of the decorated sizes
      profilePicture: { displayImage: `${stack.sandbox.url}/media/profile/${sub}.svg?size=800` },
    });
    expect(await requests(stack, '/v2/userinfo')).toHaveLength(0);
    const [me] = await requests(stack, '/v2/me');
    expect(decodeURIComponent(me.url)).toContain('projection=(id,localizedFirstName,localizedLastName,localizedHeadline,vanityName,profilePicture(displayImage~:playableStreams))');
    expect((await profileOf(stack, user)).body).toMatchObject({ engagement: { available: true, reason: null }, scopes: ['r_basicprofile', 'r_member_postAnalytics', 'w_member_social'] });
    const stored = await stack.events.waitFor('linkedin.connected', (p) => p.userId === user.id);
    expect(stored.payload.memberUrn).toBe(`urn:li:person:${sub}`);
  });

  test('when the member publishes, then the post is on LinkedIn and its likes, comments, reposts and views reach the item', async () => {
    const user = await stack.user();
    await stack.connect(user);
    const { item, res } = await publish(stack, user, 'Shared through the community app');
    expect(res.status).toBe(200);
    const summary = await stack.linkedin.modules.engagement.pollAll();
    expect(summary.postsChecked).toBeGreaterThanOrEqual(1);
    const event = await stack.events.waitFor('linkedin.engagement.updated', (p) => p.contentId === item.id);
    expect(event.payload).toMatchObject({ likes: expect.any(Number), comments: expect.any(Number), reposts: expect.any(Number), impressions: expect.any(Number) });
    await eventually(() => stack.item(user, item.id), (i) => i.engagement !== null);
  });

  test('when refresh-profile is asked, then the member is read again from /v2/me', async () => {
    const user = await stack.user();
    await stack.connect(user);
    const sub = [...stack.sandbox.state.members.values()].find((m) => m.email === `${user.id}@example.com`)!.sub;
    await http(stack.sandbox.url, 'POST', `/__sandbox/members/${sub}`, { body: { headline: 'Founder, now', withPicture: false } });
    expect((await http(stack.linkedin.url, 'POST', '/api/linkedin/refresh-profile', { token: user.token })).body).toEqual({ profilePictureUpdated: false });
    expect((await profileOf(stack, user)).body.profile).toMatchObject({ headline: 'Founder, now', profilePicture: { displayImage: null } });
  });

  test('when a member connected under the share app is polled by a community app, then nothing is asked of LinkedIn and the reason says to reconnect', async () => {
    const shareApp = await startStack();
    try {
      const user = await shareApp.user();
      await shareApp.connect(user);
      await publish(shareApp, user, 'Before the switch');
      const community = await shareApp.startLinkedin({ LINKEDIN_APP: 'community' });
      await community.modules.engagement.pollAll();
      expect(await requests(shareApp, '/rest/memberCreatorPostAnalytics')).toHaveLength(0);
      expect((await profileOf(shareApp, user)).body.engagement).toEqual({ available: false, reason: messages.reconnectForAnalytics });
    } finally {
      await shareApp.stop();
    }
  });
});

describe('LinkedIn apps: configuration', () => {
  const config = (env: Record<string, string>) => readConfig(testEnv('tapps_', { NODE_ENV: 'test', ...env }));
  const refusals = (env: Record<string, string>) => {
    try {
      config(env);
    } catch (error) {
      return (error as { problems: string[] }).problems;
    }
    return [];
  };

  test('when LINKEDIN_APP is community in sandbox mode, then the sandbox community app and its scopes are used; in live mode, the operator’s app', () => {
    expect(config({ LINKEDIN_APP: 'community' }).linkedin).toMatchObject({
      app: 'community',
      clientId: 'postwright-sandbox-community',
      clientSecret: 'postwright-sandbox-secret',
      scopes: ['r_basicprofile', 'w_member_social', 'r_member_postAnalytics'],
    });
    expect(config({ LINKEDIN_APP: 'community', LINKEDIN_CLIENT_ID: '77cm', LINKEDIN_CLIENT_SECRET: 's' }).linkedin).toMatchObject({ mode: 'live', clientId: '77cm' });
  });

  test('when the scopes do not fit the app, or the app is unknown, then start-up refuses naming every problem', () => {
    expect(refusals({ LINKEDIN_SCOPES: 'openid profile email w_member_social r_member_postAnalytics' })).toEqual([
      'LINKEDIN_SCOPES: r_member_postAnalytics is not granted to a share app (Sign In with LinkedIn using OpenID Connect and Share on LinkedIn): LinkedIn refuses the sign-in with unauthorized_scope_error; r_member_postAnalytics comes with LINKEDIN_APP=community, a separate LinkedIn app',
    ]);
    expect(refusals({ LINKEDIN_APP: 'community', LINKEDIN_SCOPES: 'openid email r_member_postAnalytics' })).toEqual([
      'LINKEDIN_SCOPES: openid, email are not granted to a community app (the Community Management API): LinkedIn refuses the sign-in with unauthorized_scope_error; openid, email come with LINKEDIN_APP=share, a separate LinkedIn app',
      'LINKEDIN_SCOPES: must include r_basicprofile and w_member_social for LINKEDIN_APP=community',
    ]);
    expect(refusals({ LINKEDIN_APP: 'marketing' })).toEqual([expect.stringMatching(/^LINKEDIN_APP: /)]);
  });
});
