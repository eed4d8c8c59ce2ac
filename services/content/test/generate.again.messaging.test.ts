import { http } from '@postwright/platform/src/testing';
import { buildGenerateRequest } from './support/builders';
import { startEventProbe, type EventProbe } from '@postwright/platform/src/testing/events';
import { inAnHour, startStack, type Stack } from './support/stack';

/**
 * "Generate again" is a generation (content.generated: a post was written, a trial post used)
 * of an item that already exists (content.updated: its text changed). Restoring the previous
 * version changes the item only (content.updated).
 */
describe('versions of a draft: emitted events', () => {
  let stack: Stack;
  let probe: EventProbe;

  beforeAll(async () => {
    stack = await startStack({ OPENAI_API_KEY: '' });
    probe = await startEventProbe(stack.ns, ['content.generated', 'content.updated']);
  });
  afterAll(async () => {
    await probe?.close();
    await stack?.stop();
  }, 60_000);

  const again = (token: string, body: Record<string, unknown>, requestId?: string) =>
    http(stack.content.url, 'POST', '/api/content/generate', { token, body, headers: requestId ? { 'x-request-id': requestId } : {} });

  test('when a draft is generated again, then content.generated and content.updated name the same item, with the request id as correlation id', async () => {
    const user = await stack.user({ tier: 'premium' });
    const draft = await stack.draft(user, { contentType: 'learning' });
    await probe.waitFor('content.generated', (p) => p.contentId === draft.id);

    const res = await again(user.token, buildGenerateRequest({ contentType: 'learning', contentId: draft.id }), 'req-again-0001');
    expect(res.status).toBe(200);

    const updated = await probe.waitFor('content.updated', (p) => p.contentId === draft.id);
    expect(updated.payload).toEqual({ contentId: draft.id, userId: user.id, status: 'draft' });
    expect(updated.correlationId).toBe('req-again-0001');
    const generated = probe.ofType('content.generated').filter((e) => e.payload.contentId === draft.id);
    expect(generated).toHaveLength(2);
    expect(generated[1].payload).toEqual({ contentId: draft.id, userId: user.id, contentType: 'learning' });
    expect(generated[1].correlationId).toBe('req-again-0001');
  });

  test('when the previous version is restored, then content.updated only', async () => {
    const user = await stack.user({ tier: 'premium' });
    const draft = await stack.draft(user);
    expect((await again(user.token, buildGenerateRequest({ contentId: draft.id }))).status).toBe(200);
    await probe.waitFor('content.updated', (p) => p.contentId === draft.id);

    const res = await http(stack.content.url, 'POST', `/api/content/${draft.id}/restore-previous`, { token: user.token });
    expect(res.status).toBe(200);

    await eventuallyCount('content.updated', draft.id, 2);
    expect(probe.ofType('content.generated').filter((e) => e.payload.contentId === draft.id)).toHaveLength(2);
  });

  test('when "Generate again" or restore is refused, then nothing is emitted for the item', async () => {
    const user = await stack.user({ tier: 'premium' });
    const draft = await stack.draft(user, { contentType: 'framework' });
    const scheduled = await stack.draft(user);
    await stack.transition(scheduled.id, { userId: user.id, from: ['draft'], to: 'scheduled', scheduledFor: inAnHour() });

    const refusals = await Promise.all([
      again(user.token, buildGenerateRequest({ contentType: 'story', contentId: draft.id })),
      again(user.token, buildGenerateRequest({ contentId: scheduled.id })),
      http(stack.content.url, 'POST', `/api/content/${draft.id}/restore-previous`, { token: user.token }),
    ]);
    expect(refusals.map((r) => r.status)).toEqual([409, 409, 409]);

    // a later event from the same user proves the earlier ones had their chance to arrive
    const marker = await stack.draft(user);
    await probe.waitFor('content.generated', (p) => p.contentId === marker.id);
    expect(probe.received.filter((e) => (e.payload as { contentId: string }).contentId === draft.id).map((e) => e.type)).toEqual(['content.generated']);
    expect(probe.ofType('content.generated').filter((e) => e.payload.contentId === scheduled.id)).toHaveLength(1);
  });

  async function eventuallyCount(type: 'content.updated', contentId: string, count: number) {
    await probe.waitFor(type, () => probe.ofType(type).filter((e) => e.payload.contentId === contentId).length >= count);
    expect(probe.ofType(type).filter((e) => e.payload.contentId === contentId)).toHaveLength(count);
  }
});
