import { z } from 'zod';
import { contentItemSchema } from './content';
import { contentTypes, contentTypeSchema } from './domain';
import { atMostMessage, FIELD_MAX } from './limits';

export const scheduleRequestSchema = z.object({
  // no id is longer: a longer one names nothing
  contentId: z.string().min(1).max(FIELD_MAX.contentId, 'Content not found'),
  /** ISO 8601 with an offset; the web converts its datetime-local value in the browser's zone */
  scheduledFor: z.string().max(FIELD_MAX.scheduledFor, atMostMessage('scheduledFor', FIELD_MAX.scheduledFor)),
});
export type ScheduleRequest = z.infer<typeof scheduleRequestSchema>;

export const scheduleResponseSchema = z.object({
  schedule: z.object({ contentId: z.string(), scheduledFor: z.string() }),
  /** the item as the content service now has it (status scheduled, scheduledFor set) */
  content: contentItemSchema.optional(),
});
export type ScheduleResponse = z.infer<typeof scheduleResponseSchema>;

export const unscheduleResponseSchema = z.object({
  schedule: z.object({ contentId: z.string(), scheduledFor: z.null() }),
  /** the item back to draft */
  content: contentItemSchema.optional(),
});
export type UnscheduleResponse = z.infer<typeof unscheduleResponseSchema>;

/**
 * GET /api/calendar/settings: the scheduler's own rules, so forms check what the server will,
 * not a copy of the lead the server reads from its configuration.
 */
export const calendarSettingsResponseSchema = z.object({
  /** a post may be scheduled no sooner than this many seconds from now (spec: 1 hour) */
  minimumLeadSeconds: z.number().int().nonnegative(),
});
export type CalendarSettingsResponse = z.infer<typeof calendarSettingsResponseSchema>;

export const suggestionsQuerySchema = z.object({
  contentType: z.enum(contentTypes, {
    error: (issue) => (issue.input === undefined ? 'contentType is required' : `contentType must be one of ${contentTypes.join(', ')}`),
  }),
  /** IANA time zone of the caller, e.g. Europe/Paris; default UTC */
  tz: z.string().max(FIELD_MAX.timeZone, 'Unknown time zone').optional(),
});
export const suggestionsResponseSchema = z.object({
  contentType: contentTypeSchema,
  day: z.string(),
  /** ISO 8601 times with the caller's offset, soonest first */
  slots: z.array(z.string()),
  /** the IANA zone the slots are in */
  timeZone: z.string().optional(),
});
export type SuggestionsResponse = z.infer<typeof suggestionsResponseSchema>;
