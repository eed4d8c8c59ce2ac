import { insightsResponseSchema, INSIGHTS_MIN_POSTS, type ContentType, type HookStyleOrUnknown } from '@postwright/contracts';
import { canonicalTimeZone, groupFigures, insights, lengthBandOf, median, zoneClock, type InsightsInput, type InsightsPost, type PostFigures } from '../src/modules/insights/insights.stats';

const NOW = new Date('2026-11-27T12:00:00Z');

function buildPost(overrides: Partial<InsightsPost> = {}): InsightsPost {
  return { contentType: 'story', hookStyle: 'question', lengthBand: 'optimal', publishedAt: new Date('2026-11-10T08:15:00Z'), figures: { likes: 10, comments: 2, impressions: 400 }, ...overrides };
}

/** `count` posts whose comments are `comments` (one figure, or one per post) and reactions `likes`. */
function posts(count: number, overrides: Partial<InsightsPost> & { comments?: number | number[]; likes?: number } = {}): InsightsPost[] {
  const { comments = 2, likes = 10, ...rest } = overrides;
  return Array.from({ length: count }, (_, i) => {
    const figures: PostFigures = { likes, comments: Array.isArray(comments) ? comments[i] : comments, impressions: 300 };
    return buildPost({ figures, ...rest });
  });
}

function run(input: Partial<InsightsInput> = {}) {
  const answer = insights({ range: '90d', timeZone: 'UTC', from: new Date(NOW.getTime() - 90 * 86_400_000), to: NOW, posts: [], recentTypes: [], ...input });
  // every answer is one the contract accepts
  expect(insightsResponseSchema.parse(answer)).toEqual(answer);
  return answer;
}

describe('median', () => {
  test('when the count is odd, then it is the middle value, whatever the order', () => {
    expect(median([7, 1, 3])).toBe(3);
    expect(median([5])).toBe(5);
  });
  test('when the count is even, then it is the mean of the two middle values', () => {
    expect(median([4, 1, 3, 2])).toBe(2.5);
    expect(median([0, 0, 6, 10])).toBe(3);
  });
  test('when there is no value, then there is no median (not zero)', () => {
    expect(median([])).toBeNull();
  });
});

describe('length bands', () => {
  test('when a post is under 1,300 characters it is short, 1,300 to 1,600 optimal, over 1,600 long', () => {
    expect([1, 1299, 1300, 1600, 1601, 3000].map(lengthBandOf)).toEqual(['short', 'short', 'optimal', 'optimal', 'long', 'long']);
  });
});

describe('time zones', () => {
  test('when a zone is spelt in another case, then its canonical name is used; an unknown one is refused', () => {
    expect(canonicalTimeZone('europe/paris')).toBe('Europe/Paris');
    expect(canonicalTimeZone('UTC')).toBe('UTC');
    expect(canonicalTimeZone('Mars/Olympus')).toBeNull();
    expect(canonicalTimeZone('')).toBeNull();
  });

  const paris = zoneClock('Europe/Paris');
  const newYork = zoneClock('America/New_York');
  const at = (iso: string) => new Date(iso);

  test('when Paris springs forward (2026-03-29, 02:00 -> 03:00), then the hours either side are 01 and 03, both on Sunday', () => {
    expect(paris(at('2026-03-29T00:30:00Z'))).toEqual({ weekday: 7, hour: 1, weekStart: '2026-03-23' });
    expect(paris(at('2026-03-29T01:30:00Z'))).toEqual({ weekday: 7, hour: 3, weekStart: '2026-03-23' });
    // a winter Monday at 08:00 local is 07:00 UTC, a summer one 06:00 UTC
    expect(paris(at('2026-03-23T07:00:00Z')).hour).toBe(8);
    expect(paris(at('2026-03-30T06:00:00Z')).hour).toBe(8);
  });

  test('when Paris falls back (2026-10-25, 03:00 -> 02:00), then 02:30 happens twice and is hour 2 both times; 01:30 local is hour 1', () => {
    expect(paris(at('2026-10-24T23:30:00Z'))).toEqual({ weekday: 7, hour: 1, weekStart: '2026-10-19' });
    expect(paris(at('2026-10-25T00:30:00Z'))).toEqual({ weekday: 7, hour: 2, weekStart: '2026-10-19' });
    expect(paris(at('2026-10-25T01:30:00Z'))).toEqual({ weekday: 7, hour: 2, weekStart: '2026-10-19' });
  });

  test('when New York springs forward (2026-03-08, 02:00 -> 03:00), then the hours either side are 01 and 03', () => {
    expect(newYork(at('2026-03-08T06:30:00Z'))).toEqual({ weekday: 7, hour: 1, weekStart: '2026-03-02' });
    expect(newYork(at('2026-03-08T07:30:00Z'))).toEqual({ weekday: 7, hour: 3, weekStart: '2026-03-02' });
  });

  test('when a post is at 01:30 local on the fall-back day in New York (2026-11-01), then both 01:30s are Sunday at hour 1', () => {
    // 01:30 EDT (UTC-4), then an hour later 01:30 EST (UTC-5)
    expect(newYork(at('2026-11-01T05:30:00Z'))).toEqual({ weekday: 7, hour: 1, weekStart: '2026-10-26' });
    expect(newYork(at('2026-11-01T06:30:00Z'))).toEqual({ weekday: 7, hour: 1, weekStart: '2026-10-26' });
  });

  test('when a week starts, then it starts on the local Monday at midnight, not the UTC one', () => {
    // Sunday 23:30 in New York is Monday in UTC
    expect(newYork(at('2026-11-02T04:30:00Z'))).toEqual({ weekday: 7, hour: 23, weekStart: '2026-10-26' });
    expect(newYork(at('2026-11-02T05:30:00Z'))).toEqual({ weekday: 1, hour: 0, weekStart: '2026-11-02' });
    // Monday 00:30 in Paris is still Sunday in UTC, in the week of the fall-back
    expect(paris(at('2026-10-25T22:30:00Z'))).toEqual({ weekday: 7, hour: 23, weekStart: '2026-10-19' });
    expect(paris(at('2026-10-25T23:30:00Z'))).toEqual({ weekday: 1, hour: 0, weekStart: '2026-10-26' });
    expect(zoneClock('UTC')(at('2026-10-25T23:30:00Z'))).toEqual({ weekday: 7, hour: 23, weekStart: '2026-10-19' });
  });
});

describe('a group of posts', () => {
  test('when some posts have no figures, then they count as posts but not as measured, and the medians are over the measured ones', () => {
    const group = groupFigures([...posts(3, { comments: [1, 5, 9] }), buildPost({ figures: null })]);
    expect(group).toEqual({ posts: 4, measured: 3, medianReactions: 10, medianComments: 5, medianImpressions: 300, enough: false });
  });
  test(`when ${INSIGHTS_MIN_POSTS} posts are measured, then the group has enough; with one fewer it has not`, () => {
    expect(groupFigures(posts(INSIGHTS_MIN_POSTS)).enough).toBe(true);
    expect(groupFigures([...posts(INSIGHTS_MIN_POSTS - 1), buildPost({ figures: null })]).enough).toBe(false);
  });
  test('when no post is measured, then there are no medians (not zeros)', () => {
    expect(groupFigures([buildPost({ figures: null })])).toEqual({ posts: 1, measured: 0, medianReactions: null, medianComments: null, medianImpressions: null, enough: false });
  });
});

describe('findings', () => {
  test('when two types have enough posts and one earns 2.1x the comments, then the sentence says so with its evidence', () => {
    const answer = run({ posts: [...posts(12, { contentType: 'story', comments: 21 }), ...posts(8, { contentType: 'framework', comments: 10 })] });
    expect(answer.findings).toContainEqual({
      id: 'type.comments',
      text: 'Your Behind the Scenes posts got 2.1x the comments of your Framework posts: 12 and 8 posts.',
      metric: 'comments',
      evidence: [
        { label: 'Behind the Scenes', posts: 12, median: 21 },
        { label: 'Framework', posts: 8, median: 10 },
      ],
    });
  });

  test('when the other group has fewer measured posts than the threshold, then nothing is claimed from it, however large the gap', () => {
    const answer = run({ posts: [...posts(12, { contentType: 'story', comments: 30 }), ...posts(INSIGHTS_MIN_POSTS - 1, { contentType: 'framework', comments: 1 }), ...posts(3, { contentType: 'framework', figures: null })] });
    expect(answer.byType.find((g) => g.contentType === 'framework')).toMatchObject({ posts: INSIGHTS_MIN_POSTS + 2, measured: INSIGHTS_MIN_POSTS - 1, enough: false });
    expect(answer.findings.filter((f) => f.id.startsWith('type.'))).toEqual([]);
  });

  test('when the best is less than 1.3x the worst, then no finding', () => {
    const answer = run({ posts: [...posts(6, { contentType: 'story', comments: 12 }), ...posts(6, { contentType: 'framework', comments: 10 })] });
    expect(answer.findings.filter((f) => f.id.startsWith('type.'))).toEqual([]);
  });

  test('when every compared group has a median of zero comments, then reactions are compared', () => {
    const answer = run({ posts: [...posts(5, { hookStyle: 'story', comments: 0, likes: 30 }), ...posts(6, { hookStyle: 'claim', comments: 0, likes: 10 })] });
    expect(answer.findings).toContainEqual(expect.objectContaining({ id: 'hookStyle.reactions', metric: 'reactions', text: 'Your story hooks got 3.0x the reactions of your claim hooks: 5 and 6 posts.' }));
  });

  test('when the worst group earns no comments at all, then the sentence says "none" instead of a ratio', () => {
    const answer = run({ posts: [...posts(5, { lengthBand: 'short', comments: 3 }), ...posts(5, { lengthBand: 'long', comments: 0 })] });
    expect(answer.findings).toContainEqual(
      expect.objectContaining({ id: 'length.comments', text: 'Your short posts (under 1,300 characters) got a median of 3 comments, your long posts (over 1,600 characters) none: 5 and 5 posts.' }),
    );
  });

  test('when posts have no hook style, then they are grouped as unknown and never compared', () => {
    const answer = run({ posts: [...posts(6, { hookStyle: 'unknown', comments: 20 }), ...posts(6, { hookStyle: 'claim', comments: 2 })] });
    expect(answer.byHookStyle.find((g) => g.hookStyle === 'unknown')).toMatchObject({ posts: 6, enough: true });
    expect(answer.findings.filter((f) => f.id.startsWith('hookStyle.'))).toEqual([]);
    expect(answer.recommendations.hookOrder).toBeNull();
  });

  test('when no post has figures (an app without analytics), then posts are counted and nothing is invented', () => {
    const answer = run({ posts: posts(30, { figures: null }), recentTypes: ['story', 'story'] });
    expect(answer).toMatchObject({ posts: 30, measured: 0, findings: [], recommendations: { hookOrder: null, times: null } });
    expect(answer.byType.find((g) => g.contentType === 'story')).toEqual({ contentType: 'story', posts: 30, measured: 0, medianReactions: null, medianComments: null, medianImpressions: null, enough: false });
    expect(answer.recommendations.nextType.contentType).toBe('controversial');
  });
});

describe('recommendations', () => {
  test('when two hook styles have enough posts, then they lead the order by median comments, the rest follow in the prompt\'s order, and the reason says why', () => {
    const answer = run({
      posts: [...posts(9, { hookStyle: 'question', comments: 6 }), ...posts(5, { hookStyle: 'claim', comments: 2 }), ...posts(4, { hookStyle: 'story', comments: 50 })],
    });
    expect(answer.recommendations.hookOrder).toEqual({
      styles: ['question', 'claim', 'number', 'story', 'contrast'],
      reason: 'Your question hooks earn the most comments (median 6 over 9 posts).',
    });
  });

  test('when two styles earn the same comments, then reactions decide', () => {
    const answer = run({ posts: [...posts(5, { hookStyle: 'number', comments: 2, likes: 5 }), ...posts(5, { hookStyle: 'contrast', comments: 2, likes: 9 })] });
    expect(answer.recommendations.hookOrder?.styles.slice(0, 2)).toEqual(['contrast', 'number']);
  });

  test('when only one hook style has enough posts, then there is no hook order', () => {
    expect(run({ posts: [...posts(9, { hookStyle: 'question' }), ...posts(4, { hookStyle: 'claim' })] }).recommendations.hookOrder).toBeNull();
  });

  test('when the last 10 posts lack value posts, then a value type comes next: the one that works best when there is evidence', () => {
    const recentTypes: ContentType[] = [...Array(7).fill('controversial'), ...Array(3).fill('story')];
    const answer = run({ posts: [...posts(6, { contentType: 'framework', comments: 8 }), ...posts(6, { contentType: 'story', comments: 3 })], recentTypes });
    expect(answer.recommendations.nextType).toEqual({
      contentType: 'framework',
      reason: '3 of your last 10 posts give value; a balanced mix is 3 in 5. Of those types, your Framework posts earn the most comments (median 8 over 6 posts).',
    });
  });

  test('when there is no evidence yet, then the value type written least lately comes next', () => {
    const recentTypes: ContentType[] = [...Array(7).fill('controversial'), ...Array(2).fill('story'), 'insight'];
    expect(run({ recentTypes }).recommendations.nextType).toEqual({
      contentType: 'framework',
      reason: '3 of your last 10 posts give value; a balanced mix is 3 in 5. A Framework post is the one of them you have written least lately.',
    });
  });

  test('when conversations are missing from the mix, then a Relationship Builder is next', () => {
    const recentTypes: ContentType[] = [...Array(2).fill('controversial'), ...Array(8).fill('insight')];
    expect(run({ recentTypes }).recommendations.nextType).toEqual({
      contentType: 'learning',
      reason: '0 of your last 10 posts start conversations; a balanced mix is 1 in 5. A Relationship Builder post is next.',
    });
  });

  test('when the member has published nothing, then a type is still suggested, and the reason says so', () => {
    const answer = run();
    expect(answer).toMatchObject({ posts: 0, measured: 0, trend: [], byWeekdayHour: [], findings: [] });
    expect(answer.recommendations.nextType.reason).toMatch(/^You have no published posts yet/);
  });

  test('when weekday-hours have enough posts, then the best come first, with the reason; without enough there are none', () => {
    // Tuesday 08:xx and Friday 17:xx in Paris (winter, UTC+1)
    const tuesday = posts(5, { publishedAt: new Date('2026-11-17T07:10:00Z'), comments: 5 });
    const friday = posts(6, { publishedAt: new Date('2026-11-20T16:40:00Z'), comments: 2 });
    const monday = posts(4, { publishedAt: new Date('2026-11-16T08:00:00Z'), comments: 40 });
    const answer = run({ timeZone: 'Europe/Paris', posts: [...tuesday, ...friday, ...monday] });
    expect(answer.recommendations.times).toEqual({
      slots: [
        { weekday: 2, hour: 8 },
        { weekday: 5, hour: 17 },
      ],
      reason: 'Your posts on Tuesdays at 8 AM earn the most comments (median 5 over 5 posts).',
    });
    expect(answer.byWeekdayHour.map((g) => [g.weekday, g.hour, g.posts])).toEqual([
      [1, 9, 4],
      [2, 8, 5],
      [5, 17, 6],
    ]);
    expect(answer.findings).toContainEqual(expect.objectContaining({ id: 'time.comments', text: 'Your posts on Tuesdays at 8 AM got 2.5x the comments of your posts on Fridays at 5 PM: 5 and 6 posts.' }));
    expect(run({ posts: [...tuesday.slice(1), ...friday.slice(2)] }).recommendations.times).toBeNull();
  });
});

describe('the groups and the trend', () => {
  test('when asked, then every type, every hook style and every band is listed in a fixed order; unknown only when some post has it', () => {
    const answer = run({ posts: [buildPost()] });
    expect(answer.byType.map((g) => g.contentType)).toEqual(['controversial', 'story', 'framework', 'insight', 'learning']);
    expect(answer.byHookStyle.map((g) => g.hookStyle)).toEqual(['claim', 'question', 'number', 'story', 'contrast']);
    expect(answer.byLength.map((g) => g.band)).toEqual(['short', 'optimal', 'long']);
    const withUnknown = run({ posts: [buildPost({ hookStyle: 'unknown' as HookStyleOrUnknown })] });
    expect(withUnknown.byHookStyle.map((g) => g.hookStyle)).toEqual(['claim', 'question', 'number', 'story', 'contrast', 'unknown']);
  });

  test('when posts span weeks, then the trend has every week from the range\'s start to now, Monday-started in the zone, oldest first', () => {
    const from = new Date('2026-10-14T12:00:00Z');
    const answer = run({
      timeZone: 'Europe/Paris',
      from,
      posts: [
        // Sunday 23:30 in Paris, the week of the fall-back
        buildPost({ publishedAt: new Date('2026-10-25T22:30:00Z') }),
        // Monday 00:30 in Paris, though still Sunday in UTC
        buildPost({ publishedAt: new Date('2026-10-25T23:30:00Z'), figures: { likes: 4, comments: 0, impressions: 100 } }),
        buildPost({ publishedAt: new Date('2026-11-10T08:00:00Z'), figures: null }),
      ],
    });
    expect(answer.trend.map((w) => [w.weekStart, w.posts, w.measured])).toEqual([
      ['2026-10-12', 0, 0],
      ['2026-10-19', 1, 1],
      ['2026-10-26', 1, 1],
      ['2026-11-02', 0, 0],
      ['2026-11-09', 1, 0],
      ['2026-11-16', 0, 0],
      ['2026-11-23', 0, 0],
    ]);
    expect(answer.trend[2]).toMatchObject({ medianReactions: 4, medianComments: 0, enough: false });
  });

  test('when the range is all, then the trend starts at the first post\'s week', () => {
    const answer = run({ range: 'all', from: null, posts: [buildPost({ publishedAt: new Date('2026-11-18T09:00:00Z') })] });
    expect(answer.from).toBeNull();
    expect(answer.trend.map((w) => w.weekStart)).toEqual(['2026-11-16', '2026-11-23']);
  });
});
