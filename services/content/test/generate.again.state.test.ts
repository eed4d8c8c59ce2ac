import { http } from '@postwright/platform/src/testing';
import { buildGenerateRequest } from './support/builders';
import { startStack, type Stack } from './support/stack';

/** "Generate again": what is stored (one draft; the replaced text kept as the previous version). */
describe('POST /api/content/generate with contentId: what is stored', () => {
  let stack: Stack;

  beforeAll(async () => {
    stack = await startStack({ OPENAI_API_KEY: '' });
  });
  afterAll(() => stack?.stop(), 60_000);

  test('when a draft is generated again, then its document holds the new text and form, and the replaced ones as its previous version', async () => {
    const user = await stack.user();
    const draft = await stack.draft(user, { contentType: 'framework', topic: 'Hiring' });
    const edited = `${draft.hooks[1]}\n\nMy own ending.`;
    await http(stack.content.url, 'PUT', `/api/content/${draft.id}/edit`, { token: user.token, body: { editedContent: edited, selectedHook: draft.hooks[1] } });
    const before = await stack.stored(draft.id);

    const res = await http(stack.content.url, 'POST', '/api/content/generate', {
      token: user.token,
      body: buildGenerateRequest({ contentType: 'framework', topic: 'Onboarding', personalExperience: 'We cut onboarding from six weeks to two with a written playbook.', contentId: draft.id }),
    });
    expect(res.status).toBe(200);

    const stored = await stack.stored(draft.id);
    expect(stored).toMatchObject({
      userId: user.id,
      contentType: 'framework',
      status: 'draft',
      topic: 'Onboarding',
      inputs: { personalExperience: 'We cut onboarding from six weeks to two with a written playbook.' },
      generatedContent: res.body.content.generatedContent,
      hooks: res.body.content.hooks,
      selectedHook: null,
      finalContent: null,
      generator: { provider: 'offline', model: 'framework-v1' },
      previous: {
        topic: 'Hiring',
        inputs: before?.inputs,
        generator: { provider: 'offline', model: 'framework-v1' },
        generatedContent: draft.generatedContent,
        hooks: draft.hooks,
        selectedHook: draft.hooks[1],
        finalContent: edited,
      },
    });
    expect(stored?.createdAt).toEqual(before?.createdAt);
    expect(await stack.content.ctx.mongo.collection('content_items').countDocuments({ userId: user.id })).toBe(1);
    // the first post used one; generating it again is one of the draft's free runs
    expect(await stack.trialPostsUsed(user)).toBe(1);
    expect(stored).toMatchObject({ freeRegenerationsTaken: 1, freeRegenerationHolds: {} });
  });

  test('when a draft is generated again twice, then only the text just replaced is kept (one level)', async () => {
    const user = await stack.user({ tier: 'premium' });
    const draft = await stack.draft(user, { topic: 'First topic' });
    const again = (topic: string) =>
      http(stack.content.url, 'POST', '/api/content/generate', { token: user.token, body: buildGenerateRequest({ topic, contentId: draft.id }) });

    const second = await again('Second topic');
    const third = await again('Third topic');

    expect([second.status, third.status]).toEqual([200, 200]);
    const stored = await stack.stored(draft.id);
    expect(stored).toMatchObject({ topic: 'Third topic', generatedContent: third.body.content.generatedContent });
    expect(stored?.previous).toMatchObject({ topic: 'Second topic', generatedContent: second.body.content.generatedContent });
    expect(JSON.stringify(stored)).not.toContain('First topic');
  });
});
