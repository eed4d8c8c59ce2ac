import type { CalendarSettingsResponse, ContentItem, ContentType, EditRequest, ScheduleResponse, SuggestionsResponse, UnscheduleResponse } from '@postwright/contracts';
import { queryOptions, type QueryClient } from '@tanstack/react-query';
import { api } from './api-client';
import { queryKeys } from './query-client';

/**
 * Content calls shared by several screens: the list, edits, delete, publishing
 * to LinkedIn and the calendar. Each screen maps failures to its own texts.
 */

export async function listContent(signal?: AbortSignal): Promise<ContentItem[]> {
  const data = await api.get<{ content: ContentItem[] }>('/content', { signal });
  return Array.isArray(data?.content) ? data.content : [];
}

/** GET /content/:id: one item as the server has it now. */
export async function getContent(id: string, signal?: AbortSignal): Promise<ContentItem> {
  const data = await api.get<{ content: ContentItem }>(`/content/${encodeURIComponent(id)}`, { signal });
  return data.content;
}

/** POST /content/:id/restore-previous: brings back the text "Generate again" replaced. */
export async function restorePreviousVersion(id: string): Promise<ContentItem> {
  const data = await api.post<{ content: ContentItem }>(`/content/${encodeURIComponent(id)}/restore-previous`);
  return data.content;
}

export async function editContent(id: string, body: EditRequest): Promise<ContentItem> {
  // keepalive: an edit saved as the tab closes (the generator's autosave on leaving) still arrives;
  // an edit is at most a few KB, far under the browser's 64 KB allowance
  const data = await api.put<{ content: ContentItem }>(`/content/${encodeURIComponent(id)}/edit`, body, { keepalive: true });
  return data.content;
}

export async function deleteContent(id: string): Promise<void> {
  await api.delete(`/content/${encodeURIComponent(id)}`);
}

/** Default post visibility PUBLIC, as the spec has it. */
export async function publishToLinkedIn(input: { contentId: string; text: string; visibility?: 'PUBLIC' | 'CONNECTIONS' }) {
  return api.post<{ linkedinPost: { id: string; url: string }; content: ContentItem }>('/linkedin/post', {
    contentId: input.contentId,
    text: input.text,
    visibility: input.visibility ?? 'PUBLIC',
  });
}

/** `scheduledFor` is ISO 8601 with the browser's offset. */
export async function scheduleContent(contentId: string, scheduledFor: string): Promise<ScheduleResponse> {
  return api.post<ScheduleResponse>('/calendar/schedule', { contentId, scheduledFor });
}

export async function unscheduleContent(contentId: string): Promise<UnscheduleResponse> {
  return api.delete<UnscheduleResponse>(`/calendar/unschedule/${encodeURIComponent(contentId)}`);
}

/** The next posting slots on the framework day of a content type, in the given zone. */
export async function scheduleSuggestions(contentType: ContentType, tz: string, signal?: AbortSignal): Promise<SuggestionsResponse> {
  return api.get<SuggestionsResponse>('/calendar/suggestions', { query: { contentType, tz }, signal });
}

/** The scheduler's rules (the minimum lead); see lib/use-calendar-settings.ts. */
export async function getCalendarSettings(signal?: AbortSignal): Promise<CalendarSettingsResponse> {
  return api.get<CalendarSettingsResponse>('/calendar/settings', { signal });
}

/** The member's content list, read through the query cache (the dashboard and content management share it). */
export const contentListQuery = (userId: string) => queryOptions({ queryKey: queryKeys.contentList(userId), queryFn: ({ signal }) => listContent(signal) });

/** One item as the server has it now, read through the query cache. */
export const contentItemQuery = (userId: string, id: string) =>
  queryOptions({ queryKey: queryKeys.contentItem(userId, id), queryFn: ({ signal }) => getContent(id, signal), staleTime: 0 });

/** The next posting slots of a content type, read through the query cache (a help: a failure shows none). */
export const scheduleSuggestionsQuery = (userId: string, contentType: ContentType, timeZone: string) =>
  queryOptions({ queryKey: queryKeys.scheduleSuggestions(userId, contentType, timeZone), queryFn: ({ signal }) => scheduleSuggestions(contentType, timeZone, signal) });

/** Writes an item the server answered with into the cached list (where it is) and the cached item. */
export function storeContentItem(client: QueryClient, userId: string, item: ContentItem) {
  client.setQueryData<ContentItem[]>(queryKeys.contentList(userId), (list) => list?.map((each) => (each.id === item.id ? item : each)));
  client.setQueryData(queryKeys.contentItem(userId, item.id), item);
}

/** Takes a deleted item out of the cache. */
export function forgetContentItem(client: QueryClient, userId: string, id: string) {
  client.setQueryData<ContentItem[]>(queryKeys.contentList(userId), (list) => list?.filter((each) => each.id !== id));
  client.removeQueries({ queryKey: queryKeys.contentItem(userId, id) });
}
