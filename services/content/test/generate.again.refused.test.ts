import { Types } from 'mongoose';
import { FREE_REGENERATIONS_PER_DRAFT } from '@postwright/contracts';
import { http, randomId } from '@postwright/platform/src/testing';
import { buildGenerateRequest } from './support/builders';
import { inAnHour, startStack, type Stack, type TestUser, publishedReport } from './support/stack';

/**
 * "Generate again" writes only into the caller's own draft of the same type. Anything else is
 * refused before a trial post is reserved or the model is asked: it costs nothing and changes
 * nothing.
 */
describe('POST /api/content/generate with contentId when the draft cannot be rewritten', () => {
  let stack: Stack;

  beforeAll(async () => {
    stack = await startStack({ OPENAI_API_KEY: '' });
  });
  afterAll(() => stack?.stop(), 60_000);

  const again = (user: TestUser, contentId: string, overrides: Record<string, unknown> = {}) =>
    http(stack.content.url, 'POST', '/api/content/generate', { token: user.token, body: buildGenerateRequest({ contentId, ...overrides }) });

  /** the user's items and trial count as they were, and nothing new */
  async function expectNothingChanged(user: TestUser, items: Array<{ id: string }>, trialPostsUsed: number) {
    expect((await stack.list(user)).map((i) => i.id).sort()).toEqual(items.map((i) => i.id).sort());
    for (const item of items) expect((await stack.stored(item.id))?.previous ?? null).toBeNull();
    expect(await stack.trialPostsUsed(user)).toBe(trialPostsUsed);
  }

  test('when the draft is another user\'s, then 404 with the not-found code, and neither user is charged', async () => {
    const owner = await stack.user();
    const intruder = await stack.user();
    const draft = await stack.draft(owner, { topic: 'Private strategy' });

    const res = await again(intruder, draft.id);

    expect(res.status).toBe(404);
    expect(res.body).toMatchObject({ error: 'Content not found', code: 'CONTENT.NOT_FOUND' });
    expect(JSON.stringify(res.body)).not.toContain('Private strategy');
    expect(await stack.list(intruder)).toEqual([]);
    expect(await stack.trialPostsUsed(intruder)).toBe(0);
    expect(await stack.stored(draft.id)).toMatchObject({ topic: 'Private strategy', generatedContent: draft.generatedContent, previous: null });
  });

  test.each([
    ['malformed', 404, 'not-an-id'],
    ['unknown', 404, randomId()],
    // longer than any id (the contract's maximum): refused as input, in the same words
    ['too long', 400, 'a'.repeat(5000)],
  ])('when the id is %s, then %d with "Content not found" and nothing is charged', async (_label, status, id) => {
    const user = await stack.user();
    const res = await again(user, id as string);
    expect(res.status).toBe(status);
    expect(res.body.error).toBe('Content not found');
    await expectNothingChanged(user, [], 0);
  });

  test('when the draft was deleted, then 404 and nothing is charged', async () => {
    const user = await stack.user();
    const draft = await stack.draft(user);
    expect((await http(stack.content.url, 'DELETE', `/api/content/${draft.id}`, { token: user.token })).status).toBe(200);
    const res = await again(user, draft.id);
    expect(res.status).toBe(404);
    await expectNothingChanged(user, [], 1);
  });

  test('when the item is scheduled, then 409 with the reason, and it is neither rewritten nor charged', async () => {
    const user = await stack.user();
    const draft = await stack.draft(user);
    expect((await stack.transition(draft.id, { userId: user.id, from: ['draft'], to: 'scheduled', scheduledFor: inAnHour() })).status).toBe(200);

    const res = await again(user, draft.id);

    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({
      error: 'Scheduled posts cannot be generated again. Unschedule it first, then generate the draft again.',
      code: 'CONTENT.NOT_EDITABLE',
      details: { status: 'scheduled' },
    });
    await expectNothingChanged(user, [draft], 1);
    expect(await stack.stored(draft.id)).toMatchObject({ status: 'scheduled', generatedContent: draft.generatedContent });
  });

  test('when the item is published, then 409 with the reason, and it is neither rewritten nor charged', async () => {
    const user = await stack.user();
    const draft = await stack.draft(user);
    await stack.report(draft.id, publishedReport(user.id, 'urn:li:share:3'));

    const res = await again(user, draft.id);

    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({ error: 'Published posts cannot be generated again.', code: 'CONTENT.NOT_EDITABLE', details: { status: 'published' } });
    await expectNothingChanged(user, [draft], 1);
  });

  test('when the request is for another content type, then 409 naming the draft\'s type, and nothing lands on the draft', async () => {
    const user = await stack.user();
    const draft = await stack.draft(user, { contentType: 'framework' });

    const res = await again(user, draft.id, { contentType: 'controversial' });

    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({
      error: 'This draft is a Framework post, so it can only be generated again as one. Start a new post to write a Contrarian Take.',
      code: 'CONTENT.TYPE_MISMATCH',
      details: { contentType: 'framework' },
    });
    await expectNothingChanged(user, [draft], 1);
    expect(await stack.stored(draft.id)).toMatchObject({ contentType: 'framework', generatedContent: draft.generatedContent });
  });

  test('when the trial is used up and so are the draft\'s free runs, then 403 with the trial message and the draft keeps its text', async () => {
    const user = await stack.user();
    const drafts = [await stack.draft(user), await stack.draft(user), await stack.draft(user)];
    await stack.content.ctx.mongo.collection('content_items').updateOne({ _id: new Types.ObjectId(drafts[0].id) }, { $set: { freeRegenerationsTaken: FREE_REGENERATIONS_PER_DRAFT } });

    const res = await again(user, drafts[0].id);

    expect(res.status).toBe(403);
    expect(res.body.error).toBe('Trial limit reached. Please upgrade to continue generating content.');
    await expectNothingChanged(user, drafts, 3);
    expect(await stack.stored(drafts[0].id)).toMatchObject({ generatedContent: drafts[0].generatedContent, freeRegenerationsTaken: FREE_REGENERATIONS_PER_DRAFT });
  });
});
