import { Types } from 'mongoose';
import { eventually, http } from '@postwright/platform/src/testing';
import type { EventProbe } from '@postwright/platform/src/testing/events';
import { inAnHour, type Stack, type TestUser, publishedReport } from './support/stack';
import { fileStack } from './support/file-stack';

describe('DELETE /api/content/:id', () => {
  let stack: Stack;
  let probe: EventProbe;
  let user: TestUser;

  fileStack(
    ['content.deleted'],
    (started) => {
      ({ stack, probe, user } = started);
    },
    // a short sweep so the recovery of an unannounced delete can be watched
    { DELETE_SWEEP_INTERVAL_MS: '300' },
  );

  const items = () => stack.content.ctx.mongo.collection('content_items');
  const remove = (id: string, token = user.token, requestId?: string) =>
    http(stack.content.url, 'DELETE', `/api/content/${id}`, { token, headers: requestId ? { 'x-request-id': requestId } : {} });

  test('when a draft is deleted, then 200 { success: true }, it is gone from the list and the store, and content.deleted is emitted with the request id as correlation id', async () => {
    const item = await stack.draft(user);

    const res = await remove(item.id, user.token, 'req-delete-0001');

    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true });
    expect((await stack.list(user)).map((c) => c.id)).not.toContain(item.id);
    const event = await probe.waitFor('content.deleted', (p) => p.contentId === item.id);
    expect(event.payload).toEqual({ contentId: item.id, userId: user.id, status: 'draft' });
    expect(event.correlationId).toBe('req-delete-0001');
    expect(await items().countDocuments({ _id: new Types.ObjectId(item.id) })).toBe(0);
  });

  test('when a scheduled item is deleted, then the event says it was scheduled, so the scheduler cancels it', async () => {
    const item = await stack.draft(user);
    await stack.transition(item.id, { userId: user.id, from: ['draft'], to: 'scheduled', scheduledFor: inAnHour() });

    expect((await remove(item.id)).status).toBe(200);

    const event = await probe.waitFor('content.deleted', (p) => p.contentId === item.id);
    expect(event.payload.status).toBe('scheduled');
    // the scheduler's due-time move finds nothing to publish
    const late = await stack.report(item.id, publishedReport(user.id, 'urn:li:share:9'));
    expect(late.status).toBe(404);
  });

  test('when a published item is deleted, then it leaves the product (the LinkedIn post stays) and the event says published', async () => {
    const item = await stack.draft(user);
    await stack.report(item.id, publishedReport(user.id, 'urn:li:share:2'));
    expect((await remove(item.id)).status).toBe(200);
    const event = await probe.waitFor('content.deleted', (p) => p.contentId === item.id);
    expect(event.payload.status).toBe('published');
  });

  test('when the item is deleted twice, then the second answer is 404', async () => {
    const item = await stack.draft(user);
    expect((await remove(item.id)).status).toBe(200);
    const again = await remove(item.id);
    expect(again.status).toBe(404);
    expect(again.body.error).toBe('Content not found');
  });

  test('when the item was hidden but its announcement never went out, then the sweep announces it and removes it', async () => {
    const item = await stack.draft(user);
    // as if the broker had been down at delete time: hidden, not yet announced
    await items().updateOne({ _id: new Types.ObjectId(item.id) }, { $set: { deletedAt: new Date(Date.now() - 60_000) } });
    expect((await stack.list(user)).map((c) => c.id)).not.toContain(item.id);

    const event = await probe.waitFor('content.deleted', (p) => p.contentId === item.id);
    expect(event.payload.status).toBe('draft');
    await eventually(() => items().countDocuments({ _id: new Types.ObjectId(item.id) }), (n) => n === 0);
  });
});
