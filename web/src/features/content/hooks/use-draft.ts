import { useCallback, useEffect, useRef, useState } from 'react';
import type { ContentItem } from '@postwright/contracts';
import { ApiError, errorMessage } from '../../../lib/api-client';
import { getContent, restorePreviousVersion } from '../../../lib/content-api';

export const DRAFT_NOT_FOUND = 'Content not found';
export const DRAFT_LOAD_FAILED = 'Failed to load content';
export const RESTORE_FAILED = 'Failed to restore the previous version';

export type DraftLoad =
  | { status: 'none' }
  | { status: 'loading'; id: string }
  | { status: 'ready'; id: string }
  /** deleted, someone else's, or no such id: nothing to retry */
  | { status: 'missing'; id: string; message: string }
  | { status: 'failed'; id: string; message: string };

/**
 * The draft at the page's address (`/content?draft=<id>`): GET /api/content/:id when the
 * address names a draft the page does not hold yet, and POST restore-previous for Undo. A draft
 * the page made itself (just generated) is adopted without a request.
 */
export function useDraft(id: string | null, onLoaded: (item: ContentItem) => void, beforeLoad?: () => Promise<void>) {
  const [load, setLoad] = useState<DraftLoad>({ status: 'none' });
  const [attempt, setAttempt] = useState(0);
  const [restoring, setRestoring] = useState(false);
  const [restoreError, setRestoreError] = useState<string | null>(null);
  const held = useRef<string | null>(null);
  const loaded = useRef({ onLoaded, beforeLoad });
  loaded.current = { onLoaded, beforeLoad };

  const adopt = useCallback((item: ContentItem) => {
    held.current = item.id;
    setLoad({ status: 'ready', id: item.id });
  }, []);

  useEffect(() => {
    setRestoreError(null);
    if (!id) {
      held.current = null;
      setLoad({ status: 'none' });
      return;
    }
    if (held.current === id) return;
    held.current = null;
    const controller = new AbortController();
    setLoad({ status: 'loading', id });
    // edits of this draft still on their way land first, so the text read back has them
    Promise.resolve(loaded.current.beforeLoad?.())
      .then(() => getContent(id, controller.signal))
      .then(
      (item) => {
        if (controller.signal.aborted) return;
        held.current = id;
        setLoad({ status: 'ready', id });
        loaded.current.onLoaded(item);
      },
      (error: unknown) => {
        if (controller.signal.aborted) return;
        const missing = error instanceof ApiError && (error.status === 400 || error.status === 403 || error.status === 404);
        setLoad(missing ? { status: 'missing', id, message: errorMessage(error, DRAFT_NOT_FOUND) } : { status: 'failed', id, message: errorMessage(error, DRAFT_LOAD_FAILED) });
      },
    );
    return () => controller.abort();
  }, [id, attempt]);

  const retry = useCallback(() => setAttempt((n) => n + 1), []);

  /** Undo of "Generate again": the text it replaced comes back. Null when it failed (the message is kept). */
  const restorePrevious = useCallback(async (draftId: string): Promise<ContentItem | null> => {
    setRestoring(true);
    setRestoreError(null);
    try {
      const item = await restorePreviousVersion(draftId);
      held.current = item.id;
      return item;
    } catch (error) {
      setRestoreError(errorMessage(error, RESTORE_FAILED));
      return null;
    } finally {
      setRestoring(false);
    }
  }, []);

  return { load, adopt, retry, restorePrevious, restoring, restoreError };
}
