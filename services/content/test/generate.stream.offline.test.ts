import { EVENT_STREAM_TYPE, HOOK_COUNT, type GenerationStreamEvent } from '@postwright/contracts';
import { http, readEventStream, streamedBody } from '@postwright/platform/src/testing';
import { buildGenerateRequest } from './support/builders';
import { startStack, type Stack } from './support/stack';

const names = (events: GenerationStreamEvent[]) => events.map((e) => e.event);

/**
 * `POST /api/content/generate` with `Accept: text/event-stream` streams the post as
 * it is written. The offline writer (no model configured) streams through the same path as a
 * model: its paragraphs as body deltas, then each hook, then `done`.
 */
describe('POST /api/content/generate streamed, with the offline writer', () => {
  let stack: Stack;

  beforeAll(async () => {
    stack = await startStack();
  });
  afterAll(async () => stack?.stop(), 60_000);

  test('when an author asks for a stream, then the body comes as deltas, then the 5 hooks in order, then done with the stored item', async () => {
    const user = await stack.user();

    const answer = await readEventStream(stack.content.url, '/api/content/generate', { token: user.token, body: buildGenerateRequest() });

    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toBe(`${EVENT_STREAM_TYPE}; charset=utf-8`);
    expect(answer.headers.get('cache-control')).toBe('no-cache, no-transform');
    expect(answer.headers.get('x-accel-buffering')).toBe('no');
    const sequence = names(answer.events);
    const firstHook = sequence.indexOf('hook');
    expect(sequence.slice(0, firstHook).every((name) => name === 'body')).toBe(true);
    // paragraph by paragraph: the text grows in several steps
    expect(firstHook).toBeGreaterThan(3);
    expect(sequence.slice(firstHook)).toEqual([...Array(HOOK_COUNT).fill('hook'), 'done']);
    const hooks = answer.events.flatMap((e) => (e.event === 'hook' ? [e.data] : []));
    expect(hooks.map((h) => h.index)).toEqual([0, 1, 2, 3, 4]);

    const done = answer.events.at(-1);
    if (done?.event !== 'done') throw new Error('the stream did not end with done');
    // done is the stored item, and what was streamed is what was stored
    const stored = await http(stack.content.url, 'GET', `/api/content/${done.data.content.id}`, { token: user.token });
    expect(done.data.content).toEqual(stored.body.content);
    expect(streamedBody(answer.events)).toBe(done.data.content.generatedContent);
    expect(hooks.map((h) => h.text)).toEqual(done.data.content.hooks);
    // the trial post was committed before done: one of three used
    expect(done.data.user.trialPostsRemaining).toBe(2);
    expect(stack.quota.trialPostsUsed(user.id)).toBe(1);
  });

  test('when a stream and a JSON request ask for the same form, then both store the same post and answer the same shape', async () => {
    const user = await stack.user({ tier: 'premium' });
    const form = buildGenerateRequest({ contentType: 'framework', topic: 'Hiring your first salesperson' });

    const streamed = await readEventStream(stack.content.url, '/api/content/generate', { token: user.token, body: form });
    const json = await http(stack.content.url, 'POST', '/api/content/generate', { token: user.token, body: form });

    expect(json.status).toBe(201);
    const done = streamed.events.at(-1);
    if (done?.event !== 'done') throw new Error('the stream did not end with done');
    expect(Object.keys(done.data).sort()).toEqual(Object.keys(json.body).sort());
    expect(done.data.content.generatedContent).toBe(json.body.content.generatedContent);
    expect(done.data.content.hooks).toEqual(json.body.content.hooks);
    expect(done.data.user).toEqual({ trialPostsRemaining: null, usage: { used: 0, allowance: null, resetsAt: null } });
  });

  test('when the form is invalid, then the answer is the plain 400 JSON refusal, not a stream', async () => {
    const user = await stack.user();

    const answer = await readEventStream(stack.content.url, '/api/content/generate', { token: user.token, body: buildGenerateRequest({ topic: '' }) });

    expect(answer.status).toBe(400);
    expect(answer.events).toEqual([]);
    expect(answer.json.error).toEqual(expect.any(String));
    expect(answer.json.details.topic).toEqual(expect.any(String));
  });

  test('when "Generate again" names another author\'s draft, then the answer is the plain 404 JSON refusal', async () => {
    const owner = await stack.user({ tier: 'premium' });
    const other = await stack.user({ tier: 'premium' });
    const draft = await stack.draft(owner);

    const answer = await readEventStream(stack.content.url, '/api/content/generate', { token: other.token, body: { ...buildGenerateRequest(), contentId: draft.id } });

    expect(answer.status).toBe(404);
    expect(answer.json).toMatchObject({ code: 'CONTENT.NOT_FOUND' });
  });

  test('when a trial author has used every post, then the stream ends with the trial limit error and nothing is stored', async () => {
    const user = await stack.user();
    for (let i = 0; i < 3; i++) await stack.draft(user, { topic: `Post ${i + 1}` });

    const answer = await readEventStream(stack.content.url, '/api/content/generate', { token: user.token, body: buildGenerateRequest({ topic: 'One too many' }) });

    expect(answer.status).toBe(200);
    expect(answer.events).toEqual([{ event: 'error', data: { error: 'Trial limit reached. Please upgrade to continue generating content.', code: 'TRIAL.LIMIT_REACHED' } }]);
    expect((await stack.list(user)).map((item) => item.topic)).not.toContain('One too many');
  });

  test('when a Starter member at the month\'s limit asks for a stream, then it ends with an error event carrying the code and the reset date', async () => {
    const user = await stack.user({ tier: 'starter' });
    stack.quota.setUsed(user.id, 50);
    const answer = await readEventStream(stack.content.url, '/api/content/generate', { token: user.token, body: buildGenerateRequest() });
    expect(names(answer.events)).toEqual(['error']);
    expect(answer.events[0].data).toEqual({ error: expect.any(String), code: 'PLAN.LIMIT_REACHED', details: { allowance: 50, resetsAt: expect.any(String) } });
  });
});
