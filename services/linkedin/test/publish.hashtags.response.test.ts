import { http } from '@postwright/platform/src/testing';
import { startStack, type Stack } from './support/stack';

describe('publish now: hashtags', () => {
  let stack: Stack;
  beforeAll(async () => {
    stack = await startStack();
  });
  afterAll(() => stack?.stop());

  const connected = async () => {
    const user = await stack.user();
    await stack.connect(user);
    const memberUrn = (await stack.events.waitFor('linkedin.connected', (p) => p.userId === user.id)).payload.memberUrn;
    return { user, memberUrn };
  };

  test('when the text has #words, then each arrives at LinkedIn as the documented hashtag template, sign bare, and the rest of the text intact', async () => {
    const { user, memberUrn } = await connected();
    const item = await stack.draft(user);
    const text = '#Hiring lessons (hard-won) for #leadership.\nC# teams, issue#12, #2026 and ## stay text: https://x.com/a#b\nMerci #café #machine_learning';
    const res = await http(stack.linkedin.url, 'POST', '/api/linkedin/post', { token: user.token, body: { contentId: item.id, text } });
    expect(res.status).toBe(200);

    const [post] = (await stack.sandboxPosts()).filter((p) => p.author === memberUrn);
    expect(post.commentary).toBe(
      '{hashtag|#|Hiring} lessons \\(hard-won\\) for {hashtag|#|leadership}.\n' +
        'C\\# teams, issue\\#12, \\#2026 and \\#\\# stay text: https://x.com/a\\#b\n' +
        'Merci {hashtag|#|café} {hashtag|#|machine\\_learning}',
    );
    expect(post).toMatchObject({ text, truncated: false });

    const page = await (await fetch(`${stack.sandbox.url}/feed/update/${encodeURIComponent(post.id)}/`)).text();
    for (const tag of ['hiring', 'leadership', 'caf%C3%A9', 'machine_learning']) expect(page).toContain(`href="/feed/hashtag/${tag}/"`);
  });
});
