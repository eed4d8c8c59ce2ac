import { createPrivateKey } from 'node:crypto';
import path from 'node:path';
import { z } from 'zod';
import { infraConfigShape, isKnownSecret, loadConfig, mailConfigShape, mailProductionRules, port, productionRules, serviceProductionRules } from '@postwright/platform';

/** PEM from the environment; tolerates "\n"-escaped newlines as .env files write them. */
const pem = z
  .string()
  .transform((v) => v.replace(/\\n/g, '\n').trim())
  .optional();

const positiveInt = (fallback: number) => z.coerce.number().int().positive().default(fallback);

export const configSchema = z.object({
  ...infraConfigShape,
  ...mailConfigShape,
  PORT: port(4001),
  /** the product's public origin: the emailed links (verification, password reset, unsubscribe) open its pages */
  PUBLIC_URL: z.string().url().default('http://localhost:8080'),
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
  /**
   * For this long after a refresh, the same client (address and User-Agent) may present the token
   * it spent again and get a new one, as long as the token that refresh issued was never used: the
   * answer of a refresh can be lost (a network cut, a closed tab) and a lost answer must not end the
   * session. Anything else presenting a spent token ends the session. 30 s covers a client's retry
   * after a timeout or a reconnect, or a reload, and leaves a thief on the same address with the
   * same User-Agent little time; past a minute a retry is hard to tell from a stolen token (Cognito
   * allows no more for the same grace). 0 turns the grace off.
   */
  REFRESH_REUSE_GRACE_SECONDS: z.coerce.number().int().min(0).max(60).default(30),
  /**
   * per minute: failed sign-ins per email and client address, sign-ins per client address over all
   * emails (five times as many), signups per client address; failures per email only slow sign-ins down
   */
  AUTH_RATE_LIMIT_PER_MINUTE: positiveInt(10),
  /** a trial reservation not committed or released within this time gives its post back */
  QUOTA_RESERVATION_TTL_SECONDS: positiveInt(300),
  /** how often abandoned reservations and ended betas are swept */
  SWEEP_INTERVAL_MS: positiveInt(30_000),
});
export type AuthConfig = z.infer<typeof configSchema>;

/**
 * Production: the signing key is given, never generated. Every replica must sign with the same
 * key, and a key made inside a container would die with it (every session with it).
 */
export const production = productionRules(serviceProductionRules, mailProductionRules, {
  required: ['PUBLIC_URL'],
  check: (env) => {
    const value = env.JWT_PRIVATE_KEY?.replace(/\\n/g, '\n').trim();
    const hint = '(npm run secrets -- env writes one; or openssl genpkey -algorithm RSA -pkeyopt rsa_keygen_bits:2048)';
    if (!value) return [`JWT_PRIVATE_KEY: is required in production ${hint}`];
    if (isKnownSecret(value)) return [`JWT_PRIVATE_KEY: is a known or example value ${hint}`];
    try {
      const key = createPrivateKey(value);
      const bits = key.asymmetricKeyDetails?.modulusLength ?? 0;
      if (key.asymmetricKeyType !== 'rsa') return [`JWT_PRIVATE_KEY: must be an RSA key (tokens are signed RS256) ${hint}`];
      if (bits < 2048) return [`JWT_PRIVATE_KEY: is too short: ${bits} bits, at least 2048 ${hint}`];
    } catch {
      return [`JWT_PRIVATE_KEY: is not a PEM private key ${hint}`];
    }
    return [];
  },
});

/** The only place that reads process.env. */
export function readConfig(env: Record<string, string | undefined> = process.env): Readonly<AuthConfig> {
  return loadConfig(configSchema, env, production);
}

/**
 * For command-line tools: the environment wins; the local stack's values (computed only
 * when MONGO_URL or INTERNAL_TOKEN is missing) fill the gaps.
 */
export async function readCliConfig(localStack: () => Promise<Record<string, string | undefined>>): Promise<Readonly<AuthConfig>> {
  const env = process.env;
  const fallbacks = env.MONGO_URL && env.INTERNAL_TOKEN ? {} : await localStack();
  return loadConfig(configSchema, { LOG_LEVEL: 'warn', ...fallbacks, ...env }, production);
}

/** Command-line arguments after `npm run <script> --`. */
export function cliArguments(): string[] {
  return process.argv.slice(2);
}
