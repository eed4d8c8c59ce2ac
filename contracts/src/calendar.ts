import { z } from 'zod';
import { contentItemSchema } from './content';
import { contentTypes, contentTypeSchema } from './domain';

export const scheduleRequestSchema = z.object({
  contentId: z.string().min(1).max(64),
  /** ISO 8601 with an offset; the web converts its datetime-local value in the browser's zone */
  scheduledFor: z.string().max(64),
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

export const suggestionsQuerySchema = z.object({
  contentType: z.enum(contentTypes, {
    error: (issue) => (issue.input === undefined ? 'contentType is required' : `contentType must be one of ${contentTypes.join(', ')}`),
  }),
  /** IANA time zone of the caller, e.g. Europe/Paris; default UTC */
  tz: z.string().max(64).optional(),
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
