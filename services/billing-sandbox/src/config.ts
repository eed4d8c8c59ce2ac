import { z } from 'zod';
import { bool, loadConfig, port, programConfigShape, type ProductionRules } from '@postwright/platform';

/** The sandbox's well-known key and signing secret: what `npm start` and in-process tests use with no keys. */
export const SANDBOX_DEFAULTS = Object.freeze({ secretKey: 'sk_test_postwright_sandbox', webhookSecret: 'whsec_postwright_sandbox' });

const ms = (fallback: number) => z.coerce.number().int().nonnegative().default(fallback);

export const configSchema = z
  .object({
    ...programConfigShape,
    PORT: port(8091).describe("the billing sandbox's port (`npm start` gives it `BILLING_SANDBOX_PORT`)"),
    PUBLIC_URL: z
      .string()
      .url()
      .default('http://localhost:8080')
      .describe("the product's public origin: Checkout and the portal send the browser back there, and events are posted there by default"),
    SANDBOX_PUBLIC_URL: z
      .string()
      .url()
      .optional()
      .meta({ description: 'the sandbox as browsers reach it (its Checkout and portal pages)', unset: 'the origin a request came to' }),
    SANDBOX_SECRET_KEY: z
      .string()
      .regex(/^sk_test_[A-Za-z0-9_]+$/, 'must be a Stripe test secret key (sk_test_...)')
      .default(SANDBOX_DEFAULTS.secretKey)
      .describe("the one API key it accepts, a test key: the billing service's `STRIPE_SECRET_KEY`; production refuses the default"),
    SANDBOX_WEBHOOK_SECRET: z
      .string()
      .regex(/^whsec_[A-Za-z0-9_]+$/, 'must be a Stripe webhook signing secret (whsec_...)')
      .default(SANDBOX_DEFAULTS.webhookSecret)
      .describe("the secret it signs its events with: the billing service's `STRIPE_WEBHOOK_SECRET`; production refuses the default"),
    SANDBOX_WEBHOOK_URL: z
      .string()
      .url()
      .optional()
      .meta({
        description: "where it posts its signed events (compose and Kubernetes: the gateway's internal address); production requires it",
        unset: '`${PUBLIC_URL}/api/billing/webhook`',
      }),
    SANDBOX_CONTROL: z
      .enum(['true', 'false', '1', '0', 'yes', 'no'])
      .optional()
      .meta({ description: 'the test controls under `/__sandbox`', unset: 'on only with `NODE_ENV=test`' }),
    SANDBOX_CUSTOMER_TEST_CLOCKS: bool(true).describe('a customer created without a test clock gets one of its own, so tests can move its time'),
    SANDBOX_WEBHOOK_CHAOS: z.coerce
      .number()
      .min(0)
      .max(1)
      .optional()
      .meta({ description: 'the share of events delivered twice and/or a little late, as Stripe does now and then', unset: '`0.2` (`0` with `NODE_ENV=test`)' }),
    SANDBOX_WEBHOOK_RETRY_BASE_MS: ms(1_000).describe('the first retry of a failed delivery waits this long, each next one twice as long'),
    SANDBOX_WEBHOOK_ATTEMPTS: z.coerce.number().int().min(1).max(50).default(8).describe('deliveries of one event, the first included, before the sandbox gives up'),
    SANDBOX_STRIPE_MOCK_URL: z
      .string()
      .url()
      .optional()
      .describe("a running stripe-mock: every API request is checked against Stripe's OpenAPI description first"),
  })
  .transform((c) => {
    const publicUrl = c.PUBLIC_URL.replace(/\/$/, '');
    return {
      ...c,
      control: c.SANDBOX_CONTROL === undefined ? c.NODE_ENV === 'test' : ['true', '1', 'yes'].includes(c.SANDBOX_CONTROL),
      productUrl: publicUrl,
      publicUrl: c.SANDBOX_PUBLIC_URL?.replace(/\/$/, ''),
      webhookUrl: c.SANDBOX_WEBHOOK_URL ?? `${publicUrl}/api/billing/webhook`,
      webhookChaos: c.SANDBOX_WEBHOOK_CHAOS ?? (c.NODE_ENV === 'test' ? 0 : 0.2),
      stripeMockUrl: c.SANDBOX_STRIPE_MOCK_URL?.replace(/\/$/, ''),
    };
  });
export type SandboxConfig = z.infer<typeof configSchema>;

/**
 * Production (the compose `sandbox` profile): every address and secret is stated, and the
 * well-known defaults are refused, since anyone could sign webhooks with them.
 */
export const production: ProductionRules = {
  required: ['PUBLIC_URL', 'SANDBOX_SECRET_KEY', 'SANDBOX_WEBHOOK_SECRET', 'SANDBOX_WEBHOOK_URL'],
  check: (env) => [
    ...(env.SANDBOX_SECRET_KEY === SANDBOX_DEFAULTS.secretKey ? ['SANDBOX_SECRET_KEY: is the well-known default; use a generated sk_test_... value'] : []),
    ...(env.SANDBOX_WEBHOOK_SECRET === SANDBOX_DEFAULTS.webhookSecret ? ['SANDBOX_WEBHOOK_SECRET: is the well-known default; use a generated whsec_... value'] : []),
  ],
};

/** The only place that reads process.env. */
export function readConfig(env: Record<string, string | undefined> = process.env): Readonly<SandboxConfig> {
  return loadConfig(configSchema, env, production);
}
