import { z } from 'zod';
import { GENERATION_LIMIT_DEFAULTS, GENERATION_STREAM_HEARTBEAT_MS } from '@postwright/contracts';
import { infraConfigShape, loadConfig, port, serviceProductionRules } from '@postwright/platform';

const optionalText = z
  .string()
  .optional()
  .transform((v) => (v && v.trim() ? v.trim() : undefined));

export const configSchema = z.object({
  ...infraConfigShape,
  PORT: port(4002).describe("the content service's port (`npm start` gives it `CONTENT_PORT`)"),
  OPENAI_API_KEY: optionalText.describe('when set, a model writes the posts; unset, the offline framework generator does'),
  OPENAI_BASE_URL: optionalText.pipe(z.string().url().optional()).meta({
    description: 'any OpenAI-compatible server (Ollama: `http://localhost:11434/v1`, vLLM, a proxy)',
    unset: 'api.openai.com',
  }),
  OPENAI_MODEL: z.string().min(1).default('gpt-4o-mini').describe('model name'),
  GENERATION_TIMEOUT_MS: z.coerce
    .number()
    .int()
    .positive()
    .default(45_000)
    .describe('time allowed for a whole generation (its one repair included); over it the answer is 504'),
  // unlimited plans hold no quota reservation, so this is what keeps one account from holding hundreds of model calls open
  GENERATION_MAX_IN_FLIGHT: z.coerce
    .number()
    .int()
    .positive()
    .default(GENERATION_LIMIT_DEFAULTS.maxInFlight)
    .describe('generations one member may have under way at once, on any replica; one more is 429 `GENERATION.BUSY`'),
  // far above what a person writing posts does: it bounds what a script can spend on the model
  GENERATION_PER_MINUTE: z.coerce
    .number()
    .int()
    .positive()
    .default(GENERATION_LIMIT_DEFAULTS.perMinute)
    .describe('generations one member may start in any 60 seconds, on any replica; one more is 429 `GENERATION.TOO_MANY`'),
  GENERATION_STREAM_HEARTBEAT_MS: z.coerce
    .number()
    .int()
    .positive()
    .default(GENERATION_STREAM_HEARTBEAT_MS)
    .describe('a streamed generation sends a `: keep-alive` comment this often, so proxies keep a quiet connection open'),
  DELETE_SWEEP_INTERVAL_MS: z.coerce
    .number()
    .int()
    .positive()
    .default(30_000)
    .describe('how often deletes whose `content.deleted` event could not be sent are retried'),
});
export type ContentConfig = z.infer<typeof configSchema>;

/** The only place that reads process.env. */
export function readConfig(env: Record<string, string | undefined> = process.env): Readonly<ContentConfig> {
  return loadConfig(configSchema, env, serviceProductionRules);
}
