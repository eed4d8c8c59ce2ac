import type { CalendarSettingsResponse, ContentItem, ContentType, EditRequest, ScheduleResponse, SuggestionsResponse, UnscheduleResponse } from '@postwright/contracts';
import { api } from './api-client';

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
