import type { ContentItem, ContentStatus } from '@postwright/contracts';

/** A message for the screen to show above its content (the spec's success and failure texts). */
export interface PublishNotice {
  tone: 'success' | 'danger' | 'info';
  text: string;
  link?: { href: string; label: string; external?: boolean };
  /** the item and the status a success announces: once the item is no longer so, the notice goes */
  about?: { id: string; status: ContentStatus };
}

/**
 * True when a notice announces what is no longer so (a post announced as scheduled that failed
 * and came back a draft, or was deleted): a success must not outlive the state it announces.
 */
export function noticeOutlived(notice: PublishNotice | null, items: ReadonlyArray<Pick<ContentItem, 'id' | 'status'>> | null | undefined): boolean {
  const about = notice?.about;
  if (!about || !items) return false;
  return !items.some((item) => item.id === about.id && item.status === about.status);
}

/** The texts of publishing and scheduling, in the spec's words, on both screens. */
export const publishMessages = {
  /** the generator's success */
  posted: 'Content posted to LinkedIn successfully!',
  /** content management's success */
  published: 'Content published to LinkedIn successfully!',
  scheduled: 'Content scheduled successfully!',
  /** a scheduled post given a new time (the spec's pattern) */
  rescheduled: 'Content rescheduled successfully!',
  unscheduled: 'Content unscheduled successfully!',
  /** the generator's failure */
  postFailed: 'Failed to post to LinkedIn',
  /** content management's failure */
  publishFailed: 'Failed to publish to LinkedIn',
  saveFailed: 'Failed to save edits',
  unscheduleFailed: 'Failed to unschedule content',
  connectFailed: 'Failed to initiate LinkedIn connection',
  hookRequired: 'Choose a hook to publish or schedule this post.',
  notConnected: 'Connect your LinkedIn account to publish or schedule this post.',
  /** the connection ended (60 days without a refresh token, or revoked at LinkedIn) */
  reconnect: 'Your LinkedIn connection has expired. Reconnect LinkedIn to publish or schedule this post.',
  confirmPublish: 'Are you sure you want to publish this content to LinkedIn?',
  confirmUnschedule: (topic: string) => `Are you sure you want to unschedule "${topic}"?`,
} as const;
