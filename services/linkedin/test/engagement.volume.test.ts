import { eventually, http } from '@postwright/platform/src/testing';
import { backoffKey } from '../src/modules/engagement/backoff.repository';
import { nextUtcMidnight } from '../src/modules/engagement/poll-schedule';
import { startStack, type Stack, type TestUser } from './support/stack';

/**
 * The engagement poller's volume against LinkedIn's member daily limit, and
 * fewer reads as a post ages. Rounds run every 300 ms here; the sandbox counts every call.
 */
const ANALYTICS = '/rest/memberCreatorPostAnalytics';
const HOUR = 3600_000;
const DAY = 24 * HOUR;

async function publishOne(stack: Stack, user: TestUser, text: string) {
  const item = await stack.draft(user);
  const res = await http(stack.linkedin.url, 'POST', '/api/linkedin/post', { token: user.token, body: { contentId: item.id, text } });
  if (res.status !== 200) throw new Error(`publish failed: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.linkedinPost.id as string;
}

describe('engagement: call volume', () => {
  let stack: Stack;
  beforeAll(async () => {
    stack = await startStack({ linkedinEnv: { LINKEDIN_APP: 'community', ENGAGEMENT_POLL_INTERVAL_MS: '300' } });
  });
  afterAll(() => stack?.stop());

  const clock = async (body: { advanceSeconds?: number; freeze?: boolean }) => (await http(stack.sandbox.url, 'POST', '/__sandbox/clock', { body })).body.now as string;
  /** The member's id on LinkedIn (the sandbox), found by the email she signed in with on its consent page. */
  const memberSub = async (user: TestUser) => {
    const { body } = await http(stack.sandbox.url, 'GET', `/__sandbox/members?email=${encodeURIComponent(`${user.id}@example.com`)}`);
    expect(body.members).toHaveLength(1);
    return body.members[0].sub as string;
  };
  /** The sandbox's count of a member's analytics calls today (its clock): answered and refused. */
  const analyticsToday = async (sub: string) => {
    const { body } = await http(stack.sandbox.url, 'GET', `/__sandbox/calls?sub=${sub}&resource=${ANALYTICS}`);
    const count = body.calls.find((c: { day: string }) => c.day === body.today);
    return { day: body.today as string, calls: (count?.calls ?? 0) as number, throttled: (count?.throttled ?? 0) as number };
  };
  const setLimit = (memberDailyCallLimit: number | null) => http(stack.sandbox.url, 'POST', '/__sandbox/settings', { body: { memberDailyCallLimit } });

  test("when a member reaches LinkedIn's daily limit, then the poller stops calling for that member until midnight UTC, keeps polling the others, and resumes on the next day", async () => {
    const redis = stack.linkedin.ctx.redis;
    /**
     * Awaits the back-off the poller sets for a member at the limit and checks that it lasts until
     * the service's next midnight UTC, when LinkedIn's limits reset; then holds it for the rest of
     * the test, so that a real midnight during the run does not end it early (the test ends it).
     */
    const expectBackedOffUntilMidnight = async (userId: string) => {
      const key = backoffKey(stack.linkedin.ctx.keyPrefix, userId);
      // looked at closely, so the hold comes before even a back-off set just before midnight ends
      const { at, ttl } = await eventually(async () => ({ at: Date.now(), ttl: await redis.pttl(key) }), (b) => b.ttl > 0, 15_000, 10);
      expect(await redis.pexpire(key, 10 * 60_000)).toBe(1);
      // not every round, nor doubling: until midnight UTC (Redis and this process read their clocks a moment apart)
      const untilMidnight = nextUtcMidnight(at) - at;
      expect(ttl).toBeLessThanOrEqual(untilMidnight + 1000);
      expect(ttl).toBeGreaterThan(untilMidnight - 15_000);
    };
    try {
      // LinkedIn counts calls per UTC day: the sandbox's clock stands at noon UTC, so a run that spans
      // a real midnight does not split the counts; the test moves it to the next day itself
      const now = Date.parse(await clock({ freeze: true }));
      const noon = nextUtcMidnight(now) - 12 * HOUR;
      expect(new Date(await clock({ advanceSeconds: Math.ceil(((noon > now ? noon : noon + DAY) - now) / 1000) })).getUTCHours()).toBe(12);
      await setLimit(20);
      const capped = await stack.user();
      await stack.connect(capped);
      const cappedSub = await memberSub(capped);
      await publishOne(stack, capped, 'A member at the limit');
      // five rounds of 4 calls reach 20; the next call is refused with the DAY-limit 429
      await expectBackedOffUntilMidnight(capped.id);
      const atLimit = await analyticsToday(cappedSub);
      expect(atLimit).toMatchObject({ calls: 20, throttled: 1 });

      // another member is polled round after round, up to her own limit, while the first is not called once
      const other = await stack.user();
      await stack.connect(other);
      const otherSub = await memberSub(other);
      await publishOne(stack, other, 'A member with calls to spare');
      await expectBackedOffUntilMidnight(other.id);
      expect(await analyticsToday(otherSub)).toMatchObject({ day: atLimit.day, calls: 20, throttled: 1 });
      expect(await analyticsToday(cappedSub)).toEqual(atLimit);

      // midnight UTC: the sandbox's day turns, and the service's back-off for the first member ends
      // (its key expires, as Redis would expire it at midnight)
      const beforeMidnight = Date.parse(await clock({}));
      await clock({ advanceSeconds: Math.ceil((nextUtcMidnight(beforeMidnight) - beforeMidnight) / 1000) + 1 });
      await redis.del(backoffKey(stack.linkedin.ctx.keyPrefix, capped.id));
      const resumed = await eventually(() => analyticsToday(cappedSub), (c) => c.calls >= 8);
      expect(resumed.day).not.toBe(atLimit.day);
      expect(resumed.throttled).toBe(0);
      // the other member's back-off still runs to her midnight
      expect(await analyticsToday(otherSub)).toEqual({ day: resumed.day, calls: 0, throttled: 0 });
    } finally {
      await setLimit(null);
      await clock({ freeze: false });
    }
  });

  test('when a post is three days old, then it is read about hourly while a new post is read every round', async () => {
    const user = await stack.user();
    await stack.connect(user);
    const fresh = await publishOne(stack, user, 'Published a moment ago');
    const older = await publishOne(stack, user, 'Published three days ago');
    const readsOf = async (urn: string) => {
      const { body } = await http(stack.sandbox.url, 'GET', `/__sandbox/requests?path=${ANALYTICS}`);
      return (body.requests as Array<{ url: string }>).filter((r) => r.url.includes(encodeURIComponent(urn))).length;
    };
    const posts = stack.linkedin.ctx.mongo.collection('posts');
    // as if published three days ago and last read a moment ago
    await posts.updateOne({ linkedInPostId: older }, { $set: { publishedAt: new Date(Date.now() - 72 * HOUR), engagementCheckedAt: new Date() } });
    // a round already under way may still read it: two more rounds of the new post and it is over
    const freshAtUpdate = await readsOf(fresh);
    await eventually(() => readsOf(fresh), (n) => n >= freshAtUpdate + 2 * 4);
    const before = await readsOf(older);
    const freshBefore = await readsOf(fresh);
    await eventually(() => readsOf(fresh), (n) => n >= freshBefore + 4 * 4);
    expect(await readsOf(older)).toBe(before);

    // last read an hour ago: read once more (4 calls), then left alone again
    await posts.updateOne({ linkedInPostId: older }, { $set: { engagementCheckedAt: new Date(Date.now() - HOUR) } });
    await eventually(() => readsOf(older), (n) => n >= before + 4);
    const freshAfter = await readsOf(fresh);
    await eventually(() => readsOf(fresh), (n) => n >= freshAfter + 4 * 4);
    expect(await readsOf(older)).toBe(before + 4);
  });
});
