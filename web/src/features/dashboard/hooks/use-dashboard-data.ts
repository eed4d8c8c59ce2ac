import { useCallback, useEffect, useState } from 'react';
import type { ContentItem } from '@postwright/contracts';
import { useAuth } from '../../../lib/auth';
import { listContent } from '../../../lib/content-api';
import { getLinkedInStatus, refreshLinkedInProfile, type LinkedInStatus } from '../../../lib/linkedin-api';

export const PICTURE_REFRESH_FAILED = 'Failed to refresh profile picture. Please try again.';
export const PICTURE_NOT_FOUND = 'No profile picture was found on your LinkedIn profile.';
export const PICTURE_UPDATED = 'Your profile picture was updated from LinkedIn.';

export type Loadable<T> = { state: 'loading' } | { state: 'error' } | { state: 'ready'; value: T };
export type DashboardNotice = { tone: 'success' | 'info' | 'danger'; text: string };

/**
 * What the dashboard reads and does against the API: the content list, the LinkedIn status and
 * the profile-picture refresh, each with its loading and error state.
 */
export function useDashboardData() {
  const { refreshUser } = useAuth();
  const [items, setItems] = useState<Loadable<ContentItem[]>>({ state: 'loading' });
  const [linkedin, setLinkedin] = useState<Loadable<LinkedInStatus>>({ state: 'loading' });
  const [refreshing, setRefreshing] = useState(false);
  const [notice, setNotice] = useState<DashboardNotice | null>(null);

  const loadContent = useCallback(async (signal?: AbortSignal) => {
    setItems({ state: 'loading' });
    try {
      setItems({ state: 'ready', value: await listContent(signal) });
    } catch (error) {
      if ((error as Error)?.name !== 'AbortError') setItems({ state: 'error' });
    }
  }, []);

  const loadLinkedIn = useCallback(async (signal?: AbortSignal) => {
    try {
      setLinkedin({ state: 'ready', value: await getLinkedInStatus(signal) });
    } catch (error) {
      if ((error as Error)?.name !== 'AbortError') setLinkedin({ state: 'error' });
    }
  }, []);

  useEffect(() => {
    const controller = new AbortController();
    void loadContent(controller.signal);
    void loadLinkedIn(controller.signal);
    refreshUser().catch(() => {}); // fresh tier, trial count and picture
    return () => controller.abort();
  }, [loadContent, loadLinkedIn, refreshUser]);

  /** On success the page reloads its data (connection and user), not the whole document, so nothing on screen is lost. */
  const refreshPicture = useCallback(async () => {
    setRefreshing(true);
    setNotice(null);
    try {
      const { profilePictureUpdated } = await refreshLinkedInProfile();
      if (profilePictureUpdated) {
        await Promise.all([loadLinkedIn(), refreshUser().catch(() => null)]);
        setNotice({ tone: 'success', text: PICTURE_UPDATED });
      } else {
        setNotice({ tone: 'info', text: PICTURE_NOT_FOUND });
      }
    } catch {
      setNotice({ tone: 'danger', text: PICTURE_REFRESH_FAILED });
    } finally {
      setRefreshing(false);
    }
  }, [loadLinkedIn, refreshUser]);

  return {
    items,
    linkedin,
    refreshing,
    notice,
    dismissNotice: () => setNotice(null),
    retryContent: () => void loadContent(),
    refreshPicture: () => void refreshPicture(),
  };
}
