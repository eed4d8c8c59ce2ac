import { browserTimeZone, formatScheduled, timeZoneLabel } from '../src/lib/datetime';

/** Scheduled times name the member's zone: nobody has to guess whose 9 AM it is. */
describe('datetime: scheduled times with the time zone', () => {
  it.each([
    ['Europe/Paris', '2026-11-28T08:00:00.000Z', 'Sat, Nov 28, 9:00 AM GMT+1', 'Europe/Paris (GMT+1)'],
    ['Europe/Paris', '2026-07-04T07:00:00.000Z', 'Sat, Jul 4, 9:00 AM GMT+2', 'Europe/Paris (GMT+2)'],
    ['America/New_York', '2026-11-28T14:00:00.000Z', 'Sat, Nov 28, 9:00 AM EST', 'America/New_York (EST)'],
    ['UTC', '2026-11-28T09:00:00.000Z', 'Sat, Nov 28, 9:00 AM UTC', 'UTC'],
  ])('when the member is in %s, then %s reads "%s" and the zone "%s"', (zone, at, shown, label) => {
    expect(formatScheduled(at, zone)).toBe(shown);
    expect(timeZoneLabel(new Date(at), zone)).toBe(label);
  });

  it('without a zone given, then the browser\'s own is used', () => {
    const at = '2026-11-28T09:00:00.000Z';
    expect(formatScheduled(at)).toBe(formatScheduled(at, browserTimeZone()));
    expect(timeZoneLabel(new Date(at))).toBe(timeZoneLabel(new Date(at), browserTimeZone()));
  });

  it('when there is no time, then nothing is shown', () => {
    expect(formatScheduled(null)).toBe('');
    expect(formatScheduled('not a date')).toBe('');
  });
});
