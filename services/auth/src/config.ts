import path from 'node:path';
import { z } from 'zod';
import { infraConfigShape, loadConfig, port } from '@postwright/platform';

/** PEM from the environment; tolerates "\n"-escaped newlines as .env files write them. */
const pem = z
  .string()
  .transform((v) => v.replace(/\\n/g, '\n').trim())
  .optional();

const positiveInt = (fallback: number) => z.coerce.number().int().positive().default(fallback);

export const configSchema = z.object({
  ...infraConfigShape,
  PORT: port(4001),
  /** RS256 signing key (PKCS#8 PEM); when unset a pair is generated once into POSTWRIGHT_DATA_DIR/keys */
  JWT_PRIVATE_KEY: pem,
  /** must match JWT_PRIVATE_KEY when both are set (it is derived from the private key otherwise) */
  JWT_PUBLIC_KEY: pem,
  /** ignored local data folder (generated signing keys live in its keys/ folder) */
  POSTWRIGHT_DATA_DIR: z.string().min(1).default(path.resolve(__dirname, '../../../.data')),
  /** lifetime of an access token (15 minutes) */
  ACCESS_TOKEN_TTL_SECONDS: positiveInt(900),
  /** lifetime of a refresh token and of its family after the last rotation */
  REFRESH_TOKEN_TTL_DAYS: positiveInt(30),
  /** login and signup attempts allowed per minute, per client IP and per email, each */
  AUTH_RATE_LIMIT_PER_MINUTE: positiveInt(10),
  /** a trial reservation not committed or released within this time gives its post back */
  QUOTA_RESERVATION_TTL_SECONDS: positiveInt(300),
  /** how often abandoned reservations and ended betas are swept */
  SWEEP_INTERVAL_MS: positiveInt(30_000),
});
export type AuthConfig = z.infer<typeof configSchema>;

/** The only place that reads process.env. */
export function readConfig(env: Record<string, string | undefined> = process.env): Readonly<AuthConfig> {
  return loadConfig(configSchema, env);
}

/**
 * For command-line tools: the environment wins; the local stack's values (computed only
 * when MONGO_URL or INTERNAL_TOKEN is missing) fill the gaps.
 */
export async function readCliConfig(localStack: () => Promise<Record<string, string | undefined>>): Promise<Readonly<AuthConfig>> {
  const env = process.env;
  const fallbacks = env.MONGO_URL && env.INTERNAL_TOKEN ? {} : await localStack();
  return loadConfig(configSchema, { LOG_LEVEL: 'warn', ...fallbacks, ...env });
}

/** Command-line arguments after `npm run <script> --`. */
export function cliArguments(): string[] {
  return process.argv.slice(2);
}
