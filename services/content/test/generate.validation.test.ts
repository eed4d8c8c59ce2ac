import { http } from '@postwright/platform/src/testing';
import { buildGenerateRequest } from './support/builders';
import { startStack, type Stack, type TestUser } from './support/stack';

/** The generation form rules, in the spec's words. */
describe('POST /api/content/generate with an invalid form', () => {
  let stack: Stack;
  let user: TestUser;

  beforeAll(async () => {
    stack = await startStack({ OPENAI_API_KEY: '' });
    user = await stack.user();
  });
  afterAll(() => stack?.stop(), 60_000);

  const generate = (body: unknown) => http(stack.content.url, 'POST', '/api/content/generate', { token: user.token, body });

  test.each([
    ['topic', undefined, 'Topic is required'],
    ['topic', '', 'Topic is required'],
    ['topic', '    ', 'Topic is required'],
    ['topic', 42, 'Topic is required'],
    ['topic', 'ab', 'Topic must be at least 3 characters'],
    ['topic', '  ab  ', 'Topic must be at least 3 characters'],
    ['industryRole', undefined, 'Industry/Role is required'],
    ['industryRole', '', 'Industry/Role is required'],
    ['industryRole', 'X', 'Industry/Role must be at least 2 characters'],
    ['personalExperience', undefined, 'Personal experience is required'],
    ['personalExperience', '', 'Personal experience is required'],
    ['personalExperience', 'too short', 'Personal experience must be at least 10 characters'],
    ['targetAudience', undefined, 'Target audience is required'],
    ['targetAudience', '', 'Target audience is required'],
    ['targetAudience', '   ', 'Target audience is required'],
    ['topic', 'x'.repeat(201), 'Topic must be at most 200 characters'],
    ['industryRole', 'x'.repeat(101), 'Industry/Role must be at most 100 characters'],
    ['personalExperience', 'x'.repeat(2001), 'Personal experience must be at most 2,000 characters'],
    ['targetAudience', 'x'.repeat(201), 'Target audience must be at most 200 characters'],
    ['businessGoal', 'x'.repeat(301), 'Business goal must be at most 300 characters'],
    ['contentType', 'poem', 'Content type must be one of: controversial, story, framework, insight, learning'],
    ['contentType', undefined, 'Content type must be one of: controversial, story, framework, insight, learning'],
  ])('when %s is %p, then 400 says "%s"', async (field, value, message) => {
    const res = await generate(buildGenerateRequest({ [field]: value }));
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ error: message, details: { [field]: message } });
  });

  test('when every required field is missing, then the first message is the error and every field has its own', async () => {
    const res = await generate({ contentType: 'story' });
    expect(res.status).toBe(400);
    expect(res.body.error).toBe('Topic is required');
    expect(res.body.details).toEqual({
      topic: 'Topic is required',
      industryRole: 'Industry/Role is required',
      personalExperience: 'Personal experience is required',
      targetAudience: 'Target audience is required',
    });
  });

  test('when the personal experience is far beyond the 500-character guidance but within the 2,000 cap, then it is accepted', async () => {
    const premium = await stack.user({ tier: 'premium' });
    const long = `${'I rebuilt our onboarding from scratch after losing three great hires in one quarter. '.repeat(23)}`.trim();
    expect(long.length).toBeGreaterThan(1900);
    const res = await http(stack.content.url, 'POST', '/api/content/generate', {
      token: premium.token,
      body: buildGenerateRequest({ personalExperience: long }),
    });
    expect(res.status).toBe(201);
    expect(res.body.content.generatedContent.length).toBeLessThanOrEqual(1600);
  });

  test('when the body is not JSON, then 400 with error text and nothing is generated', async () => {
    const res = await http(stack.content.url, 'POST', '/api/content/generate', { token: user.token, raw: '{"topic": ' });
    expect(res.status).toBe(400);
    expect(res.body.error).toEqual(expect.any(String));
  });

  test('when there is no access token, then 401 and nothing is generated', async () => {
    const res = await http(stack.content.url, 'POST', '/api/content/generate', { body: buildGenerateRequest() });
    expect(res.status).toBe(401);
    expect(res.body.error).toEqual(expect.any(String));
  });

  test('when requests were refused for validation, then no trial post was used and nothing was stored', async () => {
    const fresh = await stack.user();
    for (const topic of ['', 'ab']) {
      const res = await http(stack.content.url, 'POST', '/api/content/generate', { token: fresh.token, body: buildGenerateRequest({ topic }) });
      expect(res.status).toBe(400);
    }
    expect(await stack.list(fresh)).toEqual([]);
    expect(await stack.trialPostsUsed(fresh)).toBe(0);
  });
});
