import { checkScheduleTime, describeDuration, parseScheduledFor, retryDelayMs, tooSoonMessage } from '../src/modules/schedule/schedule.rules';

describe('schedule rules', () => {
  test('when the minimum lead is set, then the message names it as a person would say it', () => {
    expect(tooSoonMessage(3600)).toBe('Schedule time must be at least 1 hour from now');
    expect(tooSoonMessage(7200)).toBe('Schedule time must be at least 2 hours from now');
    expect(tooSoonMessage(60)).toBe('Schedule time must be at least 1 minute from now');
    expect(tooSoonMessage(90 * 60)).toBe('Schedule time must be at least 90 minutes from now');
    expect(tooSoonMessage(5)).toBe('Schedule time must be at least 5 seconds from now');
    expect(tooSoonMessage(1)).toBe('Schedule time must be at least 1 second from now');
    expect(describeDuration(86_400)).toBe('1 day');
  });

  test('when a time carries an offset, then it is the instant it names', () => {
    expect(parseScheduledFor('2031-03-04T08:30:00+01:00').toISOString()).toBe('2031-03-04T07:30:00.000Z');
    expect(parseScheduledFor('2031-03-04T08:30Z').toISOString()).toBe('2031-03-04T08:30:00.000Z');
    expect(parseScheduledFor('2031-03-04T08:30:15.250-05:30').toISOString()).toBe('2031-03-04T14:00:15.250Z');
  });

  test('when a time has no offset or is not a time, then it is refused with the format message', () => {
    for (const value of ['2031-03-04T08:30', '2031-03-04 08:30+01:00', '2031-03-04', 'soon', '', '2031-13-04T08:30:00Z', '2031-03-04T25:30:00Z']) {
      expect(() => parseScheduledFor(value)).toThrow(/ISO 8601 date and time with a time zone offset/);
    }
  });

  test('when the time is inside the lead or beyond the horizon, then it is refused; at the bounds it is accepted', () => {
    const now = new Date('2030-01-01T00:00:00Z');
    const rules = { minLeadSeconds: 3600, maxAheadDays: 365 };
    expect(() => checkScheduleTime(new Date('2030-01-01T00:59:59Z'), now, rules)).toThrow('Schedule time must be at least 1 hour from now');
    expect(() => checkScheduleTime(new Date('2030-01-01T01:00:00Z'), now, rules)).not.toThrow();
    expect(() => checkScheduleTime(new Date('2031-01-01T00:00:00Z'), now, rules)).not.toThrow();
    expect(() => checkScheduleTime(new Date('2031-01-01T00:00:01Z'), now, rules)).toThrow('Schedule time must be within 1 year from now');
  });

  test('when attempts go on, then the retry delay doubles', () => {
    expect([1, 2, 3, 4, 5, 6].map((a) => retryDelayMs(a, 30_000))).toEqual([30_000, 60_000, 120_000, 240_000, 480_000, 960_000]);
  });
});
