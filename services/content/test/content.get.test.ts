import { contentResponseSchema } from '@postwright/contracts';
import { http, randomId } from '@postwright/platform/src/testing';
import { buildGenerateRequest } from './support/builders';
import { startStack, type Stack, type TestUser } from './support/stack';

/** A draft is a place; the web opens it by its address with GET /api/content/:id. */
describe('GET /api/content/:id', () => {
  let stack: Stack;
  let owner: TestUser;
  let other: TestUser;

  beforeAll(async () => {
    stack = await startStack({ OPENAI_API_KEY: '' });
    owner = await stack.user({ tier: 'premium' });
    other = await stack.user({ tier: 'premium' });
  });
  afterAll(() => stack?.stop(), 60_000);

  const get = (id: string, user: TestUser = owner) => http(stack.content.url, 'GET', `/api/content/${encodeURIComponent(id)}`, { token: user.token });

  test('when the owner asks for a draft, then 200 with the item as the list shows it, with the form it came from', async () => {
    const request = buildGenerateRequest({ contentType: 'story', topic: 'Board reporting', businessGoal: 'book discovery calls' });
    const item = await stack.draft(owner, request);

    const res = await get(item.id);

    expect(res.status).toBe(200);
    const { content } = contentResponseSchema.parse(res.body);
    expect(content).toEqual((await stack.list(owner)).find((c) => c.id === item.id));
    expect(content).toMatchObject({
      id: item.id,
      contentType: 'story',
      topic: 'Board reporting',
      inputs: {
        industryRole: request.industryRole,
        personalExperience: request.personalExperience,
        targetAudience: request.targetAudience,
        businessGoal: 'book discovery calls',
      },
      hasPreviousVersion: false,
    });
  });

  test('when the business goal was left out, then the item says null for it', async () => {
    const item = await stack.draft(owner, { businessGoal: undefined });
    const res = await get(item.id);
    expect(res.status).toBe(200);
    expect(res.body.content.inputs.businessGoal).toBeNull();
  });

  test('when another user asks for the item, then 404 with the not-found code and nothing of it', async () => {
    const item = await stack.draft(owner, { topic: 'Private strategy' });
    const res = await get(item.id, other);
    expect(res.status).toBe(404);
    expect(res.body).toMatchObject({ error: 'Content not found', code: 'CONTENT.NOT_FOUND' });
    expect(JSON.stringify(res.body)).not.toContain('Private strategy');
  });

  test('when the item was deleted, then 404', async () => {
    const item = await stack.draft(owner);
    expect((await http(stack.content.url, 'DELETE', `/api/content/${item.id}`, { token: owner.token })).status).toBe(200);
    const res = await get(item.id);
    expect(res.status).toBe(404);
    expect(res.body.code).toBe('CONTENT.NOT_FOUND');
  });

  test.each([
    ...['not-an-id', '123', 'zzzzzzzzzzzzzzzzzzzzzzzz', randomId(), '%00', '$where'].map((id) => [JSON.stringify(id), id]),
    ['5,000 characters long', 'a'.repeat(5000)],
  ])('when the id is %s, then 404 with error text, never 500', async (_label, id) => {
    const res = await get(id);
    expect(res.status).toBe(404);
    expect(res.body).toMatchObject({ error: 'Content not found', code: 'CONTENT.NOT_FOUND' });
  });

  test('when there is no token, then 401', async () => {
    const item = await stack.draft(owner);
    const res = await http(stack.content.url, 'GET', `/api/content/${item.id}`);
    expect(res.status).toBe(401);
  });
});
