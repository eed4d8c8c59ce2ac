import { HOOK_COUNT, type GenerationStreamEvent } from '@postwright/contracts';
import { eventually, http, readEventStream, streamedBody } from '@postwright/platform/src/testing';
import { startOpenAiStub, validPostFor, type OpenAiStub } from '@postwright/platform/src/testing/fakes/openai';
import { buildGenerateRequest } from './support/builders';
import { startStack, type Stack } from './support/stack';

const names = (events: GenerationStreamEvent[]) => events.map((e) => e.event);
const lastOf = (events: GenerationStreamEvent[]) => events.at(-1);

/**
 * Streaming with a model: the real openai SDK streams from the local OpenAI-compatible stub
 * (`stream: true`, chat.completion.chunk events), and the incremental parser turns its tokens
 * into body deltas and finished hooks. Failures mid-stream end it with an `error` event;
 * nothing is stored and the trial post is given back. A client that hangs up once it has been
 * shown text has had the post: it is written to the end, stored and counted; one that hangs up
 * before costs nothing.
 */
describe('POST /api/content/generate streamed, with a model', () => {
  let stack: Stack;
  let model: OpenAiStub;

  beforeAll(async () => {
    model = await startOpenAiStub();
    stack = await startStack({
      OPENAI_API_KEY: 'sk-test-key',
      OPENAI_BASE_URL: model.url,
      GENERATION_TIMEOUT_MS: '20000',
      GENERATION_STREAM_HEARTBEAT_MS: '100',
    });
  });
  afterAll(async () => {
    await stack?.stop();
    await model?.close();
  }, 60_000);
  beforeEach(() => model.reset());

  const generate = (token: string, options: { hangUpWhen?: (events: GenerationStreamEvent[]) => boolean } = {}) =>
    readEventStream(stack.content.url, '/api/content/generate', { token, body: buildGenerateRequest(), ...options });
  const releases = (userId: string) => stack.quota.calls.filter((c) => c.path === '/internal/quota/release' && String((c.body as { reservationId: string }).reservationId).startsWith(userId));

  test('when the model streams its answer, then the body grows token by token, each hook comes once complete, and done is the stored item', async () => {
    const user = await stack.user();
    model.script({ pace: { firstTokenMs: 50, tokensPerSecond: 2_000 } });

    const answer = await generate(user.token);

    expect(model.requests[0].body.stream).toBe(true);
    expect(model.requests[0].body.response_format?.type).toBe('json_schema');
    const sequence = names(answer.events);
    const firstHook = sequence.indexOf('hook');
    expect(firstHook).toBeGreaterThan(20);
    expect(sequence.slice(0, firstHook).every((name) => name === 'body')).toBe(true);
    expect(sequence.slice(firstHook)).toEqual([...Array(HOOK_COUNT).fill('hook'), 'done']);
    const done = lastOf(answer.events);
    if (done?.event !== 'done') throw new Error('the stream did not end with done');
    const stored = await http(stack.content.url, 'GET', `/api/content/${done.data.content.id}`, { token: user.token });
    expect(done.data.content).toEqual(stored.body.content);
    const written = validPostFor(model.requests[0].body);
    expect(streamedBody(answer.events)).toBe(written.body);
    expect(answer.events.flatMap((e) => (e.event === 'hook' ? [e.data.text] : []))).toEqual(written.hooks);
    expect(done.data.user.trialPostsRemaining).toBe(2);
  });

  test('when the JSON answer is asked for, then the model is asked for a whole answer, not a stream nobody watches', async () => {
    const user = await stack.user({ tier: 'premium' });

    const res = await http(stack.content.url, 'POST', '/api/content/generate', { token: user.token, body: buildGenerateRequest() });

    expect(res.status).toBe(201);
    expect(model.requests[0].body.stream).toBeUndefined();
    expect(model.requests[0].body.response_format?.type).toBe('json_schema');
  });

  test('when the model is slow to write, then the stream carries keep-alive comments so proxies keep it open', async () => {
    const user = await stack.user({ tier: 'premium' });
    model.script({ pace: { firstTokenMs: 450, tokensPerSecond: 5_000 } });

    const answer = await generate(user.token);

    expect(answer.comments).toBeGreaterThanOrEqual(2);
    expect(lastOf(answer.events)?.event).toBe('done');
  });

  test('when the first answer is unusable, then a reset drops what was shown and the repaired answer streams in its place', async () => {
    const user = await stack.user({ tier: 'premium' });
    model.script({ content: JSON.stringify({ body: 'Far too short a body to keep.', hooks: ['Only one hook'] }) });

    const answer = await generate(user.token);

    expect(names(answer.events).filter((name) => name === 'reset')).toHaveLength(1);
    const done = lastOf(answer.events);
    if (done?.event !== 'done') throw new Error('the stream did not end with done');
    expect(streamedBody(answer.events)).toBe(done.data.content.generatedContent);
    expect(model.requests).toHaveLength(2);
  });

  test.each([
    ['sends an error event', 'error-event' as const],
    ['drops the connection', 'disconnect' as const],
  ])('when the model %s mid-stream, then the stream ends with the unavailable error, nothing is stored and the trial post is given back', async (_, how) => {
    const user = await stack.user();
    model.script({ breakAfter: { chars: 300, how } });

    const answer = await generate(user.token);

    const sequence = names(answer.events);
    expect(sequence[0]).toBe('body');
    expect(lastOf(answer.events)).toEqual({
      event: 'error',
      data: { error: 'The AI model is temporarily unavailable. Please try again in a few minutes.', code: 'GENERATION.UNAVAILABLE' },
    });
    expect(sequence.filter((name) => name === 'error')).toHaveLength(1);
    expect(await stack.list(user)).toEqual([]);
    expect(releases(user.id)).toHaveLength(1);
    expect(stack.quota.trialPostsUsed(user.id)).toBe(0);
  });

  test('when the model takes longer than the time budget mid-stream, then the stream ends with the timeout error', async () => {
    const quick = await startStack({ OPENAI_API_KEY: 'sk-test-key', OPENAI_BASE_URL: model.url, GENERATION_TIMEOUT_MS: '600' });
    try {
      const user = await quick.user();
      model.script({ pace: { firstTokenMs: 10, tokensPerSecond: 100 } });

      const answer = await readEventStream(quick.content.url, '/api/content/generate', { token: user.token, body: buildGenerateRequest() });

      expect(names(answer.events)[0]).toBe('body');
      expect(lastOf(answer.events)).toMatchObject({ event: 'error', data: { code: 'GENERATION.TIMEOUT' } });
      expect(await quick.list(user)).toEqual([]);
      expect(quick.quota.trialPostsUsed(user.id)).toBe(0);
    } finally {
      await quick.stop();
    }
  });

  const commits = (userId: string) => stack.quota.calls.filter((c) => c.path === '/internal/quota/commit' && String((c.body as { reservationId: string }).reservationId).startsWith(userId));
  const hooksOf = (events: GenerationStreamEvent[]) => events.flatMap((e) => (e.event === 'hook' ? [e.data.text] : []));

  test('when the client hangs up after the last hook, before done, then the post it was shown is stored as a draft and the trial post counts', async () => {
    const user = await stack.user();
    // as a model may: a pause after the last hook before its answer ends (whitespace inside the object)
    const post = validPostFor({ model: 'stub', messages: [{ role: 'user', content: 'Topic: hiring' }] });
    const content = `{"body":${JSON.stringify(post.body)},"hooks":${JSON.stringify(post.hooks)}${' '.repeat(1_000)}}`;
    model.script({ content, pace: { firstTokenMs: 20, tokensPerSecond: 400 } });

    const answer = await generate(user.token, { hangUpWhen: (events) => hooksOf(events).length === HOOK_COUNT });

    expect(names(answer.events)).not.toContain('done');
    const [stored] = await eventually(() => stack.list(user), (items) => items.length === 1);
    expect(stored).toMatchObject({ status: 'draft', generatedContent: post.body, hooks: post.hooks });
    expect(streamedBody(answer.events)).toBe(post.body);
    await eventually(async () => stack.quota.trialPostsUsed(user.id), (n) => n === 1);
    expect(commits(user.id)).toHaveLength(1);
    expect(releases(user.id)).toHaveLength(0);
    expect(model.abandoned()).toBe(0);
  });

  test('when the client hangs up mid-body, then the model is not stopped: the post is written to the end, stored as a draft and counted', async () => {
    const user = await stack.user();
    model.script({ pace: { firstTokenMs: 20, tokensPerSecond: 200 } });

    const answer = await generate(user.token, { hangUpWhen: (events) => events.filter((e) => e.event === 'body').length >= 3 });

    // hung up while the body was being written (a busy machine may deliver a few events in one read)
    expect(new Set(names(answer.events))).toEqual(new Set(['body']));
    const [stored] = await eventually(() => stack.list(user), (items) => items.length === 1);
    const written = validPostFor(model.requests[0].body);
    expect(stored).toMatchObject({ status: 'draft', generatedContent: written.body, hooks: written.hooks });
    expect(written.body.startsWith(streamedBody(answer.events))).toBe(true);
    await eventually(async () => stack.quota.trialPostsUsed(user.id), (n) => n === 1);
    expect(releases(user.id)).toHaveLength(0);
    expect(model.abandoned()).toBe(0);
  });

  test('when the client hangs up before any body text, then the model request is aborted, nothing is stored and the reservation is released', async () => {
    const user = await stack.user();
    model.script({ pace: { firstTokenMs: 15_000, tokensPerSecond: 200 } });

    // the heartbeats arrive while the model has not written anything yet: hang up at one of them
    const answer = await generate(user.token, { hangUpWhen: () => model.requests.length === 1 });

    expect(answer.events).toEqual([]);
    await eventually(async () => model.abandoned(), (n) => n === 1);
    await eventually(async () => releases(user.id).length, (n) => n === 1);
    expect(commits(user.id)).toHaveLength(0);
    expect(await stack.list(user)).toEqual([]);
    expect(stack.quota.trialPostsUsed(user.id)).toBe(0);
  });
});
