import { randomUUID } from 'node:crypto';
import { http } from '@postwright/platform/src/testing';
import { startStack, type Stack } from './support/stack';
import { serviceDatabase } from './support/database';

/**
 * A post scheduled while the connection was good comes due after the access
 * token ended, and there is no refresh token (a self-serve app, the sandbox default).
 */
describe('expiry without a refresh token: scheduled publishing', () => {
  let stack: Stack;
  const { db } = serviceDatabase(() => stack);
  const connections = () => db().collection('connections');

  beforeAll(async () => {
    stack = await startStack();
  });
  afterAll(() => stack?.stop());

  test('when a scheduled post comes due after the access token ended, then linkedin.post.failed asks to reconnect, not retryable, LinkedIn is not called and the connection is marked expired', async () => {
    const user = await stack.user();
    await stack.connect(user);
    const item = await stack.schedule(user, await stack.draft(user, 'Due after the 60 days'));
    await connections().updateOne({ userId: user.id }, { $set: { accessTokenExpiresAt: new Date(Date.now() - 1_000) } });
    const calls = async () => (await http(stack.sandbox.url, 'GET', '/__sandbox/requests')).body.requests.length;
    const before = await calls();

    const requestId = randomUUID();
    await stack.events.publish('content.publish.requested', { requestId, contentId: item.id, userId: user.id, text: 'Due after the 60 days', scheduledFor: item.scheduledFor! });
    const failed = await stack.events.waitFor('linkedin.post.failed', (p) => p.requestId === requestId);

    expect(failed.payload).toMatchObject({
      contentId: item.id,
      userId: user.id,
      reason: 'Your LinkedIn connection has expired. Please reconnect your LinkedIn account.',
      retryable: false,
      unconfirmed: false,
    });
    expect(await calls()).toBe(before);
    expect((await connections().findOne({ userId: user.id }))!.status).toBe('expired');
    expect(await stack.sandboxPosts()).toEqual([]);
  });

  test('when the connection cannot be read (a store failure, not an expiry), then the request is retried instead of failed, and publishes once it can be read', async () => {
    const user = await stack.user();
    await stack.connect(user);
    const item = await stack.schedule(user, await stack.draft(user, 'Due while the store misbehaves'));
    // a document the service cannot make sense of stands in for the store failing under the read
    const { accessTokenExpiresAt } = (await connections().findOne({ userId: user.id }))!;
    await connections().updateOne({ userId: user.id }, { $set: { accessTokenExpiresAt: 'unreadable' } });

    const requestId = randomUUID();
    await stack.events.publish('content.publish.requested', { requestId, contentId: item.id, userId: user.id, text: 'Due while the store misbehaves', scheduledFor: item.scheduledFor! });
    // nothing to await for an event that must not come: the first attempts (0, 0.5 and 1.5 s) pass meanwhile
    await expect(stack.events.waitFor('linkedin.post.failed', (p) => p.requestId === requestId, 1_800)).rejects.toThrow();
    expect((await connections().findOne({ userId: user.id }))!.status).toBe('active');

    await connections().updateOne({ userId: user.id }, { $set: { accessTokenExpiresAt } });
    const published = await stack.events.waitFor('linkedin.post.published', (p) => p.requestId === requestId);
    expect(published.payload).toMatchObject({ contentId: item.id, userId: user.id });
    expect(stack.events.ofType('linkedin.post.failed').filter((e) => e.payload.requestId === requestId)).toEqual([]);
  });
});
