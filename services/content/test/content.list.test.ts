import { contentListResponseSchema } from '@postwright/contracts';
import { http } from '@postwright/platform/src/testing';
import { startStack, type Stack, type TestUser } from './support/stack';

describe('GET /api/content', () => {
  let stack: Stack;
  let user: TestUser;
  let topics: string[];

  beforeAll(async () => {
    stack = await startStack({ OPENAI_API_KEY: '' });
    user = await stack.user({ tier: 'premium' });
    topics = [];
    for (let i = 1; i <= 5; i++) {
      topics.push(`Topic ${i}`);
      await stack.draft(user, { topic: `Topic ${i}` });
    }
  });
  afterAll(() => stack?.stop(), 60_000);

  const list = (query = '', token = user.token) => http(stack.content.url, 'GET', `/api/content${query}`, { token });

  test('when called without paging, then all the caller\'s items come back, newest first, in the contract shape', async () => {
    const res = await list();
    expect(res.status).toBe(200);
    const body = contentListResponseSchema.parse(res.body);
    expect(body.content.map((c) => c.topic)).toEqual([...topics].reverse());
  });

  test('when paged, then page and limit slice the newest-first list', async () => {
    const first = await list('?page=1&limit=2');
    const second = await list('?page=2&limit=2');
    const third = await list('?page=3&limit=2');
    const beyond = await list('?page=4&limit=2');
    expect(first.body.content.map((c: { topic: string }) => c.topic)).toEqual(['Topic 5', 'Topic 4']);
    expect(second.body.content.map((c: { topic: string }) => c.topic)).toEqual(['Topic 3', 'Topic 2']);
    expect(third.body.content.map((c: { topic: string }) => c.topic)).toEqual(['Topic 1']);
    expect(beyond.body.content).toEqual([]);
  });

  test.each([
    ['?page=0', 'page must be a whole number of 1 or more'],
    ['?page=abc', 'page must be a whole number of 1 or more'],
    ['?page=1.5', 'page must be a whole number of 1 or more'],
    ['?limit=0', 'limit must be a whole number from 1 to 200'],
    ['?limit=201', 'limit must be a whole number from 1 to 200'],
    ['?limit=ten', 'limit must be a whole number from 1 to 200'],
  ])('when the query is %s, then 400 with "%s"', async (query, message) => {
    const res = await list(query);
    expect(res.status).toBe(400);
    expect(res.body.error).toBe(message);
  });

  test('when a user has no content, then the list is empty', async () => {
    const other = await stack.user();
    const res = await list('', other.token);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ content: [] });
  });

  test('when there is no token, then 401', async () => {
    const res = await http(stack.content.url, 'GET', '/api/content');
    expect(res.status).toBe(401);
    expect(res.body.error).toEqual(expect.any(String));
  });
});
