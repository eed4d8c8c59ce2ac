/**
 * GET /api/insights answers for the web tests, shaped by the contracts' schema (a test that
 * builds one the schema refuses fails at the parse, as the app would).
 */
import { insightsResponseSchema, type InsightsGroup, type InsightsResponse } from '@postwright/contracts';

/** A group's figures: `measured` posts of `posts`, enough from 5 measured unless said. */
export function group(posts: number, comments: number | null, reactions: number | null, overrides: Partial<InsightsGroup> = {}): InsightsGroup {
  const measured = overrides.measured ?? (comments === null ? 0 : posts);
  return { posts, measured, medianReactions: reactions, medianComments: comments, medianImpressions: reactions === null ? null : reactions * 25, enough: measured >= 5, ...overrides };
}

/**
 * A member with 23 posts over 90 days: Behind the Scenes beats Framework on comments; three
 * Contrarian Takes with high figures stay below the threshold; Tuesdays at 9 are the best time.
 */
export function buildInsights(overrides: Partial<InsightsResponse> = {}): InsightsResponse {
  const answer: InsightsResponse = {
    range: '90d',
    timeZone: 'Europe/Paris',
    from: '2026-01-01T00:00:00.000Z',
    to: '2026-04-01T00:00:00.000Z',
    posts: 23,
    measured: 23,
    minimumPosts: 5,
    byType: [
      { contentType: 'framework', ...group(8, 4, 30) },
      { contentType: 'story', ...group(12, 8, 40) },
      { contentType: 'controversial', ...group(3, 20, 90) },
    ],
    byHookStyle: [
      { hookStyle: 'question', ...group(10, 9, 45) },
      { hookStyle: 'claim', ...group(6, 3, 25) },
      { hookStyle: 'unknown', ...group(7, 11, 70, { measured: 2 }) },
    ],
    byLength: [
      { band: 'optimal', ...group(14, 7, 38) },
      { band: 'short', ...group(5, 4, 20) },
      { band: 'long', ...group(4, 2, 10) },
    ],
    byWeekdayHour: [
      { weekday: 2, hour: 9, ...group(6, 9, 44) },
      { weekday: 4, hour: 8, ...group(5, 5, 31) },
      { weekday: 1, hour: 17, ...group(2, 30, 99) },
    ],
    trend: [
      { weekStart: '2026-02-02', ...group(5, 6, 33) },
      { weekStart: '2026-02-09', ...group(3, 12, 70) },
      { weekStart: '2026-02-16', ...group(6, 8, 41) },
    ],
    findings: [
      {
        id: 'type.comments',
        text: 'Your Behind the Scenes posts got 2x the comments of your Framework posts: 12 and 8 posts.',
        metric: 'comments',
        evidence: [
          { label: 'Behind the Scenes', posts: 12, median: 8 },
          { label: 'Framework', posts: 8, median: 4 },
        ],
      },
      {
        id: 'hookStyle.reactions',
        text: 'Posts opening with a question got 1.8x the reactions of posts opening with a claim: 10 and 6 posts.',
        metric: 'reactions',
        evidence: [
          // the server names hook styles and length bands by their keys
          { label: 'question', posts: 10, median: 45 },
          { label: 'claim', posts: 6, median: 25 },
        ],
      },
    ],
    recommendations: {
      hookOrder: { styles: ['question', 'story', 'number', 'contrast', 'claim'], reason: 'Your question hooks earn the most comments.' },
      nextType: { contentType: 'learning', reason: 'You have written no Relationship Builder lately: one in five posts should start conversations.' },
      times: { slots: [{ weekday: 2, hour: 9 }], reason: 'Your posts on Tuesdays at 9 AM earned the most comments: median 9 over 6 posts.' },
    },
    ...overrides,
  };
  return insightsResponseSchema.parse(answer);
}

/** What a member with no published post in the range gets. */
export function emptyInsights(overrides: Partial<InsightsResponse> = {}): InsightsResponse {
  return buildInsights({
    posts: 0,
    measured: 0,
    byType: [],
    byHookStyle: [],
    byLength: [],
    byWeekdayHour: [],
    trend: [],
    findings: [],
    recommendations: { hookOrder: null, nextType: { contentType: 'controversial', reason: 'Start with a Contrarian Take: it reaches new people.' }, times: null },
    ...overrides,
  });
}

/** A share-mode member's answer: posts counted, nothing measured, no findings or times. */
export function countsOnlyInsights(): InsightsResponse {
  const counted = <T extends object>(rows: Array<T & InsightsGroup>) => rows.map((row) => ({ ...row, ...group(row.posts, null, null) }));
  const full = buildInsights();
  return buildInsights({
    measured: 0,
    byType: counted(full.byType),
    byHookStyle: counted(full.byHookStyle),
    byLength: counted(full.byLength),
    byWeekdayHour: counted(full.byWeekdayHour),
    trend: counted(full.trend),
    findings: [],
    recommendations: { ...full.recommendations, hookOrder: null, times: null },
  });
}
