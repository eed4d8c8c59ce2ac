/**
 * The scheduler's journeys across services (moved here from the scheduler's own tests, which
 * start the scheduler alone with fakes): the scheduler with everything real beside it, in one test namespace: the LinkedIn sandbox
 * (the local double speaking LinkedIn's protocol), the auth service (accounts), the content
 * service (the items), the LinkedIn service (publishes and reports back), on the real
 * MongoDB-compatible store, Redis and RabbitMQ. Schedulers run in-process, or as child
 * processes (`node --import tsx services/scheduler/src/main.ts`) for the replica tests.
 */
import { allowConsent } from '@postwright/platform/src/testing/linkedin-consent';
import { startEventProbe, type EventProbe } from '@postwright/platform/src/testing/events';
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import type { AuthResponse, ContentItem, ContentType, GenerateResponse } from '@postwright/contracts';
import { cleanupNamespace, http, randomId, testEnv, testKeys, testNamespace, type JsonResponse, generateForm } from '@postwright/platform/src/testing';
import { readConfig as readAuthConfig } from '../../../services/auth/src/config';
import { start as startAuth } from '../../../services/auth/src/server';
import { readConfig as readContentConfig } from '../../../services/content/src/config';
import { start as startContent, type ContentService } from '../../../services/content/src/server';
import { readConfig as readLinkedinConfig } from '../../../services/linkedin/src/config';
import { start as startLinkedin, type LinkedinService } from '../../../services/linkedin/src/server';
import { readConfig as readSandboxConfig } from '../../../services/linkedin-sandbox/src/config';
import { start as startSandbox, type RunningSandbox } from '../../../services/linkedin-sandbox/src/server';
import { readConfig } from '../../../services/scheduler/src/config';
import { start, type SchedulerService } from '../../../services/scheduler/src/server';
export { inMs, withOffset } from '@postwright/platform/src/testing/times';

const PUBLIC_URL = 'http://localhost:8080';
const ROOT = path.resolve(__dirname, '../../..');
type RunningAuth = Awaited<ReturnType<typeof startAuth>>;

export interface TestUser {
  id: string;
  token: string;
}

export interface SandboxPost {
  id: string;
  author: string;
  commentary: string;
  text: string;
  createdAt: string;
}

export type { EventProbe };

export interface ChildScheduler {
  proc: ChildProcess;
  url: Promise<string>;
  output(): string;
  exited: Promise<number | null>;
}

export interface Stack {
  ns: string;
  sandbox: RunningSandbox;
  auth: RunningAuth;
  content: ContentService;
  linkedin: LinkedinService;
  /** stops the LinkedIn service; the returned function starts it again with the same settings */
  stopLinkedin(): Promise<() => Promise<LinkedinService>>;
  /** the in-process scheduler (absent when the stack was started without one) */
  scheduler?: SchedulerService;
  events: EventProbe;
  /** environment a scheduler of this stack reads (for child processes and extra replicas) */
  schedulerEnv(extra?: Record<string, string>): Record<string, string | undefined>;
  startScheduler(extra?: Record<string, string>): Promise<SchedulerService>;
  spawnScheduler(extra?: Record<string, string>): ChildScheduler;
  /** a premium account with LinkedIn connected through the real OAuth round trip */
  user(options?: { connect?: boolean }): Promise<TestUser>;
  draft(user: TestUser, options?: { text?: string; contentType?: ContentType }): Promise<ContentItem>;
  item(user: TestUser, id: string): Promise<ContentItem>;
  schedule(user: TestUser, contentId: string, scheduledFor: string, url?: string): Promise<JsonResponse>;
  unschedule(user: TestUser, contentId: string, url?: string): Promise<JsonResponse>;
  sandboxPosts(): Promise<SandboxPost[]>;
  fault(kind: string, options?: { count?: number; path?: string; delayMs?: number }): Promise<void>;
  stop(): Promise<void>;
}

export const SCHEDULER_TEST_SETTINGS = {
  SCHEDULE_MIN_LEAD_SECONDS: '2',
  SCHEDULER_RECONCILE_INTERVAL_MS: '500',
  SCHEDULER_INSTANCE_TTL_MS: '3000',
  PUBLISH_RETRY_BASE_MS: '300',
  PUBLISH_RETRY_WINDOW_SECONDS: '30',
};

/** Drops this namespace's databases and its Redis keys on every Redis the test used. */
export const cleanup = (ns: string, redisUrls: string[]): Promise<void> => cleanupNamespace(ns, [], { redisUrls });

export async function startStack(options: { scheduler?: boolean; schedulerEnv?: Record<string, string>; linkedinEnv?: Record<string, string> } = {}): Promise<Stack> {
  const ns = testNamespace();
  const stoppers: Array<() => Promise<unknown>> = [];
  const stopAll = async () => {
    for (const stop of stoppers.reverse()) await stop().catch(() => undefined);
    const defaultRedis = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
    await cleanup(ns, [defaultRedis, options.schedulerEnv?.REDIS_URL ?? defaultRedis]);
  };
  try {
    const sandbox = await startSandbox(
      readSandboxConfig({ NODE_ENV: 'test', LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent', PORT: '0', SANDBOX_FAST: 'true', PUBLIC_URL }),
    );
    stoppers.push(() => sandbox.stop());
    const auth = await startAuth(
      readAuthConfig(testEnv(ns, { JWT_PRIVATE_KEY: testKeys.privateKey, JWT_PUBLIC_KEY: testKeys.publicKey, AUTH_RATE_LIMIT_PER_MINUTE: '100000' })),
    );
    stoppers.push(() => auth.stop());
    // many posts for one member at once: more than a member writes
    const content = await startContent(readContentConfig(testEnv(ns, { AUTH_URL: auth.url, GENERATION_MAX_IN_FLIGHT: '1000', GENERATION_PER_MINUTE: '100000' })));
    stoppers.push(() => content.stop());
    const linkedinConfig = readLinkedinConfig(
      testEnv(ns, {
        PUBLIC_URL,
        LINKEDIN_SANDBOX_URL: sandbox.url,
        CONTENT_URL: content.url,
        AUTH_URL: auth.url,
        TOKEN_ENCRYPTION_KEY: randomBytes(32).toString('base64'),
        LINKEDIN_REQUEST_TIMEOUT_MS: '3000',
        ENGAGEMENT_POLL_INTERVAL_MS: '3600000',
        ...options.linkedinEnv,
      }),
    );
    let linkedin = await startLinkedin(linkedinConfig);
    stoppers.push(() => linkedin.stop());
    const events = await startEventProbe(ns, ['content.publish.requested', 'linkedin.post.published', 'linkedin.post.failed', 'content.deleted'], {
      waitMs: 15_000,
      prefetch: 500,
    });
    stoppers.push(() => events.close());

    const schedulerEnv = (extra: Record<string, string> = {}) =>
      testEnv(ns, { CONTENT_URL: content.url, AUTH_URL: auth.url, ...SCHEDULER_TEST_SETTINGS, ...options.schedulerEnv, ...extra });
    const startScheduler = async (extra: Record<string, string> = {}) => {
      const s = await start(readConfig(schedulerEnv(extra)));
      stoppers.push(() => s.stop());
      return s;
    };
    const scheduler = options.scheduler === false ? undefined : await startScheduler();

    const control = async (method: string, p: string, body?: unknown) => {
      const res = await http(sandbox.url, method, p, { body });
      if (res.status >= 300) throw new Error(`sandbox ${p}: ${res.status} ${JSON.stringify(res.body)}`);
      return res.body;
    };
    const schedulerUrl = (url?: string) => {
      const u = url ?? scheduler?.url;
      if (!u) throw new Error('no scheduler running');
      return u;
    };

    const stack: Stack = {
      ns,
      sandbox,
      auth,
      content,
      get linkedin() {
        return linkedin;
      },
      async stopLinkedin() {
        await linkedin.stop();
        return async () => {
          linkedin = await startLinkedin(linkedinConfig);
          stoppers.push(() => linkedin.stop());
          return linkedin;
        };
      },
      scheduler,
      events,
      schedulerEnv,
      startScheduler,
      spawnScheduler(extra = {}) {
        const env = Object.fromEntries(Object.entries({ ...process.env, ...schedulerEnv({ LOG_LEVEL: 'warn', ...extra }) }).filter(([, v]) => v !== undefined)) as NodeJS.ProcessEnv;
        delete env.JEST_WORKER_ID;
        const proc = spawn(process.execPath, ['--import', 'tsx', 'services/scheduler/src/main.ts'], { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
        let out = '';
        let resolveUrl!: (url: string) => void;
        const url = new Promise<string>((resolve) => (resolveUrl = resolve));
        const onData = (chunk: Buffer) => {
          out += chunk.toString();
          const m = /"url":"(http:\/\/[^"]+)"[^\n]*scheduler listening/.exec(out);
          if (m) resolveUrl(m[1]);
        };
        proc.stdout!.on('data', onData);
        proc.stderr!.on('data', onData);
        const exited = new Promise<number | null>((resolve) => proc.once('exit', (code) => resolve(code)));
        stoppers.push(async () => {
          if (proc.exitCode === null && proc.signalCode === null) {
            proc.kill('SIGTERM');
            const timer = setTimeout(() => proc.kill('SIGKILL'), 10_000);
            await exited;
            clearTimeout(timer);
          }
        });
        return { proc, url, output: () => out, exited };
      },
      async user(userOptions = {}) {
        const res = await http<AuthResponse>(auth.url, 'POST', '/api/auth/signup', {
          body: { email: `exec-${randomId()}@example.com`, password: 'correct horse battery', firstName: 'Dana', lastName: 'Reyes' },
        });
        if (res.status !== 201) throw new Error(`signup failed: ${res.status} ${JSON.stringify(res.body)}`);
        // premium: unlimited generation (the trial's 3 posts would not go far here)
        await auth.modules.admin.setTier(res.body.user.id, { tier: 'premium' });
        const user = { id: res.body.user.id, token: res.body.tokens.accessToken };
        if (userOptions.connect !== false) {
          const begin = await http(linkedin.url, 'GET', '/api/linkedin/auth-url', { token: user.token });
          if (begin.status !== 200) throw new Error(`auth-url: ${begin.status} ${JSON.stringify(begin.body)}`);
          const back = await allowConsent(begin.body.authURL, `${user.id}@example.com`);
          const done = await http(linkedin.url, 'POST', '/api/linkedin/callback', {
            token: user.token,
            body: { code: back.searchParams.get('code'), state: back.searchParams.get('state') },
          });
          if (done.status !== 200) throw new Error(`callback: ${done.status} ${JSON.stringify(done.body)}`);
        }
        return user;
      },
      async draft(user, draftOptions = {}) {
        const res = await http<GenerateResponse>(content.url, 'POST', '/api/content/generate', {
          token: user.token,
          body: generateForm(draftOptions.contentType),
        });
        if (res.status !== 201) throw new Error(`generate failed: ${res.status} ${JSON.stringify(res.body)}`);
        const text = draftOptions.text ?? `Scheduled post ${randomId()}: work samples beat whiteboards.`;
        const edited = await http(content.url, 'PUT', `/api/content/${res.body.content.id}/edit`, {
          token: user.token,
          body: { editedContent: text, saveAsDraft: true },
        });
        if (edited.status !== 200) throw new Error(`edit failed: ${edited.status} ${JSON.stringify(edited.body)}`);
        return edited.body.content;
      },
      async item(user, id) {
        const res = await http<{ content: ContentItem[] }>(content.url, 'GET', '/api/content', { token: user.token });
        const found = res.body.content.find((c) => c.id === id);
        if (!found) throw new Error(`item ${id} not in the list`);
        return found;
      },
      schedule(user, contentId, scheduledFor, url) {
        return http(schedulerUrl(url), 'POST', '/api/calendar/schedule', { token: user.token, body: { contentId, scheduledFor } });
      },
      unschedule(user, contentId, url) {
        return http(schedulerUrl(url), 'DELETE', `/api/calendar/unschedule/${contentId}`, { token: user.token });
      },
      async sandboxPosts() {
        return (await control('GET', '/__sandbox/posts')).posts;
      },
      async fault(kind, faultOptions = {}) {
        await control('POST', '/__sandbox/faults', { kind, ...faultOptions });
      },
      stop: stopAll,
    };
    return stack;
  } catch (error) {
    await stopAll();
    throw error;
  }
}


export function postsWith(posts: SandboxPost[], text: string): SandboxPost[] {
  return posts.filter((p) => p.text === text || p.commentary === text || p.text?.includes(text));
}
