import { http } from '@postwright/platform/src/testing';
import { buildGenerateRequest } from './support/builders';
import { modelStack } from './support/model-stack';

// 1,310 characters: with any of the hooks below, hook + blank line + body lands in 1,300-1,600
const goodBody = Array.from({ length: 16 }, () => 'A useful paragraph with a concrete, specific lesson for the reader of this post.').join('\n\n');
const firstHooks = ['Hook one.', 'Hook two?', '3 hooks in.', 'It was a Monday.', 'Most say X. I say Y.'];
const newHooks = ['A new hook.', 'Another question?', '4 fresh ideas.', 'It was a Friday.', 'They say A. I say B.'];
const post = (hooks: string[]) => ({ content: JSON.stringify({ body: goodBody, hooks }) });

/** "Generate again" with a model: it is told what the post it replaces said, so it writes another take. */
describe('POST /api/content/generate with contentId, written by a model', () => {
  const ai = modelStack();
  const userMessage = (n: number) => ai.model.requests[n].body.messages.find((m) => m.role === 'user')?.content ?? '';
  const temperatureOf = (n: number) => (ai.model.requests[n].body as { temperature?: number }).temperature;

  async function draftWith(hooks: string[]) {
    ai.model.script(post(hooks));
    const res = await ai.generate();
    expect(res.status).toBe(201);
    ai.model.reset();
    return res.body.content as { id: string; hooks: string[] };
  }
  const again = (contentId: string) =>
    http(ai.stack.content.url, 'POST', '/api/content/generate', { token: ai.user.token, body: buildGenerateRequest({ contentId }) });

  test('when a post is written the first time, then the model is asked at the usual temperature with no earlier hooks', async () => {
    await draftWith(firstHooks);
    ai.model.script(post(firstHooks));
    await ai.generate();
    expect(temperatureOf(0)).toBe(0.7);
    expect(userMessage(0)).not.toContain('another take');
  });

  test('when a draft is generated again, then the model is told the hooks and the opening to avoid, at a higher temperature, and its new post replaces the draft', async () => {
    const draft = await draftWith(firstHooks);
    ai.model.script(post(newHooks));

    const res = await again(draft.id);

    expect(res.status).toBe(200);
    expect(res.body.content.hooks).toEqual(newHooks);
    expect(ai.model.requests).toHaveLength(1);
    expect(temperatureOf(0)).toBe(0.9);
    const prompt = userMessage(0);
    expect(prompt).toContain('asked for another take');
    for (const hook of firstHooks) expect(prompt).toContain(`- ${hook}`);
    expect(prompt).toContain(`The earlier body opened with: ${goodBody.split('\n\n')[0]}`);
  });

  test('when a draft is generated again a second time, then the hooks of the version before are to be avoided too', async () => {
    const draft = await draftWith(firstHooks);
    ai.model.script(post(newHooks));
    expect((await again(draft.id)).status).toBe(200);
    ai.model.reset();
    const third = ['Third one.', 'Third question?', '5 more ideas.', 'It was a Sunday.', 'Some say C. I say D.'];
    ai.model.script(post(third));

    const res = await again(draft.id);

    expect(res.status).toBe(200);
    for (const hook of [...newHooks, ...firstHooks]) expect(userMessage(0)).toContain(`- ${hook}`);
  });

  test('when the model hands back hooks of the post it replaces, then it is asked once more, naming them, and the new hooks are stored', async () => {
    const draft = await draftWith(firstHooks);
    const lazy = [firstHooks[0], firstHooks[1], '3 other hooks.', 'It was a Tuesday.', 'Some say P. I say Q.'];
    ai.model.script(post(lazy), post(newHooks));

    const res = await again(draft.id);

    expect(res.status).toBe(200);
    expect(ai.model.requests).toHaveLength(2);
    expect(ai.model.requests[1].body.messages.at(-1)?.content).toContain(`These hooks repeat the earlier post; write new ones: ${firstHooks[0]} | ${firstHooks[1]}`);
    expect(res.body.content.hooks).toEqual(newHooks);
  });
});
