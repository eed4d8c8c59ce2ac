/**
 * The scheduler alone, in-process on port 0, on the real MongoDB-compatible store, Redis and
 * RabbitMQ, in one test namespace. The content service it calls is the test kit's fake of the
 * internal API (checked against the real one by the content contract cases), which settles items
 * from the linkedin.post.* events as content does; the LinkedIn service is played by the test
 * through the event probe (it answers content.publish.requested with linkedin.post.published or
 * linkedin.post.failed). Users are tokens signed by the test kit's key, and accounts of the test
 * kit's fake of the auth service's internal API (the address, whether it is verified, which
 * emails the member wants), checked against the real one by the quota contract cases. Emails go
 * to the shared test Mailpit (platform/src/testing/mailpit.ts reads them back). The scheduler's
 * journeys with the real LinkedIn service and sandbox are in robustness/test/scheduler.*.test.ts.
 */
import { withoutOwner, type ContentItem, type ContentType, type EventEnvelope, type EventPayload } from '@postwright/contracts';
import { cleanupNamespace, http, issueTestToken, randomId, testEnv, testNamespace, TEST_INTERNAL_TOKEN, type JsonResponse } from '@postwright/platform/src/testing';
import { startEventProbe, type EventProbe } from '@postwright/platform/src/testing/events';
import { startFakeContent, type FakeContent } from '@postwright/platform/src/testing/fakes/content';
import { startFakeQuota, type FakeQuota } from '@postwright/platform/src/testing/fakes/quota';
import { randomBytes } from 'node:crypto';
import { readConfig } from '../../src/config';
import { start, type SchedulerService } from '../../src/server';
export { inMs, withOffset } from '@postwright/platform/src/testing/times';

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
  /** the content service's internal API, as the scheduler sees it */
  content: FakeContent;
  /** the auth service's internal API (the members' accounts), as the scheduler sees it */
  auth: FakeQuota;
  scheduler: SchedulerService;
  events: EventProbe;
  /** environment a scheduler of this stack reads (another replica) */
  schedulerEnv(extra?: Record<string, string>): Record<string, string | undefined>;
  startScheduler(extra?: Record<string, string>): Promise<SchedulerService>;
  user(profile?: MemberProfile): Promise<TestUser>;
  /** a draft of the user's with its saved final text */
  draft(user: TestUser, options?: { text?: string; contentType?: ContentType }): Promise<ContentItem>;
  item(user: TestUser, id: string): Promise<ContentItem>;
  schedule(user: TestUser, contentId: string, scheduledFor: string, url?: string): Promise<JsonResponse>;
  unschedule(user: TestUser, contentId: string, url?: string): Promise<JsonResponse>;
  /** the LinkedIn service's answer to a publish request: what it posted, or why it did not */
  answer(request: EventEnvelope<'content.publish.requested'>, outcome: LinkedinAnswer): Promise<void>;
  stop(): Promise<void>;
}

export type LinkedinAnswer = { outcome: 'published'; postId?: string } | { outcome: 'failed'; reason: string; retryable: boolean; unconfirmed?: boolean };

export const SCHEDULER_TEST_SETTINGS = {
  SCHEDULE_MIN_LEAD_SECONDS: '2',
  SCHEDULER_RECONCILE_INTERVAL_MS: '500',
  SCHEDULER_INSTANCE_TTL_MS: '3000',
  PUBLISH_RETRY_BASE_MS: '300',
  PUBLISH_RETRY_WINDOW_SECONDS: '30',
};

/** Drops this namespace's databases and its Redis keys. */
export const cleanup = (ns: string, redisUrls: string[] = []): Promise<void> => cleanupNamespace(ns, [], { redisUrls });

export async function startStack(options: { schedulerEnv?: Record<string, string> } = {}): Promise<Stack> {
  const ns = testNamespace();
  const stoppers: Array<() => Promise<unknown>> = [];
  const stopAll = async () => {
    for (const stop of stoppers.reverse()) await stop().catch(() => undefined);
    await cleanup(ns);
  };
  try {
    const content = await startFakeContent({ internalToken: TEST_INTERNAL_TOKEN });
    stoppers.push(() => content.stop());
    await content.listen(ns);
    const auth = await startFakeQuota({ internalToken: TEST_INTERNAL_TOKEN });
    stoppers.push(() => auth.stop());
    const events = await startEventProbe(ns, ['content.publish.requested', 'linkedin.post.published', 'linkedin.post.failed', 'content.deleted', 'schedule.failed'], {
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
    const scheduler = await startScheduler();

    const stack: Stack = {
      ns,
      content,
      auth,
      scheduler,
      events,
      schedulerEnv,
      startScheduler,
      async user(profile = {}) {
        const id = randomBytes(12).toString('hex');
        const email = profile.email ?? `member-${id}@example.com`;
        auth.addUser(id, 'premium', { ...profile, email });
        return { id, token: issueTestToken({ sub: id, tier: 'premium' }), email };
      },
      async draft(user, draftOptions = {}) {
        const text = draftOptions.text ?? `Scheduled post ${randomId()}: work samples beat whiteboards.`;
        return withoutOwner(content.addDraft(user.id, { text, contentType: draftOptions.contentType }));
      },
      async item(user, id) {
        const found = content.item(id);
        if (!found || found.userId !== user.id) throw new Error(`item ${id} is not the user's`);
        return withoutOwner(found);
      },
      schedule(user, contentId, scheduledFor, url = scheduler.url) {
        return http(url, 'POST', '/api/calendar/schedule', { token: user.token, body: { contentId, scheduledFor } });
      },
      unschedule(user, contentId, url = scheduler.url) {
        return http(url, 'DELETE', `/api/calendar/unschedule/${contentId}`, { token: user.token });
      },
      async answer(request, outcome) {
        const { requestId, contentId, userId } = request.payload;
        if (outcome.outcome === 'published') {
          const postId = outcome.postId ?? `urn:li:share:${Date.now()}${Math.floor(Math.random() * 1000)}`;
          const payload: EventPayload<'linkedin.post.published'> = {
            requestId,
            contentId,
            userId,
            linkedinPostId: postId,
            url: `https://www.linkedin.com/feed/update/${postId}`,
            publishedAt: new Date().toISOString(),
          };
          await events.publish('linkedin.post.published', payload);
        } else {
          await events.publish('linkedin.post.failed', { requestId, contentId, userId, reason: outcome.reason, retryable: outcome.retryable, unconfirmed: outcome.unconfirmed ?? false });
        }
      },
      stop: stopAll,
    };
    return stack;
  } catch (error) {
    await stopAll();
    throw error;
  }
}

