import { contentTypes, generateResponseSchema, HOOK_MAX_LENGTH } from '@postwright/contracts';
import { http } from '@postwright/platform/src/testing';
import { buildGenerateRequest } from './support/builders';
import { startStack, type Stack } from './support/stack';

describe('POST /api/content/generate with the offline framework generator (no OPENAI_API_KEY)', () => {
  let stack: Stack;

  beforeAll(async () => {
    stack = await startStack({ OPENAI_API_KEY: '' });
  });
  afterAll(() => stack?.stop(), 60_000);

  test.each(contentTypes)('when the %s type is requested, then a 201 draft with a body and 5 distinct hooks comes back', async (contentType) => {
    const user = await stack.user({ tier: 'premium' });
    const request = buildGenerateRequest({ contentType });

    const res = await http(stack.content.url, 'POST', '/api/content/generate', { token: user.token, body: request });

    expect(res.status).toBe(201);
    const body = generateResponseSchema.parse(res.body);
    expect(body.content).toMatchObject({ contentType, topic: request.topic, status: 'draft', selectedHook: null, finalContent: null });
    expect(body.content.id).toMatch(/^[a-f0-9]{24}$/);
    expect(body.content.hooks).toHaveLength(5);
    expect(new Set(body.content.hooks).size).toBe(5);
    for (const hook of body.content.hooks) expect(hook.length).toBeLessThan(HOOK_MAX_LENGTH);
    expect(body.content.generatedContent.length).toBeGreaterThanOrEqual(1300);
    expect(body.content.generatedContent.length).toBeLessThanOrEqual(1600);
    // the author's own experience is the proof at the heart of the post
    expect(body.content.generatedContent).toContain('our output dropped for three months');
    expect(body.content.generatedContent.toLowerCase()).toContain('remote work productivity');
    expect(body.user).toEqual({ trialPostsRemaining: null, usage: { used: 0, allowance: null, resetsAt: null } });
  });

  test('when the same form is sent twice, then the offline generator writes the same post (deterministic)', async () => {
    const user = await stack.user({ tier: 'premium' });
    const request = buildGenerateRequest({ contentType: 'insight', topic: 'AI in healthcare operations' });

    const first = await http(stack.content.url, 'POST', '/api/content/generate', { token: user.token, body: request });
    const second = await http(stack.content.url, 'POST', '/api/content/generate', { token: user.token, body: request });

    expect(first.status).toBe(201);
    expect(second.status).toBe(201);
    expect(second.body.content.id).not.toBe(first.body.content.id);
    expect(second.body.content.generatedContent).toBe(first.body.content.generatedContent);
    expect(second.body.content.hooks).toEqual(first.body.content.hooks);
  });

  test('when the inputs carry surrounding spaces, then the stored topic is trimmed', async () => {
    const user = await stack.user({ tier: 'premium' });
    const res = await http(stack.content.url, 'POST', '/api/content/generate', {
      token: user.token,
      body: buildGenerateRequest({ topic: '   Pricing strategy  ', businessGoal: '' }),
    });
    expect(res.status).toBe(201);
    expect(res.body.content.topic).toBe('Pricing strategy');
  });
});
