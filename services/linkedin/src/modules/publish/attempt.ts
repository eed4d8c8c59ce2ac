import type { PostRecord } from './post.model';
import type { StoredPost } from './post.repository';

/**
 * An attempt to put an item on LinkedIn, one type per state, so a state's fields are there only in that state:
 *
 *   pending ──> sending ──> published
 *      ^           ├──────> unconfirmed   (no answer, or LinkedIn's answer names no post: never sent again on its own)
 *      └─ failed <─┘                      (LinkedIn said no, or was down: nothing was posted, so a retry is safe)
 *
 * The stored record is written before LinkedIn is called, so a crash between sending and hearing
 * back leaves "sending", which the next look at the item turns into unconfirmed; a scheduled one
 * whose request is still the item's is sent again instead, and LinkedIn's DUPLICATE_POST names
 * the post if the first call made it. A scheduled request's new attempt is stored
 * as sending at once: its checks are done and the call follows.
 */
type Base = Omit<StoredPost, 'state' | 'linkedInPostId' | 'url' | 'publishedAt' | 'contentId'> & { contentId: string };

export type PendingAttempt = Base & { state: 'pending' };
export type SendingAttempt = Base & { state: 'sending' };
export type PublishedAttempt = Base & { state: 'published'; linkedInPostId: string; url: string; publishedAt: Date };
export type UnconfirmedAttempt = Base & { state: 'unconfirmed' };
export type FailedAttempt = Base & { state: 'failed' };
export type Attempt = PendingAttempt | SendingAttempt | PublishedAttempt | UnconfirmedAttempt | FailedAttempt;

/** Fields a state change sets beside the state. */
export type AttemptChanges = Partial<Pick<PostRecord, 'sentAt' | 'failureReason' | 'linkedInPostId' | 'url' | 'publishedAt'>>;

/**
 * The stored record as its state's type. Null for a record that is not an item's attempt (no
 * content id) or a published one without its post, which no code path writes.
 */
export function asAttempt(stored: StoredPost | null): Attempt | null {
  if (!stored || stored.contentId === null) return null;
  const { state, linkedInPostId, url, publishedAt, contentId, ...rest } = stored;
  const base: Base = { ...rest, contentId };
  switch (state) {
    case 'published':
      if (linkedInPostId === null || url === null || publishedAt === null) return null;
      return { ...base, state, linkedInPostId, url, publishedAt };
    case 'pending':
    case 'sending':
    case 'unconfirmed':
    case 'failed':
      return { ...base, state };
  }
}

export function isState<S extends Attempt['state']>(attempt: Attempt | null, state: S): attempt is Extract<Attempt, { state: S }> {
  return attempt?.state === state;
}

/** The stored record when it is a pending attempt, else null (it was elsewhere, or not stored). */
export function asPending(stored: StoredPost | null): PendingAttempt | null {
  const attempt = asAttempt(stored);
  return isState(attempt, 'pending') ? attempt : null;
}

/** The stored record when it is an attempt being sent, else null. */
export function asSending(stored: StoredPost | null): SendingAttempt | null {
  const attempt = asAttempt(stored);
  return isState(attempt, 'sending') ? attempt : null;
}
