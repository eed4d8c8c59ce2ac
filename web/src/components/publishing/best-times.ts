import type { ContentType, InsightsResponse } from '@postwright/contracts';
import { hourLabel, weekdayNames } from '../../lib/datetime';
import { contentTypeInfo } from '../content/content-type';

export type WeekdayHour = { weekday: number; hour: number };

/** ISO weekday of a local date: 1 = Monday ... 7 = Sunday. */
const isoWeekday = (date: Date) => ((date.getDay() + 6) % 7) + 1;

/**
 * The first local time at `slot` (its weekday, on the hour) at or after `earliestMs`, in the
 * browser's zone, which is the zone the insights were read in. An hour a clock change skips
 * that day (2 AM on a spring-forward Sunday) is not a time: the week after stands in.
 */
export function nextOccurrence(slot: WeekdayHour, earliestMs: number): Date {
  const from = new Date(earliestMs);
  for (let day = 0; day <= 14; day += 1) {
    const at = new Date(from.getFullYear(), from.getMonth(), from.getDate() + day, slot.hour, 0, 0, 0);
    if (isoWeekday(at) === slot.weekday && at.getHours() === slot.hour && at.getTime() >= earliestMs) return at;
  }
  throw new Error(`No ${slot.weekday}/${slot.hour} within two weeks`);
}

/**
 * The times to offer for the member's best weekday-hours: the next of each that is at least
 * `leadSeconds` ahead (best first), then each one's week after while there is room, shown in
 * the order they come.
 */
export function upcomingBestTimes(slots: WeekdayHour[], leadSeconds: number, now: Date = new Date(), count = 4): Date[] {
  const earliest = now.getTime() + leadSeconds * 1000;
  const firsts = slots.map((slot) => nextOccurrence(slot, earliest));
  const seconds = slots.map((slot, i) => nextOccurrence(slot, firsts[i].getTime() + 1));
  const chosen = [...firsts, ...seconds].slice(0, count);
  const unique = [...new Map(chosen.map((d) => [d.getTime(), d])).values()];
  return unique.sort((a, b) => a.getTime() - b.getTime());
}

/** "Suggested from your best times (Tuesdays 9 AM, 6 posts)": the best slot and the posts behind it. */
export function bestTimesTitle(best: WeekdayHour, cells: InsightsResponse['byWeekdayHour']): string {
  const cell = cells.find((c) => c.weekday === best.weekday && c.hour === best.hour);
  const when = `${weekdayNames[best.weekday - 1]}s ${hourLabel(best.hour)}`;
  return `Suggested from your best times (${cell ? `${when}, ${cell.posts} ${cell.posts === 1 ? 'post' : 'posts'}` : when})`;
}

/** "Suggested for Contrarian Takes: Monday morning": the framework's day for the type. */
export function frameworkTitle(type: ContentType): string {
  const { name, day } = contentTypeInfo[type];
  return `Suggested for ${name.endsWith('s') ? name : `${name}s`}: ${day} morning`;
}
