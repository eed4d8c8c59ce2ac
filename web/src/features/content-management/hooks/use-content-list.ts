import { useCallback, useMemo } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { ContentItem } from '@postwright/contracts';
import { useUser } from '../../../lib/auth';
import { storeContentItem } from '../../../lib/content-api';
import { useContentListQuery, useDeleteContent, useSaveEdit } from '../api/content-list';
import type { Filter } from '../components/messages';

export { POLL_INTERVAL_MS } from '../api/content-list';

export type StatusCounts = Record<Filter, number>;

/**
 * The user's content as content management shows it: the list calls (load, edit, delete), their
 * loading and error state, and the follow-up of scheduled posts that fall due. Publishing and
 * scheduling go through the shared publish flow, which hands back the changed item (`replace`).
 */
export function useContentList() {
  const user = useUser();
  const client = useQueryClient();
  const list = useContentListQuery();
  const edit = useSaveEdit();
  const deletion = useDeleteContent();
  const items = list.data ?? null;
  // a failed load shows the error and a Retry button, never sample items; a failed re-read keeps the list
  const loadError = list.isError && !list.isFetching;

  const replace = useCallback((updated: ContentItem) => storeContentItem(client, user.id, updated), [client, user.id]);

  /** Stores an inline edit as the draft's text; resolves with the saved item (rejects on failure). */
  const { mutateAsync: saveText } = edit;
  const saveEdit = useCallback((id: string, text: string) => saveText({ id, text }), [saveText]);

  /** Deletes an item and takes it off the list (rejects on failure). */
  const { mutateAsync: remove } = deletion;

  const counts = useMemo<StatusCounts>(() => {
    const all = items ?? [];
    return {
      all: all.length,
      draft: all.filter((i) => i.status === 'draft').length,
      published: all.filter((i) => i.status === 'published').length,
      scheduled: all.filter((i) => i.status === 'scheduled').length,
    };
  }, [items]);

  return { items, loading: !items && !loadError, loadError, counts, reload: () => list.refetch(), replace, saveEdit, remove };
}
