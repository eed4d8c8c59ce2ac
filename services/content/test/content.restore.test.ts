import { contentResponseSchema } from '@postwright/contracts';
import { Types } from 'mongoose';
import { http, randomId } from '@postwright/platform/src/testing';
import { buildGenerateRequest } from './support/builders';
import { inAnHour, startStack, type Stack, type TestUser, publishedReport } from './support/stack';

/**
 * "Generate again" keeps the text it replaced one undo away.
 * POST /api/content/:id/restore-previous swaps it back; a second call redoes. Drafts only.
 */
describe('POST /api/content/:id/restore-previous', () => {
  let stack: Stack;

  beforeAll(async () => {
    stack = await startStack({ OPENAI_API_KEY: '' });
  });
  afterAll(() => stack?.stop(), 60_000);

  const restore = (user: TestUser, id: string) => http(stack.content.url, 'POST', `/api/content/${encodeURIComponent(id)}/restore-previous`, { token: user.token });

  /** a draft the author chose a hook for and edited, then generated again with another topic */
  async function regenerated(user: TestUser) {
    const draft = await stack.draft(user, { contentType: 'story', topic: 'Board reporting', targetAudience: 'Finance leaders' });
    const edited = `${draft.hooks[2]}\n\nWhat I actually want to say.`;
    const saved = await http(stack.content.url, 'PUT', `/api/content/${draft.id}/edit`, { token: user.token, body: { editedContent: edited, selectedHook: draft.hooks[2] } });
    const again = await http(stack.content.url, 'POST', '/api/content/generate', {
      token: user.token,
      body: buildGenerateRequest({ contentType: 'story', topic: 'Team rituals', contentId: draft.id }),
    });
    expect(again.status).toBe(200);
    return { original: saved.body.content, replacement: again.body.content };
  }

  const textOf = (c: Record<string, unknown>) => ({
    topic: c.topic,
    inputs: c.inputs,
    generatedContent: c.generatedContent,
    hooks: c.hooks,
    selectedHook: c.selectedHook,
    finalContent: c.finalContent,
  });

  test('when the previous version is restored, then 200 with the replaced text, form, hook and edits back, and the newer text kept as the previous version', async () => {
    const user = await stack.user({ tier: 'premium' });
    const { original, replacement } = await regenerated(user);

    const res = await restore(user, original.id);

    expect(res.status).toBe(200);
    const { content } = contentResponseSchema.parse(res.body);
    expect(content).toMatchObject({ id: original.id, status: 'draft', hasPreviousVersion: true, ...textOf(original) });
    expect(content.finalContent).toBe(`${original.hooks[2]}\n\nWhat I actually want to say.`);
    const stored = await stack.stored(original.id);
    expect(stored).toMatchObject({ ...textOf(original), previous: textOf(replacement) });
    expect(await stack.list(user)).toEqual([content]);
  });

  test('when restore is called a second time, then it redoes: the newer text is back', async () => {
    const user = await stack.user({ tier: 'premium' });
    const { original, replacement } = await regenerated(user);

    const undo = await restore(user, original.id);
    const redo = await restore(user, original.id);

    expect([undo.status, redo.status]).toEqual([200, 200]);
    expect(redo.body.content).toMatchObject({ ...textOf(replacement), hasPreviousVersion: true });
    expect(await stack.stored(original.id)).toMatchObject({ ...textOf(replacement), previous: textOf(original) });
  });

  test('when the draft is read after each step, then the item says which way the next restore goes: back after Generate again, forward after an Undo, back after the Redo', async () => {
    const user = await stack.user({ tier: 'premium' });
    const { original, replacement } = await regenerated(user);
    const read = async () => contentResponseSchema.parse((await http(stack.content.url, 'GET', `/api/content/${original.id}`, { token: user.token })).body).content;

    expect(replacement).toMatchObject({ hasPreviousVersion: true, previousVersionIsNewer: false });
    expect(await read()).toMatchObject({ hasPreviousVersion: true, previousVersionIsNewer: false });

    const undo = contentResponseSchema.parse((await restore(user, original.id)).body).content;
    expect(undo).toMatchObject({ ...textOf(original), previousVersionIsNewer: true });
    // a reload, another tab or the list: the same answer from the stored item
    expect(await read()).toMatchObject({ ...textOf(original), previousVersionIsNewer: true });
    expect((await stack.list(user)).find((c) => c.id === original.id)).toMatchObject({ previousVersionIsNewer: true });

    const redo = contentResponseSchema.parse((await restore(user, original.id)).body).content;
    expect(redo).toMatchObject({ ...textOf(replacement), previousVersionIsNewer: false });
    expect(await read()).toMatchObject({ previousVersionIsNewer: false });

    // an Undo, then Generate again: the text kept aside is the older one again
    expect((await restore(user, original.id)).status).toBe(200);
    const again = await http(stack.content.url, 'POST', '/api/content/generate', {
      token: user.token,
      body: buildGenerateRequest({ contentType: 'story', topic: 'Quarterly planning', contentId: original.id }),
    });
    expect(again.status).toBe(200);
    expect(again.body.content).toMatchObject({ topic: 'Quarterly planning', previousVersionIsNewer: false });
    expect(await read()).toMatchObject({ topic: 'Quarterly planning', previousVersionIsNewer: false });
  });

  test('when a draft was stored before the item said which version is newer, then it reads as Generate again (Undo next)', async () => {
    const user = await stack.user({ tier: 'premium' });
    const { original } = await regenerated(user);
    await stack.content.ctx.mongo.collection('content_items').updateOne({ _id: new Types.ObjectId(original.id) }, { $unset: { previousIsNewer: '' } });

    const read = await http(stack.content.url, 'GET', `/api/content/${original.id}`, { token: user.token });
    expect(read.body.content).toMatchObject({ hasPreviousVersion: true, previousVersionIsNewer: false });
    const undo = await restore(user, original.id);
    expect(undo.status).toBe(200);
    expect(undo.body.content).toMatchObject({ ...textOf(original), previousVersionIsNewer: true });
  });

  test('when a trial user restores, then no trial post is used', async () => {
    const user = await stack.user();
    const { original } = await regenerated(user);
    // generating it again was one of the draft's free runs
    expect(await stack.trialPostsUsed(user)).toBe(1);
    expect((await restore(user, original.id)).status).toBe(200);
    expect(await stack.trialPostsUsed(user)).toBe(1);
  });

  test('when the draft was never generated again, then 409 saying there is no previous version, and nothing changes', async () => {
    const user = await stack.user({ tier: 'premium' });
    const draft = await stack.draft(user);

    const res = await restore(user, draft.id);

    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({ error: 'There is no previous version of this draft to restore.', code: 'CONTENT.NO_PREVIOUS_VERSION' });
    expect(await stack.stored(draft.id)).toMatchObject({ generatedContent: draft.generatedContent, previous: null });
  });

  test('when the item is scheduled, then 409 with the reason and nothing changes', async () => {
    const user = await stack.user({ tier: 'premium' });
    const { original, replacement } = await regenerated(user);
    expect((await stack.transition(original.id, { userId: user.id, from: ['draft'], to: 'scheduled', scheduledFor: inAnHour() })).status).toBe(200);

    const res = await restore(user, original.id);

    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({
      error: 'Scheduled posts cannot go back to their previous version. Unschedule it first.',
      code: 'CONTENT.NOT_EDITABLE',
      details: { status: 'scheduled' },
    });
    expect(await stack.stored(original.id)).toMatchObject({ status: 'scheduled', ...textOf(replacement) });
  });

  test('when the item is published, then 409 and nothing changes', async () => {
    const user = await stack.user({ tier: 'premium' });
    const { original, replacement } = await regenerated(user);
    await stack.report(original.id, publishedReport(user.id, 'urn:li:share:4'));
    const res = await restore(user, original.id);
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({ error: 'Published posts cannot go back to their previous version.', code: 'CONTENT.NOT_EDITABLE' });
    expect(await stack.stored(original.id)).toMatchObject({ status: 'published', ...textOf(replacement) });
  });

  test('when another user asks, then 404 with the not-found code and the draft is unchanged', async () => {
    const owner = await stack.user({ tier: 'premium' });
    const intruder = await stack.user({ tier: 'premium' });
    const { original, replacement } = await regenerated(owner);

    const res = await restore(intruder, original.id);

    expect(res.status).toBe(404);
    expect(res.body).toMatchObject({ error: 'Content not found', code: 'CONTENT.NOT_FOUND' });
    expect(await stack.stored(original.id)).toMatchObject(textOf(replacement));
  });

  test.each(['not-an-id', randomId(), '$where'])('when the id is %p, then 404, never 500', async (id) => {
    const user = await stack.user({ tier: 'premium' });
    const res = await restore(user, id);
    expect(res.status).toBe(404);
    expect(res.body.code).toBe('CONTENT.NOT_FOUND');
  });

  test('when there is no token, then 401', async () => {
    const res = await http(stack.content.url, 'POST', `/api/content/${randomId()}/restore-previous`);
    expect(res.status).toBe(401);
  });
});
