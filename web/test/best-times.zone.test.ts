/**
 * @jest-environment ./test/support/jsdom-paris-env.js
 */
import { bestTimesTitle, frameworkTitle, nextOccurrence, upcomingBestTimes } from '../src/components/publishing/best-times';

// the member's zone is the browser's: this file runs in Paris (see its environment), where clocks go forward on 29 March 2026 at 2:00

describe('best times: the next occurrences of a weekday-hour in the member’s zone', () => {
  const friday = new Date('2026-03-27T11:00:00Z'); // Friday 12:00 in Paris (UTC+1)

  it('when the best time is later this week, then its next occurrence is offered, on the hour, in local time', () => {
    expect(nextOccurrence({ weekday: 7, hour: 9 }, friday.getTime()).toISOString()).toBe('2026-03-29T07:00:00.000Z'); // Sunday 9:00, already UTC+2
    expect(nextOccurrence({ weekday: 5, hour: 14 }, friday.getTime()).toISOString()).toBe('2026-03-27T13:00:00.000Z');
  });

  it('when the lead passes this week’s occurrence, then next week’s is offered', () => {
    expect(upcomingBestTimes([{ weekday: 5, hour: 12 }], 3600, friday).map((d) => d.toISOString())).toEqual(['2026-04-03T10:00:00.000Z', '2026-04-10T10:00:00.000Z']);
  });

  it('when the clock change skips the hour that day, then the week after stands in', () => {
    expect(nextOccurrence({ weekday: 7, hour: 2 }, friday.getTime()).toISOString()).toBe('2026-04-05T00:00:00.000Z');
  });

  it('when there are many best times, then four are offered: the best ones’ next occurrences, in time order', () => {
    const slots = [
      { weekday: 2, hour: 9 },
      { weekday: 1, hour: 8 },
      { weekday: 3, hour: 17 },
      { weekday: 6, hour: 10 },
      { weekday: 5, hour: 13 },
    ];
    const times = upcomingBestTimes(slots, 3600, friday);
    expect(times.map((d) => d.toISOString())).toEqual(['2026-03-28T09:00:00.000Z', '2026-03-30T06:00:00.000Z', '2026-03-31T07:00:00.000Z', '2026-04-01T15:00:00.000Z']);
  });

  it('says which source the times come from', () => {
    expect(bestTimesTitle({ weekday: 2, hour: 9 }, [{ weekday: 2, hour: 9, posts: 12, measured: 12, medianComments: 8, medianReactions: 40, medianImpressions: 900, enough: true }])).toBe(
      'Suggested from your best times (Tuesdays 9 AM, 12 posts)',
    );
    expect(bestTimesTitle({ weekday: 7, hour: 12 }, [])).toBe('Suggested from your best times (Sundays 12 PM)');
    expect(frameworkTitle('controversial')).toBe('Suggested for Contrarian Takes: Monday morning');
    expect(frameworkTitle('story')).toBe('Suggested for Behind the Scenes: Wednesday morning');
  });
});
