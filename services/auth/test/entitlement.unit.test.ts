import { addMonths, planWindow } from '../src/modules/users/entitlement';

const at = (iso: string) => new Date(iso);

describe('the month a plan counts its posts in', () => {
  test('when a month is added to the 31st, then the day is clamped to the month\'s last, as Stripe bills', () => {
    expect(addMonths(at('2027-01-31T09:30:00Z'), 1).toISOString()).toBe('2027-02-28T09:30:00.000Z');
    expect(addMonths(at('2027-01-31T09:30:00Z'), 2).toISOString()).toBe('2027-03-31T09:30:00.000Z');
    expect(addMonths(at('2028-01-31T00:00:00Z'), 1).toISOString()).toBe('2028-02-29T00:00:00.000Z');
    expect(addMonths(at('2027-11-15T00:00:00Z'), 3).toISOString()).toBe('2028-02-15T00:00:00.000Z');
  });

  test('when a monthly plan is inside its period, then the month is the billing period itself', () => {
    const window = planWindow(at('2027-03-04T10:00:00Z'), at('2027-04-04T10:00:00Z'), 'month', at('2027-03-20T00:00:00Z'));
    expect(window).toEqual({ start: at('2027-03-04T10:00:00Z'), end: at('2027-04-04T10:00:00Z') });
  });

  test('when a monthly period has ended with no renewal heard of, then the next month begins where it ended', () => {
    const window = planWindow(at('2027-03-04T10:00:00Z'), at('2027-04-04T10:00:00Z'), 'month', at('2027-04-10T00:00:00Z'));
    expect(window).toEqual({ start: at('2027-04-04T10:00:00Z'), end: at('2027-05-04T10:00:00Z') });
  });

  test('when a yearly plan is in its fifth month, then the month is that slice of the year, and the last slice ends with the year', () => {
    const start = at('2027-01-15T00:00:00Z');
    const end = at('2028-01-15T00:00:00Z');
    expect(planWindow(start, end, 'year', at('2027-05-20T00:00:00Z'))).toEqual({ start: at('2027-05-15T00:00:00Z'), end: at('2027-06-15T00:00:00Z') });
    expect(planWindow(start, end, 'year', at('2027-12-20T00:00:00Z'))).toEqual({ start: at('2027-12-15T00:00:00Z'), end });
  });

  test('when the period starts later than now (a test clock ahead of ours), then the month is the period', () => {
    const window = planWindow(at('2027-06-01T00:00:00Z'), at('2027-07-01T00:00:00Z'), 'month', at('2027-05-01T00:00:00Z'));
    expect(window).toEqual({ start: at('2027-06-01T00:00:00Z'), end: at('2027-07-01T00:00:00Z') });
  });
});
