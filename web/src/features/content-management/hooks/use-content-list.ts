import { useCallback, useEffect, useMemo, useState } from 'react';
import type { ContentItem } from '@postwright/contracts';
import { deleteContent, editContent, listContent } from '../../../lib/content-api';
import type { Filter } from '../components/messages';

/** While a scheduled item is due within this window, the list is re-read so it turns published by itself. */
const DUE_SOON_MS = 2 * 60 * 1000;
export const POLL_INTERVAL_MS = 4000;

export type StatusCounts = Record<Filter, number>;

/**
 * The user's content as content management shows it: the list calls (load, edit, delete), their
 * loading and error state, and the follow-up of scheduled posts that fall due. Publishing and
 * scheduling go through the shared publish flow, which hands back the changed item (`replace`).
 */
export function useContentList() {
  const [items, setItems] = useState<ContentItem[] | null>(null);
  const [loading, setLoading] = useState(true);
  const [loadError, setLoadError] = useState(false);

  const load = useCallback(async (quiet = false, signal?: AbortSignal) => {
    if (!quiet) {
      setLoading(true);
      setLoadError(false);
    }
    try {
      setItems(await listContent(signal));
      setLoadError(false);
    } catch (error) {
      if ((error as Error)?.name === 'AbortError') return;
      // a failed load shows the error and a Retry button, never sample items
      if (!quiet) setLoadError(true);
    } finally {
      if (!quiet && !signal?.aborted) setLoading(false);
    }
  }, []);

  useEffect(() => {
    const controller = new AbortController();
    void load(false, controller.signal);
    return () => controller.abort();
  }, [load]);

  // a scheduled post that is due soon is published by the scheduler: follow it
  const dueSoon = useMemo(
    () => (items ?? []).some((item) => item.status === 'scheduled' && item.scheduledFor && Date.parse(item.scheduledFor) - Date.now() < DUE_SOON_MS),
    [items],
  );
  useEffect(() => {
    if (!dueSoon) return;
    const timer = setInterval(() => void load(true), POLL_INTERVAL_MS);
    return () => clearInterval(timer);
  }, [dueSoon, load]);

  const replace = useCallback((updated: ContentItem) => {
    setItems((current) => (current ?? []).map((item) => (item.id === updated.id ? updated : item)));
  }, []);

  /** Stores an inline edit as the draft's text; resolves with the saved item (rejects on failure). */
  const saveEdit = useCallback(
    async (id: string, text: string) => {
      const saved = await editContent(id, { editedContent: text, saveAsDraft: true });
      replace(saved);
      return saved;
    },
    [replace],
  );

  /** Deletes an item and takes it off the list (rejects on failure). */
  const remove = useCallback(async (id: string) => {
    await deleteContent(id);
    setItems((current) => (current ?? []).filter((item) => item.id !== id));
  }, []);

  const counts = useMemo<StatusCounts>(() => {
    const list = items ?? [];
    return {
      all: list.length,
      draft: list.filter((i) => i.status === 'draft').length,
      published: list.filter((i) => i.status === 'published').length,
      scheduled: list.filter((i) => i.status === 'scheduled').length,
    };
  }, [items]);

  return { items, loading, loadError, counts, reload: () => load(), replace, saveEdit, remove };
}
