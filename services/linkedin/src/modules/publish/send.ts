import { activeLinkedinVersions, escapeLittleText, linkedinPostCreatedAt } from '@postwright/contracts';
import type { Logger } from '@postwright/platform';
import { isLinkedinApiError } from '../../lib/linkedin-api';
import { messages } from '../../lib/messages';
import type { StoredConnection } from '../connection/connection.repository';
import type { PendingAttempt, PublishedAttempt, SendingAttempt } from './attempt';
import { classify, DuplicateNotOurs, DuplicateOfOtherItem, failureReason, type PublishFailure } from './failure';
import type { AttemptStore, ConnectionAccess, PostsApi } from './ports';

export type Visibility = 'PUBLIC' | 'CONNECTIONS';

/** What one call to LinkedIn came to; the attempt is stored in the matching state. */
export type SendOutcome =
  /** `existing`: LinkedIn already had the post (DUPLICATE_POST naming this item's own) */
  | { kind: 'published'; attempt: PublishedAttempt; existing: boolean }
  | { kind: 'unconfirmed' }
  | { kind: 'failed'; failure: PublishFailure };

export interface SendDeps {
  posts: AttemptStore;
  access: ConnectionAccess;
  api: PostsApi;
  logger: Logger;
}

/**
 * How much earlier than our first attempt's send time a post named by DUPLICATE_POST may have been
 * made and still be taken as ours: the time in its id is LinkedIn's clock, the send time ours, and
 * the two can differ by a little. A post written by hand before we ever sent the text is, as a
 * rule, far older than this.
 */
export const OWN_POST_CLOCK_MARGIN_MS = 5 * 60_000;

/**
 * pending -> sending -> published | unconfirmed | failed. "sending" is stored before LinkedIn is
 * called. LinkedIn refuses identical text from the same member (422 DUPLICATE_POST) and names the
 * post that has it. That post is this item's own, made by an attempt whose answer was lost or came
 * back as a 5xx, when we recorded it for this item or it was made after our first attempt was
 * sent (its id carries the time): the attempt then settles as published with it, once, never as
 * failed. Another item's post, or one made before we sent anything (the member wrote it by hand,
 * or deleted it and LinkedIn still names it), is refused: a failure for the member to look at.
 */
export async function sendAttempt(
  deps: SendDeps,
  connection: StoredConnection,
  /** pending; sending when a scheduled request's attempt was stored so (ScheduledSettler.store), or its process died mid-call (ScheduledPublishing.resend) */
  attempt: PendingAttempt | SendingAttempt,
  text: string,
  visibility: Visibility,
): Promise<SendOutcome> {
  const { posts, access, api, logger } = deps;
  const sentAt = attempt.state === 'pending' ? new Date() : (attempt.sentAt ?? new Date());
  if (attempt.state === 'pending') await posts.move(attempt.id, ['pending'], { state: 'sending', sentAt });
  try {
    const created = await access.withToken(connection, (token) => api.createPost(token, { author: connection.memberUrn, commentary: escapeLittleText(text), visibility }));
    const urn = created.urn;
    const url = api.postUrl(urn);
    if (created.existing) {
      const other = await posts.findPublishedByUrn(attempt.userId, urn);
      if (other && other.contentId !== attempt.contentId) throw new DuplicateOfOtherItem(other.url ?? url);
      if (!other && !(await madeSinceFirstSent(posts, attempt.contentId, sentAt, urn))) {
        logger.warn({ contentId: attempt.contentId, linkedInPostId: urn, postMadeAt: linkedinPostCreatedAt(urn) }, 'LinkedIn named a post made before this item was first sent (DUPLICATE_POST); left for the member');
        throw new DuplicateNotOurs(urn);
      }
      logger.info({ contentId: attempt.contentId, linkedInPostId: urn }, 'LinkedIn already had this post (DUPLICATE_POST); settled as published with the post it named');
    }
    const publishedAt = new Date();
    await posts.move(attempt.id, ['sending'], { state: 'published', linkedInPostId: urn, url, publishedAt, failureReason: null });
    if (!created.existing) logger.info({ contentId: attempt.contentId, linkedInPostId: urn }, 'published to LinkedIn');
    const published: PublishedAttempt = { ...attempt, state: 'published', linkedInPostId: urn, url, publishedAt, failureReason: null };
    return { kind: 'published', attempt: published, existing: created.existing };
  } catch (error) {
    // no answer, or a duplicate that names no post: the post may be live, and only the member can tell
    if (isLinkedinApiError(error, 'unknown-outcome') || isLinkedinApiError(error, 'duplicate')) {
      logger.warn({ contentId: attempt.contentId, err: error }, 'LinkedIn outcome unknown; post marked unconfirmed');
      await posts.move(attempt.id, ['sending'], { state: 'unconfirmed', failureReason: messages.unconfirmed });
      return { kind: 'unconfirmed' };
    }
    if (isLinkedinApiError(error, 'retired-version')) {
      logger.error(
        { apiVersion: api.apiVersion },
        `LinkedIn no longer accepts LinkedIn-Version ${api.apiVersion}: set LINKEDIN_API_VERSION to one of the active versions in contracts/src/linkedin-versions.ts (${activeLinkedinVersions(Date.now()).join(', ') || 'none: add the ones LinkedIn has released since'}), and correct that list if LinkedIn retired it early`,
      );
    }
    const failure = classify(error);
    await posts.move(attempt.id, ['sending', 'pending'], { state: 'failed', failureReason: failureReason(failure).reason });
    return { kind: 'failed', failure };
  }
}

/**
 * Whether the post LinkedIn named can have been made by one of this item's attempts: made (by the
 * time in its id) no earlier than the item's first send, less the clock margin. An id that carries
 * no time cannot be placed, so it is not taken.
 */
async function madeSinceFirstSent(posts: AttemptStore, contentId: string, sentAt: Date, urn: string): Promise<boolean> {
  const madeAt = linkedinPostCreatedAt(urn);
  if (madeAt === null) return false;
  const recorded = await posts.firstSentAt(contentId);
  const first = Math.min(sentAt.getTime(), recorded?.getTime() ?? Infinity);
  return madeAt >= first - OWN_POST_CLOCK_MARGIN_MS;
}
