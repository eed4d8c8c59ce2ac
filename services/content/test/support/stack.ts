/**
 * The content service alone, in-process on port 0, on the real MongoDB-compatible store, Redis
 * and RabbitMQ. The auth service it calls (the trial quota) is the test kit's fake, built from
 * contracts/src/internal.ts and checked against the real one by the same contract cases
 * (platform/src/testing/contracts/quota-contract.ts); users are accounts of that fake with
 * tokens signed by the test kit's key, as the auth service signs them.
 */
import type { ContentItem, GenerateResponse } from '@postwright/contracts';
import { Types } from 'mongoose';
import { cleanupNamespace, http, issueTestToken, testEnv, testNamespace, TEST_INTERNAL_TOKEN } from '@postwright/platform/src/testing';
import { startFakeQuota, type FakeQuota, type FakeQuotaTier } from '@postwright/platform/src/testing/fakes/quota';
import { readConfig } from '../../src/config';
import { start, type ContentService } from '../../src/server';
import { buildGenerateRequest } from './builders';

export interface TestUser {
  id: string;
  token: string;
}

export interface Stack {
  ns: string;
  content: ContentService;
  /** the auth service's quota API, as the content service sees it */
  quota: FakeQuota;
  /** the env that starts another content process on this stack's namespace and quota (and its generation limits) */
  env(extra?: Record<string, string | undefined>): Record<string, string | undefined>;
  /** a new account with its access token; premium accounts have unlimited posts */
  user(options?: { tier?: FakeQuotaTier }): Promise<TestUser>;
  /** generates a draft for the user through the public API */
  draft(user: TestUser, overrides?: Record<string, unknown>): Promise<ContentItem>;
  /** moves an item through the internal API, as the scheduler and LinkedIn services do */
  transition(id: string, body: Record<string, unknown>): Promise<{ status: number; body: any }>;
  /** reports what came of publishing the item through the internal API, as the LinkedIn service and the scheduler do */
  report(id: string, body: Record<string, unknown>): Promise<{ status: number; body: any }>;
  list(user: TestUser): Promise<ContentItem[]>;
  /** the stored document as it is in the database (null when there is none) */
  stored(id: string): Promise<Record<string, any> | null>;
  /** how many trial posts the auth service has counted for the user (its profile's trialPostsUsed) */
  trialPostsUsed(user: TestUser): Promise<number>;
  stop(): Promise<void>;
}

export async function startStack(contentEnv: Record<string, string | undefined> = {}): Promise<Stack> {
  const ns = testNamespace();
  const quota = await startFakeQuota({ internalToken: TEST_INTERNAL_TOKEN });
  // the generation limits have tests of their own (generate.in-flight, generate.per-minute); elsewhere
  // one author generates as fast and as many at once as a test needs
  const env = (extra: Record<string, string | undefined> = {}) =>
    testEnv(ns, { AUTH_URL: quota.url, GENERATION_MAX_IN_FLIGHT: '1000', GENERATION_PER_MINUTE: '100000', ...extra });
  let content: ContentService;
  try {
    content = await start(readConfig(env(contentEnv)));
  } catch (error) {
    await quota.stop();
    throw error;
  }

  const stack: Stack = {
    ns,
    content,
    quota,
    env,
    async user(options = {}) {
      const id = new Types.ObjectId().toHexString();
      quota.addUser(id, options.tier);
      return { id, token: issueTestToken({ sub: id, tier: options.tier ?? 'trial' }) };
    },
    async draft(user, overrides = {}) {
      const res = await http<GenerateResponse>(content.url, 'POST', '/api/content/generate', { token: user.token, body: buildGenerateRequest(overrides) });
      if (res.status !== 201) throw new Error(`generate failed: ${res.status} ${JSON.stringify(res.body)}`);
      return res.body.content;
    },
    transition: (id, body) =>
      http(content.url, 'POST', `/internal/content/${id}/transition`, { body, headers: { 'x-internal-token': TEST_INTERNAL_TOKEN } }),
    report: (id, body) => http(content.url, 'POST', `/internal/content/${id}/publication`, { body, headers: { 'x-internal-token': TEST_INTERNAL_TOKEN } }),
    async list(user) {
      const res = await http<{ content: ContentItem[] }>(content.url, 'GET', '/api/content', { token: user.token });
      if (res.status !== 200) throw new Error(`list failed: ${res.status}`);
      return res.body.content;
    },
    stored: (id) => content.ctx.mongo.collection('content_items').findOne({ _id: new Types.ObjectId(id) }),
    trialPostsUsed: async (user) => quota.trialPostsUsed(user.id),
    async stop() {
      await content.stop();
      await quota.stop();
      await cleanupNamespace(ns);
    },
  };
  return stack;
}

/** The LinkedIn service's report of a post it made for the item. */
export function publishedReport(userId: string, linkedinPostId: string, publishedAt = new Date().toISOString()) {
  return { outcome: 'published', requestId: null, userId, linkedinPostId, url: `https://www.linkedin.com/feed/update/${linkedinPostId}`, publishedAt };
}

/** An hour from now, rounded to the second, as the scheduler would send it. */
export function inAnHour(offsetMinutes = 0): string {
  const d = new Date(Date.now() + 3_600_000 + offsetMinutes * 60_000);
  d.setMilliseconds(0);
  return d.toISOString();
}
