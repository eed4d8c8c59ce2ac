import { http, randomId, TEST_INTERNAL_TOKEN } from '@postwright/platform/src/testing';
import { buildGenerateRequest } from './support/builders';
import { startStack, type Stack, type TestUser, publishedReport } from './support/stack';

/** Users reach only their own data: another user's item is always 404, never 403 or 500. */
describe('content ownership', () => {
  let stack: Stack;
  let owner: TestUser;
  let intruder: TestUser;
  let itemId: string;

  beforeAll(async () => {
    stack = await startStack({ OPENAI_API_KEY: '' });
    owner = await stack.user({ tier: 'premium' });
    intruder = await stack.user({ tier: 'premium' });
    itemId = (await stack.draft(owner, { topic: 'Private strategy' })).id;
    await stack.draft(intruder, { topic: 'Intruder own post' });
  });
  afterAll(() => stack?.stop(), 60_000);

  test('when another user lists content, then the owner\'s item is not there', async () => {
    const items = await stack.list(intruder);
    expect(items.map((i) => i.topic)).toEqual(['Intruder own post']);
  });

  test('when another user edits the item, then 404 and the item is unchanged', async () => {
    const res = await http(stack.content.url, 'PUT', `/api/content/${itemId}/edit`, { token: intruder.token, body: { editedContent: 'hijacked', saveAsDraft: true } });
    expect(res.status).toBe(404);
    expect(res.body).toMatchObject({ error: 'Content not found', code: 'CONTENT.NOT_FOUND' });
    expect((await stack.list(owner))[0].finalContent).toBeNull();
  });

  test('when another user opens, generates again or restores the item, then 404 each time and the item is unchanged', async () => {
    const before = await stack.stored(itemId);
    const get = await http(stack.content.url, 'GET', `/api/content/${itemId}`, { token: intruder.token });
    const again = await http(stack.content.url, 'POST', '/api/content/generate', { token: intruder.token, body: buildGenerateRequest({ contentId: itemId }) });
    const restore = await http(stack.content.url, 'POST', `/api/content/${itemId}/restore-previous`, { token: intruder.token });
    for (const res of [get, again, restore]) expect(res.body).toMatchObject({ error: 'Content not found', code: 'CONTENT.NOT_FOUND' });
    expect([get.status, again.status, restore.status]).toEqual([404, 404, 404]);
    expect(await stack.stored(itemId)).toEqual(before);
  });

  test('when another user deletes the item, then 404 and the item is still there', async () => {
    const res = await http(stack.content.url, 'DELETE', `/api/content/${itemId}`, { token: intruder.token });
    expect(res.status).toBe(404);
    expect((await stack.list(owner)).map((i) => i.id)).toContain(itemId);
  });

  test('when the internal API is asked for the item on behalf of another user, then 404 for reads and moves alike', async () => {
    const headers = { 'x-internal-token': TEST_INTERNAL_TOKEN };
    const read = await http(stack.content.url, 'GET', `/internal/content/${itemId}?userId=${intruder.id}`, { headers });
    expect(read.status).toBe(404);
    const move = await stack.report(itemId, publishedReport(intruder.id, 'urn:li:share:x'));
    expect(move.status).toBe(404);
    expect((await stack.list(owner))[0].status).toBe('draft');
  });

  test.each(['not-an-id', '123', 'zzzzzzzzzzzzzzzzzzzzzzzz', randomId(), '%00', '$where'])(
    'when the id is %p, then every route answers 404 with error text, never 500',
    async (id) => {
      const path = encodeURIComponent(id);
      const get = await http(stack.content.url, 'GET', `/api/content/${path}`, { token: owner.token });
      const edit = await http(stack.content.url, 'PUT', `/api/content/${path}/edit`, { token: owner.token, body: { editedContent: 'x' } });
      const restore = await http(stack.content.url, 'POST', `/api/content/${path}/restore-previous`, { token: owner.token });
      const del = await http(stack.content.url, 'DELETE', `/api/content/${path}`, { token: owner.token });
      const read = await http(stack.content.url, 'GET', `/internal/content/${path}?userId=${owner.id}`, { headers: { 'x-internal-token': TEST_INTERNAL_TOKEN } });
      const move = await stack.transition(path, { userId: owner.id, from: ['draft'], to: 'scheduled', scheduledFor: new Date(Date.now() + 7_200_000).toISOString() });
      for (const res of [get, edit, restore, del, read, move]) {
        expect(res.status).toBe(404);
        expect(res.body.error).toEqual(expect.any(String));
      }
    },
  );

  test('when the internal API is called without the internal token, then 403 and nothing is revealed', async () => {
    const read = await http(stack.content.url, 'GET', `/internal/content/${itemId}?userId=${owner.id}`);
    const move = await http(stack.content.url, 'POST', `/internal/content/${itemId}/transition`, {
      body: { userId: owner.id, from: ['draft'], to: 'published' },
      headers: { 'x-internal-token': 'guess-guess-guess-guess' },
    });
    expect(read.status).toBe(403);
    expect(move.status).toBe(403);
    expect(JSON.stringify(read.body)).not.toContain('Private strategy');
  });

  test('when a user token is presented to the internal API, then it does not open it', async () => {
    const res = await http(stack.content.url, 'GET', `/internal/content/${itemId}?userId=${owner.id}`, { token: owner.token });
    expect(res.status).toBe(403);
  });
});
