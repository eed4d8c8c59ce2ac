import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CalendarSettingsResponse } from '@postwright/contracts';
import { getCalendarSettings } from './content-api';
import { queryKeys } from './query-client';

/**
 * The scheduler's own rules (GET /api/calendar/settings), so the schedule form checks what the
 * server will check, not a copy of the lead the server reads from its configuration. Read once per page load and shared; when the call fails the spec's
 * 1 hour stands in (and the next modal asks again), the server still having the last word.
 */
export const DEFAULT_MINIMUM_LEAD_SECONDS = 3600;

export interface CalendarSettings {
  minimumLeadSeconds: number;
  /** false until the server answered (or failed): the value is the default meanwhile */
  loaded: boolean;
}

function isValid(data: unknown): data is CalendarSettingsResponse {
  const value = (data as CalendarSettingsResponse | null)?.minimumLeadSeconds;
  return typeof value === 'number' && Number.isInteger(value) && value >= 0;
}

/** Kept for the page load once answered; an unreadable answer counts as a failure, so it is asked again. */
export const calendarSettingsQuery = () =>
  queryOptions({
    queryKey: queryKeys.calendarSettings(),
    queryFn: async ({ signal }): Promise<CalendarSettingsResponse> => {
      const data = await getCalendarSettings(signal);
      if (!isValid(data)) throw new Error('Unreadable calendar settings');
      return { minimumLeadSeconds: data.minimumLeadSeconds };
    },
    staleTime: Infinity,
  });

export function useCalendarSettings(): CalendarSettings {
  const { data, isError, isFetching } = useQuery(calendarSettingsQuery());
  if (data) return { minimumLeadSeconds: data.minimumLeadSeconds, loaded: true };
  return { minimumLeadSeconds: DEFAULT_MINIMUM_LEAD_SECONDS, loaded: isError && !isFetching };
}

/** "1 hour", "90 minutes", "5 seconds": the lead as the user reads it (the scheduler's own wording). */
export function describeLead(seconds: number): string {
  const unit = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;
  if (seconds > 0 && seconds % 86_400 === 0) return unit(seconds / 86_400, 'day');
  if (seconds > 0 && seconds % 3_600 === 0) return unit(seconds / 3_600, 'hour');
  if (seconds > 0 && seconds % 60 === 0) return unit(seconds / 60, 'minute');
  return unit(seconds, 'second');
}

/** The hint under the time field (spec: "Minimum 1 hour from now"). */
export function minimumLeadHint(seconds: number): string {
  return `Minimum ${describeLead(seconds)} from now`;
}

/** The field's message for a time too soon: the scheduler's own refusal, word for word. */
export function tooSoonMessage(seconds: number): string {
  return `Schedule time must be at least ${describeLead(seconds)} from now`;
}
