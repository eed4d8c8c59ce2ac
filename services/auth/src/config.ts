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
  PORT: port(4001).describe("the auth service's port (`npm start` gives it `AUTH_PORT`)"),
  PUBLIC_URL: z
    .string()
    .url()
    .default('http://localhost:8080')
    .describe("the product's public origin: the emailed links (verification, password reset, unsubscribe) open its pages"),
  JWT_PRIVATE_KEY: pem.describe(
    'the RS256 signing key (PKCS#8 PEM); unset, a pair is generated once into `POSTWRIGHT_DATA_DIR/keys`. Production requires it: an RSA key of 2048 bits or more, the same on every replica',
  ),
  JWT_PUBLIC_KEY: pem.describe(
    'the public key of `JWT_PRIVATE_KEY` (derived from it when unset), and during a rotation the next key beside it: the JWKS publishes them all',
  ),
  POSTWRIGHT_DATA_DIR: z
    .string()
    .min(1)
    .default(path.resolve(__dirname, '../../../.data'))
    .describe('the ignored local data folder: signing keys generated without `JWT_PRIVATE_KEY` live in its `keys/` folder'),
  ACCESS_TOKEN_TTL_SECONDS: positiveInt(900).describe('access token lifetime'),
  REFRESH_TOKEN_TTL_DAYS: positiveInt(30).describe('lifetime of a refresh token, and of its token family after the last rotation'),
  // 30 s covers a retry after a timeout, a reconnect or a reload; past a minute a retry is hard to tell from a stolen token
  REFRESH_REUSE_GRACE_SECONDS: z.coerce
    .number()
    .int()
    .min(0)
    .max(60)
    .default(30)
    .describe(
      'a spent refresh token presented again this soon by the client that spent it (same address and User-Agent, the answer lost) gets a new one instead of ending the session, as long as the token it was given was never used; anything else presenting a spent token ends the session. At most `60`; `0` turns it off',
    ),
  AUTH_RATE_LIMIT_PER_MINUTE: positiveInt(10).describe(
    'per minute: failed sign-ins per email and client address, sign-ins per client address over all emails (five times as many), and signups per client address; failures on one email from anywhere slow its sign-ins down (up to 2 s) but never refuse them',
  ),
  QUOTA_RESERVATION_TTL_SECONDS: positiveInt(300).describe('a trial-post reservation neither committed nor released within this time gives its post back'),
  SWEEP_INTERVAL_MS: positiveInt(30_000).describe('how often abandoned reservations and ended betas are swept'),
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
