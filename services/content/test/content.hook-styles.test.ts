import { contentItemSchema, contentResponseSchema } from '@postwright/contracts';
import { Types } from 'mongoose';
import { http } from '@postwright/platform/src/testing';
import { fileStack } from './support/file-stack';
import { inAnHour, type Stack, type TestUser } from './support/stack';

/** The chosen hook's style: stored when an edit chooses a hook, kept as the post is edited; items from before styles read unknown. */
describe('content items: hook styles', () => {
  let stack: Stack;
  let user: TestUser;

  fileStack([], (started) => {
    ({ stack, user } = started);
  });

  const edit = (id: string, body: unknown) => http(stack.content.url, 'PUT', `/api/content/${id}/edit`, { token: user.token, body });
  const read = async (id: string) => contentItemSchema.parse((await http(stack.content.url, 'GET', `/api/content/${id}`, { token: user.token })).body.content);
  const items = () => stack.content.ctx.mongo.collection('content_items');

  test('when an edit chooses one of the generated hooks, then the item answers and stores that hook\'s style', async () => {
    const item = await stack.draft(user);

    const res = await edit(item.id, { editedContent: `${item.hooks[3]}\n\n${item.generatedContent}`, saveAsDraft: true, selectedHook: item.hooks[3] });

    expect(res.status).toBe(200);
    expect(contentResponseSchema.parse(res.body).content).toMatchObject({ selectedHook: item.hooks[3], selectedHookStyle: 'story' });
    expect(await stack.stored(item.id)).toMatchObject({ selectedHook: item.hooks[3], selectedHookStyle: 'story' });
  });

  test('when the post text is edited later, with or without the hook, then the chosen style is kept, and an autosave that changes nothing writes nothing', async () => {
    const item = await stack.draft(user);
    await edit(item.id, { editedContent: `${item.hooks[1]}\n\nFirst words.`, selectedHook: item.hooks[1] });

    const withoutHook = await edit(item.id, { editedContent: `${item.hooks[1]}\n\nSecond words.` });
    const withHook = await edit(item.id, { editedContent: `${item.hooks[1]}\n\nThird words.`, selectedHook: item.hooks[1] });
    const before = await stack.stored(item.id);
    const repeated = await edit(item.id, { editedContent: `${item.hooks[1]}\n\nThird words.`, selectedHook: item.hooks[1] });

    expect(withoutHook.body.content).toMatchObject({ finalContent: `${item.hooks[1]}\n\nSecond words.`, selectedHookStyle: 'question' });
    expect(withHook.body.content).toMatchObject({ finalContent: `${item.hooks[1]}\n\nThird words.`, selectedHookStyle: 'question' });
    expect(repeated.body.content).toMatchObject({ selectedHookStyle: 'question', updatedAt: withHook.body.content.updatedAt });
    expect((await stack.stored(item.id))?.updatedAt).toEqual(before?.updatedAt);
  });

  test('when the chosen hook\'s own text is edited, then its style is kept', async () => {
    const item = await stack.draft(user);
    await edit(item.id, { editedContent: `${item.hooks[2]}\n\nBody.`, selectedHook: item.hooks[2] });
    const reworded = `${item.hooks[2]} Honestly.`;

    const res = await edit(item.id, { editedContent: `${reworded}\n\nBody.`, selectedHook: reworded });

    expect(res.body.content).toMatchObject({ selectedHook: reworded, selectedHookStyle: 'number' });
    expect(await read(item.id)).toMatchObject({ selectedHook: reworded, selectedHookStyle: 'number' });
  });

  test('when another of the hooks is chosen, then the style follows it; when the choice is cleared, there is none', async () => {
    const item = await stack.draft(user);
    await edit(item.id, { editedContent: `${item.hooks[0]}\n\nBody.`, selectedHook: item.hooks[0] });

    const other = await edit(item.id, { editedContent: `${item.hooks[4]}\n\nBody.`, selectedHook: item.hooks[4] });
    const cleared = await edit(item.id, { editedContent: 'Body.', selectedHook: null });

    expect(other.body.content).toMatchObject({ selectedHook: item.hooks[4], selectedHookStyle: 'contrast' });
    expect(cleared.body.content).toMatchObject({ selectedHook: null, selectedHookStyle: null });
    expect(await stack.stored(item.id)).toMatchObject({ selectedHook: null, selectedHookStyle: null });
  });

  test('when the member writes a hook of their own with none chosen before, then its style is unknown', async () => {
    const item = await stack.draft(user);

    const res = await edit(item.id, { editedContent: 'My own opening.\n\nBody.', selectedHook: 'My own opening.' });

    expect(res.body.content).toMatchObject({ selectedHook: 'My own opening.', selectedHookStyle: 'unknown' });
    expect(await stack.stored(item.id)).toMatchObject({ selectedHookStyle: 'unknown' });
  });

  test('when a scheduled post is edited to open with another hook, then it stays scheduled with that hook\'s style', async () => {
    const item = await stack.draft(user);
    const at = inAnHour();
    expect((await stack.transition(item.id, { userId: user.id, from: ['draft'], to: 'scheduled', scheduledFor: at })).status).toBe(200);

    const res = await edit(item.id, { editedContent: `${item.hooks[1]}\n\nBody.`, selectedHook: item.hooks[1] });

    expect(res.status).toBe(200);
    expect(res.body.content).toMatchObject({ status: 'scheduled', scheduledFor: at, selectedHookStyle: 'question' });
  });

  test('when an item was stored before hooks had styles, then each hook and the chosen one read unknown, and choosing a hook afterwards stores unknown', async () => {
    const item = await stack.draft(user);
    await edit(item.id, { editedContent: `${item.hooks[0]}\n\nBody.`, selectedHook: item.hooks[0] });
    await items().updateOne({ _id: new Types.ObjectId(item.id) }, { $unset: { hookStyles: '', selectedHookStyle: '' } });

    const old = await read(item.id);

    expect(old).toMatchObject({ hooks: item.hooks, hookStyles: ['unknown', 'unknown', 'unknown', 'unknown', 'unknown'], selectedHook: item.hooks[0], selectedHookStyle: 'unknown' });
    expect((await stack.list(user)).find((c) => c.id === item.id)).toEqual(old);
    const chosen = await edit(item.id, { editedContent: `${item.hooks[2]}\n\nBody.`, selectedHook: item.hooks[2] });
    expect(chosen.body.content).toMatchObject({ hookStyles: old.hookStyles, selectedHookStyle: 'unknown' });
  });

  test('when an item has its hooks\' styles but no chosen style stored, then the chosen style is that of the hook with its text', async () => {
    const item = await stack.draft(user);
    await items().updateOne({ _id: new Types.ObjectId(item.id) }, { $set: { selectedHook: item.hooks[4], finalContent: `${item.hooks[4]}\n\nBody.` }, $unset: { selectedHookStyle: '' } });

    expect(await read(item.id)).toMatchObject({ selectedHook: item.hooks[4], selectedHookStyle: 'contrast' });
  });

  test('when stored styles are fewer than the hooks or not styles at all, then those hooks read unknown', async () => {
    const item = await stack.draft(user);
    await items().updateOne({ _id: new Types.ObjectId(item.id) }, { $set: { hookStyles: ['claim', 'riddle'] } });

    expect((await read(item.id)).hookStyles).toEqual(['claim', 'unknown', 'unknown', 'unknown', 'unknown']);
  });
});
