import { z } from 'zod';
import {
  activeLinkedinVersions,
  daysUntilLinkedinSunset,
  estimatedLinkedinSunset,
  LINKEDIN_API_VERSIONS,
  linkedinVersionEntry,
  linkedinVersionStatus,
  newestActiveLinkedinVersion,
} from '@postwright/contracts';
import {
  infraConfigShape,
  loadConfig,
  mailConfigShape,
  mailProductionRules,
  port,
  productionProblems,
  productionRules,
  serviceProductionRules,
  serviceUrlShape,
  type SecretRule,
} from '@postwright/platform';

/**
 * The LinkedIn-Version pinned for real LinkedIn: the newest in contracts/src/linkedin-versions.ts
 * when the list was last brought up to date. Move it up with the list (docs/linkedin.md, "API versions").
 */
export const LIVE_API_VERSION = '202609';
/** How long before its version retires the service warns, at start and in /ready. */
export const SUNSET_WARNING_DAYS = 60;
const VERSION_LIST = 'contracts/src/linkedin-versions.ts';
const LIVE = {
  authUrl: 'https://www.linkedin.com/oauth/v2/authorization',
  tokenUrl: 'https://www.linkedin.com/oauth/v2/accessToken',
  revokeUrl: 'https://www.linkedin.com/oauth/v2/revoke',
  apiUrl: 'https://api.linkedin.com',
  webUrl: 'https://www.linkedin.com',
};
/**
 * The two kinds of LinkedIn app an operator can get (docs/linkedin.md, "Which LinkedIn app"):
 * share, a self-serve app with Sign In with LinkedIn using OpenID Connect and Share on LinkedIn;
 * community, an app with the Community Management API alone, which LinkedIn grants only to a
 * verified organisation after review and never beside another product. `allowed` is what the
 * app's products grant; `required` what the service cannot work without.
 */
export const LINKEDIN_APPS = {
  share: {
    products: 'Sign In with LinkedIn using OpenID Connect and Share on LinkedIn',
    scopes: 'openid profile email w_member_social',
    allowed: ['openid', 'profile', 'email', 'w_member_social'],
    required: ['openid', 'w_member_social'],
  },
  community: {
    products: 'the Community Management API',
    scopes: 'r_basicprofile w_member_social r_member_postAnalytics',
    allowed: ['r_basicprofile', 'w_member_social', 'r_member_postAnalytics', 'r_organization_social', 'w_organization_social', 'rw_organization_admin'],
    required: ['r_basicprofile', 'w_member_social'],
  },
} as const;
export type LinkedinAppKind = keyof typeof LINKEDIN_APPS;
/** the share app's scopes, what a self-serve app gets */
export const BASE_SCOPES = LINKEDIN_APPS.share.scopes;
/** the sandbox's two apps (services/linkedin-sandbox): one secret serves both unless the sandbox is given two */
export const SANDBOX_CLIENT = { id: 'postwright-sandbox', secret: 'postwright-sandbox-secret' };
export const SANDBOX_COMMUNITY_CLIENT_ID = 'postwright-sandbox-community';
/** How long the connect step waits before reading the member again when LinkedIn refused a token it has just issued. */
export const FRESH_TOKEN_RETRY_MS = 2_000;

const scopeList = (value: string) => [...new Set(value.split(/[\s,]+/).filter(Boolean))];

/** Why these scopes cannot be asked for with this kind of app; every problem, in words. */
function scopeProblems(app: LinkedinAppKind, scopes: string[]): string[] {
  const kind = LINKEDIN_APPS[app];
  const problems: string[] = [];
  const outside = scopes.filter((s) => !(kind.allowed as readonly string[]).includes(s));
  if (outside.length) {
    const other = app === 'share' ? 'community' : 'share';
    const hint = outside.some((s) => (LINKEDIN_APPS[other].allowed as readonly string[]).includes(s))
      ? `; ${outside.join(', ')} ${outside.length === 1 ? 'comes' : 'come'} with LINKEDIN_APP=${other}, a separate LinkedIn app`
      : '';
    problems.push(`${outside.join(', ')} ${outside.length === 1 ? 'is' : 'are'} not granted to a ${app} app (${kind.products}): LinkedIn refuses the sign-in with unauthorized_scope_error${hint}`);
  }
  const missing = kind.required.filter((s) => !scopes.includes(s));
  if (missing.length) problems.push(`must include ${missing.join(' and ')} for LINKEDIN_APP=${app}`);
  return problems;
}
/** only ever used when NODE_ENV=test and no key is given, so in-process tests need no setup */
const TEST_ENCRYPTION_KEY = Buffer.alloc(32, 7).toString('base64');

const base64Key = z
  .string()
  .refine((v) => Buffer.from(v, 'base64').length === 32, 'must be 32 bytes, base64-encoded (openssl rand -base64 32)');
const optionalUrl = z.string().url().optional();
/** An endpoint of LinkedIn's: linkedin.com's live, derived from the sandbox's URLs in sandbox mode. */
const endpoint = (description: string, live: string) =>
  optionalUrl.meta({ description, unset: `\`${live}\` live; in sandbox mode, derived from the sandbox's URLs` });

/** What to set instead, for the messages that refuse or warn about a version. */
function activeVersionsHint(now: number): string {
  const active = activeLinkedinVersions(now);
  return active.length
    ? `one of LinkedIn's active versions (${VERSION_LIST}): ${active.join(', ')}`
    : `none in ${VERSION_LIST} is active any more: add the versions LinkedIn has released since`;
}

/**
 * Why LinkedIn would refuse this LinkedIn-Version with 426 at `now`; null when it answers it, or
 * may: a version newer than the list, in a month begun, may have been released since the list was
 * written, so it is used as set (with a warning) rather than held back until a code change.
 */
function versionProblem(version: string, now: number): string | null {
  switch (linkedinVersionStatus(version, now)) {
    case 'active':
    case 'unlisted':
      return null;
    case 'malformed':
      return `"${version}" is not a LinkedIn version (YYYYMM): use ${activeVersionsHint(now)}`;
    case 'unreleased':
      return `${version} is not a version LinkedIn has released: use ${activeVersionsHint(now)}`;
    case 'retired': {
      const sunset = linkedinVersionEntry(version)?.sunset;
      return `${version} was retired by LinkedIn${sunset ? ` on ${sunset}` : ''}: use ${activeVersionsHint(now)}`;
    }
  }
}

export interface ApiVersionNotice {
  version: string;
  sunset: string;
  /** false: LinkedIn has not published the date yet; the list estimates it */
  sunsetPublished: boolean;
  daysLeft: number;
  /** once the sunset is SUNSET_WARNING_DAYS away or less */
  warning?: string;
}

/** The pinned version's sunset, and a warning when it is near (logged at start, shown by /ready). */
export function apiVersionNotice(version: string, now = Date.now()): ApiVersionNotice {
  // the config accepts listed versions, and unlisted ones newer than the list
  const entry = linkedinVersionEntry(version);
  if (!entry) return unlistedVersionNotice(version, now);
  const notice = { version, sunset: entry.sunset, sunsetPublished: entry.sunsetPublished, daysLeft: daysUntilLinkedinSunset(version, now)! };
  if (notice.daysLeft > SUNSET_WARNING_DAYS) return notice;
  const when = `${entry.sunset}${entry.sunsetPublished ? '' : ' (estimated)'}`;
  const newer = newestActiveLinkedinVersion(now);
  const advice =
    newer && newer !== entry.version
      ? `set LINKEDIN_API_VERSION to ${newer}, ${activeVersionsHint(now)}`
      : `add the versions LinkedIn has released since to ${VERSION_LIST}`;
  const days = `${notice.daysLeft} ${notice.daysLeft === 1 ? 'day' : 'days'}`;
  const status =
    notice.daysLeft > 0
      ? `retires on ${when}, in ${days}`
      : entry.sunsetPublished
        ? `was retired on ${when}`
        : `was due to retire on ${when}; LinkedIn has not published the date and may stop answering it at any time`;
  return { ...notice, warning: `LinkedIn-Version ${version} ${status}: ${advice}` };
}

/** A version newer than the list: always a warning, its sunset estimated as the list would. */
function unlistedVersionNotice(version: string, now: number): ApiVersionNotice {
  const sunset = estimatedLinkedinSunset(version);
  const daysLeft = Math.ceil((Date.parse(`${sunset}T00:00:00Z`) - now) / (24 * 60 * 60 * 1000)) + 0;
  const warning =
    `LinkedIn-Version ${version} is not in this release's list (${VERSION_LIST}, newest ${LINKEDIN_API_VERSIONS[0].version}); ` +
    `it is used as set. If LinkedIn has not released it, every call is refused (426): add it to the list once LinkedIn lists it, or use ${activeVersionsHint(now)}`;
  return { version, sunset, sunsetPublished: false, daysLeft, warning };
}

export const configSchema = z
  .object({
    ...infraConfigShape,
    ...mailConfigShape,
    PORT: port(4003).describe("the LinkedIn service's port (`npm start` gives it `LINKEDIN_PORT`)"),
    PUBLIC_URL: z
      .string()
      .url()
      .default('http://localhost:8080')
      .describe("the product's public origin: LinkedIn's redirect URI is `${PUBLIC_URL}/linkedin/callback`, and the expiry emails link to its `/profile`"),
    CONTENT_URL: serviceUrlShape.CONTENT_URL,
    TOKEN_ENCRYPTION_KEY: base64Key
      .optional()
      .describe('the key encrypting LinkedIn tokens at rest (AES-256-GCM): 32 bytes, base64 (`openssl rand -base64 32`); required outside the tests'),
    TOKEN_ENCRYPTION_PREVIOUS_KEYS: z
      .string()
      .optional()
      .describe('older `TOKEN_ENCRYPTION_KEY` values, comma-separated, still accepted for reading while tokens are re-encrypted with the current one (key rotation)'),
    LINKEDIN_MODE: z.enum(['sandbox', 'live']).optional().meta({
      description: 'which LinkedIn to talk to: `sandbox` (the local double) or `live` (linkedin.com)',
      unset: '`sandbox`, or `live` when `LINKEDIN_CLIENT_ID` is set',
    }),
    LINKEDIN_CLIENT_ID: z
      .string()
      .min(1)
      .optional()
      .meta({
        description: "your LinkedIn app's Client ID",
        unset: `the sandbox's \`${SANDBOX_CLIENT.id}\` (\`${SANDBOX_COMMUNITY_CLIENT_ID}\` with \`LINKEDIN_APP=community\`); required live`,
      }),
    LINKEDIN_CLIENT_SECRET: z.string().min(1).optional().meta({
      description: "your LinkedIn app's Client Secret; with the sandbox in production, a generated one (the sandbox's `SANDBOX_CLIENT_SECRET`)",
      unset: "the sandbox's built-in one; required live",
    }),
    LINKEDIN_SANDBOX_URL: z
      .string()
      .url()
      .default('http://localhost:8090')
      .describe('where this service calls the sandbox (token exchange, API); in sandbox mode the endpoint URLs derive from it and from `LINKEDIN_SANDBOX_PUBLIC_URL`'),
    LINKEDIN_SANDBOX_PUBLIC_URL: z
      .string()
      .url()
      .optional()
      .meta({
        description: 'the sandbox as the browser reaches it (consent page, post links); differs where the service reaches it by an internal name (compose, Kubernetes)',
        unset: '`LINKEDIN_SANDBOX_URL`',
      }),
    LINKEDIN_AUTH_URL: endpoint("LinkedIn's authorization endpoint", LIVE.authUrl),
    LINKEDIN_TOKEN_URL: endpoint("LinkedIn's token endpoint (code exchange, refresh)", LIVE.tokenUrl),
    LINKEDIN_REVOKE_URL: endpoint("LinkedIn's token revocation endpoint (disconnect)", LIVE.revokeUrl),
    LINKEDIN_API_URL: endpoint("LinkedIn's REST and v2 APIs", LIVE.apiUrl),
    LINKEDIN_WEB_URL: endpoint('where post links point (`/feed/update/{urn}/`)', LIVE.webUrl),
    LINKEDIN_REDIRECT_URI: optionalUrl.meta({
      description: 'must equal a redirect URL registered for the app',
      unset: '`${PUBLIC_URL}/linkedin/callback`',
    }),
    LINKEDIN_APP: z
      .enum(['share', 'community'])
      .default('share')
      .describe(
        'which kind of LinkedIn app: `share` (Sign In with LinkedIn using OpenID Connect + Share on LinkedIn; no engagement figures) or `community` (the Community Management API alone; engagement figures, no OpenID or email). ' +
          "It sets the default scopes and, in sandbox mode, which of the sandbox's two apps is used ([docs/linkedin.md](linkedin.md#which-linkedin-app-share-or-community))",
      ),
    LINKEDIN_SCOPES: z
      .string()
      .optional()
      .meta({
        description: "scopes asked for, space- or comma-separated; start-up refuses scopes the app's products do not grant",
        unset: `the app's: \`${LINKEDIN_APPS.share.scopes}\` (share), \`${LINKEDIN_APPS.community.scopes}\` (community)`,
      }),
    LINKEDIN_FRESH_TOKEN_RETRY_MS: z.coerce
      .number()
      .int()
      .nonnegative()
      .max(30_000)
      .default(FRESH_TOKEN_RETRY_MS)
      .describe('at connect, a member read LinkedIn answers 401 is tried once more after this long (a token LinkedIn has just issued can be refused for a moment)'),
    LINKEDIN_API_VERSION: z
      .string()
      .optional()
      .superRefine((version, ctx) => {
        const problem = version === undefined ? null : versionProblem(version, Date.now());
        if (problem) ctx.addIssue({ code: 'custom', message: problem });
      })
      .meta({
        description:
          `the \`LinkedIn-Version\` header: a version LinkedIn has released and not retired, as listed in \`${VERSION_LIST}\`, or one newer than the list (used with a warning); ` +
          `start-up refuses any other, and warns ${SUNSET_WARNING_DAYS} days before its sunset ([docs/linkedin.md](linkedin.md#api-versions))`,
        unset: `\`${LIVE_API_VERSION}\` live; in the sandbox the newest active version`,
      }),
    LINKEDIN_REQUEST_TIMEOUT_MS: z.coerce
      .number()
      .int()
      .positive()
      .default(10_000)
      .describe('how long a LinkedIn call may take; a post still unanswered then is marked unconfirmed (never sent again automatically)'),
    // a process left alone after its peer died carries 10,000 posts a minute only with about 167 x 0.4 s = 67 in flight, plus the stores' time
    LINKEDIN_PUBLISH_CONCURRENCY: z.coerce
      .number()
      .int()
      .positive()
      .max(1_000)
      .default(96)
      .describe(
        "scheduled publishes one process runs at once (the publish-requests consumer's prefetch): LinkedIn takes a few hundred ms to create a post, so a burst falling due together needs many in flight",
      ),
    LINKEDIN_INSTANCE_TTL_MS: z.coerce
      .number()
      .int()
      .positive()
      .default(5_000)
      .describe(
        'how long a process counts as alive after its last heartbeat (refreshed every third of it): a publish lock held by a process silent that long (killed) is taken over by the others',
      ),
    ENGAGEMENT_POLL_INTERVAL_MS: z.coerce
      .number()
      .int()
      .positive()
      .default(15 * 60_000)
      .describe(
        'how often an engagement round (likes, comments, reposts, views) runs; a post is read every round in its first day, then hourly, then every 6 hours ([docs/linkedin.md](linkedin.md#engagement-and-linkedins-daily-limits))',
      ),
    ENGAGEMENT_WINDOW_DAYS: z.coerce.number().int().positive().default(30).describe('posts older than this are no longer polled'),
    EXPIRY_NOTICE_INTERVAL_MS: z.coerce
      .number()
      .int()
      .positive()
      .default(15 * 60_000)
      .describe(
        'how often the connections whose grant ends within 7 days, or has ended, are looked for: each member is emailed once a week before and once when it has ended (the links open `${PUBLIC_URL}/profile`)',
      ),
  })
  .superRefine((c, ctx) => {
    const mode = c.LINKEDIN_MODE ?? (c.LINKEDIN_CLIENT_ID ? 'live' : 'sandbox');
    if (mode === 'live' && !c.LINKEDIN_CLIENT_ID) ctx.addIssue({ code: 'custom', path: ['LINKEDIN_CLIENT_ID'], message: 'is required when LINKEDIN_MODE=live' });
    if (mode === 'live' && !c.LINKEDIN_CLIENT_SECRET) ctx.addIssue({ code: 'custom', path: ['LINKEDIN_CLIENT_SECRET'], message: 'is required when LINKEDIN_MODE=live' });
    if (!c.TOKEN_ENCRYPTION_KEY && c.NODE_ENV !== 'test') ctx.addIssue({ code: 'custom', path: ['TOKEN_ENCRYPTION_KEY'], message: 'is required (32 bytes, base64)' });
    for (const key of (c.TOKEN_ENCRYPTION_PREVIOUS_KEYS ?? '').split(',').filter(Boolean)) {
      if (Buffer.from(key.trim(), 'base64').length !== 32) ctx.addIssue({ code: 'custom', path: ['TOKEN_ENCRYPTION_PREVIOUS_KEYS'], message: 'every key must be 32 bytes, base64-encoded' });
    }
    // without the setting: the pinned live version, or the sandbox's newest; either may have aged out of the list
    const now = Date.now();
    const fallback = c.LINKEDIN_API_VERSION === undefined && (mode === 'live' ? versionProblem(LIVE_API_VERSION, now) : !newestActiveLinkedinVersion(now) && activeVersionsHint(now));
    if (fallback) ctx.addIssue({ code: 'custom', path: ['LINKEDIN_API_VERSION'], message: `is not set, and its default cannot be used: ${fallback}` });
    if (c.LINKEDIN_SCOPES !== undefined) {
      for (const message of scopeProblems(c.LINKEDIN_APP, scopeList(c.LINKEDIN_SCOPES))) ctx.addIssue({ code: 'custom', path: ['LINKEDIN_SCOPES'], message });
    }
  })
  .transform((c) => {
    const mode = c.LINKEDIN_MODE ?? (c.LINKEDIN_CLIENT_ID ? 'live' : 'sandbox');
    // the service calls the sandbox at one address; the browser may know it by another (compose, Kubernetes)
    const sandbox = c.LINKEDIN_SANDBOX_URL.replace(/\/$/, '');
    const sandboxPublic = (c.LINKEDIN_SANDBOX_PUBLIC_URL ?? c.LINKEDIN_SANDBOX_URL).replace(/\/$/, '');
    const defaults =
      mode === 'live'
        ? LIVE
        : {
            authUrl: `${sandboxPublic}/oauth/v2/authorization`,
            tokenUrl: `${sandbox}/oauth/v2/accessToken`,
            revokeUrl: `${sandbox}/oauth/v2/revoke`,
            apiUrl: sandbox,
            webUrl: sandboxPublic,
          };
    const linkedin = {
      mode,
      app: c.LINKEDIN_APP,
      // in sandbox mode, the sandbox's app of that kind
      clientId: c.LINKEDIN_CLIENT_ID ?? (c.LINKEDIN_APP === 'community' ? SANDBOX_COMMUNITY_CLIENT_ID : SANDBOX_CLIENT.id),
      clientSecret: c.LINKEDIN_CLIENT_SECRET ?? SANDBOX_CLIENT.secret,
      authUrl: c.LINKEDIN_AUTH_URL ?? defaults.authUrl,
      tokenUrl: c.LINKEDIN_TOKEN_URL ?? defaults.tokenUrl,
      revokeUrl: c.LINKEDIN_REVOKE_URL ?? defaults.revokeUrl,
      apiUrl: (c.LINKEDIN_API_URL ?? defaults.apiUrl).replace(/\/$/, ''),
      webUrl: (c.LINKEDIN_WEB_URL ?? defaults.webUrl).replace(/\/$/, ''),
      redirectUri: c.LINKEDIN_REDIRECT_URI ?? `${c.PUBLIC_URL.replace(/\/$/, '')}/linkedin/callback`,
      scopes: scopeList(c.LINKEDIN_SCOPES ?? LINKEDIN_APPS[c.LINKEDIN_APP].scopes),
      freshTokenRetryMs: c.LINKEDIN_FRESH_TOKEN_RETRY_MS,
      // the sandbox accepts what LinkedIn does (the same list), so the newest active one is right there
      apiVersion: c.LINKEDIN_API_VERSION ?? (mode === 'live' ? LIVE_API_VERSION : newestActiveLinkedinVersion(Date.now())!),
      requestTimeoutMs: c.LINKEDIN_REQUEST_TIMEOUT_MS,
    };
    const encryption = {
      key: c.TOKEN_ENCRYPTION_KEY ?? TEST_ENCRYPTION_KEY,
      previousKeys: (c.TOKEN_ENCRYPTION_PREVIOUS_KEYS ?? '').split(',').map((k) => k.trim()).filter(Boolean),
    };
    return { ...c, linkedin, encryption };
  });
export type LinkedinConfig = z.infer<typeof configSchema>;
export type LinkedinSettings = LinkedinConfig['linkedin'];

/** The sandbox app's client secret in production: generated, and the sandbox's SANDBOX_CLIENT_SECRET too. */
const SANDBOX_CLIENT_SECRET_RULE: SecretRule = { minLength: 32, hint: "the LinkedIn sandbox's SANDBOX_CLIENT_SECRET; npm run secrets makes one" };

/**
 * Production: the encryption key, PUBLIC_URL and the SMTP server are stated, and LinkedIn is
 * chosen on purpose: without LINKEDIN_MODE and a client id the service would quietly talk to the
 * sandbox. With the sandbox, its client secret is a generated one, never the built-in one.
 */
export const production = productionRules(serviceProductionRules, mailProductionRules, {
  secrets: { TOKEN_ENCRYPTION_KEY: { kind: 'base64-key', hint: 'openssl rand -base64 32' } },
  required: ['PUBLIC_URL'],
  check: (env) => {
    const problems: string[] = [];
    if (!env.LINKEDIN_MODE && !env.LINKEDIN_CLIENT_ID) {
      problems.push(
        'LINKEDIN_MODE: is required in production: live (with LINKEDIN_CLIENT_ID and LINKEDIN_CLIENT_SECRET of your LinkedIn app) or sandbox (the LinkedIn test double)',
      );
    }
    const mode = env.LINKEDIN_MODE ?? (env.LINKEDIN_CLIENT_ID ? 'live' : 'sandbox');
    if (mode === 'live' && env.LINKEDIN_CLIENT_SECRET === SANDBOX_CLIENT.secret) {
      problems.push("LINKEDIN_CLIENT_SECRET: is the sandbox's built-in secret; use your LinkedIn app's");
    }
    if (env.LINKEDIN_MODE === 'sandbox' && !env.LINKEDIN_SANDBOX_URL) {
      problems.push('LINKEDIN_SANDBOX_URL: is required in production with LINKEDIN_MODE=sandbox (where this service reaches the sandbox)');
    }
    // a deployed sandbox takes a generated client secret, not its built-in one: the same one here
    if (env.LINKEDIN_MODE === 'sandbox') problems.push(...productionProblems({ secrets: { LINKEDIN_CLIENT_SECRET: SANDBOX_CLIENT_SECRET_RULE } }, env));
    return problems;
  },
});

/** The only place that reads process.env. */
export function readConfig(env: Record<string, string | undefined> = process.env): Readonly<LinkedinConfig> {
  return loadConfig(configSchema, env, production);
}
