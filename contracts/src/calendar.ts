import { z } from 'zod';
import { contentTypeSchema } from './domain';

export const scheduleRequestSchema = z.object({
  contentId: z.string().min(1),
  /** ISO 8601 with an offset; the web converts its datetime-local value in the browser's zone */
  scheduledFor: z.string(),
});
export type ScheduleRequest = z.infer<typeof scheduleRequestSchema>;

export const scheduleResponseSchema = z.object({
  schedule: z.object({ contentId: z.string(), scheduledFor: z.string() }),
});

export const suggestionsQuerySchema = z.object({ contentType: contentTypeSchema, tz: z.string().optional() });
export const suggestionsResponseSchema = z.object({
  contentType: contentTypeSchema,
  day: z.string(),
  slots: z.array(z.string()),
});
