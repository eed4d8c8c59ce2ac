import { http } from '@postwright/platform/src/testing';
import { buildGenerateRequest } from './support/builders';
import { startEventProbe, type EventProbe } from '@postwright/platform/src/testing/events';
import { startStack, type Stack } from './support/stack';

describe('POST /api/content/generate: emitted events', () => {
  let stack: Stack;
  let probe: EventProbe;

  beforeAll(async () => {
    stack = await startStack({ OPENAI_API_KEY: '' });
    probe = await startEventProbe(stack.ns, ['content.generated', 'content.updated', 'content.deleted']);
  });
  afterAll(async () => {
    await probe?.close();
    await stack?.stop();
  }, 60_000);

  test('when a post is generated, then content.generated carries its id, owner and type, with the request id as correlation id', async () => {
    const user = await stack.user({ tier: 'premium' });
    const res = await http(stack.content.url, 'POST', '/api/content/generate', {
      token: user.token,
      body: buildGenerateRequest({ contentType: 'insight' }),
      headers: { 'x-request-id': 'req-generate-0001' },
    });
    expect(res.status).toBe(201);

    const event = await probe.waitFor('content.generated', (p) => p.contentId === res.body.content.id);
    expect(event.payload).toEqual({ contentId: res.body.content.id, userId: user.id, contentType: 'insight' });
    expect(event.correlationId).toBe('req-generate-0001');
  });

  test('when generation is refused, then no event is emitted for that user', async () => {
    const user = await stack.user();
    for (let i = 0; i < 3; i++) await stack.draft(user);
    const refused = await http(stack.content.url, 'POST', '/api/content/generate', { token: user.token, body: buildGenerateRequest() });
    const invalid = await http(stack.content.url, 'POST', '/api/content/generate', { token: user.token, body: buildGenerateRequest({ topic: '' }) });
    expect([refused.status, invalid.status]).toEqual([403, 400]);

    // a later event from another user proves the earlier ones had their chance to arrive
    const other = await stack.user({ tier: 'premium' });
    const marker = await stack.draft(other);
    await probe.waitFor('content.generated', (p) => p.contentId === marker.id);
    expect(probe.ofType('content.generated').filter((e) => e.payload.userId === user.id)).toHaveLength(3);
  });
});
