import { contentResponseSchema } from '@postwright/contracts';
import { http } from '@postwright/platform/src/testing';
import { buildGenerateRequest } from './support/builders';
import { inAnHour, type Stack, type TestUser, publishedReport } from './support/stack';
import { fileStack } from './support/file-stack';

/**
 * The form beside a draft (topic and the generation inputs) autosaves with the
 * draft, so a refresh brings back exactly what was typed. Work in progress: only the maxima
 * apply, and empty fields are kept as typed. Drafts only.
 */
describe('PUT /api/content/:id/edit with the form beside the draft', () => {
  let stack: Stack;
  let user: TestUser;
  const original = buildGenerateRequest();

  fileStack([], (started) => {
    ({ stack, user } = started);
  });

  const edit = (id: string, body: unknown) => http(stack.content.url, 'PUT', `/api/content/${id}/edit`, { token: user.token, body });

  test('when the topic and some inputs are saved, then they are returned and stored, and the other inputs are kept', async () => {
    const item = await stack.draft(user);

    const res = await edit(item.id, {
      editedContent: 'My text so far.',
      topic: 'Remote work, one year on',
      inputs: { targetAudience: 'Engineering managers', businessGoal: null },
    });

    expect(res.status).toBe(200);
    const { content } = contentResponseSchema.parse(res.body);
    const inputs = {
      industryRole: original.industryRole,
      personalExperience: original.personalExperience,
      targetAudience: 'Engineering managers',
      businessGoal: null,
    };
    expect(content).toMatchObject({ id: item.id, status: 'draft', topic: 'Remote work, one year on', inputs, finalContent: 'My text so far.' });
    expect(await stack.stored(item.id)).toMatchObject({ topic: 'Remote work, one year on', inputs, finalContent: 'My text so far.', generatedContent: item.generatedContent });
  });

  test('when the author is mid-typing and fields are empty, then the empty values are kept as typed', async () => {
    const item = await stack.draft(user);

    const res = await edit(item.id, {
      editedContent: item.generatedContent,
      topic: '',
      inputs: { industryRole: '', personalExperience: '', targetAudience: '', businessGoal: '' },
    });

    expect(res.status).toBe(200);
    const emptied = { industryRole: '', personalExperience: '', targetAudience: '', businessGoal: '' };
    expect(res.body.content).toMatchObject({ topic: '', inputs: emptied });
    expect(await stack.stored(item.id)).toMatchObject({ topic: '', inputs: emptied });
    const reopened = await http(stack.content.url, 'GET', `/api/content/${item.id}`, { token: user.token });
    expect(reopened.body.content).toMatchObject({ topic: '', inputs: emptied });
  });

  test('when the form is left out, then the topic and inputs are untouched', async () => {
    const item = await stack.draft(user);
    const res = await edit(item.id, { editedContent: 'Only the text.' });
    expect(res.status).toBe(200);
    expect(res.body.content).toMatchObject({ topic: item.topic, inputs: item.inputs });
    expect(await stack.stored(item.id)).toMatchObject({ topic: item.topic, inputs: item.inputs });
  });

  test('when the same form is saved twice, then the second save writes nothing', async () => {
    const item = await stack.draft(user);
    const body = { editedContent: 'Same text.', topic: 'Same topic', inputs: { industryRole: 'Same role' } };
    expect((await edit(item.id, body)).status).toBe(200);
    const before = await stack.stored(item.id);

    const again = await edit(item.id, body);

    expect(again.status).toBe(200);
    expect(again.body.content).toMatchObject({ topic: 'Same topic', inputs: { industryRole: 'Same role' } });
    expect((await stack.stored(item.id))?.updatedAt).toEqual(before?.updatedAt);
  });

  test.each([
    [{ topic: 't'.repeat(201) }, 'Topic must be at most 200 characters'],
    [{ topic: 42 }, 'Topic must be text'],
    [{ inputs: { industryRole: 'r'.repeat(101) } }, 'Industry/Role must be at most 100 characters'],
    [{ inputs: { personalExperience: 'e'.repeat(2001) } }, 'Personal experience must be at most 2,000 characters'],
    [{ inputs: { targetAudience: 'a'.repeat(201) } }, 'Target audience must be at most 200 characters'],
    [{ inputs: { businessGoal: 'g'.repeat(301) } }, 'Business goal must be at most 300 characters'],
    [{ inputs: { targetAudience: ['not', 'text'] } }, 'Target audience must be text'],
  ])('when the form has %p, then 400 with "%s" and nothing is stored', async (form, message) => {
    const item = await stack.draft(user);
    const res = await edit(item.id, { editedContent: 'Changed text.', ...form });
    expect(res.status).toBe(400);
    expect(res.body.error).toBe(message);
    expect(await stack.stored(item.id)).toMatchObject({ topic: item.topic, inputs: item.inputs, finalContent: null });
  });

  test('when the item is scheduled, then the form is saved with the text and the post stays scheduled', async () => {
    const item = await stack.draft(user);
    const at = inAnHour();
    expect((await stack.transition(item.id, { userId: user.id, from: ['draft'], to: 'scheduled', scheduledFor: at })).status).toBe(200);

    const res = await edit(item.id, { editedContent: item.generatedContent, topic: 'A new topic', inputs: { ...item.inputs, targetAudience: 'Someone else' } });

    expect(res.status).toBe(200);
    expect(await stack.stored(item.id)).toMatchObject({ status: 'scheduled', topic: 'A new topic', inputs: { targetAudience: 'Someone else' } });
    expect((await stack.stored(item.id))?.scheduledFor.toISOString()).toBe(at);
  });

  test('when the item is published, then 409 and the form is unchanged', async () => {
    const item = await stack.draft(user);
    await stack.report(item.id, publishedReport(user.id, 'urn:li:share:2'));
    const res = await edit(item.id, { editedContent: item.generatedContent, topic: 'Too late' });
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({ error: 'Published posts cannot be edited.', code: 'CONTENT.NOT_EDITABLE' });
    expect(await stack.stored(item.id)).toMatchObject({ status: 'published', topic: item.topic });
  });
});
