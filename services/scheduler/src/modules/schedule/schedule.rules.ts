/**
 * The product's schedule rules, as pure functions: the time format, the
 * minimum lead (configurable, so the message follows the setting) and the 1-year horizon.
 */
import { AppError } from '@postwright/platform';

/** ISO 8601 date and time with seconds optional, fraction optional, and a mandatory offset. */
const ISO_WITH_OFFSET = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,9})?)?(Z|[+-]\d{2}:?\d{2})$/i;

export const TIME_FORMAT_MESSAGE =
  'scheduledFor must be an ISO 8601 date and time with a time zone offset, for example 2030-03-04T08:30:00+01:00';

/** "1 hour", "90 minutes", "5 seconds": the lead as the user reads it. */
export function describeDuration(seconds: number): string {
  const unit = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;
  if (seconds > 0 && seconds % 86_400 === 0) return unit(seconds / 86_400, 'day');
  if (seconds > 0 && seconds % 3_600 === 0) return unit(seconds / 3_600, 'hour');
  if (seconds > 0 && seconds % 60 === 0) return unit(seconds / 60, 'minute');
  return unit(seconds, 'second');
}

export function tooSoonMessage(minLeadSeconds: number): string {
  return `Schedule time must be at least ${describeDuration(minLeadSeconds)} from now`;
}

export function tooFarMessage(maxAheadDays: number): string {
  return maxAheadDays % 365 === 0
    ? `Schedule time must be within ${describeYears(maxAheadDays / 365)} from now`
    : `Schedule time must be within ${describeDuration(maxAheadDays * 86_400)} from now`;
}

function describeYears(n: number) {
  return `${n} year${n === 1 ? '' : 's'}`;
}

/** Parses the requested time; the offset is required because the server cannot guess the user's zone. */
export function parseScheduledFor(value: string): Date {
  const match = ISO_WITH_OFFSET.exec(value.trim());
  const time = match ? Date.parse(value.trim()) : NaN;
  if (!match || Number.isNaN(time)) {
    throw AppError.badRequest(TIME_FORMAT_MESSAGE, { scheduledFor: TIME_FORMAT_MESSAGE }, 'SCHEDULE.INVALID_TIME');
  }
  const [, , month, day, hour, minute, second] = match;
  if (Number(month) > 12 || Number(day) > 31 || Number(hour) > 23 || Number(minute) > 59 || Number(second ?? 0) > 59) {
    throw AppError.badRequest(TIME_FORMAT_MESSAGE, { scheduledFor: TIME_FORMAT_MESSAGE }, 'SCHEDULE.INVALID_TIME');
  }
  return new Date(time);
}

export interface LeadRules {
  minLeadSeconds: number;
  maxAheadDays: number;
}

/** The time must be at least the minimum lead ahead and at most the horizon ahead. */
export function checkScheduleTime(at: Date, now: Date, rules: LeadRules): void {
  if (at.getTime() < now.getTime() + rules.minLeadSeconds * 1000) {
    const message = tooSoonMessage(rules.minLeadSeconds);
    throw AppError.badRequest(message, { scheduledFor: message }, 'SCHEDULE.TOO_SOON');
  }
  if (at.getTime() > now.getTime() + rules.maxAheadDays * 86_400_000) {
    const message = tooFarMessage(rules.maxAheadDays);
    throw AppError.badRequest(message, { scheduledFor: message }, 'SCHEDULE.TOO_FAR');
  }
}

/** Exponential backoff for transient publish failures: base, 2x base, 4x base ... */
export function retryDelayMs(attempt: number, baseMs: number): number {
  return baseMs * 2 ** Math.max(0, attempt - 1);
}
