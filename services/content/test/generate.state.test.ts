import { contentListResponseSchema } from '@postwright/contracts';
import { http } from '@postwright/platform/src/testing';
import { Types } from 'mongoose';
import { buildGenerateRequest } from './support/builders';
import { startStack, type Stack } from './support/stack';

describe('POST /api/content/generate: what is stored', () => {
  let stack: Stack;

  beforeAll(async () => {
    stack = await startStack({ OPENAI_API_KEY: '' });
  });
  afterAll(() => stack?.stop(), 60_000);

  test('when a post is generated, then it is stored as the user\'s draft and listed with every field of the spec', async () => {
    const user = await stack.user({ tier: 'premium' });
    const request = buildGenerateRequest({ contentType: 'framework' });

    const res = await http(stack.content.url, 'POST', '/api/content/generate', { token: user.token, body: request });
    expect(res.status).toBe(201);

    const list = contentListResponseSchema.parse((await http(stack.content.url, 'GET', '/api/content', { token: user.token })).body);
    expect(list.content).toEqual([res.body.content]);
    expect(list.content[0]).toMatchObject({
      status: 'draft',
      selectedHook: null,
      finalContent: null,
      publishedAt: null,
      scheduledFor: null,
      linkedinPostId: null,
      linkedinPostUrl: null,
      engagement: null,
      lastPublishError: null,
      publishUnconfirmed: false,
      inputs: {
        industryRole: request.industryRole,
        personalExperience: request.personalExperience,
        targetAudience: request.targetAudience,
        businessGoal: request.businessGoal,
      },
      hasPreviousVersion: false,
    });
    expect(Date.now() - Date.parse(list.content[0].createdAt)).toBeLessThan(60_000);

    const stored = await stack.content.ctx.mongo.collection('content_items').findOne({ _id: new Types.ObjectId(res.body.content.id) });
    expect(stored).toMatchObject({
      userId: user.id,
      contentType: 'framework',
      status: 'draft',
      inputs: {
        industryRole: request.industryRole,
        personalExperience: request.personalExperience,
        targetAudience: request.targetAudience,
        businessGoal: request.businessGoal,
      },
      generator: { provider: 'offline', model: 'framework-v1' },
      previous: null,
    });
  });

  test('when the business goal is left empty, then it is stored as null', async () => {
    const user = await stack.user({ tier: 'premium' });
    const res = await http(stack.content.url, 'POST', '/api/content/generate', { token: user.token, body: buildGenerateRequest({ businessGoal: '  ' }) });
    expect(res.status).toBe(201);
    const stored = await stack.content.ctx.mongo.collection('content_items').findOne({ _id: new Types.ObjectId(res.body.content.id) });
    expect(stored?.inputs.businessGoal).toBeNull();
  });

  test('when generation is refused (trial used up), then nothing is stored', async () => {
    const user = await stack.user();
    for (let i = 0; i < 3; i++) await stack.draft(user);
    const res = await http(stack.content.url, 'POST', '/api/content/generate', { token: user.token, body: buildGenerateRequest() });
    expect(res.status).toBe(403);
    expect(await stack.content.ctx.mongo.collection('content_items').countDocuments({ userId: user.id })).toBe(3);
  });
});
