import { useCallback, useEffect, useState } from 'react';
import { useQuery, type UseQueryResult } from '@tanstack/react-query';
import type { ContentItem } from '@postwright/contracts';
import { useAuth, useUser } from '../../../lib/auth';
import { contentListQuery } from '../../../lib/content-api';
import { useInsights } from '../../../lib/insights-query';
import { linkedinStatusQuery, type LinkedInStatus } from '../../../lib/linkedin-api';
import { useRefreshPicture } from '../api/refresh-picture';

export const PICTURE_REFRESH_FAILED = 'Failed to refresh profile picture. Please try again.';
export const PICTURE_NOT_FOUND = 'No profile picture was found on your LinkedIn profile.';
export const PICTURE_UPDATED = 'Your profile picture was updated from LinkedIn.';

export type Loadable<T> = { state: 'loading' } | { state: 'error' } | { state: 'ready'; value: T };
export type DashboardNotice = { tone: 'success' | 'info' | 'danger'; text: string };

function loadable<T>(query: UseQueryResult<T>): Loadable<T> {
  if (query.data !== undefined) return { state: 'ready', value: query.data };
  return query.isError && !query.isFetching ? { state: 'error' } : { state: 'loading' };
}

/**
 * What the dashboard reads and does against the API: the content list, the LinkedIn status,
 * the type the member's insights suggest next and the profile-picture refresh, each with its
 * loading and error state.
 */
export function useDashboardData() {
  const user = useUser();
  const { refreshUser } = useAuth();
  const content = useQuery(contentListQuery(user.id));
  const linkedin = useQuery(linkedinStatusQuery(user.id));
  // a suggestion, not a requirement: while it loads or when it fails the mix card suggests on its own
  const insights = useInsights();
  const picture = useRefreshPicture();
  const [notice, setNotice] = useState<DashboardNotice | null>(null);

  useEffect(() => {
    refreshUser().catch(() => {}); // fresh tier, trial count and picture
  }, [refreshUser]);

  /** On success the page reloads its data (connection and user), not the whole document, so nothing on screen is lost. */
  const { mutateAsync: refresh } = picture;
  const refreshPicture = useCallback(async () => {
    setNotice(null);
    try {
      const { profilePictureUpdated } = await refresh();
      setNotice(profilePictureUpdated ? { tone: 'success', text: PICTURE_UPDATED } : { tone: 'info', text: PICTURE_NOT_FOUND });
    } catch {
      setNotice({ tone: 'danger', text: PICTURE_REFRESH_FAILED });
    }
  }, [refresh]);

  const { refetch: refetchContent } = content;
  return {
    items: loadable<ContentItem[]>(content),
    linkedin: loadable<LinkedInStatus>(linkedin),
    nextType: insights.data?.recommendations.nextType ?? null,
    refreshing: picture.isPending,
    notice,
    dismissNotice: () => setNotice(null),
    retryContent: () => void refetchContent(),
    refreshPicture: () => void refreshPicture(),
  };
}
