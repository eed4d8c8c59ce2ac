import { internalContentResponseSchema } from '@postwright/contracts';
import { http, TEST_INTERNAL_TOKEN } from '@postwright/platform/src/testing';
import { inAnHour, type Stack, type TestUser } from './support/stack';
import { fileStack } from './support/file-stack';

/** The internal API the scheduler uses to schedule, reschedule and unschedule items. */
describe('POST /internal/content/:id/transition and GET /internal/content/:id', () => {
  let stack: Stack;
  let user: TestUser;

  fileStack([], (started) => {
    ({ stack, user } = started);
  });

  const move = (id: string, body: Record<string, unknown>) => stack.transition(id, { userId: user.id, ...body });
  const listed = async (id: string) => (await stack.list(user)).find((c) => c.id === id)!;

  test('when the owner\'s item is read, then it comes with its owner id', async () => {
    const item = await stack.draft(user);
    const res = await http(stack.content.url, 'GET', `/internal/content/${item.id}?userId=${user.id}`, { headers: { 'x-internal-token': TEST_INTERNAL_TOKEN } });
    expect(res.status).toBe(200);
    expect(internalContentResponseSchema.parse(res.body).content).toEqual({ ...item, userId: user.id });
  });

  test('when userId is missing from the read, then 400', async () => {
    const item = await stack.draft(user);
    const res = await http(stack.content.url, 'GET', `/internal/content/${item.id}`, { headers: { 'x-internal-token': TEST_INTERNAL_TOKEN } });
    expect(res.status).toBe(400);
  });

  test('when a draft is scheduled, then it is stored scheduled and the very next user list shows it so (read-your-writes)', async () => {
    const item = await stack.draft(user);
    const when = inAnHour();

    const res = await move(item.id, { from: ['draft'], to: 'scheduled', scheduledFor: when });

    expect(res.status).toBe(200);
    expect(res.body.content).toMatchObject({ id: item.id, status: 'scheduled', scheduledFor: when, userId: user.id });
    expect(await listed(item.id)).toMatchObject({ status: 'scheduled', scheduledFor: when });
    expect(await stack.stored(item.id)).toMatchObject({ status: 'scheduled', scheduledFor: new Date(when) });
  });

  test('when a scheduled item is rescheduled with the expected current time, then the new time is stored', async () => {
    const item = await stack.draft(user);
    const first = inAnHour();
    const second = inAnHour(30);
    await move(item.id, { from: ['draft'], to: 'scheduled', scheduledFor: first });

    const res = await move(item.id, { from: ['scheduled'], to: 'scheduled', expectScheduledFor: first, scheduledFor: second });

    expect(res.status).toBe(200);
    expect((await listed(item.id)).scheduledFor).toBe(second);
  });

  test('when the expected scheduled time is stale (a reschedule won the race), then 409 with the current state and nothing changes', async () => {
    const item = await stack.draft(user);
    const current = inAnHour(10);
    await move(item.id, { from: ['draft'], to: 'scheduled', scheduledFor: current });

    const res = await move(item.id, { from: ['scheduled'], to: 'scheduled', expectScheduledFor: inAnHour(), scheduledFor: inAnHour(45) });

    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({ code: 'CONTENT.INVALID_TRANSITION', details: { status: 'scheduled', scheduledFor: current }, error: expect.any(String) });
    expect(await listed(item.id)).toMatchObject({ status: 'scheduled', scheduledFor: current });
  });

  test('when a scheduled item is unscheduled, then it is a draft again with scheduledFor cleared', async () => {
    const item = await stack.draft(user);
    await move(item.id, { from: ['draft'], to: 'scheduled', scheduledFor: inAnHour() });
    const res = await move(item.id, { from: ['scheduled'], to: 'draft' });
    expect(res.status).toBe(200);
    expect(await listed(item.id)).toMatchObject({ status: 'draft', scheduledFor: null });
  });

  test('when a published item is asked to be scheduled, then 409 CONTENT.INVALID_TRANSITION with its status', async () => {
    const item = await stack.draft(user);
    await stack.report(item.id, { outcome: 'published', requestId: null, userId: user.id, linkedinPostId: 'urn:li:share:1', url: 'https://www.linkedin.com/feed/update/urn:li:share:1', publishedAt: new Date().toISOString() });
    const res = await move(item.id, { from: ['draft', 'scheduled'], to: 'scheduled', scheduledFor: inAnHour() });
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({ code: 'CONTENT.INVALID_TRANSITION', details: { status: 'published' } });
  });

  test.each([
    [{ from: ['published'], to: 'draft' }],
    [{ from: ['draft'], to: 'published', linkedinPostId: 'urn:li:share:1' }],
  ])('when %p is asked, then 400: publication is reported, never moved to or from here', async (body) => {
    const item = await stack.draft(user);
    const res = await move(item.id, body);
    expect(res.status).toBe(400);
    expect(res.body.error).toEqual(expect.any(String));
    expect(await listed(item.id)).toMatchObject({ status: 'draft', linkedinPostId: null });
  });

  test.each([
    [{ from: [], to: 'draft' }],
    [{ from: ['draft'], to: 'archived' }],
    [{ from: ['draft'], to: 'scheduled' }],
    [{ from: ['draft'], to: 'scheduled', scheduledFor: 'next tuesday' }],
    [{ from: 'draft', to: 'published' }],
  ])('when the request is %p, then 400 with error text', async (body) => {
    const item = await stack.draft(user);
    const res = await move(item.id, body);
    expect(res.status).toBe(400);
    expect(res.body.error).toEqual(expect.any(String));
  });

  test('when the same move is sent twice (a retry), then both answer 200 and the second writes nothing', async () => {
    const item = await stack.draft(user);
    const body = { from: ['draft', 'scheduled'], to: 'scheduled', scheduledFor: inAnHour(5) };
    const first = await move(item.id, body);
    const second = await move(item.id, body);
    expect([first.status, second.status]).toEqual([200, 200]);
    expect(second.body.content.updatedAt).toBe(first.body.content.updatedAt);
    expect((await stack.stored(item.id))?.updatedAt.toISOString()).toBe(first.body.content.updatedAt);
  });

  test('when five schedulers race to schedule the same draft at different times, then exactly one wins and the others get 409', async () => {
    const item = await stack.draft(user);
    const results = await Promise.all(Array.from({ length: 5 }, (_, i) => move(item.id, { from: ['draft'], to: 'scheduled', scheduledFor: inAnHour(i + 1) })));
    expect(results.filter((r) => r.status === 200)).toHaveLength(1);
    expect(results.filter((r) => r.status === 409)).toHaveLength(4);
    const winner = results.find((r) => r.status === 200)?.body.content.scheduledFor;
    expect((await listed(item.id)).scheduledFor).toBe(winner);
  });
});
