import { eventually, issueTestToken, randomId } from '@postwright/platform/src/testing';
import { inMs, startStack, type Stack, type TestUser } from './support/stack';

/** The schedule rules and messages, in the spec's words, with the 1-hour lead as shipped. */
describe('POST /api/calendar/schedule and DELETE /api/calendar/unschedule/:contentId', () => {
  let stack: Stack;
  let owner: TestUser;
  let other: TestUser;
  const HOUR = 3_600_000;

  beforeAll(async () => {
    stack = await startStack({ schedulerEnv: { SCHEDULE_MIN_LEAD_SECONDS: '3600' } });
    [owner, other] = await Promise.all([stack.user(), stack.user()]);
  }, 60_000);
  afterAll(() => stack?.stop());

  test('when a draft is scheduled at least 1 hour ahead, then 201 and the item is scheduled at that time at once', async () => {
    const item = await stack.draft(owner);
    const at = inMs(HOUR + 60_000);
    const res = await stack.schedule(owner, item.id, at);
    expect(res.status).toBe(201);
    const expected = new Date(at).toISOString();
    expect(res.body.schedule).toEqual({ contentId: item.id, scheduledFor: expected });
    expect(res.body.content).toMatchObject({ id: item.id, status: 'scheduled', scheduledFor: expected });
    expect(res.body.content.userId).toBeUndefined();
    // read-your-writes: the content service already says so
    const stored = await stack.item(owner, item.id);
    expect(stored).toMatchObject({ status: 'scheduled', scheduledFor: expected });
  });

  test('when the time has no offset, then 400 saying an offset is required', async () => {
    const item = await stack.draft(owner);
    for (const value of ['2031-03-04T08:30', '2031-03-04T08:30:00', 'tomorrow morning', '2031-03-04']) {
      const res = await stack.schedule(owner, item.id, value);
      expect(res.status).toBe(400);
      expect(res.body.error).toMatch(/ISO 8601 date and time with a time zone offset/);
      expect(res.body.code).toBe('SCHEDULE.INVALID_TIME');
    }
    expect((await stack.item(owner, item.id)).status).toBe('draft');
  });

  test('when the time is less than 1 hour ahead, then 400 "Schedule time must be at least 1 hour from now"', async () => {
    const item = await stack.draft(owner);
    for (const at of [inMs(HOUR - 60_000), inMs(-60_000), inMs(5_000)]) {
      const res = await stack.schedule(owner, item.id, at);
      expect(res.status).toBe(400);
      expect(res.body.error).toBe('Schedule time must be at least 1 hour from now');
    }
    expect((await stack.item(owner, item.id)).status).toBe('draft');
  });

  test('when the text is too long as LinkedIn receives it, then scheduling (and rescheduling) is refused with 400, and the item stays as it was', async () => {
    // 2,800 characters as written; LinkedIn receives every ( and ) escaped: 4,200
    const item = await stack.draft(owner, { text: '(a) '.repeat(700) });
    const res = await stack.schedule(owner, item.id, inMs(HOUR + 60_000));
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({
      code: 'LINKEDIN.TOO_LONG',
      error: 'The post is 4,200 characters long as LinkedIn receives it (hashtags and the characters \\ | { } @ [ ] ( ) < > # * _ ~ take extra room); LinkedIn allows at most 3,000.',
    });
    expect((await stack.item(owner, item.id)).status).toBe('draft');

    const fits = await stack.draft(owner, { text: '(a) '.repeat(400) });
    expect((await stack.schedule(owner, fits.id, inMs(HOUR + 60_000))).status).toBe(201);
    expect((await stack.schedule(owner, fits.id, inMs(HOUR + 120_000))).status).toBe(201);
  });

  test('when the time is more than 1 year ahead, then 400', async () => {
    const item = await stack.draft(owner);
    const res = await stack.schedule(owner, item.id, inMs(366 * 24 * HOUR));
    expect(res.status).toBe(400);
    expect(res.body.error).toBe('Schedule time must be within 1 year from now');
  });

  test('when the body is incomplete, then 400 naming the field', async () => {
    const item = await stack.draft(owner);
    const noTime = await stack.schedule(owner, item.id, undefined as unknown as string);
    expect(noTime.status).toBe(400);
    expect(noTime.body.error).toBe('scheduledFor is required');
    const noId = await stack.schedule(owner, undefined as unknown as string, inMs(2 * HOUR));
    expect(noId.status).toBe(400);
    expect(noId.body.error).toBe('contentId is required');
  });

  test("when the item is someone else's or does not exist, then 404 and their item is untouched", async () => {
    const theirs = await stack.draft(other);
    const scheduled = await stack.schedule(other, theirs.id, inMs(3 * HOUR));
    expect(scheduled.status).toBe(201);

    const res = await stack.schedule(owner, theirs.id, inMs(2 * HOUR));
    expect(res.status).toBe(404);
    expect(res.body.error).toBe('Content not found');
    const unschedule = await stack.unschedule(owner, theirs.id);
    expect(unschedule.status).toBe(404);
    expect(await stack.item(other, theirs.id)).toMatchObject({ status: 'scheduled', scheduledFor: scheduled.body.schedule.scheduledFor });

    for (const id of [randomId(), 'not-an-id']) {
      expect((await stack.schedule(owner, id, inMs(2 * HOUR))).status).toBe(404);
      expect((await stack.unschedule(owner, id)).status).toBe(404);
    }
  });

  test("when another user keeps scheduling and unscheduling my item's id, then they get 404 every time, no plan is made for them, and my schedule goes ahead and stays", async () => {
    const item = await stack.draft(owner);
    const schedules = stack.scheduler!.ctx.mongo.collection('schedules');
    const plan = () => schedules.findOne({ _id: item.id as any });

    // 30 of the other user's requests in flight all the time, from before mine until after it
    const theirs: Array<{ status: number; code?: string }> = [];
    let storming = true;
    const intruders = Array.from({ length: 30 }, async (_, i) => {
      while (storming) {
        const res = i % 3 === 2 ? await stack.unschedule(other, item.id) : await stack.schedule(other, item.id, inMs(4 * HOUR));
        theirs.push({ status: res.status, code: res.body?.code });
      }
    });
    const plansSeen: unknown[] = [];
    let sampling = true;
    const sampler = (async () => {
      while (sampling) {
        const doc = await plan();
        if (doc) plansSeen.push(doc);
      }
    })();
    await eventually(async () => theirs.length, (n) => n >= 30);
    sampling = false;
    await sampler;

    const at = inMs(2 * HOUR);
    const mine = await stack.schedule(owner, item.id, at);
    const scheduledPlan = await plan();
    const answeredBefore = theirs.length;
    await eventually(async () => theirs.length, (n) => n >= answeredBefore + 30);
    storming = false;
    await Promise.all(intruders);

    expect(mine.status).toBe(201);
    expect(mine.body.schedule).toEqual({ contentId: item.id, scheduledFor: new Date(at).toISOString() });
    expect(theirs.filter((r) => r.status !== 404 || r.code !== 'CONTENT.NOT_FOUND')).toEqual([]);
    // nothing was written for their attempts, before mine or after: my plan is exactly as my request left it
    expect(plansSeen).toEqual([]);
    expect(scheduledPlan).toMatchObject({ userId: owner.id, status: 'pending', dueAt: new Date(at) });
    expect(await plan()).toEqual(scheduledPlan);
    expect(await stack.item(owner, item.id)).toMatchObject({ status: 'scheduled', scheduledFor: new Date(at).toISOString() });
  });

  test('when a scheduled item is rescheduled, then the new time replaces the old one', async () => {
    const item = await stack.draft(owner);
    expect((await stack.schedule(owner, item.id, inMs(2 * HOUR))).status).toBe(201);
    const later = inMs(5 * HOUR, -300);
    const res = await stack.schedule(owner, item.id, later);
    expect(res.status).toBe(201);
    expect(await stack.item(owner, item.id)).toMatchObject({ status: 'scheduled', scheduledFor: new Date(later).toISOString() });
  });

  test('when a scheduled item is unscheduled, then 200 and it is a draft with no time', async () => {
    const item = await stack.draft(owner);
    expect((await stack.schedule(owner, item.id, inMs(2 * HOUR))).status).toBe(201);
    const res = await stack.unschedule(owner, item.id);
    expect(res.status).toBe(200);
    expect(res.body.schedule).toEqual({ contentId: item.id, scheduledFor: null });
    expect(res.body.content).toMatchObject({ id: item.id, status: 'draft', scheduledFor: null });
    expect(await stack.item(owner, item.id)).toMatchObject({ status: 'draft', scheduledFor: null });
  });

  test('when a draft is unscheduled, then 409', async () => {
    const item = await stack.draft(owner);
    const res = await stack.unschedule(owner, item.id);
    expect(res.status).toBe(409);
    expect(res.body.error).toBe('Only scheduled posts can be unscheduled');
  });

  test('when a published item is scheduled, then 409 and it stays published', async () => {
    const item = await stack.draft(owner);
    // the LinkedIn service's report of a post it made
    const moved = await fetch(`${stack.content.url}/internal/content/${item.id}/publication`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-internal-token': 'test-internal-token-0123456789' },
      body: JSON.stringify({
        outcome: 'published',
        requestId: null,
        userId: owner.id,
        linkedinPostId: 'urn:li:share:1',
        url: 'https://www.linkedin.com/feed/update/urn:li:share:1',
        publishedAt: new Date().toISOString(),
      }),
    });
    expect(moved.status).toBe(200);
    const res = await stack.schedule(owner, item.id, inMs(2 * HOUR));
    expect(res.status).toBe(409);
    expect(res.body.error).toBe('Only drafts and scheduled posts can be scheduled');
    expect((await stack.item(owner, item.id)).status).toBe('published');
  });

  test('when there is no valid token, then 401', async () => {
    const res = await fetch(`${stack.scheduler!.url}/api/calendar/schedule`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: 'Bearer nope' },
      body: JSON.stringify({ contentId: randomId(), scheduledFor: inMs(2 * HOUR) }),
    });
    expect(res.status).toBe(401);
    const none = await fetch(`${stack.scheduler!.url}/api/calendar/unschedule/${randomId()}`, { method: 'DELETE' });
    expect(none.status).toBe(401);
    expect(((await none.json()) as { error: string }).error).toBeTruthy();
  });

  test('when the same item is scheduled by concurrent requests, then one time wins everywhere', async () => {
    const item = await stack.draft(owner);
    const times = [2, 3, 4, 5, 6].map((h) => inMs(h * HOUR));
    const results = await Promise.all(times.map((t) => stack.schedule(owner, item.id, t)));
    for (const r of results) expect([201, 409]).toContain(r.status);
    const stored = await stack.item(owner, item.id);
    const schedule = await stack.scheduler!.ctx.mongo.collection('schedules').findOne({ _id: item.id as any });
    expect(schedule).toMatchObject({ status: 'pending' });
    expect(new Date(stored.scheduledFor!).getTime()).toBe((schedule!.dueAt as Date).getTime());
  });

  test('when a token for another user id is used, then that user only reaches their own items', async () => {
    const item = await stack.draft(owner);
    const stranger = issueTestToken({ sub: randomId(), tier: 'premium' });
    const res = await fetch(`${stack.scheduler!.url}/api/calendar/schedule`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${stranger}` },
      body: JSON.stringify({ contentId: item.id, scheduledFor: inMs(2 * HOUR) }),
    });
    expect(res.status).toBe(404);
  });
});
