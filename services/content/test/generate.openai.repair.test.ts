import { modelStack } from './support/model-stack';

// 1,310 characters: with any of the hooks below, hook + blank line + body lands in 1,300-1,600
const goodBody = Array.from({ length: 16 }, () => 'A useful paragraph with a concrete, specific lesson for the reader of this post.').join('\n\n');
const goodHooks = ['Hook one.', 'Hook two?', '3 hooks in.', 'It was a Monday.', 'Most say X. I say Y.'];

describe('POST /api/content/generate when the model answers with unusable output', () => {
  const ai = modelStack();
  const { generate } = ai;
  const repairRequest = () => ai.model.requests[1].body.messages;

  test('when the first answer is not JSON and the repair is good, then 201 with the repaired post after exactly one retry', async () => {
    ai.model.script({ content: 'Sure! Here is your LinkedIn post: it is about remote work.' }, { content: JSON.stringify({ body: goodBody, hooks: goodHooks }) });

    const res = await generate();

    expect(res.status).toBe(201);
    expect(res.body.content).toMatchObject({ generatedContent: goodBody, hooks: goodHooks });
    expect(ai.model.requests).toHaveLength(2);
    const messages = repairRequest();
    expect(messages.at(-2)).toEqual({ role: 'assistant', content: 'Sure! Here is your LinkedIn post: it is about remote work.' });
    expect(messages.at(-1)?.role).toBe('user');
    expect(messages.at(-1)?.content).toContain('The answer was not valid JSON.');
  });

  test.each([
    ['4 hooks', { body: goodBody, hooks: goodHooks.slice(0, 4) }, 'There were 4 hooks; exactly 5 are needed.'],
    ['6 hooks', { body: goodBody, hooks: [...goodHooks, 'Hook six.'] }, 'There were 6 hooks; exactly 5 are needed.'],
    ['duplicate hooks', { body: goodBody, hooks: ['Same hook.', 'same hook', 'Other.', 'Another.', 'Last one.'] }, 'The hooks were not all different.'],
    ['a hook over the fold', { body: goodBody, hooks: [...goodHooks.slice(0, 4), 'x'.repeat(230)] }, '1 hook(s) were 210 characters or longer.'],
    ['an empty body', { body: '', hooks: goodHooks }, 'The body is missing or far too short.'],
    ['a wrong shape', { text: goodBody, options: goodHooks }, 'body: body must be a string'],
  ])('when the first answer has %s, then the repair request names the problem and the good answer is stored', async (_case, first, problem) => {
    ai.model.script({ content: JSON.stringify(first) }, { content: JSON.stringify({ body: goodBody, hooks: goodHooks }) });

    const res = await generate();

    expect(res.status).toBe(201);
    expect(res.body.content.hooks).toEqual(goodHooks);
    expect(ai.model.requests).toHaveLength(2);
    expect(repairRequest().at(-1)?.content).toContain(problem);
  });

  test('when the JSON comes wrapped in a code fence, then it is used as is, without a repair', async () => {
    ai.model.script({ content: `\`\`\`json\n${JSON.stringify({ body: goodBody, hooks: goodHooks })}\n\`\`\`` });
    const res = await generate();
    expect(res.status).toBe(201);
    expect(ai.model.requests).toHaveLength(1);
  });

  test('when the repair is unusable too, then 502 with error text, no third attempt and nothing stored', async () => {
    const before = (await ai.stack.list(ai.user)).length;
    ai.model.script({ content: 'not json' }, { content: '{"body": "still broken"' });

    const res = await generate();

    expect(res.status).toBe(502);
    expect(res.body).toMatchObject({ error: 'The AI model returned an unusable answer. Please try again.', code: 'GENERATION.INVALID_OUTPUT' });
    expect(ai.model.requests).toHaveLength(2);
    expect(await ai.stack.list(ai.user)).toHaveLength(before);
  });
});
