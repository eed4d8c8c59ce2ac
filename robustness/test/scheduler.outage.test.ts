import { eventually } from '@postwright/platform/src/testing';
import { inMs, postsWith, startStack, type Stack, type TestUser } from './support/scheduler-stack';

/**
 * The LinkedIn service is down at the due time: the request waits in its durable queue, the
 * scheduler asks again (same request id) when no outcome comes, and once the service is back
 * the post is published once. Re-emitting here starts after 1.5 s (SCHEDULER_REEMIT_AFTER_MS).
 */
describe('LinkedIn service down at the due time', () => {
  let stack: Stack;
  let user: TestUser;

  beforeAll(async () => {
    stack = await startStack({ schedulerEnv: { SCHEDULER_REEMIT_AFTER_MS: '1500' } });
    user = await stack.user();
  }, 60_000);
  afterAll(() => stack?.stop());

  test('when the LinkedIn service comes back after the due time, then the post is published once despite the repeated requests', async () => {
    const text = `Outage ${Date.now()}: published once, late.`;
    const item = await stack.draft(user, { text });
    const at = inMs(3_000);
    expect((await stack.schedule(user, item.id, at)).status).toBe(201);
    const restart = await stack.stopLinkedin();

    const requests = () => stack.events.ofType('content.publish.requested').filter((e) => e.payload.contentId === item.id);
    await eventually(async () => requests(), (r) => r.length >= 2, 15_000, 100);
    expect(new Set(requests().map((r) => r.payload.requestId)).size).toBe(1);
    expect(postsWith(await stack.sandboxPosts(), text)).toHaveLength(0);

    await restart();
    await eventually(async () => postsWith(await stack.sandboxPosts(), text), (p) => p.length === 1, 20_000, 100);
    await eventually(() => stack.item(user, item.id), (i) => i.status === 'published');
    await eventually(() => stack.scheduler!.ctx.mongo.collection('schedules').findOne({ _id: item.id as any }), (doc) => doc === null);
    await new Promise((r) => setTimeout(r, 2_000));
    expect(postsWith(await stack.sandboxPosts(), text)).toHaveLength(1);
  });
});
