import { eventually, http } from '@postwright/platform/src/testing';
import { messages } from '../src/lib/messages';
import { startStack, type Stack, type TestUser } from './support/stack';

const analyticsCalls = async (stack: Stack) =>
  (await http(stack.sandbox.url, 'GET', '/__sandbox/requests?path=/rest/memberCreatorPostAnalytics')).body.requests as Array<{ status: number; url: string; at: string }>;

async function publishOne(stack: Stack, user: TestUser, text: string) {
  const item = await stack.draft(user);
  const res = await http(stack.linkedin.url, 'POST', '/api/linkedin/post', { token: user.token, body: { contentId: item.id, text } });
  if (res.status !== 200) throw new Error(`publish failed: ${res.status} ${JSON.stringify(res.body)}`);
  return { item, urn: res.body.linkedinPost.id as string };
}

describe('engagement: polling and events', () => {
  describe('with post analytics granted', () => {
    let stack: Stack;
    beforeAll(async () => {
      stack = await startStack({ linkedinEnv: { LINKEDIN_APP: 'community', ENGAGEMENT_POLL_INTERVAL_MS: '300' } });
    });
    afterEach(() => http(stack.sandbox.url, 'DELETE', '/__sandbox/faults'));
    afterAll(() => stack?.stop());

    test('when a post is published, then linkedin.engagement.updated brings its counts to the content item, and they grow with age', async () => {
      const user = await stack.user();
      await stack.connect(user);
      const { item } = await publishOne(stack, user, 'Measure me');
      const first = await stack.events.waitFor('linkedin.engagement.updated', (p) => p.contentId === item.id);
      expect(first.payload).toEqual({
        contentId: item.id,
        userId: user.id,
        likes: expect.any(Number),
        comments: expect.any(Number),
        reposts: expect.any(Number),
        impressions: expect.any(Number),
      });
      expect(first.payload.impressions).toBeGreaterThanOrEqual(20);
      // the content service consumed it: the card shows the figures
      const shown = await eventually(() => stack.item(user, item.id), (i) => i.engagement !== null);
      expect(shown.engagement!.impressions).toBeGreaterThanOrEqual(first.payload.impressions);

      await http(stack.sandbox.url, 'POST', '/__sandbox/clock', { body: { advanceSeconds: 24 * 3600 } });
      const later = await stack.events.waitFor('linkedin.engagement.updated', (p) => p.contentId === item.id && p.impressions > first.payload.impressions * 10);
      expect(later.payload.likes).toBeGreaterThan(0);
      const updated = await eventually(() => stack.item(user, item.id), (i) => i.engagement?.impressions === later.payload.impressions);
      expect(updated.engagement).toEqual({ likes: later.payload.likes, comments: later.payload.comments, reposts: later.payload.reposts, impressions: later.payload.impressions });
    });

    test('when nothing changed since the last round, then no new event is sent', async () => {
      const user = await stack.user();
      await stack.connect(user);
      await http(stack.sandbox.url, 'POST', '/__sandbox/clock', { body: { freeze: true } });
      try {
        const { item, urn } = await publishOne(stack, user, 'Steady');
        await stack.events.waitFor('linkedin.engagement.updated', (p) => p.contentId === item.id);
        const count = () => stack.events.ofType('linkedin.engagement.updated').filter((e) => e.payload.contentId === item.id).length;
        const callsFor = async () => (await analyticsCalls(stack)).filter((r) => r.url.includes(encodeURIComponent(urn))).length;
        const before = await callsFor();
        // it kept polling (two more rounds)...
        await eventually(callsFor, (n) => n >= before + 2, 10_000, 50);
        expect(count()).toBe(1); // ...but had nothing new to say
      } finally {
        await http(stack.sandbox.url, 'POST', '/__sandbox/clock', { body: { freeze: false } });
      }
    });

    test('when LinkedIn throttles analytics (429), then the poller backs off instead of calling every round', async () => {
      const user = await stack.user();
      await stack.connect(user);
      const { urn } = await publishOne(stack, user, 'Throttled analytics');
      await stack.fault('429', { path: '/rest/memberCreatorPostAnalytics', count: 10_000 });
      const callsFor = async () => (await analyticsCalls(stack)).filter((r) => r.url.includes(encodeURIComponent(urn)));
      const start = (await callsFor()).length;
      // three throttled rounds: a steady poller would call every 300 ms; backing off, the wait
      // doubles after each 429 (0.6 s, then 1.2 s)
      const throttled = (await eventually(callsFor, (calls) => calls.length >= start + 3, 10_000, 50)).slice(start, start + 3);
      expect(throttled.every((r) => r.status === 429)).toBe(true);
      const [first, second, third] = throttled.map((r) => Date.parse(r.at));
      expect(second - first).toBeGreaterThanOrEqual(550);
      expect(third - second).toBeGreaterThanOrEqual(1_100);
      // once LinkedIn lets us again, figures flow
      await http(stack.sandbox.url, 'DELETE', '/__sandbox/faults');
    });
  });

  describe('with the share app (the default): no post analytics', () => {
    let stack: Stack;
    beforeAll(async () => {
      stack = await startStack();
    });
    afterAll(() => stack?.stop());

    test('when a round runs for a share-app grant, then no analytics call is made and one plain reason is stored', async () => {
      const user = await stack.user();
      await stack.connect(user);
      const { item } = await publishOne(stack, user, 'No analytics here');
      const summary = await stack.linkedin.modules.engagement.pollAll();
      expect(summary).toMatchObject({ members: 0, postsChecked: 0, updated: 0 });
      expect(summary.skipped.noScope).toBeGreaterThanOrEqual(1);
      expect(await analyticsCalls(stack)).toHaveLength(0);
      expect(stack.events.ofType('linkedin.engagement.updated').filter((e) => e.payload.contentId === item.id)).toHaveLength(0);
      const profile = await http(stack.linkedin.url, 'GET', '/api/linkedin/profile', { token: user.token });
      expect(profile.body.engagement).toEqual({ available: false, reason: messages.noAnalyticsApp });
    });
  });
});
