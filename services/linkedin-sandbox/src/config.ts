import { z } from 'zod';
import { bool, loadConfig, port, productionProblems, programConfigShape, type ProductionRules } from '@postwright/platform';
import { productsProblem, scopesOf, type ProductId, type SandboxApp } from './products';

/** The app npm start and the tests use with no keys: its secret is public, in this very file. */
export const BUILT_IN_CLIENT = Object.freeze({ id: 'postwright-sandbox', secret: 'postwright-sandbox-secret' });
/** The second app npm start and the tests use: a Community Management app (LinkedIn grants it no other product). */
export const BUILT_IN_COMMUNITY_CLIENT_ID = 'postwright-sandbox-community';

const csv = (fallback: string) =>
  z
    .string()
    .default(fallback)
    .transform((v) => v.split(/[\s,]+/).filter(Boolean));

export const configSchema = z
  .object({
    ...programConfigShape,
    PORT: port(8090).describe("the LinkedIn sandbox's port (`npm start` gives it `LINKEDIN_SANDBOX_PORT`)"),
    PUBLIC_URL: z
      .string()
      .url()
      .default('http://localhost:8080')
      .describe("the product's public origin: its `/linkedin/callback` page is the registered redirect URI"),
    SANDBOX_PUBLIC_URL: z
      .string()
      .url()
      .optional()
      .meta({ description: "the sandbox as browsers reach it (profile pictures, the id token's issuer)", unset: 'the origin a request came to' }),
    SANDBOX_CONTROL: z
      .enum(['true', 'false', '1', '0', 'yes', 'no'])
      .optional()
      .meta({
        description: 'the test controls under `/__sandbox` (faults, what was posted, the clock); they answer anyone who reaches them',
        unset: 'on only with `NODE_ENV=test`',
      }),
    SANDBOX_CLIENT_ID: z
      .string()
      .min(1)
      .default(BUILT_IN_CLIENT.id)
      .describe("the share app's Client ID (the linkedin service's sandbox-mode default)"),
    SANDBOX_CLIENT_SECRET: z
      .string()
      .min(1)
      .default(BUILT_IN_CLIENT.secret)
      .describe(
        "the share app's Client Secret, the Community Management app's too unless it has its own; production refuses the built-in one (or a known or short one): give it the linkedin service's generated `LINKEDIN_CLIENT_SECRET`",
      ),
    SANDBOX_PRODUCTS: csv('openid-connect,share').describe(
      "the share app's products (`openid-connect`: `openid profile email`; `share`: `w_member_social`), comma-separated; `community-management` beside any other is refused at start, as LinkedIn refuses it",
    ),
    SANDBOX_COMMUNITY_CLIENT_ID: z
      .string()
      .min(1)
      .default(BUILT_IN_COMMUNITY_CLIENT_ID)
      .describe('the second app, with the Community Management API alone (LinkedIn grants that product to no app with another); it must differ from `SANDBOX_CLIENT_ID`'),
    SANDBOX_COMMUNITY_CLIENT_SECRET: z
      .string()
      .min(1)
      .optional()
      .meta({ description: 'its own secret, if it should have one (held to the same production rule)', unset: '`SANDBOX_CLIENT_SECRET`' }),
    SANDBOX_REDIRECT_URIS: z
      .string()
      .optional()
      .meta({ description: 'registered redirect URIs, comma-separated', unset: '`${PUBLIC_URL}/linkedin/callback`' }),
    SANDBOX_ACCESS_TOKEN_TTL_SECONDS: z.coerce.number().int().positive().default(5_184_000).describe("access token lifetime, as LinkedIn's"),
    SANDBOX_REFRESH_TOKENS: bool(false).describe(
      'issue refresh tokens, as LinkedIn does only for approved partner apps; off, the sandbox behaves like the self-serve app every member starts with: the grant ends with the 60-day access token and the member reconnects',
    ),
    SANDBOX_REFRESH_TOKEN_TTL_SECONDS: z.coerce
      .number()
      .int()
      .positive()
      .default(31_536_000)
      .describe("lifetime of the refresh tokens it issues with `SANDBOX_REFRESH_TOKENS` on, as LinkedIn's (not extended when they are used)"),
    SANDBOX_REJECT_DUPLICATES: bool(true).describe(
      'answer identical commentary from the same author with 422 `DUPLICATE_POST` naming the earlier post, as LinkedIn does; `false` lets the same text be posted again',
    ),
    SANDBOX_DUPLICATE_WINDOW_SECONDS: z.coerce
      .number()
      .int()
      .positive()
      .optional()
      .meta({
        description: 'how long after a post the same text from the same author is refused as its duplicate (LinkedIn publishes no figure)',
        unset: 'as long as the post is stored',
      }),
    SANDBOX_GHOST_DUPLICATES: bool(true).describe(
      'a post the member deleted is still named by `DUPLICATE_POST` though it answers 404 (a "ghost", as clients report from LinkedIn); `false` frees its text at once',
    ),
    SANDBOX_ACCEPT_ESCAPED_HASHTAG_SIGN: bool(false).describe(
      "take a hashtag template with the sign escaped (`{hashtag|\\#|tag}`: some clients send it, LinkedIn's grammar has the sign bare) as a hashtag; off, such commentary is refused with 422 as malformed little text",
    ),
    SANDBOX_MEMBER_DAILY_CALL_LIMIT: z.coerce
      .number()
      .int()
      .positive()
      .optional()
      .meta({
        description: "LinkedIn's member daily limit: calls one member may make to one API resource per UTC day (sandbox clock); the next is answered 429 until midnight UTC",
        unset: 'no limit',
      }),
    SANDBOX_FAST: bool(false).describe('fast mode: no artificial latency (benchmarks, tests)'),
    SANDBOX_LATENCY_MS: z.coerce.number().int().nonnegative().default(60).describe('artificial latency of API calls when not in fast mode'),
    SANDBOX_CREATE_POST_LATENCY_MS: z.coerce
      .number()
      .int()
      .nonnegative()
      .default(0)
      .describe(
        'how long creating a post (`POST /rest/posts`) takes, as LinkedIn takes a few hundred ms: the call waits this long, give or take `SANDBOX_CREATE_POST_JITTER_MS`, before the post is stored and answered. ' +
          'It applies in fast mode too and replaces `SANDBOX_LATENCY_MS` for that call (the scheduler benchmark uses 300 ± 100); `0`: off',
      ),
    SANDBOX_CREATE_POST_JITTER_MS: z.coerce
      .number()
      .int()
      .nonnegative()
      .default(0)
      .describe('the spread of `SANDBOX_CREATE_POST_LATENCY_MS`: each call takes a time drawn uniformly from latency ± jitter; at most the latency'),
    SANDBOX_SLOW_MS: z.coerce.number().int().nonnegative().default(20_000).describe('delay of the `slow` fault when the fault does not give one'),
  })
  .refine((c) => c.SANDBOX_CREATE_POST_JITTER_MS <= c.SANDBOX_CREATE_POST_LATENCY_MS, {
    message: 'SANDBOX_CREATE_POST_JITTER_MS must not exceed SANDBOX_CREATE_POST_LATENCY_MS (a call cannot take less than no time)',
    path: ['SANDBOX_CREATE_POST_JITTER_MS'],
  })
  .superRefine((c, ctx) => {
    const problem = productsProblem(c.SANDBOX_PRODUCTS);
    if (problem) ctx.addIssue({ code: 'custom', path: ['SANDBOX_PRODUCTS'], message: problem });
    if (c.SANDBOX_COMMUNITY_CLIENT_ID === c.SANDBOX_CLIENT_ID) {
      ctx.addIssue({ code: 'custom', path: ['SANDBOX_COMMUNITY_CLIENT_ID'], message: 'must differ from SANDBOX_CLIENT_ID: the Community Management app is a separate app' });
    }
  })
  .transform((c) => ({
    ...c,
    apps: [
      { clientId: c.SANDBOX_CLIENT_ID, clientSecret: c.SANDBOX_CLIENT_SECRET, products: c.SANDBOX_PRODUCTS as ProductId[], scopes: scopesOf(c.SANDBOX_PRODUCTS as ProductId[]) },
      {
        clientId: c.SANDBOX_COMMUNITY_CLIENT_ID,
        clientSecret: c.SANDBOX_COMMUNITY_CLIENT_SECRET ?? c.SANDBOX_CLIENT_SECRET,
        products: ['community-management'],
        scopes: scopesOf(['community-management']),
      },
    ] satisfies SandboxApp[],
    control: c.SANDBOX_CONTROL === undefined ? c.NODE_ENV === 'test' : ['true', '1', 'yes'].includes(c.SANDBOX_CONTROL),
    publicUrl: c.SANDBOX_PUBLIC_URL?.replace(/\/$/, ''),
    redirectUris: (c.SANDBOX_REDIRECT_URIS ?? `${c.PUBLIC_URL.replace(/\/$/, '')}/linkedin/callback`).split(',').map((s) => s.trim()).filter(Boolean),
  }));
export type SandboxConfig = z.infer<typeof configSchema>;

/**
 * Production: the product's address (its callback is the one registered redirect URI) is stated,
 * and the app's client secret is a generated one, shared with the linkedin service alone: the
 * built-in one is public, and with it anyone could act as the app at the token endpoint.
 */
export const production: ProductionRules = {
  secrets: { SANDBOX_CLIENT_SECRET: { minLength: 32, hint: "the linkedin service's LINKEDIN_CLIENT_SECRET; npm run secrets makes one" } },
  required: ['PUBLIC_URL'],
  // the Community Management app's own secret, when it has one, is held to the same rule
  check: (env) =>
    env.SANDBOX_COMMUNITY_CLIENT_SECRET === undefined
      ? []
      : productionProblems({ secrets: { SANDBOX_COMMUNITY_CLIENT_SECRET: { minLength: 32, hint: "the linkedin service's LINKEDIN_CLIENT_SECRET when it runs LINKEDIN_APP=community" } } }, env),
};

/** The only place that reads process.env. */
export function readConfig(env: Record<string, string | undefined> = process.env): Readonly<SandboxConfig> {
  return loadConfig(configSchema, env, production);
}
