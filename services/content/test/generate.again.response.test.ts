import { generateResponseSchema } from '@postwright/contracts';
import { http } from '@postwright/platform/src/testing';
import { buildGenerateRequest } from './support/builders';
import { startStack, type Stack, type TestUser } from './support/stack';

/**
 * "Generate again" on a draft (contentId) rewrites that draft in place, keeping the
 * text it replaces one undo away, instead of leaving a duplicate draft. It is free a few times
 * per draft (the trial counts posts, not attempts); after that a post is used as for a new one.
 */
describe('POST /api/content/generate with contentId ("Generate again")', () => {
  let stack: Stack;

  beforeAll(async () => {
    stack = await startStack({ OPENAI_API_KEY: '' });
  });
  afterAll(() => stack?.stop(), 60_000);

  const generate = (user: TestUser, body: Record<string, unknown>) => http(stack.content.url, 'POST', '/api/content/generate', { token: user.token, body });

  test('when a trial user generates a draft again, then 200 with the same draft rewritten, one of its free runs taken instead of a trial post, and no second draft', async () => {
    const user = await stack.user();
    const first = await generate(user, buildGenerateRequest({ contentType: 'insight' }));
    expect(first.body.user.trialPostsRemaining).toBe(2);
    const draft = first.body.content;
    await http(stack.content.url, 'PUT', `/api/content/${draft.id}/edit`, {
      token: user.token,
      body: { editedContent: `${draft.hooks[3]}\n\nMy edits.`, selectedHook: draft.hooks[3] },
    });

    const request = buildGenerateRequest({
      contentType: 'insight',
      topic: 'Remote work, one year on',
      targetAudience: 'Engineering managers',
      businessGoal: '',
      contentId: draft.id,
    });
    const res = await generate(user, request);

    expect(res.status).toBe(200);
    const body = generateResponseSchema.parse(res.body);
    expect(body.user.trialPostsRemaining).toBe(2);
    expect(body.content).toMatchObject({
      freeRegenerationsLeft: 2,
      id: draft.id,
      contentType: 'insight',
      status: 'draft',
      topic: 'Remote work, one year on',
      inputs: { industryRole: request.industryRole, personalExperience: request.personalExperience, targetAudience: 'Engineering managers', businessGoal: null },
      selectedHook: null,
      finalContent: null,
      hasPreviousVersion: true,
      createdAt: draft.createdAt,
    });
    expect(body.content.generatedContent).not.toBe(draft.generatedContent);
    expect(body.content.hooks).toHaveLength(5);
    const list = await stack.list(user);
    expect(list).toEqual([body.content]);
  });

  test.each(['controversial', 'story', 'framework', 'insight', 'learning'])('when a %s draft is generated again from an unchanged form, then the text is another take, not the same one', async (contentType) => {
    const user = await stack.user({ tier: 'premium' });
    const draft = await stack.draft(user, { contentType });

    const res = await generate(user, buildGenerateRequest({ contentType, contentId: draft.id }));

    expect(res.status).toBe(200);
    expect(res.body.content.id).toBe(draft.id);
    expect(res.body.content.generatedContent).not.toBe(draft.generatedContent);
    expect(res.body.user.trialPostsRemaining).toBeNull();
  });

  test('when the form breaks the spec\'s rules, then 400 with the rule\'s message, the draft is unchanged and no trial post is used', async () => {
    const user = await stack.user();
    const draft = await stack.draft(user);

    const res = await generate(user, buildGenerateRequest({ topic: 'ab', contentId: draft.id }));

    expect(res.status).toBe(400);
    expect(res.body.error).toBe('Topic must be at least 3 characters');
    expect(await stack.list(user)).toEqual([draft]);
    expect(await stack.trialPostsUsed(user)).toBe(1);
  });
});
