import type { ContentItem } from '@postwright/contracts';
import { eventually, randomId, type JsonResponse } from '@postwright/platform/src/testing';
import { startStack, type Stack, type TestUser } from './support/stack';

/**
 * Scheduled posts edited through the gateway, several members at once, each from its own address
 * as browsers are: whatever a call answered is what the same member's next call sees. An edit
 * right after an unschedule that answered "draft" is an edit of a draft; an edit of a scheduled
 * post keeps it scheduled at its time, and the edited text is what LinkedIn gets at that time.
 */
describe('editing scheduled posts through the gateway', () => {
  const MEMBERS = 20;
  const ROUNDS = 4;
  let stack: Stack;
  let members: Array<{ user: TestUser; from: string }>;

  beforeAll(async () => {
    // a short lead, so that a post scheduled just over the edit cutoff ahead goes out during the test
    stack = await startStack({ schedulerEnv: { SCHEDULE_MIN_LEAD_SECONDS: '1' } });
    members = [];
    for (let i = 0; i < MEMBERS; i++) {
      const from = `127.0.0.${60 + i}`;
      members.push({ user: await stack.user({ from }), from });
    }
  }, 180_000);
  afterAll(async () => {
    await stack?.stop();
  }, 60_000);

  /** Two hours ahead, whole seconds: far from the edit cutoff, and nothing fires during the test. */
  const later = (minutes = 0) => {
    const at = new Date(Date.now() + 2 * 3_600_000 + minutes * 60_000);
    at.setMilliseconds(0);
    return at.toISOString();
  };

  /** One member's calls, each with its answer: the first one that does not answer as expected is reported. */
  function journey(member: { user: TestUser; from: string }) {
    const { user, from } = member;
    const steps: string[] = [];
    const call = async (label: string, method: string, path: string, body?: unknown): Promise<JsonResponse> => {
      const res = await stack.call(method, path, { token: user.token, body, from });
      steps.push(`${label}: ${res.status} ${res.status >= 400 ? JSON.stringify(res.body) : (res.body?.content?.status ?? '')}`);
      return res;
    };
    const expectAnswer = (res: JsonResponse, status: number, content: Partial<ContentItem>) => {
      if (res.status !== status) throw new Error(steps.join('\n'));
      const item = (res.body as { content: ContentItem }).content;
      for (const [key, value] of Object.entries(content)) {
        if (item[key as keyof ContentItem] !== value) throw new Error(`${steps.join('\n')}\n${key} is ${JSON.stringify(item[key as keyof ContentItem])}, expected ${JSON.stringify(value)}`);
      }
      return item;
    };
    return { call, expectAnswer, steps };
  }

  /**
   * Every member at once, each on a draft of its own, ROUNDS rounds of `round` (given the round's
   * time to schedule at); then `after` may say what is wrong with the draft. Answers the members
   * that failed, each with its calls.
   */
  async function everyMemberAtOnce(
    round: (calls: ReturnType<typeof journey>, draft: ContentItem, index: number, at: string) => Promise<void>,
    after?: (user: TestUser, draft: ContentItem) => Promise<string | undefined>,
  ): Promise<string[]> {
    const failures: string[] = [];
    await Promise.all(
      members.map(async (member) => {
        const calls = journey(member);
        try {
          const draft = await stack.draft(member.user);
          for (let index = 0; index < ROUNDS; index++) await round(calls, draft, index, later(index));
          const wrong = await after?.(member.user, draft);
          if (wrong) failures.push(`${member.from}: ${wrong}`);
        } catch (error) {
          failures.push(`${member.from}:\n${(error as Error).message}`);
        }
      }),
    );
    return failures;
  }

  test('when members schedule, unschedule, then edit at once, then every edit lands on the draft the unschedule answered', async () => {
    const failures = await everyMemberAtOnce(
      async ({ call, expectAnswer }, draft, round, at) => {
        expectAnswer(await call('schedule', 'POST', '/api/calendar/schedule', { contentId: draft.id, scheduledFor: at }), 201, { status: 'scheduled', scheduledFor: at });
        expectAnswer(await call('unschedule', 'DELETE', `/api/calendar/unschedule/${draft.id}`), 200, { status: 'draft', scheduledFor: null });
        const text = `Round ${round}: edited right after unscheduling.`;
        expectAnswer(await call('edit', 'PUT', `/api/content/${draft.id}/edit`, { editedContent: text, saveAsDraft: true }), 200, { status: 'draft', finalContent: text });
      },
      async (user, draft) => {
        const listed = await stack.item(user, draft.id);
        return listed.status !== 'draft' || listed.finalContent !== `Round ${ROUNDS - 1}: edited right after unscheduling.` ? `listed as ${JSON.stringify(listed)}` : undefined;
      },
    );
    expect(failures).toEqual([]);
  }, 180_000);

  test('when members schedule, edit, unschedule, then edit at once, then the scheduled edit keeps its time and the last edit lands on the draft', async () => {
    const failures = await everyMemberAtOnce(async ({ call, expectAnswer }, draft, round, at) => {
      expectAnswer(await call('schedule', 'POST', '/api/calendar/schedule', { contentId: draft.id, scheduledFor: at }), 201, { status: 'scheduled', scheduledFor: at });
      const fixed = `Round ${round}: a typo fixed while scheduled.`;
      expectAnswer(await call('edit scheduled', 'PUT', `/api/content/${draft.id}/edit`, { editedContent: fixed, saveAsDraft: true }), 200, { status: 'scheduled', scheduledFor: at, finalContent: fixed });
      expectAnswer(await call('unschedule', 'DELETE', `/api/calendar/unschedule/${draft.id}`), 200, { status: 'draft', scheduledFor: null, finalContent: fixed });
      const text = `Round ${round}: edited as a draft again.`;
      expectAnswer(await call('edit draft', 'PUT', `/api/content/${draft.id}/edit`, { editedContent: text, saveAsDraft: true }), 200, { status: 'draft', finalContent: text });
    });
    expect(failures).toEqual([]);
  }, 180_000);

  test('when a post is edited after scheduling, then LinkedIn gets the edited text at its time, once, and the item is published', async () => {
    const from = '127.0.0.59';
    const user = await stack.user({ from, connect: true });
    const draft = await stack.draft(user);
    // just over the edit cutoff (a minute) ahead, with room for a slow machine
    const at = new Date(Date.now() + 70_000);
    at.setMilliseconds(0);
    const scheduled = await stack.call('POST', '/api/calendar/schedule', { token: user.token, from, body: { contentId: draft.id, scheduledFor: at.toISOString() } });
    expect(scheduled.status).toBe(201);
    const fixed = `Fixed after scheduling ${randomId()}: work samples beat whiteboards.`;
    const edited = await stack.call('PUT', `/api/content/${draft.id}/edit`, { token: user.token, from, body: { editedContent: fixed, saveAsDraft: true } });
    expect(edited.status).toBe(200);
    expect(edited.body.content).toMatchObject({ status: 'scheduled', scheduledFor: at.toISOString(), finalContent: fixed });

    const [post] = await eventually(() => stack.postsWith(fixed), (posts) => posts.length > 0, 120_000, 250);
    expect(Date.parse(post.createdAt!)).toBeGreaterThanOrEqual(at.getTime());
    expect(await stack.postsWith(draft.finalContent!)).toEqual([]);
    expect(await eventually(() => stack.item(user, draft.id), (item) => item.status === 'published', 15_000)).toMatchObject({ status: 'published', finalContent: fixed, linkedinPostId: post.id });
    expect(await stack.postsWith(fixed)).toHaveLength(1);
  }, 180_000);
});
