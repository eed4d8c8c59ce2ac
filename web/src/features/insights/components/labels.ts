import { OPTIMAL_POST_LENGTH, formatCount, type InsightsRange, type LengthBand } from '@postwright/contracts';
import { hourLabel, weekdayNames } from '../../../lib/datetime';

/** The names the page gives the groups the answer holds. */

export const rangeLabels: Record<InsightsRange, string> = { '30d': '30 days', '90d': '90 days', '365d': 'A year', all: 'All time' };

/** How the summary line says the range: "in the last 90 days". */
export const rangeSpans: Record<InsightsRange, string> = { '30d': 'in the last 30 days', '90d': 'in the last 90 days', '365d': 'in the last year', all: 'since you started' };

export const lengthBandLabels: Record<LengthBand, string> = {
  short: `Under ${formatCount(OPTIMAL_POST_LENGTH.min)} characters`,
  optimal: `${formatCount(OPTIMAL_POST_LENGTH.min)}-${formatCount(OPTIMAL_POST_LENGTH.max)} characters`,
  long: `Over ${formatCount(OPTIMAL_POST_LENGTH.max)} characters`,
};

/** ISO weekdays, 1 = Monday. */
export const weekdayShort = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'] as const;

export const weekdayName = (weekday: number) => weekdayNames[weekday - 1] ?? String(weekday);


/** "Tuesday 9 AM" */
export const weekdayHourLabel = (weekday: number, hour: number) => `${weekdayName(weekday)} ${hourLabel(hour)}`;

/** "Week of Mar 2" (a week starts on Monday, in the member's zone; the date is read as written). */
export function weekLabel(weekStart: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})/.exec(weekStart);
  if (!match) return weekStart;
  const date = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])));
  return date.toLocaleDateString('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' });
}

export const postsText = (n: number) => `${formatCount(n)} ${n === 1 ? 'post' : 'posts'}`;

/** A median as the page writes it: whole numbers plain, others to one decimal. */
export function medianText(value: number): string {
  return Number.isInteger(value) ? formatCount(value) : value.toFixed(1);
}

/** The mark of a group whose figures are not compared. */
export const belowThreshold = (minimumPosts: number) => `Fewer than ${minimumPosts} posts with figures`;
