/**
 * The LinkedIn service with everything real beside it, in-process on port 0: the LinkedIn
 * sandbox (the local double speaking LinkedIn's protocol), the auth service (accounts and
 * tokens) and the content service (the items published), on the real MongoDB-compatible
 * store, Redis and RabbitMQ, in one test namespace.
 */
import { randomBytes } from 'node:crypto';
import type { AuthResponse, ContentItem, EventType, GenerateResponse } from '@postwright/contracts';
import { cleanupNamespace, http, randomId, testEnv, testKeys, testNamespace, TEST_INTERNAL_TOKEN, generateForm } from '@postwright/platform/src/testing';
import { consentRedirect } from '@postwright/platform/src/testing/linkedin-consent';
import { startEventProbe, type EventProbe } from '@postwright/platform/src/testing/events';
import { readConfig as readAuthConfig } from '../../../auth/src/config';
import { start as startAuth } from '../../../auth/src/server';
import { readConfig as readContentConfig } from '../../../content/src/config';
import { start as startContent, type ContentService } from '../../../content/src/server';
import { readConfig as readSandboxConfig } from '../../../linkedin-sandbox/src/config';
import { start as startSandbox, type RunningSandbox } from '../../../linkedin-sandbox/src/server';
import { readConfig } from '../../src/config';
import { start, type LinkedinService } from '../../src/server';

export const PUBLIC_URL = 'http://localhost:8080';
export const TEST_ENCRYPTION_KEY = randomBytes(32).toString('base64');

type RunningAuth = Awaited<ReturnType<typeof startAuth>>;

export interface TestUser {
  id: string;
  token: string;
}

export type { EventProbe };

export interface Stack {
  ns: string;
  sandbox: RunningSandbox;
  linkedin: LinkedinService;
  content: ContentService;
  auth: RunningAuth;
  events: EventProbe;
  /** a premium account (unlimited generation) made through the auth service */
  user(): Promise<TestUser>;
  /** the connect flow a browser goes through: auth-url, the sandbox's consent form, Allow, callback */
  connect(user: TestUser, member?: Record<string, string | null>): Promise<{ status: number; body: any; code: string; state: string }>;
  /** a draft generated through the content service's public API */
  draft(user: TestUser, text?: string): Promise<ContentItem>;
  /** an item moved to scheduled through the content service's internal API, as the scheduler does */
  schedule(user: TestUser, item: ContentItem, scheduledFor?: string): Promise<ContentItem>;
  item(user: TestUser, id: string): Promise<ContentItem>;
  sandboxPosts(): Promise<Array<{ id: string; author: string; commentary: string; text: string; truncated: boolean }>>;
  fault(kind: string, options?: { count?: number; path?: string; delayMs?: number }): Promise<void>;
  /** starts another LinkedIn service instance on the same namespace (restarts, key rotation) */
  startLinkedin(env?: Record<string, string>): Promise<LinkedinService>;
  stop(): Promise<void>;
}

export const ALL_LINKEDIN_EVENTS: EventType[] = [
  'linkedin.connected',
  'linkedin.disconnected',
  'linkedin.profile.updated',
  'linkedin.post.published',
  'linkedin.post.failed',
  'linkedin.engagement.updated',
  'content.publish.requested',
];

/** Drops this namespace's databases and Redis keys. */
export const cleanup = (ns: string): Promise<void> => cleanupNamespace(ns);

/** The answer of a form submit: the sandbox's redirect back to the web's callback page. */
export const submitConsent = consentRedirect;

export async function startStack(options: { linkedinEnv?: Record<string, string>; sandboxEnv?: Record<string, string> } = {}): Promise<Stack> {
  const ns = testNamespace();
  const stoppers: Array<() => Promise<unknown>> = [];
  const stopAll = async () => {
    for (const stop of stoppers.reverse()) await stop().catch(() => undefined);
    await cleanup(ns);
  };
  try {
    const sandbox = await startSandbox(
      readSandboxConfig({ NODE_ENV: 'test', LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent', PORT: '0', SANDBOX_FAST: 'true', PUBLIC_URL, ...options.sandboxEnv }),
    );
    stoppers.push(() => sandbox.stop());
    const auth = await startAuth(
      readAuthConfig(testEnv(ns, { JWT_PRIVATE_KEY: testKeys.privateKey, JWT_PUBLIC_KEY: testKeys.publicKey, AUTH_RATE_LIMIT_PER_MINUTE: '100000' })),
    );
    stoppers.push(() => auth.stop());
    const content = await startContent(readContentConfig(testEnv(ns, { AUTH_URL: auth.url })));
    stoppers.push(() => content.stop());
    const linkedinEnv = (env: Record<string, string> = {}) =>
      testEnv(ns, {
        PUBLIC_URL,
        LINKEDIN_SANDBOX_URL: sandbox.url,
        CONTENT_URL: content.url,
        AUTH_URL: auth.url,
        TOKEN_ENCRYPTION_KEY: TEST_ENCRYPTION_KEY,
        LINKEDIN_REQUEST_TIMEOUT_MS: '1500',
        ENGAGEMENT_POLL_INTERVAL_MS: '3600000',
        ...options.linkedinEnv,
        ...env,
      });
    const linkedin = await start(readConfig(linkedinEnv()));
    stoppers.push(() => linkedin.stop());
    const events = await startEventProbe(ns, ALL_LINKEDIN_EVENTS);
    stoppers.push(() => events.close());

    const control = async (method: string, path: string, body?: unknown) => {
      const res = await http(sandbox.url, method, path, { body });
      if (res.status >= 300) throw new Error(`sandbox ${path}: ${res.status} ${JSON.stringify(res.body)}`);
      return res.body;
    };

    const stack: Stack = {
      ns,
      sandbox,
      linkedin,
      content,
      auth,
      events,
      async user() {
        const res = await http<AuthResponse>(auth.url, 'POST', '/api/auth/signup', {
          body: { email: `exec-${randomId()}@example.com`, password: 'correct horse battery', firstName: 'Dana', lastName: 'Reyes' },
        });
        if (res.status !== 201) throw new Error(`signup failed: ${res.status} ${JSON.stringify(res.body)}`);
        await auth.modules.admin.setTier(res.body.user.id, { tier: 'premium' });
        return { id: res.body.user.id, token: res.body.tokens.accessToken };
      },
      async connect(user, member = {}) {
        const start = await http(linkedin.url, 'GET', '/api/linkedin/auth-url', { token: user.token });
        if (start.status !== 200) throw new Error(`auth-url: ${start.status} ${JSON.stringify(start.body)}`);
        const back = await submitConsent(start.body.authURL, 'Allow', { email: `${user.id}@example.com`, ...member });
        const code = back.searchParams.get('code')!;
        const state = back.searchParams.get('state')!;
        const res = await http(linkedin.url, 'POST', '/api/linkedin/callback', { token: user.token, body: { code, state } });
        return { ...res, code, state };
      },
      async draft(user, text) {
        const res = await http<GenerateResponse>(content.url, 'POST', '/api/content/generate', {
          token: user.token,
          body: generateForm(),
        });
        if (res.status !== 201) throw new Error(`generate failed: ${res.status} ${JSON.stringify(res.body)}`);
        if (text === undefined) return res.body.content;
        const edited = await http(content.url, 'PUT', `/api/content/${res.body.content.id}/edit`, {
          token: user.token,
          body: { editedContent: text, saveAsDraft: true },
        });
        if (edited.status !== 200) throw new Error(`edit failed: ${edited.status} ${JSON.stringify(edited.body)}`);
        return edited.body.content;
      },
      async schedule(user, item, scheduledFor = new Date(Date.now() + 3_600_000).toISOString()) {
        const res = await http(content.url, 'POST', `/internal/content/${item.id}/transition`, {
          headers: { 'x-internal-token': TEST_INTERNAL_TOKEN },
          body: { userId: user.id, from: ['draft'], to: 'scheduled', scheduledFor },
        });
        if (res.status !== 200) throw new Error(`schedule failed: ${res.status} ${JSON.stringify(res.body)}`);
        const { userId: _owner, ...rest } = res.body.content;
        return rest;
      },
      async item(user, id) {
        const res = await http<{ content: ContentItem[] }>(content.url, 'GET', '/api/content', { token: user.token });
        const found = res.body.content.find((c) => c.id === id);
        if (!found) throw new Error(`item ${id} not in the list`);
        return found;
      },
      async sandboxPosts() {
        return (await control('GET', '/__sandbox/posts')).posts;
      },
      async fault(kind, faultOptions = {}) {
        await control('POST', '/__sandbox/faults', { kind, ...faultOptions });
      },
      async startLinkedin(env = {}) {
        const other = await start(readConfig(linkedinEnv(env)));
        stoppers.push(() => other.stop());
        return other;
      },
      stop: stopAll,
    };
    return stack;
  } catch (error) {
    await stopAll();
    throw error;
  }
}
