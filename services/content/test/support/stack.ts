/**
 * The content service with the REAL auth service beside it (the trial quota lives there),
 * both in-process on port 0, on the real MongoDB-compatible store, Redis and RabbitMQ.
 */
import type { AuthResponse, ContentItem, GenerateResponse } from '@postwright/contracts';
import { Types } from 'mongoose';
import { cleanupNamespace, http, randomId, testEnv, testKeys, testNamespace, TEST_INTERNAL_TOKEN } from '@postwright/platform/src/testing';
import { readConfig as readAuthConfig } from '../../../auth/src/config';
import { start as startAuth } from '../../../auth/src/server';
import { readConfig } from '../../src/config';
import { start, type ContentService } from '../../src/server';
import { buildGenerateRequest } from './builders';

type RunningAuth = Awaited<ReturnType<typeof startAuth>>;

export interface TestUser {
  id: string;
  token: string;
}

export interface Stack {
  ns: string;
  content: ContentService;
  auth: RunningAuth;
  /** a new account through the auth service's signup; premium accounts have unlimited posts */
  user(options?: { tier?: 'trial' | 'premium' | 'beta' }): Promise<TestUser>;
  /** generates a draft for the user through the public API */
  draft(user: TestUser, overrides?: Record<string, unknown>): Promise<ContentItem>;
  /** moves an item through the internal API, as the scheduler and LinkedIn services do */
  transition(id: string, body: Record<string, unknown>): Promise<{ status: number; body: any }>;
  list(user: TestUser): Promise<ContentItem[]>;
  /** the stored document as it is in the database (null when there is none) */
  stored(id: string): Promise<Record<string, any> | null>;
  /** how many trial posts the auth service has counted for the user */
  trialPostsUsed(user: TestUser): Promise<number>;
  stop(): Promise<void>;
}

export async function startStack(contentEnv: Record<string, string | undefined> = {}): Promise<Stack> {
  const ns = testNamespace();
  const auth = await startAuth(
    readAuthConfig(
      testEnv(ns, {
        JWT_PRIVATE_KEY: testKeys.privateKey,
        JWT_PUBLIC_KEY: testKeys.publicKey,
        // the suites sign many users up from one address
        AUTH_RATE_LIMIT_PER_MINUTE: '100000',
      }),
    ),
  );
  let content: ContentService;
  try {
    content = await start(readConfig(testEnv(ns, { AUTH_URL: auth.url, ...contentEnv })));
  } catch (error) {
    await auth.stop();
    throw error;
  }

  const stack: Stack = {
    ns,
    content,
    auth,
    async user(options = {}) {
      const res = await http<AuthResponse>(auth.url, 'POST', '/api/auth/signup', {
        body: { email: `author-${randomId()}@example.com`, password: 'correct horse battery', firstName: 'Ada', lastName: 'Byron' },
      });
      if (res.status !== 201) throw new Error(`signup failed: ${res.status} ${JSON.stringify(res.body)}`);
      const user = { id: res.body.user.id, token: res.body.tokens.accessToken };
      if (options.tier && options.tier !== 'trial') await auth.modules.admin.setTier(user.id, { tier: options.tier });
      return user;
    },
    async draft(user, overrides = {}) {
      const res = await http<GenerateResponse>(content.url, 'POST', '/api/content/generate', { token: user.token, body: buildGenerateRequest(overrides) });
      if (res.status !== 201) throw new Error(`generate failed: ${res.status} ${JSON.stringify(res.body)}`);
      return res.body.content;
    },
    transition: (id, body) =>
      http(content.url, 'POST', `/internal/content/${id}/transition`, { body, headers: { 'x-internal-token': TEST_INTERNAL_TOKEN } }),
    async list(user) {
      const res = await http<{ content: ContentItem[] }>(content.url, 'GET', '/api/content', { token: user.token });
      if (res.status !== 200) throw new Error(`list failed: ${res.status}`);
      return res.body.content;
    },
    stored: (id) => content.ctx.mongo.collection('content_items').findOne({ _id: new Types.ObjectId(id) }),
    async trialPostsUsed(user) {
      const res = await http(auth.url, 'GET', '/api/users/profile', { token: user.token });
      if (res.status !== 200) throw new Error(`profile failed: ${res.status}`);
      return res.body.user.trialPostsUsed;
    },
    async stop() {
      await content.stop();
      await auth.stop();
      await cleanupNamespace(ns);
    },
  };
  return stack;
}

/** An hour from now, rounded to the second, as the scheduler would send it. */
export function inAnHour(offsetMinutes = 0): string {
  const d = new Date(Date.now() + 3_600_000 + offsetMinutes * 60_000);
  d.setMilliseconds(0);
  return d.toISOString();
}
