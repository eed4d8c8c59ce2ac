import { insightsResponseSchema, OPTIMAL_POST_LENGTH } from '@postwright/contracts';
import { http } from '@postwright/platform/src/testing';
import type { EventProbe } from '@postwright/platform/src/testing/events';
import { fileStack } from './support/file-stack';
import type { Stack, TestUser } from './support/stack';
import { drained, figures, getInsights, publishedPost } from './insights.support';

/** GET /api/insights: the member's own posts, grouped, with findings and recommendations. */
describe('GET /api/insights', () => {
  let stack: Stack;
  let probe: EventProbe;
  let author: TestUser;

  fileStack([], (started) => {
    ({ stack, probe, user: author } = started);
  });

  // the last Tuesday before today, in the hour from 07:00 UTC: one weekday-hour in every zone asked here
  const lastTuesday = new Date();
  lastTuesday.setUTCHours(7, 0, 0, 0);
  do lastTuesday.setUTCDate(lastTuesday.getUTCDate() - 1);
  while (lastTuesday.getUTCDay() !== 2);
  const tuesday = (minute: number) => new Date(lastTuesday.getTime() + minute * 60_000).toISOString();
  const hourIn = (timeZone: string) => Number(new Intl.DateTimeFormat('en-US', { timeZone, hour: 'numeric', hourCycle: 'h23' }).format(lastTuesday));

  beforeAll(async () => {
    // 6 Behind the Scenes posts with question hooks (8 comments each), 5 Frameworks with claim hooks (3 each), one never measured
    for (let i = 0; i < 6; i++) {
      const id = await publishedPost(stack, author, { contentType: 'story', hookStyle: 'question', publishedAt: tuesday(i) });
      await figures(probe, author, id, { likes: 40, comments: 8, impressions: 1200 });
    }
    for (let i = 0; i < 5; i++) {
      const id = await publishedPost(stack, author, { contentType: 'framework', hookStyle: 'claim', text: 'x'.repeat(OPTIMAL_POST_LENGTH.min - 1), publishedAt: tuesday(30 + i) });
      await figures(probe, author, id, { likes: 20, comments: 3, impressions: 700 });
    }
    await publishedPost(stack, author, { contentType: 'learning', publishedAt: tuesday(59) });
    await drained(probe);
  }, 60_000);

  test('when a member asks, then the answer has the contract\'s shape with the counts, medians, findings and recommendations of their posts', async () => {
    const res = await http(stack.content.url, 'GET', '/api/insights?range=90d&tz=Europe/Paris', { token: author.token });
    expect(res.status).toBe(200);
    const answer = insightsResponseSchema.parse(res.body);

    expect(answer).toMatchObject({ range: '90d', timeZone: 'Europe/Paris', from: expect.any(String), posts: 12, measured: 11, minimumPosts: 5 });
    expect(answer.byType.find((g) => g.contentType === 'story')).toEqual({ contentType: 'story', posts: 6, measured: 6, medianReactions: 40, medianComments: 8, medianImpressions: 1200, enough: true });
    expect(answer.byType.find((g) => g.contentType === 'learning')).toMatchObject({ posts: 1, measured: 0, medianComments: null, enough: false });
    expect(answer.byHookStyle.find((g) => g.hookStyle === 'unknown')).toMatchObject({ posts: 1, measured: 0 });
    expect(answer.byLength.find((g) => g.band === 'short')).toMatchObject({ posts: 5, measured: 5, medianComments: 3 });
    expect(answer.byWeekdayHour).toEqual([expect.objectContaining({ weekday: 2, hour: hourIn('Europe/Paris'), posts: 12, measured: 11, enough: true })]);
    expect(answer.trend.reduce((sum, week) => sum + week.posts, 0)).toBe(12);
    expect(answer.findings).toContainEqual({
      id: 'type.comments',
      text: 'Your Behind the Scenes posts got 2.7x the comments of your Framework posts: 6 and 5 posts.',
      metric: 'comments',
      evidence: [
        { label: 'Behind the Scenes', posts: 6, median: 8 },
        { label: 'Framework', posts: 5, median: 3 },
      ],
    });
    expect(answer.recommendations.hookOrder).toEqual({ styles: ['question', 'claim', 'number', 'story', 'contrast'], reason: 'Your question hooks earn the most comments (median 8 over 6 posts).' });
    const hour = hourIn('Europe/Paris');
    expect(answer.recommendations.times).toEqual({ slots: [{ weekday: 2, hour }], reason: `Your posts on Tuesdays at ${hour % 12 === 0 ? 12 : hour % 12} ${hour < 12 ? 'AM' : 'PM'} earn the most comments (median 8 over 11 posts).` });
    // 6 of the last 10 give value, none reaches new people
    expect(answer.recommendations.nextType.contentType).toBe('controversial');
  });

  test('when the same posts are read in New York, then their hour is that of New York', async () => {
    const answer = await getInsights(stack, author, '?tz=America/New_York');
    expect(answer.timeZone).toBe('America/New_York');
    expect(answer.byWeekdayHour.map((g) => [g.weekday, g.hour])).toEqual([[2, hourIn('America/New_York')]]);
    expect(hourIn('America/New_York')).not.toBe(hourIn('Europe/Paris'));
  });

  test('when no range is asked, then it is the last 90 days in UTC', async () => {
    const answer = await getInsights(stack, author);
    expect(answer).toMatchObject({ range: '90d', timeZone: 'UTC', posts: 12 });
    expect(Date.parse(answer.to) - Date.parse(answer.from!)).toBe(90 * 86_400_000);
  });

  test('when a range is asked, then only the posts published within it count; all has no start', async () => {
    const member = await stack.user({ tier: 'premium' });
    const daysAgo = (days: number) => new Date(Date.now() - days * 86_400_000).toISOString();
    for (const days of [1, 40, 200, 400]) await publishedPost(stack, member, { publishedAt: daysAgo(days) });
    const counts = await Promise.all(['30d', '90d', '365d', 'all'].map(async (range) => (await getInsights(stack, member, `?range=${range}`)).posts));
    expect(counts).toEqual([1, 2, 3, 4]);
    expect((await getInsights(stack, member, '?range=all')).from).toBeNull();
  });

  test('when another member asks, then they see nothing of the first member\'s posts', async () => {
    const other = await stack.user({ tier: 'premium' });
    const answer = await getInsights(stack, other, '?range=all');
    expect(answer).toMatchObject({ posts: 0, measured: 0, byWeekdayHour: [], trend: [], findings: [], recommendations: { hookOrder: null, times: null } });
    expect(answer.byType.every((g) => g.posts === 0)).toBe(true);
  });

  test.each([
    ['?range=7d', 'REQUEST.INVALID'],
    ['?range=', 'REQUEST.INVALID'],
    ['?range=30d&range=90d', 'REQUEST.INVALID'],
    ['?tz=Mars/Olympus', 'INSIGHTS.INVALID_TIME_ZONE'],
    ['?tz=+01:00', 'INSIGHTS.INVALID_TIME_ZONE'],
    [`?tz=${'Europe/'.repeat(20)}`, 'INSIGHTS.INVALID_TIME_ZONE'],
    ['?tz=UTC&tz=Europe/Paris', 'INSIGHTS.INVALID_TIME_ZONE'],
  ])('when the query is %s, then 400 with %s and a message', async (query, code) => {
    const res = await http(stack.content.url, 'GET', `/api/insights${query}`, { token: author.token });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ error: expect.any(String), code });
  });

  test('when the query is junk, then the answer is the member\'s insights or a 400 with an error, never a failure', async () => {
    const junk = ['%00', "'; DROP", '{"$gt":""}', 'ü'.repeat(300), '../../etc', '1e309', 'null', '[]'];
    for (const key of ['range', 'tz', 'range[$gt]', 'tz[]', 'userId']) {
      for (const value of junk) {
        const res = await http(stack.content.url, 'GET', `/api/insights?${key}=${encodeURIComponent(value)}`, { token: author.token });
        expect([key, value, res.status]).toEqual([key, value, expect.any(Number)]);
        if (res.status === 200) expect(insightsResponseSchema.parse(res.body).posts).toBe(12);
        else expect([key, value, res.status, typeof res.body.error]).toEqual([key, value, 400, 'string']);
      }
    }
  });

  test('when the time zone is unknown, then the message says so', async () => {
    const res = await http(stack.content.url, 'GET', '/api/insights?tz=Mars/Olympus', { token: author.token });
    expect(res.body).toMatchObject({ error: 'Unknown time zone', code: 'INSIGHTS.INVALID_TIME_ZONE' });
  });

  test('when there is no token, then 401', async () => {
    const res = await http(stack.content.url, 'GET', '/api/insights');
    expect(res.status).toBe(401);
    expect(res.body).toMatchObject({ error: expect.any(String) });
  });
});
