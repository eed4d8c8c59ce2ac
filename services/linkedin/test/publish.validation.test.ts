import { http } from '@postwright/platform/src/testing';
import { startStack, type Stack } from './support/stack';

describe('publish now: bad input', () => {
  let stack: Stack;
  beforeAll(async () => {
    stack = await startStack();
  });
  afterAll(() => stack?.stop());

  test('when the contentId is far longer than any id, then 400 "Content not found" (not a 503 from the content call) and nothing reaches LinkedIn', async () => {
    const user = await stack.user();
    await stack.connect(user);
    const before = (await stack.sandboxPosts()).length;
    for (const contentId of ['a'.repeat(65), 'x'.repeat(40_000)]) {
      const res = await http(stack.linkedin.url, 'POST', '/api/linkedin/post', { token: user.token, body: { contentId, text: 'Never posted.' } });
      expect(res.status).toBe(400);
      expect(res.body.error).toBe('Content not found');
    }
    expect((await stack.sandboxPosts()).length).toBe(before);
  });
});
