import { z } from 'zod';
import { contentTypeSchema } from './domain';
import { FIELD_MAX } from './limits';

/** The styles the prompt asks the five hooks to take, one each. */
export const hookStyles = ['claim', 'question', 'number', 'story', 'contrast'] as const;
export const hookStyleSchema = z.enum(hookStyles);
export type HookStyle = z.infer<typeof hookStyleSchema>;
/** A hook generated before hooks carried a style, or one the member wrote themselves. */
export const hookStyleOrUnknownSchema = z.enum([...hookStyles, 'unknown']);
export type HookStyleOrUnknown = z.infer<typeof hookStyleOrUnknownSchema>;

/** How the members' posts are grouped by length (characters of the published text). */
export const lengthBands = ['short', 'optimal', 'long'] as const;
export const lengthBandSchema = z.enum(lengthBands);
export type LengthBand = z.infer<typeof lengthBandSchema>;

/**
 * No figure is claimed, compared or fed back from fewer posts than this in a group: below it a
 * median says more about one post than about a habit.
 */
export const INSIGHTS_MIN_POSTS = 5;

export const insightsRanges = ['30d', '90d', '365d', 'all'] as const;
export const insightsRangeSchema = z.enum(insightsRanges, { error: `range must be one of ${insightsRanges.join(', ')}` });
export type InsightsRange = z.infer<typeof insightsRangeSchema>;

export const insightsQuerySchema = z.object({
  range: insightsRangeSchema.default('90d'),
  /** IANA time zone the weekdays and hours are read in, e.g. Europe/Paris; default UTC */
  tz: z.string().max(FIELD_MAX.timeZone, 'Unknown time zone').optional(),
});
export type InsightsQuery = z.infer<typeof insightsQuerySchema>;

/** One group's figures: how many posts stand behind it and their medians. */
const figures = {
  /** published posts in the group */
  posts: z.number().int().nonnegative(),
  /** of those, the posts LinkedIn has given figures for (none where the app gets no analytics) */
  measured: z.number().int().nonnegative(),
  /** medians over the measured posts; null when none is measured */
  medianReactions: z.number().nonnegative().nullable(),
  medianComments: z.number().nonnegative().nullable(),
  medianImpressions: z.number().nonnegative().nullable(),
  /** measured >= INSIGHTS_MIN_POSTS: the figures may be compared and fed back */
  enough: z.boolean(),
};
export const insightsGroupSchema = z.object(figures);
export type InsightsGroup = z.infer<typeof insightsGroupSchema>;

/** ISO weekday, 1 = Monday ... 7 = Sunday, in the asked time zone. */
const weekday = z.number().int().min(1).max(7);
const hour = z.number().int().min(0).max(23);

export const insightsFindingSchema = z.object({
  /** stable per kind of finding, e.g. `type.comments`, `hookStyle.reactions`, `time.comments` */
  id: z.string(),
  /** the plain sentence, e.g. "Your Behind the Scenes posts got 2.1x the comments of your Framework posts: 12 and 8 posts." */
  text: z.string(),
  metric: z.enum(['reactions', 'comments']),
  /** the groups compared, best first, with the figures behind the sentence */
  evidence: z.array(z.object({ label: z.string(), posts: z.number().int().nonnegative(), median: z.number().nonnegative() })),
});
export type InsightsFinding = z.infer<typeof insightsFindingSchema>;

export const insightsResponseSchema = z.object({
  range: insightsRangeSchema,
  /** the zone weekdays, hours and weeks are read in */
  timeZone: z.string(),
  /** the range's start (null for `all`) and end */
  from: z.string().datetime({ offset: true }).nullable(),
  to: z.string().datetime({ offset: true }),
  /** published posts in the range, and how many have figures */
  posts: z.number().int().nonnegative(),
  measured: z.number().int().nonnegative(),
  /** INSIGHTS_MIN_POSTS, as this server applies it */
  minimumPosts: z.number().int().positive(),
  byType: z.array(insightsGroupSchema.extend({ contentType: contentTypeSchema })),
  byHookStyle: z.array(insightsGroupSchema.extend({ hookStyle: hookStyleOrUnknownSchema })),
  byLength: z.array(insightsGroupSchema.extend({ band: lengthBandSchema })),
  /** only the weekday-hours with a post */
  byWeekdayHour: z.array(insightsGroupSchema.extend({ weekday, hour })),
  /** per week (starting Monday, in the time zone), oldest first */
  trend: z.array(insightsGroupSchema.extend({ weekStart: z.string() })),
  findings: z.array(insightsFindingSchema),
  /** what the generator, the dashboard and the schedule dialog take from these figures; null where there is not enough evidence */
  recommendations: z.object({
    /** the order to show a new post's hooks in, best first, and why */
    hookOrder: z.object({ styles: z.array(hookStyleSchema), reason: z.string() }).nullable(),
    /** the type to write next: from the funnel mix of recent posts and, with enough evidence, what works */
    nextType: z.object({ contentType: contentTypeSchema, reason: z.string() }),
    /** the member's best weekday-hours, best first, and why (null: not enough posts; use the framework days) */
    times: z.object({ slots: z.array(z.object({ weekday, hour })), reason: z.string() }).nullable(),
  }),
});
export type InsightsResponse = z.infer<typeof insightsResponseSchema>;
