import path from 'node:path';
import { z } from 'zod';
import { infraConfigShape, loadConfig, port, programConfigShape, serviceUrlShape, trustProxySetting, type ProductionRules } from '@postwright/platform';

export const configSchema = z.object({
  ...programConfigShape,
  PORT: port(8080).describe("the gateway's port: the product's address"),
  METRICS_PORT: port(9091).describe(
    'its Prometheus metrics (`GET /metrics`) on a listener of their own at `HOST`, never on the public port; `0`: any free port (`npm start` picks one and prints it). The services serve `/metrics` on their own port',
  ),
  ...serviceUrlShape,
  REDIS_URL: infraConfigShape.REDIS_URL,
  NAMESPACE: infraConfigShape.NAMESPACE,
  JWT_PUBLIC_KEY: infraConfigShape.JWT_PUBLIC_KEY,
  JWKS_REFETCH_SECONDS: z.coerce
    .number()
    .int()
    .positive()
    .default(10)
    .describe('without `JWT_PUBLIC_KEY`: a token naming an unknown key makes the gateway read the JWKS again at most this often'),
  HEALTH_CACHE_MS: z.coerce.number().int().nonnegative().default(1_000).describe('`GET /api/health` answers from its last look at the services this long'),
  WEB_ORIGIN: z
    .string()
    .optional()
    .meta({
      description: 'comma-separated origins CORS allows; the built app is same-origin and needs none. Production refuses any that is not a public `https://` origin',
      unset: "the Vite dev server's origins; none in production",
    }),
  WEB_DIST: z
    .string()
    .default(path.resolve(__dirname, '../../web/dist'))
    .describe('the built web app the gateway serves at `/` (any other page path falls back to its `index.html`) when it exists'),
  PUBLIC_URL: z
    .string()
    .url()
    .refine((v) => /^https?:\/\//.test(v), 'must be an http(s) URL')
    .transform((v) => new URL(v))
    .optional()
    .meta({
      description:
        "the product's one public origin: a page asked for by any other host name (say `127.0.0.1` for `localhost`) is sent to the same path there, since sessions live per origin and LinkedIn returns members only to the registered redirect URI; the API and the probes answer at any name",
      unset: 'every host name is served (`npm start` sets it)',
    }),
  RATE_LIMIT_PER_MINUTE: z.coerce.number().int().positive().default(600).describe('gateway requests per user (or client address) per minute'),
  UPSTREAM_TIMEOUT_MS: z.coerce.number().int().positive().default(60_000).describe('how long the gateway waits for a service before answering 504'),
  TRUST_PROXY: trustProxySetting('0').describe(
    'who may say which client a request came from (`X-Forwarded-For`, used by the per-address limits): a number of proxies in front, or their addresses and CIDRs; never `true`. ' +
      "The gateway is the edge: with `0` the client is its socket's address, and it replaces the forwarding headers a client sent before calling a service. " +
      "Compose takes it from `.env` (`0` published directly, `1` behind the `tls` profile's Caddy); Kubernetes sets `1` (the ingress controller), or the CIDRs of a cloud load balancer in front of that",
  ),
  LINKEDIN_ORIGINS: z
    .string()
    .default('https://www.linkedin.com,https://media.licdn.com')
    .transform((v) => v.split(/[\s,]+/).filter(Boolean))
    .pipe(z.array(z.string().regex(/^https?:\/\/[^/\s;']+$/, 'must be origins (scheme://host[:port]) separated by commas')))
    .describe(
      "the LinkedIn origins the pages use (Content-Security-Policy `img-src` and `form-action`), space- or comma-separated: the authorization host and the media CDN; with the sandbox, its public URL (`npm start` sets it)",
    ),
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
