import { z } from 'zod';
import { GENERATION_LIMIT_DEFAULTS, GENERATION_STREAM_HEARTBEAT_MS } from '@postwright/contracts';
import { infraConfigShape, loadConfig, port, serviceProductionRules } from '@postwright/platform';

const optionalText = z
  .string()
  .optional()
  .transform((v) => (v && v.trim() ? v.trim() : undefined));

export const configSchema = z.object({
  ...infraConfigShape,
  PORT: port(4002),
  /** when set, posts are written by an OpenAI-compatible model; when unset, by the offline framework generator */
  OPENAI_API_KEY: optionalText,
  /** any OpenAI-compatible server (Ollama: http://localhost:11434/v1, vLLM, a proxy); unset = api.openai.com */
  OPENAI_BASE_URL: optionalText.pipe(z.string().url().optional()),
  OPENAI_MODEL: z.string().min(1).default('gpt-4o-mini'),
  /** the whole generation (including one repair attempt) must finish within this time, else 504 */
  GENERATION_TIMEOUT_MS: z.coerce.number().int().positive().default(45_000),
  /**
   * generations one member may have running at once, counted across every replica; one more is
   * 429 GENERATION.BUSY. Unlimited plans hold no quota reservation, so this is what keeps one
   * account from holding hundreds of model calls open.
   */
  GENERATION_MAX_IN_FLIGHT: z.coerce.number().int().positive().default(GENERATION_LIMIT_DEFAULTS.maxInFlight),
  /**
   * generations one member may start in any 60 seconds, counted across every replica; one more
   * is 429 GENERATION.TOO_MANY until the oldest leaves the minute. Far above what a person
   * writing posts does; it bounds what a script can spend on the model.
   */
  GENERATION_PER_MINUTE: z.coerce.number().int().positive().default(GENERATION_LIMIT_DEFAULTS.perMinute),
  /** a streamed generation sends a comment line this often so proxies keep a quiet connection open */
  GENERATION_STREAM_HEARTBEAT_MS: z.coerce.number().int().positive().default(GENERATION_STREAM_HEARTBEAT_MS),
  /** soft-deleted items whose content.deleted event could not be confirmed are retried this often */
  DELETE_SWEEP_INTERVAL_MS: z.coerce.number().int().positive().default(30_000),
});
export type ContentConfig = z.infer<typeof configSchema>;

/** The only place that reads process.env. */
export function readConfig(env: Record<string, string | undefined> = process.env): Readonly<ContentConfig> {
  return loadConfig(configSchema, env, serviceProductionRules);
}
