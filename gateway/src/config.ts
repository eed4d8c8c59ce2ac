import path from 'node:path';
import { z } from 'zod';
import { DEFAULT_REDIS_URL, loadConfig, port, trustProxySetting, type ProductionRules } from '@postwright/platform';

export const configSchema = z.object({
  NODE_ENV: z.enum(['development', 'test', 'production']).default('development'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  HOST: z.string().default('127.0.0.1'),
  PORT: port(8080),
  /** Prometheus metrics (GET /metrics) on a listener of their own at HOST, never on the public port; 0 picks a free port */
  METRICS_PORT: port(9091),
  AUTH_URL: z.string().url().default('http://127.0.0.1:4001'),
  CONTENT_URL: z.string().url().default('http://127.0.0.1:4002'),
  LINKEDIN_URL: z.string().url().default('http://127.0.0.1:4003'),
  SCHEDULER_URL: z.string().url().default('http://127.0.0.1:4004'),
  BILLING_URL: z.string().url().default('http://127.0.0.1:4005'),
  REDIS_URL: z.string().regex(/^rediss?:\/\//, 'must be a redis:// URL').default(DEFAULT_REDIS_URL),
  NAMESPACE: z.string().regex(/^[a-z0-9_-]*$/i).default(''),
  /** the access tokens' PEM public key(s) (several during a rotation); when unset the auth service's JWKS is read */
  JWT_PUBLIC_KEY: z.string().optional(),
  /** with the JWKS: a token naming an unknown key makes it be read again at most this often */
  JWKS_REFETCH_SECONDS: z.coerce.number().int().positive().default(10),
  /** how long GET /api/health answers from its last look at the services */
  HEALTH_CACHE_MS: z.coerce.number().int().nonnegative().default(1_000),
  /**
   * Comma-separated origins allowed by CORS. The built app is same-origin and needs none; unset,
   * it is the Vite dev server's outside production, and nothing in production.
   */
  WEB_ORIGIN: z.string().optional(),
  /** the built web app; served at / with SPA fallback when it exists */
  WEB_DIST: z.string().default(path.resolve(__dirname, '../../web/dist')),
  /**
   * The product's one public origin. Page requests that reach the gateway by any other host name
   * (127.0.0.1 for localhost, a bare IP, an old domain) are sent there first: sessions live per
   * origin, and LinkedIn returns members only to the redirect URI registered for it. Unset (tests,
   * a gateway run by hand), every host name is served.
   */
  PUBLIC_URL: z
    .string()
    .url()
    .refine((v) => /^https?:\/\//.test(v), 'must be an http(s) URL')
    .transform((v) => new URL(v))
    .optional(),
  RATE_LIMIT_PER_MINUTE: z.coerce.number().int().positive().default(600),
  UPSTREAM_TIMEOUT_MS: z.coerce.number().int().positive().default(60_000),
  /**
   * The proxies in front of the gateway (an ingress: 1, or their CIDRs). None by default: the
   * gateway is the edge, the client's address is its socket's, and X-Forwarded-For is ignored.
   */
  TRUST_PROXY: trustProxySetting('0'),
  /**
   * The LinkedIn origins the browser uses from the app's pages (Content-Security-Policy img-src
   * and form-action): LinkedIn's authorization host and its media CDN; with the sandbox, its
   * public URL. Space- or comma-separated origins.
   */
  LINKEDIN_ORIGINS: z
    .string()
    .default('https://www.linkedin.com,https://media.licdn.com')
    .transform((v) => v.split(/[\s,]+/).filter(Boolean))
    .pipe(z.array(z.string().regex(/^https?:\/\/[^/\s;']+$/, 'must be origins (scheme://host[:port]) separated by commas'))),
});
export type GatewayConfig = z.infer<typeof configSchema>;

/**
 * The gateway holds no secret of its own; its Redis is stated, and its password not a well-known
 * one; its public origin is stated, so pages are only ever served at it.
 */
export const production: ProductionRules = {
  required: ['REDIS_URL', 'PUBLIC_URL'],
  connectionStrings: ['REDIS_URL'],
  check: (env) =>
    originList(env.WEB_ORIGIN ?? '')
      .filter((origin) => !/^https:\/\/[^/\s]+$/.test(origin) || /^https:\/\/(localhost|127\.|\[::1\])/.test(origin))
      .map((origin) => `WEB_ORIGIN: ${origin} is not a public https origin; list only the origins of your own pages that call the API from elsewhere, or leave it unset`),
};

const DEVELOPMENT_ORIGINS = 'http://localhost:5173,http://127.0.0.1:5173';

const originList = (value: string) =>
  value
    .split(',')
    .map((o) => o.trim())
    .filter(Boolean);

/** The origins CORS allows: WEB_ORIGIN, else the Vite dev server's outside production and none in it. */
export function webOrigins(config: Pick<GatewayConfig, 'NODE_ENV' | 'WEB_ORIGIN'>): string[] {
  return originList(config.WEB_ORIGIN ?? (config.NODE_ENV === 'production' ? '' : DEVELOPMENT_ORIGINS));
}

/** The only place that reads process.env. */
export function readConfig(env: Record<string, string | undefined> = process.env): Readonly<GatewayConfig> {
  return loadConfig(configSchema, env, production);
}
