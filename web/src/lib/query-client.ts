import { useSyncExternalStore } from 'react';
import { CancelledError, QueryClient, type QueryKey } from '@tanstack/react-query';
import type { ContentType } from '@postwright/contracts';
import { session } from './session';

/**
 * The cache of server state. A failed read is shown at once (the screens have their own retry
 * buttons, and api-client already refreshes an expired token once), so nothing is retried behind
 * the member's back; a screen reads afresh when it opens, not when the window regains focus.
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: false, refetchOnWindowFocus: false, refetchOnReconnect: false },
      mutations: { retry: false },
    },
  });
}

/**
 * Every query key. What belongs to a member starts with ['user', userId], so a late answer for the
 * previous member can never be shown to the next, and signing out forgets all of it at once.
 */
export const queryKeys = {
  user: (userId: string) => ['user', userId] as const,
  profile: (userId: string) => ['user', userId, 'profile'] as const,
  content: (userId: string) => ['user', userId, 'content'] as const,
  contentList: (userId: string) => ['user', userId, 'content', 'list'] as const,
  contentItem: (userId: string, id: string) => ['user', userId, 'content', 'item', id] as const,
  linkedinStatus: (userId: string) => ['user', userId, 'linkedin', 'status'] as const,
  subscription: (userId: string) => ['user', userId, 'billing', 'subscription'] as const,
  scheduleSuggestions: (userId: string, contentType: ContentType, timeZone: string) => ['user', userId, 'calendar', 'suggestions', contentType, timeZone] as const,
  calendarSettings: () => ['calendar', 'settings'] as const,
  plans: () => ['billing', 'plans'] as const,
  health: () => ['health'] as const,
};

/** Forgets what belonged to members other than `userId` (null: everyone's). */
export function forgetOtherMembers(client: QueryClient, userId: string | null) {
  client.removeQueries({ predicate: (query) => query.queryKey[0] === 'user' && query.queryKey[1] !== userId });
}

/** The signed-in member's id ('' when nobody is), for the keys of what is theirs. */
export function useMemberId(): string {
  return useSyncExternalStore(session.subscribe, () => session.get().user?.id ?? '');
}

/**
 * Reads afresh even while a read of the same key is under way: that one is cancelled, as its
 * answer may predate a change the member just made. A read cancelled so (or by the member's data
 * being forgotten) resolves null: it was superseded, it did not fail.
 */
export async function fetchFresh<T>(client: QueryClient, queryKey: QueryKey, queryFn: () => Promise<T>): Promise<T | null> {
  await client.cancelQueries({ queryKey });
  try {
    return await client.fetchQuery({ queryKey, queryFn, staleTime: 0 });
  } catch (error) {
    if (error instanceof CancelledError) return null;
    throw error;
  }
}
