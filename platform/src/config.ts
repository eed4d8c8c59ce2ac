import { z } from 'zod';
import { DEFAULT_AMQP_URL, DEFAULT_REDIS_URL } from './defaults';

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

/**
 * Validates the environment against a schema and returns a frozen, typed object.
 * Fails fast listing every bad variable at once, not just the first.
 */
export function loadConfig<S extends z.ZodType>(
  schema: S,
  env: Record<string, string | undefined> = process.env,
): Readonly<z.infer<S>> {
  const result = schema.safeParse(env);
  if (!result.success) {
    throw new ConfigError(
      result.error.issues.map((issue) => `${issue.path.join('.') || '(root)'}: ${issue.message}`),
    );
  }
  return Object.freeze(result.data) as Readonly<z.infer<S>>;
}

/** Building blocks every service's config schema spreads in. */
export const port = (fallback: number) => z.coerce.number().int().min(0).max(65535).default(fallback);
export const url = (fallback?: string) => (fallback ? z.string().url().default(fallback) : z.string().url());
export const bool = (fallback: boolean) =>
  z
    .enum(['true', 'false', '1', '0', 'yes', 'no'])
    .default(fallback ? 'true' : 'false')
    .transform((v) => v === 'true' || v === '1' || v === 'yes');

export { DEFAULT_AMQP_URL, DEFAULT_REDIS_URL } from './defaults';

export const infraConfigShape = {
  NODE_ENV: z.enum(['development', 'test', 'production']).default('development'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  HOST: z.string().default('127.0.0.1'),
  MONGO_URL: z.string().regex(/^mongodb(\+srv)?:\/\//, 'must be a mongodb:// URL'),
  REDIS_URL: z.string().regex(/^rediss?:\/\//, 'must be a redis:// URL').default(DEFAULT_REDIS_URL),
  AMQP_URL: z.string().regex(/^amqps?:\/\//, 'must be an amqp:// URL').default(DEFAULT_AMQP_URL),
  /** prefix for exchanges, queues and Redis keys: lets tests and several stacks share one broker */
  NAMESPACE: z.string().regex(/^[a-z0-9_-]*$/i).default(''),
  /** shared secret for /internal/* calls between services */
  INTERNAL_TOKEN: z.string().min(16, 'must be at least 16 characters'),
  /** PEM public key of the auth service's RS256 signing key; when unset it is read from AUTH_URL's JWKS */
  JWT_PUBLIC_KEY: z.string().optional(),
  AUTH_URL: z.string().url().default('http://127.0.0.1:4001'),
};

/** A connection string fit for a message: its password hidden. */
export function redact(url: string): string {
  return url.replace(/\/\/([^:@/]+):([^@/]+)@/, '//$1:***@');
}
