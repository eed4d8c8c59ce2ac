import type { EventEnvelope } from '@postwright/contracts';
import { eventually } from '@postwright/platform/src/testing';
import { scrape } from '@postwright/platform/src/testing/prometheus';
import { inMs, startStack, type Stack, type TestUser } from './support/stack';

/**
 * The scheduler's Prometheus metrics on its own port: how late each scheduled post went out
 * (its time to LinkedIn having it), observed when the scheduler learns it is published, and the
 * outcome events its consumer handled (the LinkedIn service played by the test).
 */
describe('GET /metrics on the scheduler', () => {
  let stack: Stack;
  let user: TestUser;

  beforeAll(async () => {
    stack = await startStack({ schedulerEnv: { SCHEDULE_MIN_LEAD_SECONDS: '0' } });
    user = await stack.user();
  }, 60_000);
  afterAll(() => stack?.stop());

  const requestFor = async (contentId: string): Promise<EventEnvelope<'content.publish.requested'>> =>
    (await eventually(async () => stack.events.ofType('content.publish.requested').filter((e) => e.payload.contentId === contentId), (r) => r.length === 1, 15_000, 20))[0];

  test('when a scheduled post is published, then its lateness is observed once, and the outcome event counted as handled with its lag', async () => {
    const queue = `${stack.ns}scheduler.outcomes`;
    const before = await scrape(stack.scheduler.url);
    expect(before.family('postwright_schedule_lateness_seconds').type).toBe('histogram');
    expect(before.value('postwright_schedule_lateness_seconds_count')).toBe(0);

    const item = await stack.draft(user, { text: `Timed ${Date.now()}: how late did it go out?` });
    const at = inMs(2_000);
    expect((await stack.schedule(user, item.id, at)).status).toBe(201);
    const { requestId, contentId, userId } = (await requestFor(item.id)).payload;
    // LinkedIn has the post 7.5 s after its time
    const published = {
      requestId,
      contentId,
      userId,
      linkedinPostId: 'urn:li:share:7000000000000000001',
      url: 'https://www.linkedin.com/feed/update/urn:li:share:7000000000000000001',
      publishedAt: new Date(Date.parse(at) + 7_500).toISOString(),
    };
    await stack.events.publish('linkedin.post.published', published);

    const after = await eventually(
      () => scrape(stack.scheduler.url),
      (m) => m.value('postwright_schedule_lateness_seconds_count') === 1,
    );
    expect(after.value('postwright_schedule_lateness_seconds_sum')).toBe(7.5);
    expect(after.value('postwright_schedule_lateness_seconds_bucket', { le: '5' })).toBe(0);
    expect(after.value('postwright_schedule_lateness_seconds_bucket', { le: '10' })).toBe(1);
    expect(after.samples('postwright_schedule_lateness_seconds_count')[0].labels).toEqual({ service: 'scheduler' });
    expect(after.value('postwright_events_consumed_total', { queue, outcome: 'handled' })).toBe(1);
    expect(after.value('postwright_event_lag_seconds_count', { queue })).toBe(1);

    // the same answer again: counted as an event handled, not as another post gone out
    await stack.events.publish('linkedin.post.published', published);
    const again = await eventually(
      () => scrape(stack.scheduler.url),
      (m) => m.value('postwright_events_consumed_total', { queue, outcome: 'handled' }) === 2,
    );
    expect(again.value('postwright_schedule_lateness_seconds_count')).toBe(1);
    expect(again.samples('postwright_outbox_depth', { outbox: 'mail' })).toHaveLength(1);
    expect(again.value('http_request_duration_seconds_count', { method: 'POST', route: '/api/calendar/schedule', status: '201' })).toBe(1);
  });
});
