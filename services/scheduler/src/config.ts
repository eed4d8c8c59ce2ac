import { z } from 'zod';
import { infraConfigShape, loadConfig, mailConfigShape, mailProductionRules, port, productionRules, serviceProductionRules, serviceUrlShape } from '@postwright/platform';

const ms = (fallback: number) => z.coerce.number().int().positive().default(fallback);

export const configSchema = z.object({
  ...infraConfigShape,
  ...mailConfigShape,
  PORT: port(4004).describe("the scheduler's port (`npm start` gives it `SCHEDULER_PORT`)"),
  PUBLIC_URL: z.string().url().default('http://localhost:8080').describe("the product's public origin: the emails about scheduled posts link to its pages"),
  CONTENT_URL: serviceUrlShape.CONTENT_URL,
  SCHEDULE_MIN_LEAD_SECONDS: z.coerce
    .number()
    .int()
    .nonnegative()
    .default(3600)
    .describe("how far ahead a post is scheduled at least (the product's 1-hour rule; the error message follows it)"),
  SCHEDULE_MAX_AHEAD_DAYS: z.coerce.number().int().positive().default(365).describe('how far ahead a post may be scheduled at most'),
  SCHEDULER_RECONCILE_INTERVAL_MS: ms(2_000).describe(
    'how often each replica compares MongoDB (the source of truth) with the Redis delayed queue: it rebuilds lost timers, fires overdue posts and takes over a dead replica\'s claims',
  ),
  SCHEDULER_FIRE_EARLY_MS: z.coerce
    .number()
    .int()
    .nonnegative()
    .default(250)
    .describe('the Redis delayed queue (BullMQ) hands a job over this early; a precise timer waits for the exact time'),
  SCHEDULER_CONCURRENCY: ms(2_000).describe('jobs one replica holds at once (each a timer and a promise, not a thread)'),
  SCHEDULER_INSTANCE_TTL_MS: ms(4_000).describe('a replica whose heartbeat is this old is dead: its claims are sent again (same request id)'),
  SCHEDULER_REEMIT_AFTER_MS: ms(120_000).describe('a claim with no outcome after this is sent again (same request id) if the item still wants it'),
  PUBLISH_RETRY_BASE_MS: ms(30_000).describe('first retry delay after a transient publish failure; it doubles each time'),
  PUBLISH_RETRY_WINDOW_SECONDS: z.coerce
    .number()
    .int()
    .nonnegative()
    .default(1_800)
    .describe('transient failures are retried until this long after the scheduled time; then the post goes back to draft with the reason'),
});
export type SchedulerConfig = z.infer<typeof configSchema>;

/** Production: the emails' links and their SMTP server are stated, never this machine's defaults. */
export const production = productionRules(serviceProductionRules, mailProductionRules, { required: ['PUBLIC_URL'] });

/** The only place that reads process.env. */
export function readConfig(env: Record<string, string | undefined> = process.env): Readonly<SchedulerConfig> {
  return loadConfig(configSchema, env, production);
}
