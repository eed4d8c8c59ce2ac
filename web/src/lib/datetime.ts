/**
 * Dates and times as the signed-in screens show and send them. Everything is in the browser's
 * time zone; the server receives ISO 8601 with the offset (it cannot guess the user's zone).
 */

const pad = (n: number, width = 2) => String(Math.trunc(Math.abs(n))).padStart(width, '0');

/** The value a `<input type="datetime-local">` holds for an instant: "2026-03-04T08:30". */
export function toLocalInputValue(date: Date): string {
  return `${pad(date.getFullYear(), 4)}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

/** Reads a datetime-local value in the browser's zone; null when it is empty or malformed. */
export function fromLocalInputValue(value: string): Date | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2}))?/.exec(value.trim());
  if (!match) return null;
  const [, y, mo, d, h, mi, s] = match.map(Number);
  const date = new Date(y, mo - 1, d, h, mi, Number.isNaN(s) ? 0 : s, 0);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** ISO 8601 in local time with the local offset: "2026-03-04T08:30:00+01:00". */
export function toIsoWithOffset(date: Date): string {
  const offset = -date.getTimezoneOffset();
  const sign = offset < 0 ? '-' : '+';
  return (
    `${pad(date.getFullYear(), 4)}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}` +
    `T${pad(date.getHours())}:${pad(date.getMinutes())}:${pad(date.getSeconds())}` +
    `${sign}${pad(offset / 60)}:${pad(offset % 60)}`
  );
}

/** The next whole minute at or after `ms` milliseconds from `now`. */
export function nextMinuteAfter(now: Date, ms: number): Date {
  const at = new Date(now.getTime() + ms);
  if (at.getSeconds() !== 0 || at.getMilliseconds() !== 0) {
    at.setSeconds(0, 0);
    at.setMinutes(at.getMinutes() + 1);
  }
  return at;
}

/** The browser's IANA time zone, e.g. "Europe/Paris" (UTC if unknown). */
export function browserTimeZone(): string {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
  } catch {
    return 'UTC';
  }
}

function parse(value: string | Date | null | undefined): Date | null {
  if (!value) return null;
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** Short month, day, hour and minute: "Jan 5, 10:30 AM". */
export function formatShortDateTime(value: string | Date | null | undefined): string {
  const date = parse(value);
  if (!date) return '';
  return date.toLocaleString('en-US', { month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit' });
}

/** The fields of a time ahead (formatSlot); a scheduled time adds its zone (formatScheduled). */
const SLOT_FORMAT: Intl.DateTimeFormatOptions = { weekday: 'short', month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit' };

/** With the weekday, for times ahead: "Mon, Jan 5, 8:30 AM". */
export function formatSlot(value: string | Date | null | undefined): string {
  const date = parse(value);
  if (!date) return '';
  return date.toLocaleString('en-US', SLOT_FORMAT);
}

/**
 * A scheduled time with the member's time zone, so nobody has to guess whose 9 AM it is:
 * "Mon, Jan 5, 8:30 AM GMT+1" (the zone's short name as Intl gives it, e.g. "EST" in New York).
 */
export function formatScheduled(value: string | Date | null | undefined, timeZone?: string): string {
  const date = parse(value);
  if (!date) return '';
  return date.toLocaleString('en-US', { ...SLOT_FORMAT, timeZoneName: 'short', timeZone });
}

/** The member's time zone as the schedule modal names it: "Europe/Paris (GMT+1)", at `at` (summer time differs). */
export function timeZoneLabel(at: Date = new Date(), zone: string = browserTimeZone()): string {
  let short = '';
  try {
    short = new Intl.DateTimeFormat('en-US', { timeZoneName: 'short', timeZone: zone }).formatToParts(at).find((part) => part.type === 'timeZoneName')?.value ?? '';
  } catch {
    short = '';
  }
  return short && short !== zone ? `${zone} (${short})` : zone;
}

/** A calendar date: "January 5, 2026". */
export function formatLongDate(value: string | Date | null | undefined): string {
  const date = parse(value);
  if (!date) return '';
  return date.toLocaleDateString('en-US', { year: 'numeric', month: 'long', day: 'numeric' });
}

/** A calendar date in the reader's own locale, short month: "Mar 4, 2027" (en-US). */
export function formatDate(value: string | Date | null | undefined): string {
  const date = parse(value);
  if (!date) return '';
  return date.toLocaleDateString(undefined, { year: 'numeric', month: 'short', day: 'numeric' });
}

/** ISO weekdays by number, 1 = Monday (as insights give them). */
export const weekdayNames = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'] as const;

/** "9 AM", "12 PM": an hour of the day as the app writes times. */
export function hourLabel(hour: number): string {
  return `${hour % 12 === 0 ? 12 : hour % 12} ${hour < 12 ? 'AM' : 'PM'}`;
}
