import { isErrorCode, type ErrorCode, type LinkedinProfile, type ProfileStatusResponse } from '@postwright/contracts';
import { queryOptions } from '@tanstack/react-query';
import { ApiError, api } from './api-client';
import { formatLongDate } from './datetime';
import { browserNavigation } from './navigation';
import { queryKeys } from './query-client';
import { rememberLinkedInReturnTo } from './return-to';

export { browserNavigation };

/** LinkedIn connection calls shared by the dashboard, profile and callback screens. */

export type LinkedInStatus = { connected: false } | ProfileStatusResponse;

/** GET /linkedin/profile; a 404 means not connected. */
export async function getLinkedInStatus(signal?: AbortSignal): Promise<LinkedInStatus> {
  try {
    const data = await api.get<ProfileStatusResponse>('/linkedin/profile', { signal });
    return data?.connected ? data : { connected: false };
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return { connected: false };
    throw error;
  }
}

/** The member's LinkedIn connection, read through the query cache (every screen that shows it shares it). */
export const linkedinStatusQuery = (userId: string) => queryOptions({ queryKey: queryKeys.linkedinStatus(userId), queryFn: ({ signal }) => getLinkedInStatus(signal) });

/** Where to send the browser to authorise Postwright at LinkedIn. */
export async function getLinkedInAuthUrl(): Promise<{ authURL: string; state: string }> {
  return api.get<{ authURL: string; state: string }>('/linkedin/auth-url');
}

/** What the dashboard and the Profile page say of a connection that has ended or ends soon: the same words on both. */
export const linkedInExpiryText = {
  expired: 'Your LinkedIn connection has expired. Reconnect LinkedIn to keep publishing and scheduling.',
  endsOn: (expiresAt: string) => `Your LinkedIn connection expires on ${formatLongDate(expiresAt)}. Reconnect LinkedIn before then to keep publishing and scheduling.`,
} as const;

/** The codes with which the API says the member must connect (or reconnect) LinkedIn first. */
const LINKEDIN_CONNECT_CODES: readonly ErrorCode[] = ['LINKEDIN.NOT_CONNECTED', 'LINKEDIN.CONNECTION_REQUIRED', 'LINKEDIN.RECONNECT_REQUIRED'];

/** True when a failed call asks the member to connect (or reconnect) LinkedIn. */
export function needsLinkedInConnection(error: unknown): boolean {
  return error instanceof ApiError && isErrorCode(error.code) && LINKEDIN_CONNECT_CODES.includes(error.code);
}

/** True when the member's LinkedIn connection has expired (its time is up, or it was revoked): they must reconnect. */
export function needsLinkedInReconnect(error: unknown): boolean {
  return error instanceof ApiError && error.code === 'LINKEDIN.RECONNECT_REQUIRED';
}

/**
 * Starts the OAuth round trip: remembers where to come back to (an app path; the callback page
 * returns there), asks for LinkedIn's address and leaves for it. Rejects when the address
 * could not be had (nothing is remembered then).
 */
export async function startLinkedInConnection(returnTo: string): Promise<void> {
  const { authURL } = await getLinkedInAuthUrl();
  rememberLinkedInReturnTo(returnTo);
  browserNavigation.assign(authURL);
}

export async function completeLinkedInConnection(code: string, state: string): Promise<{ profile: LinkedinProfile }> {
  return api.post<{ profile: LinkedinProfile }>('/linkedin/callback', { code, state });
}

export async function disconnectLinkedIn(): Promise<void> {
  await api.delete('/linkedin/disconnect');
}

export async function refreshLinkedInProfile(): Promise<{ profilePictureUpdated: boolean }> {
  return api.post<{ profilePictureUpdated: boolean }>('/linkedin/refresh-profile');
}

export function linkedInDisplayName(profile: LinkedinProfile | null | undefined): string {
  if (!profile) return '';
  const first = profile.localizedFirstName ?? profile.firstName ?? '';
  const last = profile.localizedLastName ?? profile.lastName ?? '';
  return `${first} ${last}`.trim();
}

export function linkedInPicture(profile: LinkedinProfile | null | undefined): string | null {
  return profile?.profilePicture?.displayImage ?? null;
}
