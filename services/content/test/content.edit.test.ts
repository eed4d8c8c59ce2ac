import { contentResponseSchema, linkedinLengthProblem } from '@postwright/contracts';
import { http } from '@postwright/platform/src/testing';
import { inAnHour, type Stack, type TestUser, publishedReport } from './support/stack';
import { fileStack } from './support/file-stack';

describe('PUT /api/content/:id/edit', () => {
  let stack: Stack;
  let user: TestUser;

  fileStack([], (started) => {
    ({ stack, user } = started);
  });

  const edit = (id: string, body: unknown, token = user.token) => http(stack.content.url, 'PUT', `/api/content/${id}/edit`, { token, body });

  test('when a draft is edited, then it stays a draft with the new finalContent and selectedHook, stored', async () => {
    const item = await stack.draft(user);
    const text = `${item.hooks[2]}\n\n${item.generatedContent.slice(0, 400)}\n\nWhat would you add?`;

    const res = await edit(item.id, { editedContent: text, saveAsDraft: true, selectedHook: item.hooks[2] });

    expect(res.status).toBe(200);
    const { content } = contentResponseSchema.parse(res.body);
    expect(content).toMatchObject({ id: item.id, status: 'draft', finalContent: text, selectedHook: item.hooks[2], generatedContent: item.generatedContent });
    expect((await stack.list(user)).find((c) => c.id === item.id)).toMatchObject({ finalContent: text, selectedHook: item.hooks[2] });
    expect(await stack.stored(item.id)).toMatchObject({ status: 'draft', finalContent: text, selectedHook: item.hooks[2] });
  });

  test('when the same edit is saved twice, then the second writes nothing', async () => {
    const item = await stack.draft(user);
    const body = { editedContent: 'My own words, exactly as I want them.', saveAsDraft: true };
    const first = await edit(item.id, body);
    expect(first.status).toBe(200);
    const before = await stack.stored(item.id);

    const again = await edit(item.id, body);

    expect(again.status).toBe(200);
    expect(again.body.content).toMatchObject({ finalContent: body.editedContent, updatedAt: first.body.content.updatedAt });
    expect((await stack.stored(item.id))?.updatedAt).toEqual(before?.updatedAt);
  });

  test('when selectedHook is left out, then the previously chosen hook is kept', async () => {
    const item = await stack.draft(user);
    await edit(item.id, { editedContent: 'First version.', selectedHook: item.hooks[0] });
    const res = await edit(item.id, { editedContent: 'Second version.', saveAsDraft: true });
    expect(res.body.content).toMatchObject({ finalContent: 'Second version.', selectedHook: item.hooks[0] });
  });

  test('when the text is exactly 3,000 characters, then it is accepted', async () => {
    const item = await stack.draft(user);
    const res = await edit(item.id, { editedContent: 'a'.repeat(3000), saveAsDraft: true });
    expect(res.status).toBe(200);
  });

  test('when a draft is longer than LinkedIn allows (3,500 characters pasted), then it is kept whole; publishing and scheduling refuse it later', async () => {
    const item = await stack.draft(user);
    const text = 'a'.repeat(3500);
    const res = await edit(item.id, { editedContent: text, saveAsDraft: true });
    expect(res.status).toBe(200);
    expect(res.body.content.finalContent).toBe(text);
    expect((await stack.list(user)).find((c) => c.id === item.id)?.finalContent).toHaveLength(3500);
  });

  test('when the text is exactly 20,000 characters (the bound on a saved text), then it is accepted', async () => {
    const item = await stack.draft(user);
    const res = await edit(item.id, { editedContent: 'a'.repeat(20_000), saveAsDraft: true });
    expect(res.status).toBe(200);
  });

  test.each([
    [{ saveAsDraft: true }, 'Edited content is required'],
    [{ editedContent: '', saveAsDraft: true }, 'Edited content is required'],
    [{ editedContent: '   \n ', saveAsDraft: true }, 'Edited content is required'],
    [{ editedContent: 42 }, 'Edited content is required'],
    [{ editedContent: 'a'.repeat(20_001) }, 'Edited content must be at most 20,000 characters'],
    [{ editedContent: 'a'.repeat(90_000) }, 'Edited content must be at most 20,000 characters'],
    [{ editedContent: 'fine', selectedHook: 'h'.repeat(3001) }, 'Selected hook must be at most 3,000 characters'],
    [{ editedContent: 'fine', saveAsDraft: 'yes' }, 'saveAsDraft must be true or false'],
  ])('when the body is %p, then 400 with "%s" and the item is unchanged', async (body, message) => {
    const item = await stack.draft(user);
    const res = await edit(item.id, body);
    expect(res.status).toBe(400);
    expect(res.body.error).toBe(message);
    expect((await stack.list(user)).find((c) => c.id === item.id)?.finalContent).toBeNull();
  });

  test('when a scheduled post is edited, then it stays scheduled at the same time with the new text and hook, stored', async () => {
    const item = await stack.draft(user);
    const at = inAnHour();
    expect((await stack.transition(item.id, { userId: user.id, from: ['draft'], to: 'scheduled', scheduledFor: at })).status).toBe(200);
    const text = `${item.hooks[1]}\n\nFixed a typo after scheduling.`;

    const res = await edit(item.id, { editedContent: text, saveAsDraft: true, selectedHook: item.hooks[1] });

    expect(res.status).toBe(200);
    expect(contentResponseSchema.parse(res.body).content).toMatchObject({ id: item.id, status: 'scheduled', scheduledFor: at, finalContent: text, selectedHook: item.hooks[1] });
    expect((await stack.list(user)).find((c) => c.id === item.id)).toMatchObject({ status: 'scheduled', scheduledFor: at, finalContent: text });
    expect(await stack.stored(item.id)).toMatchObject({ status: 'scheduled', finalContent: text, selectedHook: item.hooks[1] });
  });

  test('when a scheduled post is due within a minute, then 409 CONTENT.PUBLISHING_SOON says so and nothing changes', async () => {
    const item = await stack.draft(user);
    const soon = new Date(Date.now() + 30_000);
    soon.setMilliseconds(0);
    expect((await stack.transition(item.id, { userId: user.id, from: ['draft'], to: 'scheduled', scheduledFor: soon.toISOString() })).status).toBe(200);

    const res = await edit(item.id, { editedContent: 'Too close to its time', saveAsDraft: true });

    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({
      error: 'This post goes out in less than a minute, so it can no longer be edited.',
      code: 'CONTENT.PUBLISHING_SOON',
      details: { status: 'scheduled', scheduledFor: soon.toISOString() },
    });
    expect(await stack.stored(item.id)).toMatchObject({ status: 'scheduled', finalContent: null });
  });

  test('when a scheduled post is due already (being published), then 409 says it is being published and nothing changes', async () => {
    const item = await stack.draft(user);
    const past = new Date(Date.now() - 5_000).toISOString();
    expect((await stack.transition(item.id, { userId: user.id, from: ['draft'], to: 'scheduled', scheduledFor: past })).status).toBe(200);

    const res = await edit(item.id, { editedContent: 'Changed while it goes out', saveAsDraft: true });

    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({ error: 'This post is being published now, so it can no longer be edited.', code: 'CONTENT.PUBLISHING_SOON' });
    expect(await stack.stored(item.id)).toMatchObject({ status: 'scheduled', finalContent: null });
  });

  test('when a scheduled post is edited to a text LinkedIn would refuse, then 400 LINKEDIN.TOO_LONG with its length, nothing changes; a draft may hold the same text', async () => {
    // under 3,000 characters as written, over it as LinkedIn receives it (parentheses are escaped)
    const text = '(a) '.repeat(700);
    const problem = linkedinLengthProblem(text);
    expect(problem).not.toBeNull();
    const item = await stack.draft(user);
    expect((await stack.transition(item.id, { userId: user.id, from: ['draft'], to: 'scheduled', scheduledFor: inAnHour() })).status).toBe(200);

    const res = await edit(item.id, { editedContent: text, saveAsDraft: true });

    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ error: problem, code: 'LINKEDIN.TOO_LONG', details: { editedContent: problem } });
    expect(await stack.stored(item.id)).toMatchObject({ status: 'scheduled', finalContent: null });
    const draft = await stack.draft(user);
    expect((await edit(draft.id, { editedContent: text, saveAsDraft: true })).status).toBe(200);
  });

  test('when an edit and an unschedule of a scheduled post arrive together, then both succeed and the draft keeps the edited text', async () => {
    const item = await stack.draft(user);
    const at = inAnHour();
    expect((await stack.transition(item.id, { userId: user.id, from: ['draft'], to: 'scheduled', scheduledFor: at })).status).toBe(200);
    const [edited, unscheduled] = await Promise.all([
      edit(item.id, { editedContent: 'Saved whichever way it goes.', saveAsDraft: true }),
      stack.transition(item.id, { userId: user.id, from: ['scheduled'], to: 'draft', scheduledFor: null }),
    ]);
    expect([edited.status, unscheduled.status]).toEqual([200, 200]);
    expect(await stack.stored(item.id)).toMatchObject({ status: 'draft', scheduledFor: null, finalContent: 'Saved whichever way it goes.' });
  });

  test('when the item is published, then 409', async () => {
    const item = await stack.draft(user);
    await stack.report(item.id, publishedReport(user.id, 'urn:li:share:1'));
    const res = await edit(item.id, { editedContent: 'Too late', saveAsDraft: true });
    expect(res.status).toBe(409);
    expect(res.body.error).toBe('Published posts cannot be edited.');
  });
});
