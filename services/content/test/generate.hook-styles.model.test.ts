import { contentItemSchema, generateResponseSchema, hookStyles, OPTIMAL_POST_LENGTH } from '@postwright/contracts';
import { http, readEventStream } from '@postwright/platform/src/testing';
import { buildGenerateRequest } from './support/builders';
import { modelStack } from './support/model-stack';

// with any of these hooks, hook + blank line + body lands in 1,300-1,600
const paragraph = 'A useful paragraph with a concrete, specific lesson for the reader of this post.';
const body = Array.from({ length: Math.ceil((OPTIMAL_POST_LENGTH.min + 20) / (paragraph.length + 2)) }, () => paragraph).join('\n\n');
const hooks = ['Most advice about hiring is wrong.', 'What if hiring is backwards?', '3 lessons about hiring.', 'Last year I hired badly.', 'Everyone talks about hiring. Few do it well.'];

/** Each hook's style, as a model (the real openai SDK against the local stub) names it or its words show it. */
describe('POST /api/content/generate with a model: hook styles', () => {
  const ai = modelStack();

  test('when the model names each hook\'s style, then the draft answered, read back and stored carries them in the hooks\' order', async () => {
    const named = ['contrast', 'question', 'number', 'story', 'claim'];
    ai.model.script({ content: JSON.stringify({ body, hooks, hookStyles: named }) });

    const res = await ai.generate();

    expect(res.status).toBe(201);
    const { content } = generateResponseSchema.parse(res.body);
    expect(content).toMatchObject({ hooks, hookStyles: named, selectedHook: null, selectedHookStyle: null });
    const read = await http(ai.stack.content.url, 'GET', `/api/content/${content.id}`, { token: ai.user.token });
    expect(contentItemSchema.parse(read.body.content)).toEqual(content);
    expect(await ai.stack.stored(content.id)).toMatchObject({ hooks, hookStyles: named, selectedHookStyle: null });
    // the model was asked for the styles by name, in the answer's schema and in the prompt
    const sent = ai.model.requests[0].body;
    expect(sent.response_format?.json_schema?.schema.properties.hookStyles.items.enum).toEqual([...hookStyles]);
    const system = sent.messages.find((m) => m.role === 'system')?.content;
    expect(system).toContain('each in a different style: claim: a bold claim; question: a question the reader cannot ignore;');
    expect(system).toContain('"hookStyles"');
  });

  test('when the model names no styles (the stub\'s plain answer), then the post is stored with each hook\'s style read from its words', async () => {
    const res = await ai.generate();

    expect(res.status).toBe(201);
    expect(ai.model.requests).toHaveLength(1);
    // the stub's hooks: a claim, a question, a number, a story, a contrast
    expect(res.body.content.hookStyles).toEqual(['claim', 'question', 'number', 'story', 'contrast']);
    expect(await ai.stack.stored(res.body.content.id)).toMatchObject({ hookStyles: ['claim', 'question', 'number', 'story', 'contrast'] });
  });

  test('when the model misnames some styles, then the post is not repaired for it: one request, those hooks read from their words', async () => {
    ai.model.script({ content: JSON.stringify({ body, hooks, hookStyles: ['bold claim', 'riddle', 'number', 7, 'Contrast'] }) });

    const res = await ai.generate();

    expect(res.status).toBe(201);
    expect(ai.model.requests).toHaveLength(1);
    expect(res.body.content.hookStyles).toEqual(['claim', 'question', 'number', 'story', 'contrast']);
  });

  test('when the post is streamed, then the hooks come as they are written and done carries the stored item with their styles', async () => {
    const named = ['claim', 'question', 'number', 'story', 'contrast'];
    ai.model.script({ content: JSON.stringify({ body, hooks, hookStyles: named }) });

    const answer = await readEventStream(ai.stack.content.url, '/api/content/generate', { token: ai.user.token, body: buildGenerateRequest() });

    expect(answer.status).toBe(200);
    expect(answer.events.flatMap((e) => (e.event === 'hook' ? [e.data.text] : []))).toEqual(hooks);
    const done = answer.events.at(-1);
    if (done?.event !== 'done') throw new Error('the stream did not end with done');
    expect(done.data.content).toMatchObject({ hooks, hookStyles: named });
    expect(await ai.stack.stored(done.data.content.id)).toMatchObject({ hookStyles: named });
  });
});
