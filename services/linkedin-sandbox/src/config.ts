import { z } from 'zod';
import { bool, loadConfig, port, productionProblems, type ProductionRules } from '@postwright/platform';
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
    NODE_ENV: z.enum(['development', 'test', 'production']).default('development'),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    HOST: z.string().default('127.0.0.1'),
    PORT: port(8090),
    /** the product's public origin: its `/linkedin/callback` page is the registered redirect URI */
    PUBLIC_URL: z.string().url().default('http://localhost:8080'),
    /** the sandbox's own origin as browsers see it (profile pictures, the id token issuer); default: the origin a request came to */
    SANDBOX_PUBLIC_URL: z.string().url().optional(),
    /** the test controls under /__sandbox (faults, what was posted, the clock); default on only when NODE_ENV=test */
    SANDBOX_CONTROL: z.enum(['true', 'false', '1', '0', 'yes', 'no']).optional(),
    /**
     * the share app registered at the sandbox (the service's sandbox-mode defaults match these); the
     * built-in secret suits npm start and the tests, production refuses it. The secret serves the
     * Community Management app too unless SANDBOX_COMMUNITY_CLIENT_SECRET is given
     */
    SANDBOX_CLIENT_ID: z.string().min(1).default(BUILT_IN_CLIENT.id),
    SANDBOX_CLIENT_SECRET: z.string().min(1).default(BUILT_IN_CLIENT.secret),
    /** the products of the SANDBOX_CLIENT_ID app (products.ts): what LinkedIn's self-serve app gets */
    SANDBOX_PRODUCTS: csv('openid-connect,share'),
    /** the Community Management app: a separate app, as LinkedIn grants that product to no app with another */
    SANDBOX_COMMUNITY_CLIENT_ID: z.string().min(1).default(BUILT_IN_COMMUNITY_CLIENT_ID),
    /** default SANDBOX_CLIENT_SECRET: one generated secret may serve both apps */
    SANDBOX_COMMUNITY_CLIENT_SECRET: z.string().min(1).optional(),
    /** registered redirect URIs, comma-separated; default `${PUBLIC_URL}/linkedin/callback` */
    SANDBOX_REDIRECT_URIS: z.string().optional(),
    /** access token lifetime (LinkedIn: 60 days) */
    SANDBOX_ACCESS_TOKEN_TTL_SECONDS: z.coerce.number().int().positive().default(5_184_000),
    /**
     * refresh tokens: real LinkedIn gives them only to approved partner apps, so by default the
     * sandbox gives none, like the self-serve app every member starts with (reconnect after 60
     * days); true plays a partner app
     */
    SANDBOX_REFRESH_TOKENS: bool(false),
    /** a partner's refresh token lifetime (LinkedIn: 365 days, not extended when it is used) */
    SANDBOX_REFRESH_TOKEN_TTL_SECONDS: z.coerce.number().int().positive().default(31_536_000),
    /**
     * refuse identical commentary from the same author with LinkedIn's 422 DUPLICATE_POST naming the
     * existing post (as LinkedIn does); false lets the same text be posted again
     */
    SANDBOX_REJECT_DUPLICATES: bool(true),
    /**
     * how long after a post LinkedIn still calls the same text from the same author a duplicate of
     * it (LinkedIn publishes no figure; refusals are reported hours to days later). Unset: for as
     * long as the post is stored
     */
    SANDBOX_DUPLICATE_WINDOW_SECONDS: z.coerce.number().int().positive().optional(),
    /**
     * a post the member deleted is still named by DUPLICATE_POST though it answers 404 (a "ghost",
     * as clients report from LinkedIn); false: deleting a post frees its text at once
     */
    SANDBOX_GHOST_DUPLICATES: bool(true),
    /**
     * take a hashtag template with the sign escaped, `{hashtag|\\#|tag}` (some clients in the field
     * send it; LinkedIn's grammar has the sign bare), as a hashtag; off, such commentary is refused
     * with 422 as malformed little text
     */
    SANDBOX_ACCEPT_ESCAPED_HASHTAG_SIGN: bool(false),
    /**
     * LinkedIn's member daily limit: calls one member may make to one API resource per UTC day
     * (sandbox clock); the next is answered 429 until midnight UTC. Unset: no limit
     */
    SANDBOX_MEMBER_DAILY_CALL_LIMIT: z.coerce.number().int().positive().optional(),
    /** fast mode: no artificial latency (benchmarks, tests) */
    SANDBOX_FAST: bool(false),
    /** artificial latency of API calls when not in fast mode */
    SANDBOX_LATENCY_MS: z.coerce.number().int().nonnegative().default(60),
    /**
     * how long creating a post (POST /rest/posts) takes, like LinkedIn, which takes a few hundred ms
     * to create one: each call waits this long, plus or minus SANDBOX_CREATE_POST_JITTER_MS (uniform),
     * before the post is stored and answered. Applies in fast mode too (it is asked for on purpose,
     * e.g. by the scheduler benchmark) and replaces SANDBOX_LATENCY_MS for that call. 0: off
     */
    SANDBOX_CREATE_POST_LATENCY_MS: z.coerce.number().int().nonnegative().default(0),
    /** the spread of SANDBOX_CREATE_POST_LATENCY_MS: each call takes latency - jitter to latency + jitter */
    SANDBOX_CREATE_POST_JITTER_MS: z.coerce.number().int().nonnegative().default(0),
    /** delay of the `slow` fault when the fault does not give one */
    SANDBOX_SLOW_MS: z.coerce.number().int().nonnegative().default(20_000),
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
