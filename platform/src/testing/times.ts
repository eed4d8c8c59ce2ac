/** Times as a browser sends them: an ISO string with its zone's offset, whole seconds. */

/**
 * The first whole second at least `ms` from now (as the schedule form sends): rounded up, since
 * rounding down takes up to a second off the lead, and on a busy machine the request would then
 * arrive inside the minimum lead and be refused.
 */
export function wholeSecondIn(ms: number): Date {
  return new Date(Math.ceil((Date.now() + ms) / 1000) * 1000);
}

/** An ISO time at least `ms` from now, with a +02:00 offset as a browser east of UTC would send. */
export function inMs(ms: number, offsetMinutes = 120): string {
  return withOffset(wholeSecondIn(ms), offsetMinutes);
}

/** The instant `at` written in a zone `offsetMinutes` east of UTC (west when negative). */
export function withOffset(at: Date, offsetMinutes: number): string {
  const local = new Date(at.getTime() + offsetMinutes * 60_000);
  const sign = offsetMinutes < 0 ? '-' : '+';
  const abs = Math.abs(offsetMinutes);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${local.toISOString().slice(0, 19)}${sign}${pad(Math.floor(abs / 60))}:${pad(abs % 60)}`;
}
