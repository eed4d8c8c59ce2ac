/** Times as a browser sends them: an ISO string with its zone's offset, whole seconds. */

/** An ISO time `ms` from now, with a +02:00 offset as a browser east of UTC would send. */
export function inMs(ms: number, offsetMinutes = 120): string {
  const at = new Date(Date.now() + ms);
  at.setUTCMilliseconds(0);
  return withOffset(at, offsetMinutes);
}

/** The instant `at` written in a zone `offsetMinutes` east of UTC (west when negative). */
export function withOffset(at: Date, offsetMinutes: number): string {
  const local = new Date(at.getTime() + offsetMinutes * 60_000);
  const sign = offsetMinutes < 0 ? '-' : '+';
  const abs = Math.abs(offsetMinutes);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${local.toISOString().slice(0, 19)}${sign}${pad(Math.floor(abs / 60))}:${pad(abs % 60)}`;
}
