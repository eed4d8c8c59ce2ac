import { http } from '@postwright/platform/src/testing';
import { startStack, type Stack, type TestUser } from './support/stack';

describe('posts list: responses', () => {
  let stack: Stack;
  let user: TestUser;
  const published: Array<{ id: string; contentId: string; contentType: string }> = [];

  beforeAll(async () => {
    stack = await startStack();
    user = await stack.user();
    await stack.connect(user);
    for (let i = 0; i < 5; i += 1) {
      const item = await stack.draft(user);
      const res = await http(stack.linkedin.url, 'POST', '/api/linkedin/post', { token: user.token, body: { contentId: item.id, text: `Post number ${i}` } });
      if (res.status !== 200) throw new Error(`publish failed: ${res.status}`);
      published.push({ id: res.body.linkedinPost.id, contentId: item.id, contentType: item.contentType });
    }
  });
  afterAll(() => stack?.stop());

  const list = (token: string, query = '') => http(stack.linkedin.url, 'GET', `/api/linkedin/posts${query}`, { token });

  test('when pages are read, then posts come newest first with the pagination totals', async () => {
    const first = await list(user.token, '?page=1&limit=2');
    expect(first.status).toBe(200);
    expect(first.body.pagination).toEqual({ page: 1, limit: 2, total: 5, pages: 3 });
    expect(first.body.posts.map((p: any) => p.linkedInPostId)).toEqual([published[4].id, published[3].id]);
    expect(first.body.posts[0]).toEqual({
      id: expect.any(String),
      linkedInPostId: published[4].id,
      contentType: 'framework',
      contentId: published[4].contentId,
      url: `${stack.sandbox.url}/feed/update/${published[4].id}/`,
      publishedAt: expect.any(String),
    });
    const last = await list(user.token, '?page=3&limit=2');
    expect(last.body.posts.map((p: any) => p.linkedInPostId)).toEqual([published[0].id]);
    const beyond = await list(user.token, '?page=4&limit=2');
    expect(beyond.body).toEqual({ posts: [], pagination: { page: 4, limit: 2, total: 5, pages: 3 } });
  });

  test('when no page or limit is given, then page 1 of 10 is returned', async () => {
    const res = await list(user.token);
    expect(res.body.pagination).toEqual({ page: 1, limit: 10, total: 5, pages: 1 });
    expect(res.body.posts).toHaveLength(5);
  });

  test('when page or limit is not a sensible number, then 400 with error text', async () => {
    for (const query of ['?page=0', '?page=-1', '?page=abc', '?limit=0', '?limit=101', '?limit=2.5']) {
      const res = await list(user.token, query);
      expect([query, res.status]).toEqual([query, 400]);
      expect(res.body.error).toEqual(expect.any(String));
    }
  });

  test("when another user lists posts, then they see only their own (none)", async () => {
    const other = await stack.user();
    const res = await list(other.token);
    expect(res.body).toEqual({ posts: [], pagination: { page: 1, limit: 10, total: 0, pages: 0 } });
  });

  test('when an attempt failed or is unconfirmed, then it is not listed as a post', async () => {
    const item = await stack.draft(user);
    await stack.fault('500', { path: '/rest/posts' });
    await http(stack.linkedin.url, 'POST', '/api/linkedin/post', { token: user.token, body: { contentId: item.id, text: 'fails' } });
    await stack.fault('lost-response', { path: '/rest/posts' });
    await http(stack.linkedin.url, 'POST', '/api/linkedin/post', { token: user.token, body: { contentId: item.id, text: 'unknown' } });
    expect((await list(user.token)).body.pagination.total).toBe(5);
  });
});
