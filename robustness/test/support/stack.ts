/**
 * The whole product in one test namespace, every part real and in-process on port 0: the
 * LinkedIn sandbox and the billing sandbox (the local doubles speaking LinkedIn's and Stripe's
 * protocols), auth, content, LinkedIn, scheduler, billing and the gateway in front, on the real
 * MongoDB-compatible store, Redis and RabbitMQ. Every call of the suites goes through the
 * gateway, as the browser's do, and Stripe's webhooks come through it too.
 */
import { allowConsent } from '@postwright/platform/src/testing/linkedin-consent';
import { randomBytes } from 'node:crypto';
import type { AuthResponse, BillingInterval, ContentItem, GenerateResponse, PlanId, User } from '@postwright/contracts';
import { advanceToRenewal, payCheckout, portalAction, TEST_CARDS, type PageAnswer, type PortalAction } from '@postwright/platform/src/testing/stripe-pages';
import { linkIn, waitForMessage } from '@postwright/platform/src/testing/mailpit';
import { cleanupNamespace, eventually, http, randomId, testEnv, testKeys, testNamespace, type HttpOptions, type JsonResponse, generateForm } from '@postwright/platform/src/testing';
import { readConfig as readGatewayConfig } from '../../../gateway/src/config';
import { start as startGateway, type RunningGateway } from '../../../gateway/src/server';
import { readConfig as readAuthConfig } from '../../../services/auth/src/config';
import { start as startAuth } from '../../../services/auth/src/server';
import { readConfig as readContentConfig } from '../../../services/content/src/config';
import { start as startContent, type ContentService } from '../../../services/content/src/server';
import { readConfig as readLinkedinConfig } from '../../../services/linkedin/src/config';
import { start as startLinkedin, type LinkedinService } from '../../../services/linkedin/src/server';
import { readConfig as readSandboxConfig } from '../../../services/linkedin-sandbox/src/config';
import { start as startSandbox, type RunningSandbox } from '../../../services/linkedin-sandbox/src/server';
import { readConfig as readBillingSandboxConfig } from '../../../services/billing-sandbox/src/config';
import { start as startBillingSandbox, type RunningSandbox as RunningBillingSandbox } from '../../../services/billing-sandbox/src/server';
import { readConfig as readBillingConfig, SANDBOX_STRIPE } from '../../../services/billing/src/config';
import { start as startBilling, type BillingService } from '../../../services/billing/src/server';
import { readConfig as readSchedulerConfig } from '../../../services/scheduler/src/config';
import { start as startScheduler, type SchedulerService } from '../../../services/scheduler/src/server';

const PUBLIC_URL = 'http://localhost:8080';
/** the content service's per-member generation limits, lifted */
const UNLIMITED_GENERATION = { GENERATION_MAX_IN_FLIGHT: '1000', GENERATION_PER_MINUTE: '100000' };
type RunningAuth = Awaited<ReturnType<typeof startAuth>>;

export interface TestUser {
  id: string;
  email: string;
  token: string;
  refreshToken: string;
}

/** One call through the gateway as the load suite records it: ids in the path read `:id`. */
export interface CallSample {
  route: string;
  status: number;
  ms: number;
}

export interface StackOptions {
  /** over the stack's own settings of the scheduler (e.g. a short schedule lead) */
  schedulerEnv?: Record<string, string>;
  /** over the stack's own settings of the LinkedIn service */
  linkedinEnv?: Record<string, string>;
  /** over the stack's own settings of the gateway */
  gatewayEnv?: Record<string, string>;
  /** over the stack's own settings of the content service (e.g. a model: OPENAI_API_KEY, OPENAI_BASE_URL) */
  contentEnv?: Record<string, string>;
  /** over the stack's own settings of the auth service (e.g. its real sign-in limits) */
  authEnv?: Record<string, string>;
  /** over the LinkedIn sandbox's own settings (e.g. a short access token lifetime) */
  sandboxEnv?: Record<string, string>;
  /** over the stack's own settings of the billing service */
  billingEnv?: Record<string, string>;
  /** told of every call through the gateway when it is answered (status 0: no answer) */
  onCall?: (sample: CallSample) => void;
  /** where every service and the gateway reach Redis and RabbitMQ (a TcpProxy's URL in the fault suites) */
  redisUrl?: string;
  amqpUrl?: string;
}

/** The services a fault suite may stop and start again (on the same port, with the same settings). */
export type ServiceName = 'auth' | 'content' | 'linkedin' | 'scheduler' | 'billing';

export type SandboxPost = { id: string; text?: string; commentary?: string; createdAt?: string };

/** `PUT /api/content/665f.../edit` -> `PUT /api/content/:id/edit`: one route, whatever the ids */
export function routeOf(method: string, path: string): string {
  const bare = path.split('?')[0].replace(/\/(?:[0-9a-f]{24}|[0-9a-f-]{36})(?=\/|$)/gi, '/:id');
  return `${method.toUpperCase()} ${bare}`;
}

export interface Stack {
  ns: string;
  gateway: RunningGateway;
  auth: RunningAuth;
  content: ContentService;
  linkedin: LinkedinService;
  scheduler: SchedulerService;
  billing: BillingService;
  sandbox: RunningSandbox;
  /** Stripe's double: hosted Checkout and portal pages, test clocks, signed webhooks through the gateway */
  billingSandbox: RunningBillingSandbox;
  /** Checkout through the gateway for the plan, paid on the sandbox's page with the card; the payment form's answer */
  checkout(user: TestUser, plan?: PlanId, interval?: BillingInterval, card?: string): Promise<PageAnswer>;
  /** follows the link of the "Verify your email" message the member was sent (Mailpit), through the gateway */
  verifyEmail(user: TestUser): Promise<void>;
  /** verifies the email if it is not yet, pays Checkout with 4242, then waits until the account has the plan */
  subscribe(user: TestUser, plan?: PlanId, interval?: BillingInterval): Promise<User>;
  /** one of the Billing Portal's actions, opened through the gateway as Manage billing does */
  portal(user: TestUser, action: PortalAction, fields?: Record<string, string | null>): Promise<PageAnswer>;
  /** the member's subscription's test clock moved just past its period's end: it renews, or ends if cancelled */
  renew(user: TestUser): Promise<void>;
  /** one more gateway in front of the same services, with these settings over the stack's (stopped with the stack) */
  anotherGateway(env?: Record<string, string>): Promise<RunningGateway>;
  /** a call through the gateway */
  call<T = any>(method: string, path: string, options?: HttpOptions): Promise<JsonResponse<T>>;
  /** a new account through the public signup (from a loopback source address; default 127.0.0.1); premium has unlimited posts */
  user(options?: { tier?: 'trial' | 'premium'; connect?: boolean; from?: string }): Promise<TestUser>;
  /** the connect flow a browser goes through (auth-url, the sandbox's consent, Allow, callback); again to reconnect */
  connect(user: TestUser): Promise<void>;
  /** a generated draft with a saved final text */
  draft(user: TestUser): Promise<ContentItem>;
  list(user: TestUser): Promise<ContentItem[]>;
  profile(user: TestUser): Promise<User>;
  sandboxPosts(): Promise<SandboxPost[]>;
  /** the posts LinkedIn (the sandbox) shows with exactly this text */
  postsWith(text: string): Promise<SandboxPost[]>;
  /** switches a sandbox fault on for the next matching LinkedIn calls (kinds in the sandbox's state.ts) */
  fault(kind: string, options?: { count?: number; path?: string; delayMs?: number }): Promise<void>;
  clearFaults(): Promise<void>;
  /** one item as GET /api/content shows it to its owner */
  item(user: TestUser, id: string): Promise<ContentItem>;
  publish(user: TestUser, contentId: string): Promise<JsonResponse>;
  schedule(user: TestUser, contentId: string, scheduledFor: Date): Promise<JsonResponse>;
  /** stops a service as a deploy does (requests under way are answered first); the gateway then answers 502 */
  stopService(name: ServiceName): Promise<void>;
  /** starts a stopped service again on its port with its settings */
  startService(name: ServiceName): Promise<void>;
  stop(): Promise<void>;
}

export async function startStack(options: StackOptions = {}): Promise<Stack> {
  const ns = testNamespace();
  const stoppers: Array<() => Promise<unknown>> = [];
  const stopAll = async () => {
    for (const stop of stoppers.reverse()) await stop().catch(() => undefined);
    await cleanupNamespace(ns);
  };
  try {
    const sandbox = await startSandbox(
      readSandboxConfig({ NODE_ENV: 'test', LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent', PORT: '0', SANDBOX_FAST: 'true', PUBLIC_URL, ...options.sandboxEnv }),
    );
    stoppers.push(() => sandbox.stop());
    // the services reach Redis and RabbitMQ where the options say; the port is kept across restarts
    const env = (extra: Record<string, string>, port = 0) =>
      testEnv(ns, {
        ...(options.redisUrl ? { REDIS_URL: options.redisUrl } : {}),
        ...(options.amqpUrl ? { AMQP_URL: options.amqpUrl } : {}),
        ...extra,
        PORT: String(port),
      });
    const billingSandbox = await startBillingSandbox(
      readBillingSandboxConfig({ NODE_ENV: 'test', LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent', PORT: '0', PUBLIC_URL, SANDBOX_WEBHOOK_RETRY_BASE_MS: '100' }),
    );
    stoppers.push(() => billingSandbox.stop());
    const running = {} as { auth: RunningAuth; content: ContentService; linkedin: LinkedinService; scheduler: SchedulerService; billing: BillingService };
    const tokenKey = randomBytes(32).toString('base64');
    const launch = {
      auth: (port?: number) =>
        startAuth(
          readAuthConfig(
            env({ JWT_PRIVATE_KEY: testKeys.privateKey, JWT_PUBLIC_KEY: testKeys.publicKey, AUTH_RATE_LIMIT_PER_MINUTE: '1000000', ...options.authEnv }, port),
          ),
        ),
      // the journeys and the load suite generate far faster than a member does (the security suite sets the real limits)
      content: (port?: number) =>
        startContent(readContentConfig(env({ AUTH_URL: running.auth.url, ...UNLIMITED_GENERATION, ...options.contentEnv }, port))),
      linkedin: (port?: number) =>
        startLinkedin(
          readLinkedinConfig(
            env(
              {
                PUBLIC_URL,
                LINKEDIN_SANDBOX_URL: sandbox.url,
                CONTENT_URL: running.content.url,
                AUTH_URL: running.auth.url,
                TOKEN_ENCRYPTION_KEY: tokenKey,
                LINKEDIN_REQUEST_TIMEOUT_MS: '3000',
                ENGAGEMENT_POLL_INTERVAL_MS: '3600000',
                ...options.linkedinEnv,
              },
              port,
            ),
          ),
        ),
      scheduler: (port?: number) =>
        startScheduler(readSchedulerConfig(env({ CONTENT_URL: running.content.url, AUTH_URL: running.auth.url, ...options.schedulerEnv }, port))),
      billing: (port?: number) =>
        startBilling(
          readBillingConfig(
            env(
              {
                PUBLIC_URL,
                AUTH_URL: running.auth.url,
                BILLING_SANDBOX_URL: billingSandbox.url,
                WEBHOOK_RETRY_INTERVAL_MS: '500',
                WEBHOOK_RETRY_BASE_MS: '500',
                ...options.billingEnv,
              },
              port,
            ),
          ),
        ),
    };
    for (const name of ['auth', 'content', 'linkedin', 'scheduler', 'billing'] as const) {
      (running as Record<ServiceName, unknown>)[name] = await launch[name]();
      // whichever instance runs at the end is stopped (stopping a stopped one is a no-op)
      stoppers.push(() => running[name].stop());
    }
    const { auth, content, linkedin, scheduler, billing } = running;
    const launchGateway = async (extra: Record<string, string> = {}) => {
      const started = await startGateway(
        readGatewayConfig({
          ...env({}),
          AUTH_URL: auth.url,
          CONTENT_URL: content.url,
          LINKEDIN_URL: linkedin.url,
          SCHEDULER_URL: scheduler.url,
          BILLING_URL: billing.url,
          RATE_LIMIT_PER_MINUTE: '1000000',
          UPSTREAM_TIMEOUT_MS: '20000',
          ...extra,
        }),
      );
      stoppers.push(() => started.stop());
      return started;
    };
    const gateway = await launchGateway(options.gatewayEnv);
    // Stripe posts its events to the product's public webhook address: here, the gateway
    const webhooks = await http(billingSandbox.url, 'POST', '/__sandbox/webhooks', { body: { url: `${gateway.url}/api/billing/webhook` } });
    if (webhooks.status !== 200) throw new Error(`billing sandbox webhooks: ${webhooks.status} ${JSON.stringify(webhooks.body)}`);

    const call: Stack['call'] = async (method, path, callOptions) => {
      const started = performance.now();
      const sample = (status: number) => options.onCall?.({ route: routeOf(method, path), status, ms: performance.now() - started });
      try {
        const res = await http(gateway.url, method, path, callOptions);
        sample(res.status);
        return res;
      } catch (error) {
        sample(0);
        throw error;
      }
    };
    const stack: Stack = {
      ns,
      gateway,
      get auth() {
        return running.auth;
      },
      get content() {
        return running.content;
      },
      get linkedin() {
        return running.linkedin;
      },
      get scheduler() {
        return running.scheduler;
      },
      get billing() {
        return running.billing;
      },
      sandbox,
      billingSandbox,
      call,
      anotherGateway: launchGateway,
      async checkout(user, plan = 'starter', interval = 'month', card = TEST_CARDS.success) {
        const res = await call('POST', '/api/billing/checkout', { token: user.token, body: { plan, interval } });
        if (res.status !== 200) throw new Error(`checkout: ${res.status} ${JSON.stringify(res.body)}`);
        return payCheckout(res.body.url, card);
      },
      async verifyEmail(user) {
        // the load suite's burst of 100 signups queues a few verification emails past 30 s on a busy
        // 2-core machine (the outbox sends them in turn); a minute is still a prompt email
        const token = linkIn(await waitForMessage(user.email, { subject: 'Verify your email', timeoutMs: 60_000 }), '/auth/verify-email').searchParams.get('token');
        const res = await call('POST', '/api/auth/verify-email', { body: { token } });
        if (res.status !== 200) throw new Error(`verify-email: ${res.status} ${JSON.stringify(res.body)}`);
      },
      async subscribe(user, plan = 'starter', interval = 'month') {
        if (!(await stack.profile(user)).emailVerified) await stack.verifyEmail(user);
        const paid = await stack.checkout(user, plan, interval);
        if (paid.status !== 303) throw new Error(`payment: ${paid.status}`);
        return eventually(() => stack.profile(user), (u) => u.subscriptionTier === plan && u.subscriptionStatus === 'active', 15_000);
      },
      async portal(user, action, fields) {
        const res = await call('POST', '/api/billing/portal', { token: user.token });
        if (res.status !== 200) throw new Error(`portal: ${res.status} ${JSON.stringify(res.body)}`);
        return portalAction(res.body.url, action, fields);
      },
      async renew(user) {
        const mirror = await running.billing.modules.stores.subscriptions.byUser(user.id);
        if (!mirror?.subscriptionId) throw new Error('the member has no subscription to renew');
        await advanceToRenewal(billingSandbox.url, SANDBOX_STRIPE.secretKey, mirror.subscriptionId);
      },
      async user(options = {}) {
        const email = `exec-${randomId()}@example.com`;
        const res = await call<AuthResponse>('POST', '/api/auth/signup', {
          body: { email, password: 'correct horse battery', firstName: 'Dana', lastName: 'Reyes' },
          from: options.from,
        });
        if (res.status !== 201) throw new Error(`signup failed: ${res.status} ${JSON.stringify(res.body)}`);
        let token = res.body.tokens.accessToken;
        let refreshToken = res.body.tokens.refreshToken;
        if ((options.tier ?? 'premium') === 'premium') {
          await running.auth.modules.admin.setTier(res.body.user.id, { tier: 'premium' });
          // a fresh token carries the new tier
          const again = await call<AuthResponse>('POST', '/api/auth/login', { body: { email, password: 'correct horse battery' }, from: options.from });
          if (again.status !== 200) throw new Error(`login failed: ${again.status} ${JSON.stringify(again.body)}`);
          token = again.body.tokens.accessToken;
          refreshToken = again.body.tokens.refreshToken;
        }
        const user = { id: res.body.user.id, email, token, refreshToken };
        if (options.connect) await stack.connect(user);
        return user;
      },
      async connect(user) {
        const begin = await call('GET', '/api/linkedin/auth-url', { token: user.token });
        if (begin.status !== 200) throw new Error(`auth-url: ${begin.status} ${JSON.stringify(begin.body)}`);
        const back = await allowConsent(begin.body.authURL, `${user.id}@example.com`);
        const done = await call('POST', '/api/linkedin/callback', {
          token: user.token,
          body: { code: back.searchParams.get('code'), state: back.searchParams.get('state') },
        });
        if (done.status !== 200) throw new Error(`callback: ${done.status} ${JSON.stringify(done.body)}`);
      },
      async draft(user) {
        const res = await call<GenerateResponse>('POST', '/api/content/generate', {
          token: user.token,
          body: generateForm(),
        });
        if (res.status !== 201) throw new Error(`generate failed: ${res.status} ${JSON.stringify(res.body)}`);
        const edited = await call('PUT', `/api/content/${res.body.content.id}/edit`, {
          token: user.token,
          body: { editedContent: `Robustness post ${randomId()}: work samples beat whiteboards.`, saveAsDraft: true },
        });
        if (edited.status !== 200) throw new Error(`edit failed: ${edited.status} ${JSON.stringify(edited.body)}`);
        return edited.body.content;
      },
      async list(user) {
        const res = await call<{ content: ContentItem[] }>('GET', '/api/content', { token: user.token });
        if (res.status !== 200) throw new Error(`list failed: ${res.status} ${JSON.stringify(res.body)}`);
        return res.body.content;
      },
      async profile(user) {
        const res = await call<{ user: User }>('GET', '/api/users/profile', { token: user.token });
        if (res.status !== 200) throw new Error(`profile failed: ${res.status} ${JSON.stringify(res.body)}`);
        return res.body.user;
      },
      async sandboxPosts() {
        const res = await http(sandbox.url, 'GET', '/__sandbox/posts');
        if (res.status !== 200) throw new Error(`sandbox posts: ${res.status}`);
        return res.body.posts;
      },
      async postsWith(text) {
        return (await stack.sandboxPosts()).filter((p) => p.text === text);
      },
      async fault(kind, faultOptions = {}) {
        const res = await http(sandbox.url, 'POST', '/__sandbox/faults', { body: { kind, ...faultOptions } });
        if (res.status !== 201) throw new Error(`sandbox fault: ${res.status} ${JSON.stringify(res.body)}`);
      },
      async clearFaults() {
        await http(sandbox.url, 'DELETE', '/__sandbox/faults');
      },
      async item(user, id) {
        const found = (await stack.list(user)).find((c) => c.id === id);
        if (!found) throw new Error(`item ${id} is not in the list`);
        return found;
      },
      publish(user, contentId) {
        return call('POST', '/api/linkedin/post', { token: user.token, body: { contentId } });
      },
      schedule(user, contentId, scheduledFor) {
        return call('POST', '/api/calendar/schedule', { token: user.token, body: { contentId, scheduledFor: scheduledFor.toISOString() } });
      },
      async stopService(name) {
        await running[name].stop();
      },
      async startService(name) {
        (running as Record<ServiceName, unknown>)[name] = await launch[name](running[name].port);
      },
      stop: stopAll,
    };
    return stack;
  } catch (error) {
    await stopAll();
    throw error;
  }
}
