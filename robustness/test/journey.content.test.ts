import { generateForm, http } from '@postwright/platform/src/testing';
import { startStack, type Stack } from './support/stack';

/**
 * The web's content calls, unchanged, through the only public entry, over the whole stack:
 * here rather than in the content service's tests, which start that service alone.
 */
describe('content API through the gateway', () => {
  let stack: Stack;

  beforeAll(async () => {
    stack = await startStack();
  }, 120_000);
  afterAll(async () => {
    await stack?.stop();
  }, 60_000);

  test('when a new user signs up, generates, edits, lists and deletes through /api, then every call works with paths unchanged', async () => {
    const signup = await http(stack.gateway.url, 'POST', '/api/auth/signup', {
      body: { email: `gw-${Date.now()}@example.com`, password: 'correct horse battery', firstName: 'Grace', lastName: 'Hopper' },
    });
    expect(signup.status).toBe(201);
    const token = signup.body.tokens.accessToken;

    const generated = await http(stack.gateway.url, 'POST', '/api/content/generate', { token, body: generateForm('story') });
    expect(generated.status).toBe(201);
    expect(generated.body.user).toEqual({ trialPostsRemaining: 2, usage: { used: 1, allowance: 3, resetsAt: null } });
    const id = generated.body.content.id;

    const edited = await http(stack.gateway.url, 'PUT', `/api/content/${id}/edit`, { token, body: { editedContent: 'Final words.', saveAsDraft: true } });
    expect(edited.status).toBe(200);
    expect(edited.body.content.finalContent).toBe('Final words.');

    const list = await http(stack.gateway.url, 'GET', '/api/content', { token });
    expect(list.body.content.map((c: { id: string }) => c.id)).toEqual([id]);

    expect((await http(stack.gateway.url, 'DELETE', `/api/content/${id}`, { token })).body).toEqual({ success: true });
    expect((await http(stack.gateway.url, 'GET', '/api/content', { token })).body).toEqual({ content: [] });
  });

  test('when someone tries the internal content API through the gateway, then it is not reachable', async () => {
    const res = await http(stack.gateway.url, 'GET', '/internal/content/0123456789abcdef01234567?userId=x', { headers: { 'x-internal-token': 'guess' } });
    expect(res.status).toBe(404);
  });

  test('when the token is missing, then the gateway answers 401 before the content service is asked', async () => {
    const res = await http(stack.gateway.url, 'POST', '/api/content/generate', { body: generateForm() });
    expect(res.status).toBe(401);
    expect(res.body.error).toEqual(expect.any(String));
  });
});
