import { z } from 'zod';
import { infraConfigShape, loadConfig, mailConfigShape, mailProductionRules, port, productionRules, serviceProductionRules } from '@postwright/platform';

const ms = (fallback: number) => z.coerce.number().int().positive().default(fallback);

export const configSchema = z.object({
  ...infraConfigShape,
  ...mailConfigShape,
  PORT: port(4004),
  /** the product's public origin: the emails about scheduled posts link to its pages */
  PUBLIC_URL: z.string().url().default('http://localhost:8080'),
  /** the content service (internal API: read an item, conditional status transitions) */
  CONTENT_URL: z.string().url().default('http://127.0.0.1:4002'),
  /** a post is scheduled at least this far ahead (the product's 1-hour rule); tests shorten it */
  SCHEDULE_MIN_LEAD_SECONDS: z.coerce.number().int().nonnegative().default(3600),
  /** and at most this far ahead */
  SCHEDULE_MAX_AHEAD_DAYS: z.coerce.number().int().positive().default(365),
  /** how often each replica compares MongoDB (the source of truth) with the Redis delayed queue */
  SCHEDULER_RECONCILE_INTERVAL_MS: ms(2_000),
  /** BullMQ hands a job over this long before its time; a precise timer does the last stretch */
  SCHEDULER_FIRE_EARLY_MS: z.coerce.number().int().nonnegative().default(250),
  /** BullMQ jobs one replica holds at once (each is a timer and a promise, not a thread) */
  SCHEDULER_CONCURRENCY: ms(2_000),
  /** a replica that has not refreshed its heartbeat for this long is dead: its claims are re-emitted */
  SCHEDULER_INSTANCE_TTL_MS: ms(4_000),
  /** a claim whose outcome has not arrived after this long is emitted again (same requestId) */
  SCHEDULER_REEMIT_AFTER_MS: ms(120_000),
  /** first retry delay after a transient LinkedIn failure; doubles each time */
  PUBLISH_RETRY_BASE_MS: ms(30_000),
  /** transient failures are retried until this long after the scheduled time, then the post goes back to draft */
  PUBLISH_RETRY_WINDOW_SECONDS: z.coerce.number().int().nonnegative().default(1_800),
});
export type SchedulerConfig = z.infer<typeof configSchema>;

/** Production: the emails' links and their SMTP server are stated, never this machine's defaults. */
export const production = productionRules(serviceProductionRules, mailProductionRules, { required: ['PUBLIC_URL'] });

/** The only place that reads process.env. */
export function readConfig(env: Record<string, string | undefined> = process.env): Readonly<SchedulerConfig> {
  return loadConfig(configSchema, env, production);
}
