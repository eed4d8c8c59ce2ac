import { useEffect, useState } from 'react';
import type { CalendarSettingsResponse } from '@postwright/contracts';
import { getCalendarSettings } from './content-api';

/**
 * The scheduler's own rules (GET /api/calendar/settings), so the schedule form checks what the
 * server will check, not a copy of the lead the server reads from its configuration. Fetched once per page load and shared; when the call fails the spec's
 * 1 hour stands in (and the next modal asks again), the server still having the last word.
 */
export const DEFAULT_MINIMUM_LEAD_SECONDS = 3600;

export interface CalendarSettings {
  minimumLeadSeconds: number;
  /** false until the server answered (or failed): the value is the default meanwhile */
  loaded: boolean;
}

let cached: CalendarSettingsResponse | null = null;
let inFlight: Promise<CalendarSettingsResponse | null> | null = null;

function isValid(data: unknown): data is CalendarSettingsResponse {
  const value = (data as CalendarSettingsResponse | null)?.minimumLeadSeconds;
  return typeof value === 'number' && Number.isInteger(value) && value >= 0;
}

/** The settings, from the cache or the server; null when the call failed. */
export function loadCalendarSettings(): Promise<CalendarSettingsResponse | null> {
  if (cached) return Promise.resolve(cached);
  inFlight ??= getCalendarSettings()
    .then((data) => {
      if (!isValid(data)) return null;
      cached = { minimumLeadSeconds: data.minimumLeadSeconds };
      return cached;
    })
    .catch(() => null)
    .finally(() => {
      inFlight = null;
    });
  return inFlight;
}

/** Forgets the cached settings (tests). */
export function clearCalendarSettingsCache() {
  cached = null;
  inFlight = null;
}

export function useCalendarSettings(): CalendarSettings {
  const [settings, setSettings] = useState<CalendarSettings>(() =>
    cached ? { minimumLeadSeconds: cached.minimumLeadSeconds, loaded: true } : { minimumLeadSeconds: DEFAULT_MINIMUM_LEAD_SECONDS, loaded: false },
  );
  useEffect(() => {
    if (settings.loaded) return;
    let live = true;
    void loadCalendarSettings().then((data) => {
      if (live) setSettings({ minimumLeadSeconds: data?.minimumLeadSeconds ?? DEFAULT_MINIMUM_LEAD_SECONDS, loaded: true });
    });
    return () => {
      live = false;
    };
  }, [settings.loaded]);
  return settings;
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
