import { z } from 'zod';
import { PAST_DUE_GRACE_DAYS } from '@postwright/contracts';
import { infraConfigShape, isKnownSecret, loadConfig, port, productionRules, serviceProductionRules } from '@postwright/platform';

/** The billing sandbox's own API key and signing secret: what `npm start` and in-process tests use with no keys. */
export const SANDBOX_STRIPE = { secretKey: 'sk_test_postwright_sandbox', webhookSecret: 'whsec_postwright_sandbox' };
const STRIPE_API = 'https://api.stripe.com';

const ms = (fallback: number) => z.coerce.number().int().positive().default(fallback);

export const configSchema = z
  .object({
    ...infraConfigShape,
    PORT: port(4005).describe("the billing service's port (`npm start` gives it `BILLING_PORT`)"),
    PUBLIC_URL: z
      .string()
      .url()
      .default('http://localhost:8080')
      .describe("the product's public origin: Checkout returns to its `/billing/success` and `/pricing` pages, the portal to `/profile`"),
    STRIPE_SECRET_KEY: z
      .string()
      .regex(/^sk_(live|test)_[A-Za-z0-9_]+$/, 'must be a Stripe secret key (sk_live_... or sk_test_...)')
      .optional()
      .meta({
        description: 'a Stripe secret key (`sk_live_...` or `sk_test_...`); required in production',
        unset: 'the billing sandbox, with its built-in key',
      }),
    STRIPE_WEBHOOK_SECRET: z
      .string()
      .regex(/^whsec_[A-Za-z0-9_]+$/, 'must be a Stripe webhook signing secret (whsec_...)')
      .optional()
      .describe('the signing secret (`whsec_...`) of the webhook endpoint `${PUBLIC_URL}/api/billing/webhook`; required with `STRIPE_SECRET_KEY`'),
    STRIPE_API_URL: z
      .string()
      .url()
      .optional()
      .meta({
        description:
          'where the Stripe API is: Stripe, or a double speaking its protocol (the billing sandbox in compose and the sandbox overlay); a live key is only ever sent to api.stripe.com',
        unset: `\`${STRIPE_API}\`; without a key, \`BILLING_SANDBOX_URL\``,
      }),
    BILLING_SANDBOX_URL: z
      .string()
      .url()
      .default('http://localhost:8091')
      .describe('where the service reaches the billing sandbox when no `STRIPE_SECRET_KEY` is set (`npm start`)'),
    STRIPE_TIMEOUT_MS: ms(10_000).describe('one call to Stripe may take this long before it counts as failed (the SDK retries twice)'),
    PAST_DUE_GRACE_DAYS: z.coerce
      .number()
      .int()
      .nonnegative()
      .default(PAST_DUE_GRACE_DAYS)
      .describe('a subscription whose renewal failed (`past_due`) keeps its plan this many days'),
    PLANS_CACHE_SECONDS: z.coerce
      .number()
      .int()
      .nonnegative()
      .default(300)
      .describe('prices read from Stripe are kept this long (the pricing pages ask on every visit)'),
    WEBHOOK_RETRY_INTERVAL_MS: ms(15_000).describe(
      'how often the retry loop looks for Stripe events whose handling failed (Stripe or the broker down) and states the broker did not take',
    ),
    WEBHOOK_RETRY_BASE_MS: ms(30_000).describe(
      'a Stripe event whose handling failed is tried again after this, doubling each time up to every 2 hours; after 18 attempts (about a day) it is given up, logged as an error',
    ),
  })
  .superRefine((c, ctx) => {
    if (c.STRIPE_SECRET_KEY && !c.STRIPE_WEBHOOK_SECRET) {
      ctx.addIssue({ code: 'custom', path: ['STRIPE_WEBHOOK_SECRET'], message: "is required with STRIPE_SECRET_KEY (the webhook endpoint's signing secret, whsec_...)" });
    }
  })
  .transform((c) => {
    const sandbox = !c.STRIPE_SECRET_KEY;
    return {
      ...c,
      /** which Stripe the service talks to */
      stripe: {
        mode: sandbox ? ('sandbox' as const) : ('stripe' as const),
        secretKey: c.STRIPE_SECRET_KEY ?? SANDBOX_STRIPE.secretKey,
        webhookSecret: c.STRIPE_WEBHOOK_SECRET ?? SANDBOX_STRIPE.webhookSecret,
        apiUrl: (c.STRIPE_API_URL ?? (sandbox ? c.BILLING_SANDBOX_URL : STRIPE_API)).replace(/\/$/, ''),
      },
      publicUrl: c.PUBLIC_URL.replace(/\/$/, ''),
    };
  });
export type BillingConfig = z.infer<typeof configSchema>;

/**
 * Production: real keys, stated. A live key is only ever sent to Stripe itself, and the sandbox's
 * well-known key and secret are refused like any other published secret.
 */
export const production = productionRules(serviceProductionRules, {
  required: ['PUBLIC_URL'],
  check: (env) => {
    const problems: string[] = [];
    const key = env.STRIPE_SECRET_KEY;
    const hint = '(Stripe Dashboard, Developers, API keys; docs/billing.md)';
    if (!key) problems.push(`STRIPE_SECRET_KEY: is required in production ${hint}`);
    else if (isKnownSecret(key) || key === SANDBOX_STRIPE.secretKey) problems.push(`STRIPE_SECRET_KEY: is a known or example value ${hint}`);
    const secret = env.STRIPE_WEBHOOK_SECRET;
    const secretHint = '(the signing secret of the webhook endpoint /api/billing/webhook; docs/billing.md)';
    if (!secret) problems.push(`STRIPE_WEBHOOK_SECRET: is required in production ${secretHint}`);
    else if (isKnownSecret(secret) || secret === SANDBOX_STRIPE.webhookSecret) problems.push(`STRIPE_WEBHOOK_SECRET: is a known or example value ${secretHint}`);
    if (key?.startsWith('sk_live_') && env.STRIPE_API_URL && URL.canParse(env.STRIPE_API_URL) && new URL(env.STRIPE_API_URL).origin !== STRIPE_API) {
      problems.push(`STRIPE_API_URL: a live key is only sent to ${STRIPE_API}; unset STRIPE_API_URL, or use a test key with the billing sandbox`);
    }
    return problems;
  },
});

/** The only place that reads process.env. */
export function readConfig(env: Record<string, string | undefined> = process.env): Readonly<BillingConfig> {
  return loadConfig(configSchema, env, production);
}
