import { http, issueTestToken, randomId, testEnv, testNamespace } from '@postwright/platform/src/testing';
import { readConfig } from '../src/config';
import { start, type SchedulerService } from '../src/server';
import { suggestSlots } from '../src/modules/suggestions/suggestions.use-case';
import { cleanup } from './support/stack';

describe('GET /api/calendar/suggestions', () => {
  const ns = testNamespace();
  let service: SchedulerService;
  const token = issueTestToken({ sub: randomId() });

  beforeAll(async () => {
    service = await start(readConfig(testEnv(ns)));
  });
  afterAll(async () => {
    await service?.stop();
    await cleanup(ns, [process.env.REDIS_URL ?? 'redis://127.0.0.1:6379']);
  });

  const localClock = (iso: string) => iso.slice(11, 16);
  const weekday = (iso: string, timeZone: string) => new Intl.DateTimeFormat('en-US', { weekday: 'long', timeZone }).format(new Date(iso));

  test.each([
    ['controversial', 'Monday'],
    ['story', 'Wednesday'],
    ['framework', 'Wednesday'],
    ['insight', 'Friday'],
    ['learning', 'Friday'],
  ])('when asked for %s posts, then the slots are %s mornings in the caller\'s zone, at least an hour ahead', async (contentType, day) => {
    const tz = 'Europe/Paris';
    const res = await http(service.url, 'GET', `/api/calendar/suggestions?contentType=${contentType}&tz=${encodeURIComponent(tz)}`, { token });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ contentType, day, timeZone: tz });
    expect(res.body.slots).toHaveLength(4);
    let previous = 0;
    for (const slot of res.body.slots as string[]) {
      expect(slot).toMatch(/^\d{4}-\d{2}-\d{2}T08:30:00[+-]\d{2}:\d{2}$/);
      expect(weekday(slot, tz)).toBe(day);
      expect(Date.parse(slot)).toBeGreaterThanOrEqual(Date.now() + 3_600_000 - 5_000);
      expect(Date.parse(slot)).toBeGreaterThan(previous);
      previous = Date.parse(slot);
    }
  });

  test('when no zone is given, then the slots are in UTC', async () => {
    const res = await http(service.url, 'GET', '/api/calendar/suggestions?contentType=story', { token });
    expect(res.status).toBe(200);
    expect(res.body.timeZone).toBe('UTC');
    for (const slot of res.body.slots) expect(slot).toMatch(/T08:30:00\+00:00$/);
  });

  test('when the zone changes clocks between slots, then every slot is still 08:30 local with that day\'s offset', () => {
    // New York moves to summer time on 9 March 2025: Mondays before are -05:00, after -04:00
    const out = suggestSlots({ contentType: 'controversial', timeZone: 'America/New_York', now: new Date('2025-02-25T12:00:00Z'), minLeadSeconds: 3600 });
    expect(out.slots).toEqual(['2025-03-03T08:30:00-05:00', '2025-03-10T08:30:00-04:00', '2025-03-17T08:30:00-04:00', '2025-03-24T08:30:00-04:00']);
    const kolkata = suggestSlots({ contentType: 'insight', timeZone: 'Asia/Kolkata', now: new Date('2025-06-06T02:30:00Z'), minLeadSeconds: 3600 });
    // Friday 6 June 08:00 local: 08:30 is only 30 minutes away, so the first slot is the next Friday
    expect(kolkata.slots[0]).toBe('2025-06-13T08:30:00+05:30');
    expect(localClock(kolkata.slots[1])).toBe('08:30');
  });

  test('when the zone or the type is not known, then 400 with the reason', async () => {
    const zone = await http(service.url, 'GET', '/api/calendar/suggestions?contentType=story&tz=Mars%2FOlympus', { token });
    expect(zone.status).toBe(400);
    expect(zone.body.error).toBe('Unknown time zone');
    const type = await http(service.url, 'GET', '/api/calendar/suggestions?contentType=poem', { token });
    expect(type.status).toBe(400);
    expect(type.body.error).toBe("contentType must be one of controversial, story, framework, insight, learning");
    const missing = await http(service.url, 'GET', '/api/calendar/suggestions', { token });
    expect(missing.status).toBe(400);
    expect(missing.body.error).toBe('contentType is required');
  });

  test('when there is no token, then 401', async () => {
    const res = await http(service.url, 'GET', '/api/calendar/suggestions?contentType=story');
    expect(res.status).toBe(401);
  });
});
