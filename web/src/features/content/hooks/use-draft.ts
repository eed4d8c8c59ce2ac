import { useCallback, useEffect, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { ContentItem } from '@postwright/contracts';
import { ApiError, errorMessage } from '../../../lib/api-client';
import { contentItemQuery } from '../../../lib/content-api';
import { useMemberId } from '../../../lib/query-client';

export const DRAFT_NOT_FOUND = 'Content not found';
export const DRAFT_LOAD_FAILED = 'Failed to load content';

export type DraftLoad =
  | { status: 'none' }
  | { status: 'loading'; id: string }
  | { status: 'ready'; id: string }
  /** deleted, someone else's, or no such id: nothing to retry */
  | { status: 'missing'; id: string; message: string }
  | { status: 'failed'; id: string; message: string };

export interface DraftSource {
  /** the draft read from the server, to show */
  onLoaded: (item: ContentItem) => void;
  /** true when the page already shows this draft (its own edits are newer than the server's) */
  isOpen: (id: string) => boolean;
  /** resolves when edits of drafts left behind have landed */
  beforeLoad?: () => Promise<void>;
}

/**
 * The draft at the page's address (`/content?draft=<id>`): GET /api/content/:id when the
 * address names a draft the page does not show yet. A draft the page made itself (just
 * generated), or still shows (the sidebar's Generate link goes through `/content` and back to
 * the same draft), is kept as it is: reading it back would drop edits not saved yet.
 */
export function useDraft(id: string | null, source: DraftSource) {
  const [load, setLoad] = useState<DraftLoad>({ status: 'none' });
  const [attempt, setAttempt] = useState(0);
  const client = useQueryClient();
  const memberId = useMemberId();
  const held = useRef<string | null>(null);
  const loaded = useRef(source);
  loaded.current = source;

  const adopt = useCallback((item: ContentItem) => {
    held.current = item.id;
    setLoad({ status: 'ready', id: item.id });
  }, []);

  useEffect(() => {
    if (!id) {
      held.current = null;
      setLoad({ status: 'none' });
      return;
    }
    if (held.current === id) return;
    if (loaded.current.isOpen(id)) {
      held.current = id;
      setLoad({ status: 'ready', id });
      return;
    }
    held.current = null;
    const controller = new AbortController();
    const query = contentItemQuery(memberId, id);
    setLoad({ status: 'loading', id });
    // edits of this draft still on their way land first, so the text read back has them
    Promise.resolve(loaded.current.beforeLoad?.())
      .then(() => (controller.signal.aborted ? Promise.reject(new Error('left')) : client.fetchQuery(query)))
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
    return () => {
      controller.abort();
      // the read is dropped with the page's interest in it
      void client.cancelQueries({ queryKey: query.queryKey });
    };
  }, [id, attempt, client, memberId]);

  const retry = useCallback(() => setAttempt((n) => n + 1), []);

  /**
   * The page let go of the draft (another type was chosen): it is read again when its address
   * is next opened, even if the page never showed the address in between (a quick switch away
   * and back); `again`: the address shown names it already, so it is read now.
   */
  const release = useCallback((again: boolean) => {
    held.current = null;
    if (again) setAttempt((n) => n + 1);
  }, []);

  return { load, adopt, retry, release };
}
