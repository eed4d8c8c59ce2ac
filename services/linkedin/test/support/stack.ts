/**
 * The LinkedIn service alone, in-process on port 0, on the real MongoDB-compatible store, Redis
 * and RabbitMQ, in one test namespace. LinkedIn is the sandbox (the local double speaking its
 * protocol); the content service it calls is the test kit's fake of the internal API, built from
 * contracts/src/internal.ts and checked against the real one by the same contract cases
 * (platform/src/testing/contracts/content-contract.ts), and it settles items from the
 * linkedin.post.* events as the content service does. Users are tokens signed by the test kit's
 * key, as the auth service signs them, and accounts of the test kit's fake of the auth service's
 * internal API (the address, whether it is verified, which emails the member wants), checked
 * against the real one by the quota contract cases. Emails go to the shared test Mailpit
 * (platform/src/testing/mailpit.ts reads them back).
 */
import { randomBytes } from 'node:crypto';
import { withoutOwner, type ContentItem, type EventType } from '@postwright/contracts';
import { readConfig as readSandboxConfig, start as startSandbox, type RunningSandbox } from '@postwright/linkedin-sandbox';
import { cleanupNamespace, http, issueTestToken, testEnv, testNamespace, TEST_INTERNAL_TOKEN } from '@postwright/platform/src/testing';
import { startEventProbe, type EventProbe } from '@postwright/platform/src/testing/events';
import { startFakeContent, type FakeContent } from '@postwright/platform/src/testing/fakes/content';
import { startFakeQuota, type FakeQuota } from '@postwright/platform/src/testing/fakes/quota';
import { consentRedirect } from '@postwright/platform/src/testing/linkedin-consent';
import { readConfig } from '../../src/config';
import { start, type LinkedinService } from '../../src/server';

export const PUBLIC_URL = 'http://localhost:8080';
export const TEST_ENCRYPTION_KEY = randomBytes(32).toString('base64');

export interface TestUser {
  id: string;
  token: string;
  /** the member's address, where their notification emails go */
  email: string;
}

/** What the auth service knows of a member besides the id: verified by default, every email on. */
export type MemberProfile = NonNullable<Parameters<FakeQuota['addUser']>[2]>;

export type { EventProbe };

export interface Stack {
  ns: string;
  sandbox: RunningSandbox;
  linkedin: LinkedinService;
  /** the content service's internal API, as the LinkedIn service sees it */
  content: FakeContent;
  /** the auth service's internal API (the members' accounts), as the LinkedIn service sees it */
  auth: FakeQuota;
  events: EventProbe;
  /** an account: its id, its address and an access token signed as the auth service signs them */
  user(profile?: MemberProfile): Promise<TestUser>;
  /** the connect flow a browser goes through: auth-url, the sandbox's consent form, Allow, callback */
  connect(user: TestUser, member?: Record<string, string | null>): Promise<{ status: number; body: any; code: string; state: string }>;
  /** a draft of the user's (with `text` as its saved final text) */
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
    const content = await startFakeContent({ internalToken: TEST_INTERNAL_TOKEN });
    stoppers.push(() => content.stop());
    await content.listen(ns);
    const auth = await startFakeQuota({ internalToken: TEST_INTERNAL_TOKEN });
    stoppers.push(() => auth.stop());
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
      async user(profile = {}) {
        const id = randomBytes(12).toString('hex');
        const email = profile.email ?? `member-${id}@example.com`;
        auth.addUser(id, 'premium', { ...profile, email });
        return { id, token: issueTestToken({ sub: id, tier: 'premium' }), email };
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
        return withoutOwner(content.addDraft(user.id, { text }));
      },
      async schedule(user, item, scheduledFor = new Date(Date.now() + 3_600_000).toISOString()) {
        const res = await http(content.url, 'POST', `/internal/content/${item.id}/transition`, {
          headers: { 'x-internal-token': TEST_INTERNAL_TOKEN },
          body: { userId: user.id, from: ['draft'], to: 'scheduled', scheduledFor },
        });
        if (res.status !== 200) throw new Error(`schedule failed: ${res.status} ${JSON.stringify(res.body)}`);
        return withoutOwner(res.body.content);
      },
      async item(user, id) {
        const found = content.item(id);
        if (!found || found.userId !== user.id) throw new Error(`item ${id} is not the user's`);
        return withoutOwner(found);
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
