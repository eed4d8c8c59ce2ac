import { contentTypes, generateResponseSchema } from '@postwright/contracts';
import { http } from '@postwright/platform/src/testing';
import { buildGenerateRequest } from './support/builders';
import { startOpenAiStub, validPostFor, type OpenAiStub } from '@postwright/platform/src/testing/fakes/openai';
import { startStack, type Stack } from './support/stack';

const typeNames = {
  controversial: 'Contrarian Take',
  story: 'Behind the Scenes',
  framework: 'Framework',
  insight: 'Industry Insight',
  learning: 'Relationship Builder',
} as const;

describe('POST /api/content/generate with an OpenAI-compatible model (the real openai SDK against a local stub)', () => {
  let stack: Stack;
  let model: OpenAiStub;

  beforeAll(async () => {
    model = await startOpenAiStub();
    stack = await startStack({ OPENAI_API_KEY: 'sk-test-key', OPENAI_BASE_URL: model.url, OPENAI_MODEL: 'stub-model-1', GENERATION_TIMEOUT_MS: '5000' });
  });
  afterAll(async () => {
    await stack?.stop();
    await model?.close();
  }, 60_000);
  beforeEach(() => model.reset());

  test.each(contentTypes)('when the %s type is requested, then the model writes the draft from a prompt built for that type', async (contentType) => {
    const user = await stack.user({ tier: 'premium' });
    const request = buildGenerateRequest({ contentType, topic: `Hiring for ${contentType}` });

    const res = await http(stack.content.url, 'POST', '/api/content/generate', { token: user.token, body: request });

    expect(res.status).toBe(201);
    const body = generateResponseSchema.parse(res.body);
    expect(model.requests).toHaveLength(1);
    const sent = model.requests[0];
    const expected = validPostFor(sent.body);
    expect(body.content).toMatchObject({ contentType, status: 'draft', generatedContent: expected.body, hooks: expected.hooks });

    // the request: the configured model and key, structured output with exactly 5 hooks and their styles
    expect(sent.headers.authorization).toBe('Bearer sk-test-key');
    expect(sent.body.model).toBe('stub-model-1');
    expect(sent.body.response_format?.type).toBe('json_schema');
    const schema = sent.body.response_format?.json_schema?.schema;
    expect(schema.required).toEqual(['body', 'hooks', 'hookStyles']);
    expect(schema.properties.hooks).toMatchObject({ type: 'array', minItems: 5, maxItems: 5 });
    expect(schema.properties.hookStyles).toMatchObject({ type: 'array', minItems: 5, maxItems: 5, items: { type: 'string', enum: ['claim', 'question', 'number', 'story', 'contrast'] } });

    // the prompt: the type from the framework, every input, the rules of the format
    const system = sent.body.messages.find((m) => m.role === 'system')!.content;
    const prompt = sent.body.messages.find((m) => m.role === 'user')!.content;
    expect(prompt).toContain(`Content type: ${typeNames[contentType]}`);
    expect(prompt).toMatch(/Funnel role: (top|middle|bottom) of funnel/);
    for (const field of ['topic', 'industryRole', 'personalExperience', 'targetAudience', 'businessGoal'] as const) {
      expect(prompt).toContain(String(request[field]));
    }
    expect(system).toContain('$1,000 insight test');
    // the whole post (hook, blank line, body) is what must land in the band
    expect(system).toContain('The whole post (the chosen hook, a blank line, then the body) must be 1,300-1,600 characters with any of the hooks');
    expect(system).toContain('the body must be 1,260-1,390 characters long');
    expect(schema.properties.body.description).toContain('1,260-1,390 characters');
    expect(system).toMatch(/under 210 characters/);
    expect(system).toMatch(/no markdown/);
  });

  test('when the type is a Contrarian Take, then the prompt asks for its structure: claim, why the common view fails, proof, what instead, question', async () => {
    const user = await stack.user({ tier: 'premium' });
    await http(stack.content.url, 'POST', '/api/content/generate', { token: user.token, body: buildGenerateRequest({ contentType: 'controversial' }) });
    const prompt = model.requests[0].body.messages.find((m) => m.role === 'user')!.content;
    expect(prompt).toMatch(/1\. the claim[\s\S]*2\. why the common view fails[\s\S]*3\. the author's own experience as proof[\s\S]*4\. what to do instead[\s\S]*5\. a question/);
    expect(prompt).toContain('top of funnel');
  });

  test('when no business goal is given, then the prompt says so and asks for a conversation-starting close', async () => {
    const user = await stack.user({ tier: 'premium' });
    const res = await http(stack.content.url, 'POST', '/api/content/generate', {
      token: user.token,
      body: buildGenerateRequest({ contentType: 'learning', businessGoal: undefined }),
    });
    expect(res.status).toBe(201);
    expect(model.requests[0].body.messages.find((m) => m.role === 'user')!.content).toContain('No business goal was given');
  });

  test('when the model answers with markdown and numbered hooks, then the stored post is plain text for LinkedIn', async () => {
    const user = await stack.user({ tier: 'premium' });
    const paragraph = 'Here is **the part that matters** for every leader reading this post today, and why.';
    model.script({
      content: JSON.stringify({
        body: `## A heading\n\n${Array.from({ length: 16 }, () => paragraph).join('\n\n')}`,
        hooks: ['1. First hook here', 'Hook 2: Second hook here', '"Third hook here"', 'Fourth hook here', 'Fifth hook here'],
      }),
    });
    const res = await http(stack.content.url, 'POST', '/api/content/generate', { token: user.token, body: buildGenerateRequest() });
    expect(res.status).toBe(201);
    expect(res.body.content.generatedContent).not.toMatch(/\*\*|^#/m);
    expect(res.body.content.generatedContent).toContain('Here is the part that matters for every leader');
    expect(res.body.content.hooks).toEqual(['First hook here', 'Second hook here', 'Third hook here', 'Fourth hook here', 'Fifth hook here']);
  });

  test('when the model refuses, then 422 with error text and nothing is stored', async () => {
    const user = await stack.user({ tier: 'premium' });
    model.script({ refusal: 'I cannot help with that.' });
    const res = await http(stack.content.url, 'POST', '/api/content/generate', { token: user.token, body: buildGenerateRequest() });
    expect(res.status).toBe(422);
    expect(res.body).toMatchObject({ error: expect.stringContaining('declined'), code: 'GENERATION.REFUSED' });
    expect(await stack.list(user)).toEqual([]);
  });

  test('when the model server rejects the JSON schema (400), then the service falls back to JSON mode once and keeps using it', async () => {
    const fallback = await startOpenAiStub();
    const other = await startStack({ OPENAI_API_KEY: 'sk-test-key', OPENAI_BASE_URL: fallback.url, GENERATION_TIMEOUT_MS: '5000' });
    try {
      const user = await other.user({ tier: 'premium' });
      fallback.script({ status: 400, error: { message: "Invalid parameter: 'response_format' of type 'json_schema' is not supported with this model.", type: 'invalid_request_error' } });

      const first = await http(other.content.url, 'POST', '/api/content/generate', { token: user.token, body: buildGenerateRequest() });
      const second = await http(other.content.url, 'POST', '/api/content/generate', { token: user.token, body: buildGenerateRequest() });

      expect([first.status, second.status]).toEqual([201, 201]);
      expect(fallback.requests.map((r) => r.body.response_format?.type)).toEqual(['json_schema', 'json_object', 'json_object']);
    } finally {
      await other.stop();
      await fallback.close();
    }
  }, 60_000);

  test('when the model answers 400 for another reason, then 503 without a fallback', async () => {
    const user = await stack.user({ tier: 'premium' });
    model.script({ status: 400, error: { message: 'This model does not exist', type: 'invalid_request_error' } });
    const res = await http(stack.content.url, 'POST', '/api/content/generate', { token: user.token, body: buildGenerateRequest() });
    expect(res.status).toBe(503);
    expect(model.requests).toHaveLength(1);
  });
});
