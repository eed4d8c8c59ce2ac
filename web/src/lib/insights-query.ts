import { queryOptions, useQuery } from '@tanstack/react-query';
import { insightsResponseSchema, type InsightsRange, type InsightsResponse } from '@postwright/contracts';
import { api } from './api-client';
import { browserTimeZone } from './datetime';
import { useMemberId } from './query-client';

/**
 * What works for the signed-in member (GET /insights), shared by the Insights page and the screens
 * that take its recommendations (the generator's hook order), so they ask once and agree.
 */

/** The key starts with ['user', userId] so signing out forgets it with the rest of the member's state. */
export const insightsQueryKey = (userId: string, range: InsightsRange, timeZone: string) => ['user', userId, 'insights', range, timeZone] as const;

/** GET /insights?range&tz: the figures, weekdays and hours read in `timeZone`. */
export async function getInsights(range: InsightsRange, timeZone: string, signal?: AbortSignal): Promise<InsightsResponse> {
  return api.get('/insights', { query: { range, tz: timeZone }, signal, schema: insightsResponseSchema });
}

/** A minute: the figures move with engagement polls measured in hours, so screens opened close together share one read. */
const FRESH_MS = 60_000;

export const insightsQuery = (userId: string, range: InsightsRange, timeZone: string) =>
  queryOptions({ queryKey: insightsQueryKey(userId, range, timeZone), queryFn: ({ signal }) => getInsights(range, timeZone, signal), staleTime: FRESH_MS });

/** The member's insights over `range` in the browser's time zone; nothing is asked while nobody is signed in. */
export function useInsights(range: InsightsRange = '90d') {
  const userId = useMemberId();
  return useQuery({ ...insightsQuery(userId, range, browserTimeZone()), enabled: userId !== '' });
}
