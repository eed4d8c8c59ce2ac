import type { InsightsGroup, InsightsResponse } from '@postwright/contracts';
import { contentTypeName } from '../../../components/content/content-type';
import { hookStyleLabels } from '../../../components/content/hook-style';
import { lengthBandLabels, weekdayHourLabel } from './labels';

/** The export: one row per group of the answer, in the order the page shows them. */
export const CSV_HEADER = ['kind', 'name', 'posts', 'measured', 'median_reactions', 'median_comments', 'median_impressions', 'enough'] as const;

type Row = { kind: string; name: string; group: InsightsGroup };

function rowsOf(answer: InsightsResponse): Row[] {
  return [
    ...answer.byType.map((g) => ({ kind: 'content type', name: contentTypeName(g.contentType), group: g })),
    ...answer.byHookStyle.map((g) => ({ kind: 'hook style', name: hookStyleLabels[g.hookStyle], group: g })),
    ...answer.byLength.map((g) => ({ kind: 'length', name: lengthBandLabels[g.band], group: g })),
    ...answer.byWeekdayHour.map((g) => ({ kind: 'weekday and hour', name: weekdayHourLabel(g.weekday, g.hour), group: g })),
    ...answer.trend.map((g) => ({ kind: 'week', name: g.weekStart, group: g })),
  ];
}

/** Quoted when it holds a comma, quote or line break; a leading = + - @ is defused so a spreadsheet does not run it. */
function cell(value: string | number | boolean | null): string {
  if (value === null) return '';
  let text = String(value);
  if (typeof value === 'string' && /^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** The CSV text (RFC 4180: CRLF line ends, a header row). */
export function insightsCsv(answer: InsightsResponse): string {
  const lines = [CSV_HEADER.join(',')];
  for (const { kind, name, group } of rowsOf(answer)) {
    lines.push([kind, name, group.posts, group.measured, group.medianReactions, group.medianComments, group.medianImpressions, group.enough].map(cell).join(','));
  }
  return `${lines.join('\r\n')}\r\n`;
}

/** "postwright-insights-90d-2026-03-04.csv" */
export function csvFileName(answer: InsightsResponse, today: Date = new Date()): string {
  const day = `${today.getFullYear()}-${String(today.getMonth() + 1).padStart(2, '0')}-${String(today.getDate()).padStart(2, '0')}`;
  return `postwright-insights-${answer.range}-${day}.csv`;
}

/** Saves the CSV made in the browser from the answer on screen: nothing more is asked of the server. */
export function downloadCsv(answer: InsightsResponse): void {
  const blob = new Blob([insightsCsv(answer)], { type: 'text/csv;charset=utf-8' });
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = csvFileName(answer);
  document.body.appendChild(link);
  link.click();
  link.remove();
  // the browser has taken the file once the click is handled
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
