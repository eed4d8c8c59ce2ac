import { FREE_REGENERATIONS_PER_DRAFT, generateResponseSchema } from '@postwright/contracts';
import { eventually, http } from '@postwright/platform/src/testing';
import { buildGenerateRequest } from './support/builders';
import { generationUnderWay, modelStack } from './support/model-stack';
import type { TestUser } from './support/stack';

/**
 * The trial's 3 count posts, not attempts: "Generate again" on the same draft is free
 * FREE_REGENERATIONS_PER_DRAFT times (no post reserved); after that it uses a post, as a new one
 * does. A free run that fails or is abandoned is given back, as a post is.
 */
describe('POST /api/content/generate with contentId: the draft\'s free runs', () => {
  const ai = modelStack({ GENERATION_TIMEOUT_MS: '20000' });

  const generate = (user: TestUser, body: Record<string, unknown>) => http(ai.stack.content.url, 'POST', '/api/content/generate', { token: user.token, body });
  const again = (user: TestUser, contentId: string) => generate(user, buildGenerateRequest({ contentId }));
  const freeLeft = async (user: TestUser, id: string) => (await http(ai.stack.content.url, 'GET', `/api/content/${id}`, { token: user.token })).body.content.freeRegenerationsLeft;

  test('when a trial member generates a draft again 3 times, then the trial posts do not change and the answer counts the free runs down; the 4th uses a post', async () => {
    const { stack } = ai;
    const user = await stack.user();
    const first = await generate(user, buildGenerateRequest());
    expect(first.status).toBe(201);
    expect(first.body.user.trialPostsRemaining).toBe(2);
    expect(first.body.content.freeRegenerationsLeft).toBe(FREE_REGENERATIONS_PER_DRAFT);
    const id = first.body.content.id;

    const left: number[] = [];
    for (let i = 0; i < 3; i++) {
      const res = await again(user, id);
      expect(res.status).toBe(200);
      const body = generateResponseSchema.parse(res.body);
      expect(body.user).toEqual({ trialPostsRemaining: 2, usage: { used: 1, allowance: 3, resetsAt: null } });
      left.push(body.content.freeRegenerationsLeft!);
    }
    expect(left).toEqual([2, 1, 0]);
    expect(await stack.trialPostsUsed(user)).toBe(1);

    const fourth = await again(user, id);
    expect(fourth.status).toBe(200);
    expect(fourth.body.user.trialPostsRemaining).toBe(1);
    expect(fourth.body.content.freeRegenerationsLeft).toBe(0);
    expect(await stack.trialPostsUsed(user)).toBe(2);
    // the free runs are the draft's: a new draft has its own
    const other = await generate(user, buildGenerateRequest({ topic: 'Another post entirely' }));
    expect(other.body.content.freeRegenerationsLeft).toBe(FREE_REGENERATIONS_PER_DRAFT);
    expect((await stack.list(user)).map((i) => i.id).sort()).toEqual([id, other.body.content.id].sort());
  });

  test('when the trial\'s posts are all used, then its drafts can still be generated again for free, until their free runs are used', async () => {
    const { stack } = ai;
    const user = await stack.user();
    const drafts = [];
    for (let i = 0; i < 3; i++) drafts.push(await stack.draft(user, { topic: `Post number ${i + 1}` }));
    const last = drafts[2];
    for (let i = 0; i < FREE_REGENERATIONS_PER_DRAFT; i++) expect((await again(user, last.id)).status).toBe(200);
    const refused = await again(user, last.id);
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({ code: 'TRIAL.LIMIT_REACHED' });
    expect(await freeLeft(user, last.id)).toBe(0);
    expect(await stack.trialPostsUsed(user)).toBe(3);
  });

  test('when two runs of the same draft ask for its last free run at once, then only one gets it: the other uses a post', async () => {
    const { stack } = ai;
    const user = await stack.user();
    const draft = await stack.draft(user);
    for (let i = 0; i < FREE_REGENERATIONS_PER_DRAFT - 1; i++) expect((await again(user, draft.id)).status).toBe(200);
    expect(await stack.trialPostsUsed(user)).toBe(1);

    const both = await Promise.all([again(user, draft.id), again(user, draft.id)]);

    expect(both.map((r) => r.status)).toEqual([200, 200]);
    expect(await stack.trialPostsUsed(user)).toBe(2);
    expect(both.map((r) => r.body.user.trialPostsRemaining).sort()).toEqual([1, 2]);
    const stored = await stack.stored(draft.id);
    expect(stored?.freeRegenerationsTaken).toBe(FREE_REGENERATIONS_PER_DRAFT);
    expect(Object.keys(stored?.freeRegenerationHolds ?? {})).toEqual([]);
  });

  test('when a free run fails (the model is down), then it is given back: the draft still has it and no post was used', async () => {
    const { stack, model } = ai;
    const user = await stack.user();
    const draft = await stack.draft(user);
    model.script({ status: 500, error: { message: 'The server had an error', type: 'server_error' } }, { status: 500, error: { message: 'The server had an error', type: 'server_error' } }, { status: 500, error: { message: 'The server had an error', type: 'server_error' } });

    const failed = await again(user, draft.id);

    expect(failed.status).toBeGreaterThanOrEqual(500);
    expect(await freeLeft(user, draft.id)).toBe(FREE_REGENERATIONS_PER_DRAFT);
    expect(await stack.trialPostsUsed(user)).toBe(1);
    model.reset();
    const next = await again(user, draft.id);
    expect(next.status).toBe(200);
    expect(next.body.content.freeRegenerationsLeft).toBe(FREE_REGENERATIONS_PER_DRAFT - 1);
  });

  test('when the client goes away before it was shown any of a free run, then the run is given back and nothing is stored', async () => {
    const { stack, model } = ai;
    const user = await stack.user();
    const draft = await stack.draft(user);
    const run = await generationUnderWay(stack, model, user, buildGenerateRequest({ contentId: draft.id }));
    expect(await freeLeft(user, draft.id)).toBe(FREE_REGENERATIONS_PER_DRAFT - 1); // taken while it runs
    expect(await run.hangUp()).toBe('AbortError');

    await eventually(() => freeLeft(user, draft.id), (left) => left === FREE_REGENERATIONS_PER_DRAFT);
    expect((await stack.list(user)).map((i) => i.generatedContent)).toEqual([draft.generatedContent]);
    expect(await stack.trialPostsUsed(user)).toBe(1);
  });

  test('when the trial has ended, then a draft with free runs left is refused as the trial ended, and keeps its free runs', async () => {
    const { stack } = ai;
    const user = await stack.user();
    const draft = await stack.draft(user);
    stack.quota.setTrialEnded(user.id, true);

    const refused = await again(user, draft.id);

    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({ code: 'TRIAL.ENDED', error: 'Trial ended. Please upgrade to continue generating content.', details: { trialEndsAt: expect.any(String) } });
    expect(await freeLeft(user, draft.id)).toBe(FREE_REGENERATIONS_PER_DRAFT);
    expect((await stack.list(user))[0].generatedContent).toBe(draft.generatedContent);
  });
});
