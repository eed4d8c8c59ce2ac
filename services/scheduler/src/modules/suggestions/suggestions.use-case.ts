/**
 * Slots for the schedule modal: the framework's day for each content type
 * (controversial Monday, story and framework Wednesday, insight and learning Friday) at a
 * morning posting hour in the caller's time zone, at least the minimum lead ahead.
 */
import { AppError } from '@postwright/platform';
import type { ContentType } from '@postwright/contracts';

const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'] as const;

export const FRAMEWORK_DAY: Record<ContentType, (typeof WEEKDAYS)[number]> = {
  controversial: 'Monday',
  story: 'Wednesday',
  framework: 'Wednesday',
  insight: 'Friday',
  learning: 'Friday',
};

/** Morning, before the working day fills up: when executives' feeds are read. */
export const POSTING_TIME = { hour: 8, minute: 30 };
export const SLOT_COUNT = 4;

export interface Suggestions {
  contentType: ContentType;
  day: string;
  timeZone: string;
  slots: string[];
}

/** Throws a 400 for a zone the runtime does not know, e.g. "Mars/Olympus". */
export function checkTimeZone(timeZone: string): string {
  try {
    return new Intl.DateTimeFormat('en-US', { timeZone }).resolvedOptions().timeZone;
  } catch {
    throw AppError.badRequest('Unknown time zone', { tz: 'Unknown time zone' }, 'SCHEDULE.INVALID_TIME_ZONE');
  }
}

interface LocalParts {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
  weekday: number;
}

function localParts(instant: number, timeZone: string): LocalParts {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: 'numeric',
    minute: 'numeric',
    second: 'numeric',
    weekday: 'long',
  }).formatToParts(new Date(instant));
  const get = (type: string) => parts.find((p) => p.type === type)?.value ?? '0';
  return {
    year: Number(get('year')),
    month: Number(get('month')),
    day: Number(get('day')),
    hour: Number(get('hour')) % 24,
    minute: Number(get('minute')),
    second: Number(get('second')),
    weekday: WEEKDAYS.indexOf(get('weekday') as (typeof WEEKDAYS)[number]),
  };
}

/** Offset of the zone from UTC at an instant, in minutes (east positive). */
function offsetMinutes(instant: number, timeZone: string): number {
  const p = localParts(instant, timeZone);
  const asUtc = Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second);
  return Math.round((asUtc - Math.floor(instant / 1000) * 1000) / 60_000);
}

/** The instant a local wall-clock time happens in the zone (a DST gap moves it forward). */
function instantOf(year: number, month: number, day: number, hour: number, minute: number, timeZone: string): number {
  const wall = Date.UTC(year, month - 1, day, hour, minute);
  let guess = wall - offsetMinutes(wall, timeZone) * 60_000;
  guess = wall - offsetMinutes(guess, timeZone) * 60_000;
  return guess;
}

/** ISO 8601 in the zone's local time with its offset, e.g. 2030-03-04T08:30:00+01:00. */
export function formatInZone(instant: number, timeZone: string): string {
  const p = localParts(instant, timeZone);
  const offset = offsetMinutes(instant, timeZone);
  const sign = offset < 0 ? '-' : '+';
  const abs = Math.abs(offset);
  const pad = (n: number, w = 2) => String(n).padStart(w, '0');
  return `${pad(p.year, 4)}-${pad(p.month)}-${pad(p.day)}T${pad(p.hour)}:${pad(p.minute)}:${pad(p.second)}${sign}${pad(Math.floor(abs / 60))}:${pad(abs % 60)}`;
}

export function suggestSlots(input: { contentType: ContentType; timeZone: string; now: Date; minLeadSeconds: number; count?: number }): Suggestions {
  const timeZone = checkTimeZone(input.timeZone);
  const day = FRAMEWORK_DAY[input.contentType];
  const target = WEEKDAYS.indexOf(day);
  const earliest = input.now.getTime() + input.minLeadSeconds * 1000;
  const count = input.count ?? SLOT_COUNT;

  const slots: string[] = [];
  const today = localParts(input.now.getTime(), timeZone);
  // walk local calendar days from today; noon UTC of a civil date never crosses a date line
  for (let i = 0; slots.length < count && i < 7 * (count + 2); i++) {
    const civil = new Date(Date.UTC(today.year, today.month - 1, today.day + i, 12));
    if (civil.getUTCDay() !== target) continue;
    const at = instantOf(civil.getUTCFullYear(), civil.getUTCMonth() + 1, civil.getUTCDate(), POSTING_TIME.hour, POSTING_TIME.minute, timeZone);
    if (at >= earliest) slots.push(formatInZone(at, timeZone));
  }
  return { contentType: input.contentType, day, timeZone, slots };
}
