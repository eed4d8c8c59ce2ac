import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ContentItem } from '@postwright/contracts';
import { useUser } from '../../../lib/auth';
import { contentListQuery, deleteContent, editContent, forgetContentItem, storeContentItem } from '../../../lib/content-api';

/** While a scheduled item is due within this window, the list is re-read so it turns published by itself. */
const DUE_SOON_MS = 2 * 60 * 1000;
export const POLL_INTERVAL_MS = 4000;

function dueSoon(items: ContentItem[] | undefined): boolean {
  return (items ?? []).some((item) => item.status === 'scheduled' && item.scheduledFor && Date.parse(item.scheduledFor) - Date.now() < DUE_SOON_MS);
}

/** The member's content, re-read every few seconds while a scheduled post falls due (the scheduler publishes it). */
export function useContentListQuery() {
  const user = useUser();
  return useQuery({
    ...contentListQuery(user.id),
    refetchInterval: (query) => (dueSoon(query.state.data) ? POLL_INTERVAL_MS : false),
    // a hidden tab keeps following, so the list is current when the member comes back
    refetchIntervalInBackground: true,
  });
}

/** Stores an inline edit as the draft's text; the saved item replaces the listed one. */
export function useSaveEdit() {
  const user = useUser();
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, text }: { id: string; text: string }) => editContent(id, { editedContent: text, saveAsDraft: true }),
    onSuccess: (saved) => storeContentItem(client, user.id, saved),
  });
}

/** Deletes an item; it leaves the list. */
export function useDeleteContent() {
  const user = useUser();
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => deleteContent(id),
    onSuccess: (_nothing, id) => forgetContentItem(client, user.id, id),
  });
}
