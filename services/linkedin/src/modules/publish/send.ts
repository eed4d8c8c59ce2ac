import { activeLinkedinVersions, escapeLittleText } from '@postwright/contracts';
import type { Logger } from '@postwright/platform';
import { isLinkedinApiError } from '../../lib/linkedin-api';
import { messages } from '../../lib/messages';
import type { StoredConnection } from '../connection/connection.repository';
import type { PendingAttempt, PublishedAttempt, SendingAttempt } from './attempt';
import { classify, DuplicateOfOtherItem, failureReason, type PublishFailure } from './failure';
import type { AttemptStore, ConnectionAccess, PostsApi } from './ports';

export type Visibility = 'PUBLIC' | 'CONNECTIONS';

/** What one call to LinkedIn came to; the attempt is stored in the matching state. */
export type SendOutcome =
  | { kind: 'published'; attempt: PublishedAttempt }
  | { kind: 'unconfirmed' }
  | { kind: 'failed'; failure: PublishFailure };

export interface SendDeps {
  posts: AttemptStore;
  access: ConnectionAccess;
  api: PostsApi;
  logger: Logger;
}

/**
 * pending -> sending -> published | unconfirmed | failed. "sending" is stored before LinkedIn is
 * called. LinkedIn refuses identical text from the same member (422 DUPLICATE_POST) and names the
 * post that has it: when that post is not another item's, it is this item's own, made by an
 * attempt whose answer was lost or came back as a 5xx, so the attempt settles as published with
 * it, once, never as failed.
 */
export async function sendAttempt(
  deps: SendDeps,
  connection: StoredConnection,
  /** pending; sending when a scheduled request's attempt was stored so (pipeline.begin), or its process died mid-call (pipeline.resend) */
  attempt: PendingAttempt | SendingAttempt,
  text: string,
  visibility: Visibility,
): Promise<SendOutcome> {
  const { posts, access, api, logger } = deps;
  if (attempt.state === 'pending') await posts.move(attempt.id, ['pending'], { state: 'sending', sentAt: new Date() });
  try {
    const created = await access.withToken(connection, (token) => api.createPost(token, { author: connection.memberUrn, commentary: escapeLittleText(text), visibility }));
    const urn = created.urn;
    const url = api.postUrl(urn);
    if (created.existing) {
      const other = await posts.findPublishedByUrn(attempt.userId, urn);
      if (other && other.contentId !== attempt.contentId) throw new DuplicateOfOtherItem(other.url ?? url);
      logger.info({ contentId: attempt.contentId, linkedInPostId: urn }, 'LinkedIn already had this post (DUPLICATE_POST); settled as published with the post it named');
    }
    const publishedAt = new Date();
    await posts.move(attempt.id, ['sending'], { state: 'published', linkedInPostId: urn, url, publishedAt, failureReason: null });
    if (!created.existing) logger.info({ contentId: attempt.contentId, linkedInPostId: urn }, 'published to LinkedIn');
    const published: PublishedAttempt = { ...attempt, state: 'published', linkedInPostId: urn, url, publishedAt, failureReason: null };
    return { kind: 'published', attempt: published };
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
