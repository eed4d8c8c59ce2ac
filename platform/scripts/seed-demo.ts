/**
 * `npm run seed:demo [-- --posts 75 --tz Europe/Paris]`: a demo member with three months of
 * LinkedIn history, so a fresh stack shows a meaningful Insights page. Against a running stack
 * (`npm run start:demo`, or `npm start` with the settings seed:demo names when one is missing),
 * with no keys:
 *
 * 1. signs a new member up through the public API, verifies the email (the stack's Mailpit) and
 *    subscribes them to Professional on the billing sandbox's Checkout (unlimited posts);
 * 2. connects LinkedIn through the sandbox's consent page, as a browser does;
 * 3. has the offline writer write the posts (the five types in turn), picks a hook of a chosen
 *    style for each, cuts some short and lengthens others, and publishes them;
 * 4. spreads them over the last 90 days at a few habitual weekday-hours: on LinkedIn's side with
 *    the sandbox's ageing control, on ours with the content service's backdating CLI
 *    (services/content/src/cli/backdate-published.ts), since no other program writes its data;
 * 5. waits until the LinkedIn service's poller has brought every post's figures, and prints the
 *    member's email and password and the Insights page's address.
 *
 * Each run makes a new member. The LinkedIn service keeps each post's real publication time: it
 * polls them as new posts, which is how the figures arrive within a minute.
 */
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { postTextOf, type AuthResponse, type ContentItem, type HookStyle, type HookStyleOrUnknown, type InsightsResponse } from '@postwright/contracts';
import { allowConsent } from '../src/testing/linkedin-consent';
import { linkIn, mailpitClient } from '../src/testing/mailpit';
import { payCheckout } from '../src/testing/stripe-pages';
import { demoForms, demoTimes, editBody, prng, type DemoForm } from './seed-demo-content';
import { DEMO_STACK_SETTINGS } from './seed-demo-stack';

const ROOT = path.resolve(__dirname, '../..');
const BACKDATE_CLI = path.join(ROOT, 'services/content/src/cli/backdate-published.ts');

const DEMO_STACK_COMMAND = `${Object.entries(DEMO_STACK_SETTINGS)
  .map(([k, v]) => `${k}=${v}`)
  .join(' ')} npm start`;

export interface SeedOptions {
  /** the gateway, e.g. http://localhost:8080 */
  baseUrl: string;
  /** the LinkedIn sandbox (its test controls on) */
  sandboxUrl: string;
  /** the stack's Mailpit API */
  mailUrl: string;
  posts: number;
  days: number;
  /** the member's time zone: the weekday-hours of their history, and LinkedIn's audience's */
  timeZone: string;
  /** over this process's environment for the backdating CLI: MONGO_URL and NAMESPACE of the stack (unset: `npm start`'s) */
  contentEnv?: Record<string, string | undefined>;
  /** how long to wait for LinkedIn's figures of every post */
  engagementTimeoutMs: number;
  firstName?: string;
  lastName?: string;
  /** seeds the choices (types, hooks, lengths, times); the same seed makes the same history */
  seed?: number;
  log?: (line: string) => void;
}

export interface SeededPost {
  contentId: string;
  linkedinPostId: string;
  contentType: DemoForm['contentType'];
  /** the style of the hook it went out with (unknown: the writer gave none of the style asked for) */
  hookStyle: HookStyleOrUnknown;
  length: number;
  publishedAt: string;
}

export interface SeededMember {
  email: string;
  password: string;
  userId: string;
  /** a fresh access token of the member */
  token: string;
  /** the member's LinkedIn app reads post analytics (LINKEDIN_APP=community); without, no figures come */
  analytics: boolean;
  posts: SeededPost[];
}

interface Answer<T = any> {
  status: number;
  headers: Headers;
  body: T;
}

async function call<T = any>(base: string, method: string, route: string, options: { token?: string; body?: unknown } = {}): Promise<Answer<T>> {
  const headers: Record<string, string> = { accept: 'application/json' };
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  if (options.body !== undefined) headers['content-type'] = 'application/json';
  const res = await fetch(new URL(route, base), { method, headers, body: options.body === undefined ? undefined : JSON.stringify(options.body), signal: AbortSignal.timeout(60_000) });
  const text = await res.text();
  let body: unknown = text;
  try {
    body = text ? JSON.parse(text) : null;
  } catch {
    /* not JSON: kept as text for the message */
  }
  return { status: res.status, headers: res.headers, body: body as T };
}

function expectStatus<T>(answer: Answer<T>, status: number, what: string): T {
  if (answer.status !== status) throw new Error(`${what}: ${answer.status} ${typeof answer.body === 'string' ? answer.body.slice(0, 300) : JSON.stringify(answer.body)}`);
  return answer.body;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Polls `read` until `done` holds or the time is up (then throws, saying what was awaited). */
async function until<T>(read: () => Promise<T>, done: (value: T) => boolean, what: string, timeoutMs: number, everyMs = 500): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > deadline) throw new Error(`Timed out after ${Math.round(timeoutMs / 1000)} s waiting for ${what}.`);
    await sleep(everyMs);
  }
}

/**
 * The member's session: calls through the gateway with their access token, signing in again when
 * it has expired (a seed that waits a while for figures outlives a 15-minute token).
 */
function session(base: string, email: string, password: string, first: AuthResponse) {
  let token = first.tokens.accessToken;
  const login = async () => {
    token = expectStatus(await call<AuthResponse>(base, 'POST', '/api/auth/login', { body: { email, password } }), 200, 'sign in').tokens.accessToken;
  };
  return {
    get token() {
      return token;
    },
    login,
    async call<T = any>(method: string, route: string, body?: unknown): Promise<Answer<T>> {
      let answer = await call<T>(base, method, route, { token, body });
      if (answer.status === 401) {
        await login();
        answer = await call<T>(base, method, route, { token, body });
      }
      return answer;
    },
  };
}

/** The content service's backdating CLI, given the posts on stdin, as an operator would run it. */
function backdate(request: { userId: string; posts: Array<{ contentId: string; publishedAt: string }> }, env: Record<string, string | undefined>): Promise<{ backdated: number; rows: number }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', BACKDATE_CLI], { cwd: ROOT, env: { ...process.env, ...env }, stdio: ['pipe', 'pipe', 'pipe'] });
    let out = '';
    let err = '';
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (err += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code) => (code === 0 ? resolve(JSON.parse(out.trim().split('\n').pop()!)) : reject(new Error(`the backdating CLI failed (exit ${code}): ${err.trim() || out.trim()}`))));
    child.stdin.end(JSON.stringify(request));
  });
}

/** Generates one post, waiting out the per-minute generation limit when it is met. */
async function generate(member: ReturnType<typeof session>, form: DemoForm): Promise<ContentItem> {
  const body = { contentType: form.contentType, topic: form.topic, industryRole: form.industryRole, personalExperience: form.personalExperience, targetAudience: form.targetAudience };
  for (;;) {
    const answer = await member.call<{ content: ContentItem }>('POST', '/api/content/generate', body);
    if (answer.status === 429) {
      await sleep(Math.max(1, Number(answer.headers.get('retry-after')) || 5) * 1000);
      continue;
    }
    return expectStatus(answer, 201, `generate a ${form.contentType} post`).content;
  }
}

/** The hook of the wanted style (the first hook when the writer gave none of that style). */
function hookOf(item: ContentItem, style: HookStyle): { hook: string; style: HookStyleOrUnknown } {
  const at = item.hookStyles.indexOf(style);
  return at >= 0 ? { hook: item.hooks[at], style } : { hook: item.hooks[0], style: item.hookStyles[0] ?? 'unknown' };
}

export async function seedDemo(options: SeedOptions): Promise<SeededMember> {
  const log = options.log ?? (() => undefined);
  const random = prng(options.seed ?? Date.now());
  const { baseUrl, sandboxUrl } = options;

  // 1. the member, verified, on an unlimited plan
  const email = `demo.${Date.now().toString(36)}${randomBytes(2).toString('hex')}@example.com`;
  const password = `demo-${randomBytes(6).toString('base64url')}`;
  const firstName = options.firstName ?? 'Dana';
  const lastName = options.lastName ?? 'Reyes';
  const signedUp = expectStatus(await call<AuthResponse>(baseUrl, 'POST', '/api/auth/signup', { body: { email, password, firstName, lastName } }), 201, 'sign up');
  const member = session(baseUrl, email, password, signedUp);
  log(`signed up ${email}`);
  const mail = await mailpitClient(options.mailUrl).waitForMessage(email, { subject: 'Verify your email', timeoutMs: 60_000 });
  const token = linkIn(mail, '/auth/verify-email').searchParams.get('token');
  expectStatus(await call(baseUrl, 'POST', '/api/auth/verify-email', { body: { token } }), 200, 'verify the email');
  const checkout = expectStatus(await member.call<{ url: string }>('POST', '/api/billing/checkout', { plan: 'professional', interval: 'month' }), 200, 'start Checkout');
  const paid = await payCheckout(checkout.url);
  if (paid.status !== 303) throw new Error(`paying on the billing sandbox's Checkout page: ${paid.status}`);
  await until(
    async () => (await member.call<{ user: { subscriptionTier: string; subscriptionStatus: string } }>('GET', '/api/users/profile')).body.user,
    (user) => user?.subscriptionTier === 'professional' && user.subscriptionStatus === 'active',
    'the Professional subscription to reach the account',
    60_000,
  );
  // a fresh token carries the plan
  await member.login();
  log('subscribed to Professional (billing sandbox)');

  // 2. LinkedIn, through the sandbox's consent page
  const begin = expectStatus(await member.call<{ authURL: string }>('GET', '/api/linkedin/auth-url'), 200, 'LinkedIn auth URL');
  const back = await allowConsent(begin.authURL, email);
  expectStatus(await member.call('POST', '/api/linkedin/callback', { code: back.searchParams.get('code'), state: back.searchParams.get('state') }), 200, 'connect LinkedIn');
  const linkedin = expectStatus(await member.call<{ engagement: { available: boolean; reason: string | null } }>('GET', '/api/linkedin/profile'), 200, 'LinkedIn profile');
  const analytics = linkedin.engagement.available;
  const found = expectStatus(await call<{ members: Array<{ sub: string }> }>(sandboxUrl, 'GET', `/__sandbox/members?email=${encodeURIComponent(email)}`), 200, "the sandbox's member");
  const sub = found.members[0].sub;
  log(`connected LinkedIn (${analytics ? 'post analytics on' : `no post analytics: ${linkedin.engagement.reason}`})`);

  // 3. the posts, written, given their hook and length, published
  const forms = demoForms(options.posts);
  const published: Array<{ item: ContentItem; form: DemoForm; style: HookStyleOrUnknown; text: string }> = [];
  for (const form of forms) {
    const item = await generate(member, form);
    const { hook, style } = hookOf(item, form.hookStyle);
    const text = `${hook}\n\n${editBody(item.generatedContent, form.length)}`;
    const edited = expectStatus(await member.call<{ content: ContentItem }>('PUT', `/api/content/${item.id}/edit`, { editedContent: text, saveAsDraft: true, selectedHook: hook }), 200, 'choose the hook').content;
    const sent = expectStatus(await member.call<{ content: ContentItem }>('POST', '/api/linkedin/post', { contentId: item.id, text: postTextOf(edited) }), 200, `publish "${item.topic}"`);
    published.push({ item: sent.content, form, style, text });
    if (published.length % 10 === 0) log(`published ${published.length} of ${forms.length}`);
  }

  // 4. the history: LinkedIn's side, then ours
  const times = demoTimes(published.map((p) => p.form), { now: Date.now(), days: options.days, timeZone: options.timeZone, random });
  const dated = published.map((p, i) => ({ ...p, publishedAt: new Date(times[i]).toISOString() }));
  expectStatus(await call(sandboxUrl, 'POST', '/__sandbox/settings', { body: { audienceTimeZone: options.timeZone } }), 200, "the sandbox's audience time zone");
  expectStatus(
    await call(sandboxUrl, 'POST', '/__sandbox/posts/age', { body: { sub, posts: dated.map((p) => ({ id: p.item.linkedinPostId, createdAt: p.publishedAt })) } }),
    200,
    'date the posts back on LinkedIn (sandbox)',
  );
  const result = await backdate({ userId: signedUp.user.id, posts: dated.map((p) => ({ contentId: p.item.id, publishedAt: p.publishedAt })) }, options.contentEnv ?? {});
  log(`dated ${result.backdated} posts over the last ${options.days} days (${options.timeZone})`);

  // 5. the figures: a post read before the ageing shows a fresh post's 20-odd impressions, every
  // aged post is at least a day old; the Insights page reads the same reports, so it must count them all too
  if (analytics) {
    const ids = new Set(dated.map((p) => p.item.id));
    let shown = -1;
    await until(
      async () => {
        const list = (await member.call<{ content: ContentItem[] }>('GET', '/api/content?limit=200')).body.content ?? [];
        const measured = list.filter((i) => ids.has(i.id) && (i.engagement?.impressions ?? 0) >= 100).length;
        const insights = await member.call<InsightsResponse>('GET', '/api/insights?range=all');
        const counted = insights.status === 200 ? insights.body.measured : measured;
        if (measured !== shown) log(`LinkedIn's figures for ${measured} of ${ids.size} posts`);
        shown = measured;
        return Math.min(measured, counted);
      },
      (measured) => measured >= ids.size,
      "LinkedIn's figures of every post (the LinkedIn service polls every ENGAGEMENT_POLL_INTERVAL_MS)",
      options.engagementTimeoutMs,
      2_000,
    );
  }
  return {
    email,
    password,
    userId: signedUp.user.id,
    token: member.token,
    analytics,
    posts: dated.map((p) => ({
      contentId: p.item.id,
      linkedinPostId: p.item.linkedinPostId!,
      contentType: p.form.contentType,
      hookStyle: p.style,
      length: p.text.length,
      publishedAt: p.publishedAt,
    })),
  };
}

/** Answers whether the stack is there and set up for the demo; the problem in a sentence otherwise. */
async function checkStack(options: Pick<SeedOptions, 'baseUrl' | 'sandboxUrl' | 'mailUrl'>): Promise<string | null> {
  const reachable = async (url: string) => (await fetch(url, { signal: AbortSignal.timeout(3_000) }).catch(() => null))?.status ?? 0;
  if ((await reachable(`${options.baseUrl}/api/health`)) !== 200) return `No Postwright answers at ${options.baseUrl}. Start it with: npm run start:demo`;
  const controls = await reachable(`${options.sandboxUrl}/__sandbox/faults`);
  if (controls === 0) return `No LinkedIn sandbox answers at ${options.sandboxUrl} (is LINKEDIN_CLIENT_ID set? The demo needs the sandbox). Start the stack with: npm run start:demo`;
  if (controls !== 200) return `The LinkedIn sandbox's test controls are off. Restart the stack with: npm run start:demo (that is: ${DEMO_STACK_COMMAND})`;
  if ((await reachable(`${options.mailUrl}/api/v1/info`)) !== 200) return `No Mailpit answers at ${options.mailUrl}: the demo member's email is verified through the stack's own Mailpit, so leave SMTP_URL unset (or give --mail-url).`;
  return null;
}

async function main(): Promise<number> {
  const { values } = parseArgs({
    args: process.argv.slice(2),
    options: {
      posts: { type: 'string', default: '75' },
      days: { type: 'string', default: '90' },
      tz: { type: 'string' },
      'base-url': { type: 'string' },
      'sandbox-url': { type: 'string' },
      'mail-url': { type: 'string' },
      'timeout-minutes': { type: 'string', default: '20' },
    },
  });
  const posts = Number(values.posts);
  const days = Number(values.days);
  if (!Number.isInteger(posts) || posts < 10 || posts > 500) throw new Error('--posts must be a whole number from 10 to 500');
  if (!Number.isInteger(days) || days < 14 || days > 365) throw new Error('--days must be a whole number from 14 to 365');
  const timeZone = values.tz ?? Intl.DateTimeFormat().resolvedOptions().timeZone;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone });
  } catch {
    throw new Error(`--tz ${timeZone} is not a time zone (e.g. Europe/Paris)`);
  }
  const env = process.env;
  const options: SeedOptions = {
    baseUrl: values['base-url'] ?? env.PUBLIC_URL ?? `http://localhost:${env.PORT ?? 8080}`,
    sandboxUrl: values['sandbox-url'] ?? env.LINKEDIN_SANDBOX_URL ?? `http://localhost:${env.LINKEDIN_SANDBOX_PORT ?? 8090}`,
    mailUrl: values['mail-url'] ?? `http://127.0.0.1:${env.MAILPIT_PORT ?? 8025}`,
    posts,
    days,
    timeZone,
    engagementTimeoutMs: Number(values['timeout-minutes']) * 60_000,
    log: (line) => process.stdout.write(`[seed:demo] ${line}\n`),
  };
  const problem = await checkStack(options);
  if (problem) {
    process.stderr.write(`[seed:demo] ${problem}\n`);
    return 2;
  }
  const started = Date.now();
  const member = await seedDemo(options);
  const minutes = ((Date.now() - started) / 60_000).toFixed(1);
  const out = (line = '') => process.stdout.write(`${line}\n`);
  out();
  out(`Demo member ready in ${minutes} min: ${member.posts.length} posts over the last ${days} days (${timeZone}).`);
  out(`  Email:    ${member.email}`);
  out(`  Password: ${member.password}`);
  out(`  Insights: ${options.baseUrl}/insights`);
  if (member.analytics) {
    const insights = await call<InsightsResponse>(options.baseUrl, 'GET', `/api/insights?range=90d&tz=${encodeURIComponent(timeZone)}`, { token: member.token });
    if (insights.status === 200) for (const finding of insights.body.findings.slice(0, 3)) out(`  - ${finding.text}`);
  } else {
    out();
    out('This stack runs a share app (LINKEDIN_APP=share): LinkedIn gives it no post analytics, so the Insights page says what is');
    out(`missing. For figures, restart with: npm run start:demo (that is: ${DEMO_STACK_COMMAND}), then run npm run seed:demo again.`);
  }
  return 0;
}

if (require.main === module) {
  main().then(
    (code) => process.exit(code),
    (error: unknown) => {
      process.stderr.write(`[seed:demo] failed: ${error instanceof Error ? error.message : String(error)}\n`);
      process.exit(1);
    },
  );
}
