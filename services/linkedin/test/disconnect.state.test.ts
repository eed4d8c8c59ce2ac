import { http } from '@postwright/platform/src/testing';
import { startStack, type Stack } from './support/stack';
import { serviceDatabase } from './support/database';

describe('disconnect: stored state', () => {
  let stack: Stack;
  const { db } = serviceDatabase(() => stack);

  beforeAll(async () => {
    stack = await startStack();
  });
  afterAll(() => stack?.stop());

  test('when a connected member disconnects, then the grant is revoked at LinkedIn and the connection, profile and post records are gone', async () => {
    const user = await stack.user();
    const bystander = await stack.user();
    await stack.connect(user);
    await stack.connect(bystander);
    for (const [i, who] of [user, user, bystander].entries()) {
      const item = await stack.draft(who);
      // distinct texts: LinkedIn refuses the same text twice from one member (DUPLICATE_POST)
      const res = await http(stack.linkedin.url, 'POST', '/api/linkedin/post', { token: who.token, body: { contentId: item.id, text: `Before leaving (${i + 1})` } });
      expect(res.status).toBe(200);
    }
    const memberSub = (await db().collection('connections').findOne({ userId: user.id }))!.memberId;
    expect(await db().collection('posts').countDocuments({ userId: user.id })).toBe(2);

    const res = await http(stack.linkedin.url, 'DELETE', '/api/linkedin/disconnect', { token: user.token });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true });

    expect(await db().collection('connections').findOne({ userId: user.id })).toBeNull();
    expect(await db().collection('posts').countDocuments({ userId: user.id })).toBe(0);
    const grants = (await http(stack.sandbox.url, 'GET', '/__sandbox/grants')).body.grants.filter((g: any) => g.sub === memberSub);
    expect(grants.length).toBeGreaterThan(0);
    expect(grants.every((g: any) => g.revoked)).toBe(true);

    expect((await http(stack.linkedin.url, 'GET', '/api/linkedin/profile', { token: user.token })).status).toBe(404);
    expect((await http(stack.linkedin.url, 'GET', '/api/linkedin/posts', { token: user.token })).body.pagination.total).toBe(0);
    const item = await stack.draft(user);
    expect((await http(stack.linkedin.url, 'POST', '/api/linkedin/post', { token: user.token, body: { contentId: item.id, text: 'x' } })).status).toBe(409);

    // someone else's connection and posts are untouched
    expect(await db().collection('connections').countDocuments({ userId: bystander.id })).toBe(1);
    expect(await db().collection('posts').countDocuments({ userId: bystander.id })).toBe(1);
  });

  test('when LinkedIn cannot be reached to revoke, then the connection is still forgotten here', async () => {
    const user = await stack.user();
    await stack.connect(user);
    await stack.fault('500', { path: '/oauth/v2/revoke' });
    const res = await http(stack.linkedin.url, 'DELETE', '/api/linkedin/disconnect', { token: user.token });
    expect(res.body).toEqual({ success: true });
    expect(await db().collection('connections').findOne({ userId: user.id })).toBeNull();
  });

  test('when an account that is not connected disconnects, then it still succeeds (idempotent)', async () => {
    const user = await stack.user();
    const res = await http(stack.linkedin.url, 'DELETE', '/api/linkedin/disconnect', { token: user.token });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true });
  });
});
