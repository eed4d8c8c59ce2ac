import { LinkedinApiError } from '../src/lib/linkedin-api';
import { isDailyLimit, isPollDue, nextUtcMidnight, pollEveryMs } from '../src/modules/engagement/poll-schedule';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const ROUND = 15 * MINUTE;
const published = new Date('2026-03-02T09:00:00.000Z');
const at = (ms: number) => published.getTime() + ms;

describe('engagement: how often a post is read as it ages', () => {
  test('when a post is under a day old, then it is read every round; under 7 days, hourly; after that, every 6 hours', () => {
    expect(pollEveryMs(0)).toBe(0);
    expect(pollEveryMs(DAY - 1)).toBe(0);
    expect(pollEveryMs(DAY)).toBe(HOUR);
    expect(pollEveryMs(7 * DAY - 1)).toBe(HOUR);
    expect(pollEveryMs(7 * DAY)).toBe(6 * HOUR);
    expect(pollEveryMs(30 * DAY)).toBe(6 * HOUR);
  });

  test('when a post was never read, then it is due whatever its age', () => {
    expect(isPollDue({ publishedAt: published, lastReadAt: null }, at(20 * DAY), ROUND)).toBe(true);
  });

  test('when a young post was read a moment ago, then it is due again next round', () => {
    expect(isPollDue({ publishedAt: published, lastReadAt: new Date(at(HOUR)) }, at(HOUR + 1000), ROUND)).toBe(true);
  });

  test('when an hourly post was read just under an hour ago (the read landed after its round began), then it is due on this round, not the next', () => {
    const lastRead = new Date(at(2 * DAY + 3000));
    expect(isPollDue({ publishedAt: published, lastReadAt: lastRead }, at(2 * DAY + 45 * MINUTE), ROUND)).toBe(false);
    expect(isPollDue({ publishedAt: published, lastReadAt: lastRead }, at(2 * DAY + HOUR), ROUND)).toBe(true);
  });

  test('when a post over 7 days old was read 2 hours ago, then it is not due; 6 hours ago, it is', () => {
    expect(isPollDue({ publishedAt: published, lastReadAt: new Date(at(10 * DAY - 2 * HOUR)) }, at(10 * DAY), ROUND)).toBe(false);
    expect(isPollDue({ publishedAt: published, lastReadAt: new Date(at(10 * DAY - 6 * HOUR)) }, at(10 * DAY), ROUND)).toBe(true);
  });

  test('when a post is polled for its 30 days with 15-minute rounds, then it is read 332 times (1,328 calls) instead of 2,880 (11,520 calls)', () => {
    let reads = 0;
    let rounds = 0;
    let lastReadAt: Date | null = null;
    // the first round comes 5 minutes after publishing, then one every 15; each read lands a couple of seconds in
    for (let t = 5 * MINUTE; t <= 30 * DAY; t += ROUND) {
      rounds += 1;
      if (isPollDue({ publishedAt: published, lastReadAt }, at(t), ROUND)) {
        reads += 1;
        lastReadAt = new Date(at(t + 2000));
      }
    }
    expect(rounds).toBe(2880);
    expect(reads).toBe(332);
    expect({ before: rounds * 4, after: reads * 4 }).toEqual({ before: 11_520, after: 1_328 });
  });
});

describe("engagement: LinkedIn's daily limits", () => {
  test('when it is any time of a UTC day, then the daily limits reset at the next midnight UTC', () => {
    expect(nextUtcMidnight(Date.parse('2026-03-02T09:00:00.000Z'))).toBe(Date.parse('2026-03-03T00:00:00.000Z'));
    expect(nextUtcMidnight(Date.parse('2026-03-31T23:59:59.999Z'))).toBe(Date.parse('2026-04-01T00:00:00.000Z'));
    expect(nextUtcMidnight(Date.parse('2026-12-31T00:00:00.000Z'))).toBe(Date.parse('2027-01-01T00:00:00.000Z'));
  });

  test('when a 429 names the DAY window, then it is a daily limit; one naming another window or none is not', () => {
    const throttled = (message: string) => new LinkedinApiError('throttled', message, 429);
    expect(isDailyLimit(throttled('Resource level throttle APPLICATION_AND_MEMBER DAY limit for calls to this resource is reached.'))).toBe(true);
    expect(isDailyLimit(throttled('Resource level throttle APPLICATION DAY limit for calls to this resource is reached.'))).toBe(true);
    expect(isDailyLimit(throttled('Resource level throttle limit for calls to this resource is reached.'))).toBe(false);
    expect(isDailyLimit(throttled('Resource throttle MINUTE limit reached'))).toBe(false);
    expect(isDailyLimit(new LinkedinApiError('rejected', 'DAY limit', 400))).toBe(false);
  });
});
