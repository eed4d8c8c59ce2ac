import { FIELD_MAX } from '@postwright/contracts';
import { http } from '@postwright/platform/src/testing';
import { buildGenerateRequest } from './support/builders';
import { startOpenAiStub, validPostFor, type OpenAiStub } from '@postwright/platform/src/testing/fakes/openai';
import { startStack, type Stack } from './support/stack';

/**
 * With a model configured every oversized field must be refused before the model is asked, a
 * trial post is reserved or anything is stored, so no input can run up the model's bill.
 */
describe('POST /api/content/generate with a field over its maximum', () => {
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

  const generate = (token: string, body: unknown) => http(stack.content.url, 'POST', '/api/content/generate', { token, body });
  // the stub echoes the topic into every line: a 200-character topic would make its hooks too long
  const answerWithAPost = () => model.script({ content: JSON.stringify(validPostFor({ model: 'stub-model-1', messages: [{ role: 'user', content: 'Topic: hiring' }] })) });
  const storedFor = (userId: string) => stack.content.ctx.mongo.collection('content_items').countDocuments({ userId });

  test.each([
    ['topic', 90_000, 'Topic must be at most 200 characters'],
    ['topic', FIELD_MAX.topic + 1, 'Topic must be at most 200 characters'],
    ['industryRole', FIELD_MAX.industryRole + 1, 'Industry/Role must be at most 100 characters'],
    ['personalExperience', FIELD_MAX.personalExperience + 1, 'Personal experience must be at most 2,000 characters'],
    ['personalExperience', 90_000, 'Personal experience must be at most 2,000 characters'],
    ['targetAudience', FIELD_MAX.targetAudience + 1, 'Target audience must be at most 200 characters'],
    ['businessGoal', FIELD_MAX.businessGoal + 1, 'Business goal must be at most 300 characters'],
  ])('when %s is %i characters, then 400 "%s", the model is not asked, no trial post is used and nothing is stored', async (field, length, message) => {
    const user = await stack.user();
    const res = await generate(user.token, buildGenerateRequest({ [field]: 'x'.repeat(length) }));

    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ error: message, code: 'REQUEST.INVALID', details: { [field]: message } });
    expect(model.requests).toHaveLength(0);
    expect(await storedFor(user.id)).toBe(0);
    expect(await stack.list(user)).toEqual([]);
    expect(await stack.trialPostsUsed(user)).toBe(0);
  });

  test('when every field is exactly at its maximum, then the post is generated and the inputs are stored whole', async () => {
    const user = await stack.user({ tier: 'premium' });
    const request = buildGenerateRequest({
      topic: 't'.repeat(FIELD_MAX.topic),
      industryRole: 'i'.repeat(FIELD_MAX.industryRole),
      personalExperience: 'p'.repeat(FIELD_MAX.personalExperience),
      targetAudience: 'a'.repeat(FIELD_MAX.targetAudience),
      businessGoal: 'g'.repeat(FIELD_MAX.businessGoal),
    });
    answerWithAPost();
    const res = await generate(user.token, request);

    expect(res.status).toBe(201);
    expect(model.requests).toHaveLength(1);
    expect(res.body.content.topic).toBe(request.topic);
    const stored = await stack.content.ctx.mongo.collection('content_items').findOne({ userId: user.id });
    expect(stored?.inputs).toMatchObject({
      personalExperience: request.personalExperience,
      targetAudience: request.targetAudience,
      businessGoal: request.businessGoal,
    });
  });

  test('when a field is padded with spaces beyond its maximum, then only the trimmed text counts', async () => {
    const user = await stack.user({ tier: 'premium' });
    const topic = 't'.repeat(FIELD_MAX.topic);
    answerWithAPost();
    const res = await generate(user.token, buildGenerateRequest({ topic: `   ${topic}   ` }));
    expect(res.status).toBe(201);
    expect(res.body.content.topic).toBe(topic);
  });
});
