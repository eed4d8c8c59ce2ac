import { contentTypes, generateResponseSchema, hookStyles } from '@postwright/contracts';
import { http } from '@postwright/platform/src/testing';
import type { GenerationInput } from '../src/modules/generation/generation.types';
import { composePost } from '../src/modules/generation/providers/offline/offline.generator';
import { buildGenerateRequest } from './support/builders';
import { startStack, type Stack } from './support/stack';

const topics = ['Remote work productivity', 'Why culture fit is overrated', 'How do you price a new product?', 'Our Series B fundraise', 'Hiring is broken'];

/** The offline writer (no model) knows the style it wrote each hook in, and says so. */
describe('the offline writer: hook styles', () => {
  test.each(contentTypes)('when a %s post is written from several forms and takes, then its 5 hooks carry the 5 styles, one each, in the writer\'s order', (contentType) => {
    for (const topic of topics) {
      for (const take of [undefined, { variant: 7 }, { variant: 123_456 }]) {
        const { hooks, hookStyles: styles } = composePost({ ...(buildGenerateRequest({ contentType, topic }) as unknown as GenerationInput), businessGoal: null }, take);

        expect(hooks).toHaveLength(5);
        expect(styles).toEqual([...hookStyles]);
      }
    }
  });
});

describe('POST /api/content/generate with the offline writer: hook styles', () => {
  let stack: Stack;

  beforeAll(async () => {
    stack = await startStack({ OPENAI_API_KEY: '' });
  });
  afterAll(() => stack?.stop(), 60_000);

  test.each(contentTypes)('when a %s draft is generated, then it is answered and stored with a style per hook and no chosen style', async (contentType) => {
    const user = await stack.user({ tier: 'premium' });

    const res = await http(stack.content.url, 'POST', '/api/content/generate', { token: user.token, body: buildGenerateRequest({ contentType }) });

    expect(res.status).toBe(201);
    const { content } = generateResponseSchema.parse(res.body);
    expect(content.hookStyles).toEqual(['claim', 'question', 'number', 'story', 'contrast']);
    expect(content.selectedHookStyle).toBeNull();
    expect(await stack.stored(content.id)).toMatchObject({ hooks: content.hooks, hookStyles: content.hookStyles, selectedHookStyle: null });
  });

  test('when a draft with a chosen hook is generated again and then undone, then each version keeps its own hooks\' styles and chosen style', async () => {
    const user = await stack.user({ tier: 'premium' });
    const draft = await stack.draft(user, { contentType: 'story', topic: 'Board reporting' });
    const chosen = await http(stack.content.url, 'PUT', `/api/content/${draft.id}/edit`, {
      token: user.token,
      body: { editedContent: `${draft.hooks[1]}\n\n${draft.generatedContent}`, selectedHook: draft.hooks[1] },
    });
    expect(chosen.body.content.selectedHookStyle).toBe('question');

    const again = await http(stack.content.url, 'POST', '/api/content/generate', { token: user.token, body: buildGenerateRequest({ contentType: 'story', topic: 'Board reporting', contentId: draft.id }) });

    expect(again.status).toBe(200);
    expect(again.body.content).toMatchObject({ hookStyles: ['claim', 'question', 'number', 'story', 'contrast'], selectedHook: null, selectedHookStyle: null });
    expect(await stack.stored(draft.id)).toMatchObject({
      selectedHookStyle: null,
      previous: { hooks: draft.hooks, hookStyles: draft.hookStyles, selectedHook: draft.hooks[1], selectedHookStyle: 'question' },
    });

    const undone = await http(stack.content.url, 'POST', `/api/content/${draft.id}/restore-previous`, { token: user.token });

    expect(undone.status).toBe(200);
    expect(undone.body.content).toMatchObject({ hooks: draft.hooks, hookStyles: draft.hookStyles, selectedHook: draft.hooks[1], selectedHookStyle: 'question' });
  });
});
