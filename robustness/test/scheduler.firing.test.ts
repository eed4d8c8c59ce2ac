import { eventually, http } from '@postwright/platform/src/testing';
import { inMs, postsWith, startStack, type Stack, type TestUser } from './support/scheduler-stack';

/**
 * Posts go out at their time through the real LinkedIn service and sandbox, once; whatever
 * changed before the due time (reschedule, unschedule, publish now, delete, disconnect) wins.
 * The minimum lead is 2 s here (SCHEDULE_MIN_LEAD_SECONDS) so that tests wait seconds, not hours.
 */
describe('scheduled posts firing', () => {
  let stack: Stack;
  let user: TestUser;

  beforeAll(async () => {
    stack = await startStack();
    user = await stack.user();
  }, 60_000);
  afterAll(() => stack?.stop());

  const sleepUntil = (epochMs: number) => new Promise((r) => setTimeout(r, Math.max(0, epochMs - Date.now())));
  const schedule = async (contentId: string, at: string) => {
    const res = await stack.schedule(user, contentId, at);
    expect(res.status).toBe(201);
    return new Date(at).getTime();
  };
  const requestsFor = (contentId: string) => stack.events.ofType('content.publish.requested').filter((e) => e.payload.contentId === contentId);

  test('when a post is scheduled a few seconds ahead, then it is published within 1 s of its time, once', async () => {
    const text = `On time ${Date.now()}: the best hiring signal is a work sample.`;
    const item = await stack.draft(user, { text });
    const due = await schedule(item.id, inMs(3_500));

    const [post] = await eventually(async () => postsWith(await stack.sandboxPosts(), text), (p) => p.length > 0, 15_000, 20);
    const lateness = new Date(post.createdAt).getTime() - due;
    if (process.env.SCHEDULER_TEST_DEBUG) console.log(`published ${lateness} ms after its time`);
    expect(lateness).toBeGreaterThanOrEqual(0);
    expect(lateness).toBeLessThanOrEqual(1_000);

    const published = await stack.events.waitFor('linkedin.post.published', (p) => p.contentId === item.id);
    expect(published.payload.requestId).toEqual(requestsFor(item.id)[0].payload.requestId);
    await eventually(() => stack.item(user, item.id), (i) => i.status === 'published');
    await new Promise((r) => setTimeout(r, 1_000));
    expect(postsWith(await stack.sandboxPosts(), text)).toHaveLength(1);
    expect(requestsFor(item.id)).toHaveLength(1);
    expect(requestsFor(item.id)[0].payload).toMatchObject({ contentId: item.id, userId: user.id, scheduledFor: new Date(due).toISOString() });
  });

  test('when an edit is attempted within a minute of its time, then it is refused and the text as it was is what is published', async () => {
    const text = `Kept ${Date.now()}: the text once the post is due within a minute.`;
    const item = await stack.draft(user, { text });
    await schedule(item.id, inMs(3_000));
    const edit = await http(stack.content.url, 'PUT', `/api/content/${item.id}/edit`, { token: user.token, body: { editedContent: 'Changed too late', saveAsDraft: true } });
    expect(edit.status).toBe(409);
    expect(edit.body.code).toBe('CONTENT.PUBLISHING_SOON');
    const [post] = await eventually(async () => postsWith(await stack.sandboxPosts(), text), (p) => p.length > 0, 15_000, 50);
    expect(post.text).toBe(text);
  });

  test('when a post is rescheduled before its time, then only the new time publishes it', async () => {
    const text = `Rescheduled ${Date.now()}: moved to later.`;
    const item = await stack.draft(user, { text });
    const first = await schedule(item.id, inMs(3_000));
    const second = await schedule(item.id, inMs(6_000));

    await sleepUntil(first + 1_500);
    expect(postsWith(await stack.sandboxPosts(), text)).toHaveLength(0);
    expect(requestsFor(item.id)).toHaveLength(0);
    const [post] = await eventually(async () => postsWith(await stack.sandboxPosts(), text), (p) => p.length > 0, 15_000, 20);
    expect(new Date(post.createdAt).getTime() - second).toBeLessThanOrEqual(1_000);
    expect(new Date(post.createdAt).getTime()).toBeGreaterThanOrEqual(second);
  });

  test('when a post is unscheduled in its due second, then it is not published and is a draft', async () => {
    const text = `Unscheduled ${Date.now()}: never goes out.`;
    const item = await stack.draft(user, { text });
    const due = await schedule(item.id, inMs(3_000));
    await sleepUntil(due - 300);
    const res = await stack.unschedule(user, item.id);
    expect(res.status).toBe(200);
    await sleepUntil(due + 2_500);
    expect(postsWith(await stack.sandboxPosts(), text)).toHaveLength(0);
    expect(requestsFor(item.id)).toHaveLength(0);
    expect(await stack.item(user, item.id)).toMatchObject({ status: 'draft', scheduledFor: null });
  });

  test('when unschedule races with the due time itself, then each post is either unscheduled and never published or published and not unscheduled', async () => {
    const items = await Promise.all(Array.from({ length: 8 }, (_, i) => stack.draft(user, { text: `Race ${Date.now()} #${i}: who wins?` })));
    const at = inMs(6_000);
    await Promise.all(items.map((item) => schedule(item.id, at)));
    const due = new Date(at).getTime();
    // spread around the due millisecond: some before, some after the claim
    const answers = await Promise.all(
      items.map(async (item, i) => {
        await sleepUntil(due - 40 + i * 10);
        return (await stack.unschedule(user, item.id)).status;
      }),
    );
    await sleepUntil(due + 3_000);
    const posts = await stack.sandboxPosts();
    for (const [i, item] of items.entries()) {
      const published = postsWith(posts, item.finalContent!).length;
      if (answers[i] === 200) {
        expect(published).toBe(0);
        expect((await stack.item(user, item.id)).status).toBe('draft');
      } else {
        expect(answers[i]).toBe(409);
        expect(published).toBe(1);
      }
    }
  });

  test('when a scheduled post is published now, then the schedule is cancelled and it is posted once', async () => {
    const text = `Published now ${Date.now()}: no second copy later.`;
    const item = await stack.draft(user, { text });
    const due = await schedule(item.id, inMs(3_000));
    const now = await http(stack.linkedin.url, 'POST', '/api/linkedin/post', { token: user.token, body: { contentId: item.id, text } });
    expect(now.status).toBeLessThan(300);
    await sleepUntil(due + 2_000);
    expect(postsWith(await stack.sandboxPosts(), text)).toHaveLength(1);
    expect(requestsFor(item.id)).toHaveLength(0);
    // the schedule is gone: nothing left to fire
    expect(await stack.scheduler!.ctx.mongo.collection('schedules').findOne({ _id: item.id as any })).toBeNull();
  });

  test('when a scheduled item is deleted, then nothing is published', async () => {
    const text = `Deleted ${Date.now()}: gone before its time.`;
    const item = await stack.draft(user, { text });
    const due = await schedule(item.id, inMs(3_000));
    const del = await http(stack.content.url, 'DELETE', `/api/content/${item.id}`, { token: user.token });
    expect(del.status).toBeLessThan(300);
    await eventually(() => stack.scheduler!.ctx.mongo.collection('schedules').findOne({ _id: item.id as any }), (doc) => doc === null, 5_000);
    await sleepUntil(due + 2_000);
    expect(postsWith(await stack.sandboxPosts(), text)).toHaveLength(0);
    expect(requestsFor(item.id)).toHaveLength(0);
  });

  test('when LinkedIn is disconnected before the time, then the post fails with a reason and is back to draft', async () => {
    const other = await stack.user();
    const text = `Disconnected ${Date.now()}: fails visibly.`;
    const item = await stack.draft(other, { text });
    const res = await stack.schedule(other, item.id, inMs(3_000));
    expect(res.status).toBe(201);
    const off = await http(stack.linkedin.url, 'DELETE', '/api/linkedin/disconnect', { token: other.token });
    expect(off.status).toBeLessThan(300);

    const failed = await stack.events.waitFor('linkedin.post.failed', (p) => p.contentId === item.id, 15_000);
    expect(failed.payload.retryable).toBe(false);
    const back = await eventually(() => stack.item(other, item.id), (i) => i.status === 'draft', 10_000);
    expect(back).toMatchObject({ status: 'draft', scheduledFor: null, lastPublishError: failed.payload.reason });
    expect(back.lastPublishError).toMatch(/LinkedIn/);
    expect(postsWith(await stack.sandboxPosts(), text)).toHaveLength(0);
    // failed for good, item back to draft: the schedule has nothing left to do
    await eventually(() => stack.scheduler!.ctx.mongo.collection('schedules').findOne({ _id: item.id as any }), (doc) => doc === null);
  });
});
