import { isIP } from 'node:net';
import { z } from 'zod';
import { DEFAULT_AMQP_URL, DEFAULT_REDIS_URL } from './defaults';

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

/**
 * What a program must be given when NODE_ENV=production, on top of its schema: development
 * keeps its conveniences (generated keys, local defaults), production refuses to start on a
 * secret that is missing, known or too short, and on a setting whose default only suits one
 * machine.
 */
export interface ProductionRules {
  /** secrets the program holds; each must be set, not a known value, and long enough */
  secrets?: Record<string, SecretRule>;
  /** settings with a local default that a deployment must state (e.g. PUBLIC_URL) */
  required?: string[];
  /** connection strings whose password, when they carry one, must not be a well-known one */
  connectionStrings?: string[];
  /** any other rule: problems as `NAME: message` */
  check?: (env: Record<string, string | undefined>) => string[];
}

export interface SecretRule {
  /** `text` (default): at least minLength characters; `base64-key`: exactly 32 bytes of key */
  kind?: 'text' | 'base64-key';
  minLength?: number;
  /** how to make one, said in the refusal */
  hint?: string;
}

/** Secrets Postwright once shipped as defaults, or placeholders a copy of an example keeps. */
const KNOWN_SECRETS = new Set([
  'change-me-to-a-long-random-internal-token',
  'MDEyMzQ1Njc4OWFiY2RlZjAxMjM0NTY3ODlhYmNkZWY=', // "0123456789abcdef0123456789abcdef"
  'postwright-sandbox-secret',
  'test-internal-token-0123456789',
]);
const PLACEHOLDER = /change.?me|replace.?me|example|placeholder|your[-_ ]?(secret|token|key|password)|^(secret|password|passw0rd|guest|admin|root|test|default|postwright)$/i;
/** a value this repetitive was typed, not generated (e.g. 32 times the same byte) */
const tooRepetitive = (units: ArrayLike<number>, minDistinct: number) => new Set(Array.from(units)).size < minDistinct;

export function isKnownSecret(value: string): boolean {
  return KNOWN_SECRETS.has(value) || PLACEHOLDER.test(value);
}

function secretProblem(value: string | undefined, rule: SecretRule): string | undefined {
  const hint = rule.hint ? ` (${rule.hint})` : '';
  if (!value) return `is required in production${hint}`;
  if (isKnownSecret(value)) return `is a known or example value; use a generated one${hint}`;
  if (rule.kind === 'base64-key') {
    const bytes = Buffer.from(value, 'base64');
    if (bytes.length !== 32) return `must be 32 bytes, base64-encoded${hint}`;
    if (tooRepetitive(bytes, 16)) return `is not random enough (too few distinct bytes); use a generated key${hint}`;
    return undefined;
  }
  const min = rule.minLength ?? 32;
  if (value.length < min) return `is too short: at least ${min} characters in production${hint}`;
  if (tooRepetitive(Buffer.from(value), Math.min(10, Math.ceil(min / 3)))) return `is not random enough (too few distinct characters)${hint}`;
  return undefined;
}

/** Every production problem of an environment, as `NAME: message`. */
export function productionProblems(rules: ProductionRules, env: Record<string, string | undefined>): string[] {
  const problems: string[] = [];
  for (const [name, rule] of Object.entries(rules.secrets ?? {})) {
    const problem = secretProblem(env[name], rule);
    if (problem) problems.push(`${name}: ${problem}`);
  }
  for (const name of rules.required ?? []) {
    if (!env[name]) problems.push(`${name}: is required in production (its default only suits a local machine)`);
  }
  for (const name of rules.connectionStrings ?? []) {
    const value = env[name];
    if (!value) continue;
    let password = '';
    try {
      password = decodeURIComponent(new URL(value).password);
    } catch {
      continue; // the schema reports a malformed URL
    }
    if (password && isKnownSecret(password)) problems.push(`${name}: its password is a well-known default (${redact(value)}); use the server's own credentials`);
  }
  problems.push(...(rules.check?.(env) ?? []));
  return problems;
}

/**
 * Validates the environment against a schema and returns a frozen, typed object.
 * Fails fast listing every bad variable at once, not just the first; with NODE_ENV=production
 * the program's production rules are checked too, in the same list. An empty variable counts as
 * unset (compose passes `VAR: ${VAR:-}` as an empty string).
 */
export function loadConfig<S extends z.ZodType>(
  schema: S,
  env: Record<string, string | undefined> = process.env,
  production?: ProductionRules,
): Readonly<z.infer<S>> {
  const given = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const result = schema.safeParse(given);
  const problems = result.success ? [] : result.error.issues.map((issue) => `${issue.path.join('.') || '(root)'}: ${issue.message}`);
  if (production && given.NODE_ENV === 'production') {
    const named = new Set(problems.map((p) => p.split(':')[0]));
    problems.push(...productionProblems(production, given).filter((p) => !named.has(p.split(':')[0])));
  }
  if (problems.length || !result.success) throw new ConfigError(problems);
  return Object.freeze(result.data) as Readonly<z.infer<S>>;
}

/** The production rules every service holding INTERNAL_TOKEN and infrastructure connections shares. */
export const serviceProductionRules = {
  secrets: { INTERNAL_TOKEN: { minLength: 32, hint: 'openssl rand -base64 32' } },
  // their defaults are this machine's servers (npm start); MONGO_URL has no default at all
  required: ['REDIS_URL', 'AMQP_URL'],
  connectionStrings: ['MONGO_URL', 'REDIS_URL', 'AMQP_URL'],
} satisfies ProductionRules;

/** Merges production rules: a program's own on top of the shared ones. */
export function productionRules(...parts: ProductionRules[]): ProductionRules {
  return {
    secrets: Object.assign({}, ...parts.map((p) => p.secrets ?? {})),
    required: parts.flatMap((p) => p.required ?? []),
    connectionStrings: [...new Set(parts.flatMap((p) => p.connectionStrings ?? []))],
    check: (env) => parts.flatMap((p) => p.check?.(env) ?? []),
  };
}

/**
 * Building blocks every service's config schema spreads in. Every setting carries its meaning as
 * its zod description (`.describe()` last, so no wrapper hides it), from which
 * docs/configuration.md is written; a setting with no default of its own says what unset means
 * in `.meta({ description, unset })`.
 */
export const port = (fallback: number) => z.coerce.number().int().min(0).max(65535).default(fallback);
export const url = (fallback?: string) => (fallback ? z.string().url().default(fallback) : z.string().url());
export const bool = (fallback: boolean) =>
  z
    .enum(['true', 'false', '1', '0', 'yes', 'no'])
    .default(fallback ? 'true' : 'false')
    .transform((v) => v === 'true' || v === '1' || v === 'yes');

export { DEFAULT_AMQP_URL, DEFAULT_REDIS_URL } from './defaults';

const TRUST_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

/** One entry of a TRUST_PROXY list: an address, a CIDR, or one of Express's names. */
function isTrustEntry(entry: string): boolean {
  if (TRUST_NAMES.has(entry)) return true;
  const [address, bits, extra] = entry.split('/');
  const family = isIP(address);
  if (!family || extra !== undefined) return false;
  if (bits === undefined) return true;
  return /^\d{1,3}$/.test(bits) && Number(bits) <= (family === 4 ? 32 : 128);
}

/**
 * Who may say which client a request came from (X-Forwarded-For): Express's `trust proxy`.
 * A number trusts that many proxies in front (0: none, the socket's address is the client's);
 * or a comma-separated list of addresses, CIDRs and Express's names (`loopback`). Never `true`:
 * it would believe whatever a client writes in the header.
 */
export const trustProxySetting = (fallback: string) =>
  z
    .string()
    .default(fallback)
    .refine((v) => v.trim() !== 'true', 'must not be true (any client could pick its address); give the number of proxies in front, or their addresses')
    .refine(
      (v) => v.trim() === 'true' || /^\d+$/.test(v.trim()) || v.split(',').every((e) => isTrustEntry(e.trim())),
      'must be a number of proxies, or a comma-separated list of addresses and CIDRs (e.g. 10.0.0.0/8)',
    )
    .transform((v): string | number => (/^\d+$/.test(v.trim()) ? Number(v.trim()) : v.split(',').map((e) => e.trim()).join(', ')));

/** A service's setting: the gateway in front of it, which on one machine calls from 127.0.0.1. */
export const trustProxy = trustProxySetting('127.0.0.1').describe(
  'who may say which client a request came from (`X-Forwarded-For`, used by the per-address limits): a number of proxies in front, or their addresses and CIDRs; never `true`. ' +
    'A service trusts only the gateway: on one machine it calls from `127.0.0.1`; compose and Kubernetes set `1` (only the gateway reaches the services)',
);

/** The settings every program reads, the gateway and the sandboxes included. */
export const programConfigShape = {
  NODE_ENV: z
    .enum(['development', 'test', 'production'])
    .default('development')
    .describe("`production` turns on the production refusals below (the images set it); `test` is the test suites'"),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info').describe('pino level'),
  HOST: z
    .string()
    .default('127.0.0.1')
    .describe('the address the program listens on (`0.0.0.0` in the images, and for the gateway of `npm start`)'),
};

const serviceUrl = (service: string, fallbackPort: number) =>
  z
    .string()
    .url()
    .default(`http://127.0.0.1:${fallbackPort}`)
    .describe(`where the gateway, and a service calling it, reaches the ${service} service (\`npm start\` sets it)`);

/** Where each service is reached: the gateway reads them all, a service the ones it calls. */
export const serviceUrlShape = {
  AUTH_URL: serviceUrl('auth', 4001),
  CONTENT_URL: serviceUrl('content', 4002),
  LINKEDIN_URL: serviceUrl('linkedin', 4003),
  SCHEDULER_URL: serviceUrl('scheduler', 4004),
  BILLING_URL: serviceUrl('billing', 4005),
};

export const infraConfigShape = {
  ...programConfigShape,
  MONGO_URL: z
    .string()
    .regex(/^mongodb(\+srv)?:\/\//, 'must be a mongodb:// URL')
    .describe('MongoDB connection string; each service uses its own database (`npm start`: the embedded FerretDB)'),
  REDIS_URL: z.string().regex(/^rediss?:\/\//, 'must be a redis:// URL').default(DEFAULT_REDIS_URL).describe('the Redis server'),
  AMQP_URL: z.string().regex(/^amqps?:\/\//, 'must be an amqp:// URL').default(DEFAULT_AMQP_URL).describe('the RabbitMQ server'),
  NAMESPACE: z
    .string()
    .regex(/^[a-z0-9_-]*$/i)
    .default('')
    .describe('prefix of databases, queues and Redis keys, so that several stacks (or test runs) can share one set of servers'),
  INTERNAL_TOKEN: z.string().min(16, 'must be at least 16 characters').describe("shared secret of the services' `/internal` calls to each other"),
  JWT_PUBLIC_KEY: z
    .string()
    .optional()
    .describe(
      "the PEM public key(s) of the auth service's RS256 signing key, several during a rotation (the next key beside the current one); unset, the auth service's JWKS at `AUTH_URL` is read",
    ),
  AUTH_URL: serviceUrlShape.AUTH_URL,
  TRUST_PROXY: trustProxy,
};

/** A connection string fit for a message: its password hidden. */
export function redact(url: string): string {
  return url.replace(/\/\/([^:@/]+):([^@/]+)@/, '//$1:***@');
}
