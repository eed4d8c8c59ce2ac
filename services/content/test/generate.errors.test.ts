import { http } from '@postwright/platform/src/testing';
import { readConfig } from '../src/config';
import { start } from '../src/server';
import { buildGenerateRequest } from './support/builders';
import { startOpenAiStub, type OpenAiStub } from '@postwright/platform/src/testing/fakes/openai';
import { startStack, type Stack, type TestUser } from './support/stack';

const TIMEOUT_MS = 1_500;

/** Model failures map to what the web expects, and cost no trial post. */
describe('POST /api/content/generate when the model fails', () => {
  let stack: Stack;
  let model: OpenAiStub;

  beforeAll(async () => {
    model = await startOpenAiStub();
    stack = await startStack({ OPENAI_API_KEY: 'sk-test-key', OPENAI_BASE_URL: model.url, GENERATION_TIMEOUT_MS: String(TIMEOUT_MS) });
  });
  afterAll(async () => {
    await stack?.stop();
    await model?.close();
  }, 60_000);
  beforeEach(() => model.reset());

  const generate = (user: TestUser) => http(stack.content.url, 'POST', '/api/content/generate', { token: user.token, body: buildGenerateRequest() });

  /** A trial user whose failed attempt must leave all 3 posts available. */
  async function expectAllTrialPostsLeft(user: TestUser) {
    expect(await stack.trialPostsUsed(user)).toBe(0);
    // a leaked reservation would make the third of these fail
    const remaining: number[] = [];
    for (let i = 0; i < 3; i++) {
      const res = await generate(user);
      expect(res.status).toBe(201);
      remaining.push(res.body.user.trialPostsRemaining);
    }
    expect(remaining).toEqual([2, 1, 0]);
  }

  test('when the model answers 429, then 429 with an error mentioning the rate limit, a Retry-After, and no trial post used', async () => {
    const user = await stack.user();
    model.script({ status: 429, headers: { 'retry-after': '7' }, error: { message: 'Rate limit reached for requests', type: 'requests', code: 'rate_limit_exceeded' } });

    const res = await generate(user);

    expect(res.status).toBe(429);
    expect(res.body.error).toMatch(/rate limit/i);
    expect(res.body.code).toBe('GENERATION.RATE_LIMITED');
    expect(res.headers.get('retry-after')).toBe('7');
    expect(model.requests).toHaveLength(1); // no hidden SDK retries
    expect(await stack.list(user)).toEqual([]);
    await expectAllTrialPostsLeft(user);
  });

  test.each([500, 502, 503])('when the model answers %i, then 503 with error text and no trial post used', async (status) => {
    const user = await stack.user();
    model.script({ status });

    const res = await generate(user);

    expect(res.status).toBe(503);
    expect(res.body).toMatchObject({ error: 'The AI model is temporarily unavailable. Please try again in a few minutes.', code: 'GENERATION.UNAVAILABLE' });
    expect(model.requests).toHaveLength(1);
    expect(await stack.list(user)).toEqual([]);
    await expectAllTrialPostsLeft(user);
  });

  test('when the model rejects the key (401), then 503: the user cannot fix a configuration problem', async () => {
    const user = await stack.user({ tier: 'premium' });
    model.script({ status: 401, error: { message: 'Incorrect API key provided', type: 'invalid_request_error', code: 'invalid_api_key' } });
    const res = await generate(user);
    expect(res.status).toBe(503);
    expect(res.body.error).toEqual(expect.any(String));
  });

  test('when the model is slower than the timeout, then 504 with an error containing "timeout", in about the timeout, and no trial post used', async () => {
    const user = await stack.user();
    model.script({ delayMs: TIMEOUT_MS * 4 });

    const started = Date.now();
    const res = await generate(user);
    const took = Date.now() - started;

    expect(res.status).toBe(504);
    expect(res.body.error).toContain('timeout');
    expect(res.body.code).toBe('GENERATION.TIMEOUT');
    expect(took).toBeGreaterThanOrEqual(TIMEOUT_MS - 100);
    expect(took).toBeLessThan(TIMEOUT_MS * 3);
    expect(await stack.list(user)).toEqual([]);
    await expectAllTrialPostsLeft(user);
  });

  test('when a malformed first answer uses up the time budget, then the repair is cut off by the same timeout (504)', async () => {
    const user = await stack.user({ tier: 'premium' });
    model.script({ delayMs: TIMEOUT_MS - 300, content: 'not json' }, { delayMs: TIMEOUT_MS * 4 });
    const started = Date.now();
    const res = await generate(user);
    expect(res.status).toBe(504);
    expect(Date.now() - started).toBeLessThan(TIMEOUT_MS * 3);
  });

  test('when the model server cannot be reached at all, then 503 and no trial post used', async () => {
    const unreachable = await start(
      readConfig(stack.env({ OPENAI_API_KEY: 'sk-test-key', OPENAI_BASE_URL: 'http://127.0.0.1:9/v1', GENERATION_TIMEOUT_MS: '3000' })),
    );
    try {
      const user = await stack.user();
      const res = await http(unreachable.url, 'POST', '/api/content/generate', { token: user.token, body: buildGenerateRequest() });
      expect(res.status).toBe(503);
      expect(res.body.code).toBe('GENERATION.UNAVAILABLE');
      await expectAllTrialPostsLeft(user);
    } finally {
      await unreachable.stop();
    }
  });
});
