import { useCallback } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { linkedinStatusQuery, type LinkedInStatus } from './linkedin-api';
import { queryKeys, useMemberId } from './query-client';

/**
 * Whether the signed-in member's LinkedIn is connected (GET /linkedin/profile; 404 = not
 * connected), shared by every component that asks: a list of twenty cards
 * makes one call, and a publish that learns the connection is gone tells them all.
 *
 * - `connected`: true, false, or null while unknown (still checking, or the check failed: the
 *   screens then let the member try, and the server has the last word).
 * - An expired grant counts as not connected: publishing needs a reconnect.
 */
export interface LinkedInConnection {
  connected: boolean | null;
  checking: boolean;
  /** the check failed (network, server): `connected` is null */
  failed: boolean;
  status: LinkedInStatus | null;
  /** checks again (Refresh Status); resolves when done */
  refresh: () => Promise<void>;
  /** a call answered that the member must connect first: everyone shows it at once */
  markNotConnected: () => void;
  /** a call answered that the connection has expired: everyone offers to reconnect at once */
  markExpired: () => void;
}

/** A screen that mounts within this long of the last answer reuses it (a tab switch, a card). */
const FRESH_MS = 10_000;

function connectedOf(status: LinkedInStatus | null): boolean | null {
  if (!status) return null;
  return status.connected && !status.expired;
}

/** The member's LinkedIn connection, checked when a component using it mounts. */
export function useLinkedInConnection(): LinkedInConnection {
  const userId = useMemberId();
  const client = useQueryClient();
  const query = useQuery({ ...linkedinStatusQuery(userId), enabled: userId !== '', staleTime: FRESH_MS });
  const failed = query.isError && !query.isFetching;
  const status = failed ? null : (query.data ?? null);

  const { refetch } = query;
  const refresh = useCallback(async () => {
    await refetch();
  }, [refetch]);
  const markNotConnected = useCallback(() => client.setQueryData<LinkedInStatus>(queryKeys.linkedinStatus(userId), { connected: false }), [client, userId]);
  const markExpired = useCallback(() => {
    client.setQueryData<LinkedInStatus>(queryKeys.linkedinStatus(userId), (current) => (current?.connected ? { ...current, expired: true, reconnectSoon: true } : { connected: false }));
  }, [client, userId]);

  return { connected: connectedOf(status), checking: query.isFetching, failed, status, refresh, markNotConnected, markExpired };
}
