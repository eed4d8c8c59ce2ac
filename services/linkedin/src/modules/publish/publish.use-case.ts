import { randomUUID } from 'node:crypto';
import {
  activeLinkedinVersions,
  escapeLittleText,
  postTextOf,
  type ContentItem,
  type EventPayload,
  type EventType,
  type InternalContentItem,
} from '@postwright/contracts';
import { AppError, type Logger } from '@postwright/platform';
import type { ContentClient } from '../../lib/content-client';
import type { EventPublisher } from '../../lib/events';
import { isLinkedinApiError, type LinkedinApi, type LinkedinApiError } from '../../lib/linkedin-api';
import type { Locks } from '../../lib/locks';
import { messages } from '../../lib/messages';
import { isReconnectError, type LinkedinAccess } from '../connection/access.use-case';
import type { StoredConnection } from '../connection/connection.repository';
import { refuseOverLinkedinLimit } from './post-length';
import type { PostRepository, StoredPost } from './post.repository';

export type Visibility = 'PUBLIC' | 'CONNECTIONS';

export interface PublishDeps {
  posts: PostRepository;
  content: ContentClient;
  access: LinkedinAccess;
  api: LinkedinApi;
  locks: Locks;
  events: EventPublisher;
  logger: Logger;
  /** how long a scheduled request waits for a publish of the same item already under way */
  lockWaitMs: number;
}

type Outcome =
  | { kind: 'published'; post: StoredPost & { linkedInPostId: string; url: string; publishedAt: Date } }
  | { kind: 'unconfirmed' }
  | { kind: 'failed'; error: unknown };

/** A failure in words for the member, and whether the scheduler should try again later. */
interface Verdict {
  reason: string;
  retryable: boolean;
}

/** Thrown by a scheduled publish that must be retried later (the message is redelivered). */
export class RetryLater extends Error {}

/** LinkedIn refused the text as a duplicate of a post that another of the member's items published. */
class DuplicateOfOtherItem extends Error {
  constructor(url: string) {
    super(messages.duplicateOfOtherItem(url));
  }
}

/**
 * Publishing to LinkedIn, now (HTTP) or at the scheduled time (content.publish.requested).
 * The attempt is stored before LinkedIn is called; a post whose answer was lost is marked
 * unconfirmed and never sent again automatically.
 */
export class PublishUseCases {
  constructor(private readonly deps: PublishDeps) {}

  async publishNow(
    userId: string,
    input: { contentId: string; text?: string; visibility: Visibility },
  ): Promise<{ linkedinPost: { id: string; url: string }; content: ContentItem }> {
    const { access, content, locks, posts } = this.deps;
    const connection = await access.requireConnection(userId);
    // ownership is proven before the lock: a request for someone else's item must not hold
    // the lock its owner's publish needs (item ids are guessable)
    const owned = await content.get(userId, input.contentId);
    if (!owned) throw AppError.notFound(messages.contentNotFound, 'CONTENT.NOT_FOUND');
    const lock = await locks.tryAcquire(publishLock(owned.id));
    if (!lock) throw AppError.conflict(messages.publishInProgress, 'LINKEDIN.PUBLISH_IN_PROGRESS');
    try {
      // read again under the lock: a second click waiting behind the first sees it published
      const item = await content.get(userId, owned.id);
      if (!item) throw AppError.notFound(messages.contentNotFound, 'CONTENT.NOT_FOUND');
      if (item.status === 'published') throw AppError.conflict(messages.alreadyPublished, 'LINKEDIN.ALREADY_PUBLISHED');
      // under this item's lock no live attempt can be sending: one that is died between sending
      // and hearing back (a crash), so LinkedIn may have the post. Say so once, as a lost answer
      // does; the next publish, after the member checked the feed, goes ahead.
      const orphan = await posts.findSending(item.id);
      if (orphan) {
        await posts.transition(orphan.id, ['sending'], { state: 'unconfirmed', failureReason: messages.unconfirmed });
        await this.markItemUnconfirmed(item);
        await this.emitQuietly('linkedin.post.failed', { requestId: null, contentId: item.id, userId, reason: messages.unconfirmed, unconfirmed: true, retryable: false });
        throw new AppError('LINKEDIN.UNCONFIRMED', messages.unconfirmed, { status: 409 });
      }
      const text = textToPost(input.text, item);
      const record = await posts.insertAttempt({
        key: `now:${randomUUID()}`,
        userId,
        contentId: item.id,
        contentType: item.contentType,
        requestId: null,
        memberUrn: connection.memberUrn,
        visibility: input.visibility,
      });
      const outcome = await this.send(connection, record!, text, input.visibility);
      if (outcome.kind === 'published') {
        const updated = await this.markItemPublished(item, outcome.post, ['draft', 'scheduled']);
        await this.emitQuietly('linkedin.post.published', publishedPayload(outcome.post, null));
        return { linkedinPost: { id: outcome.post.linkedInPostId, url: outcome.post.url }, content: withoutOwner(updated) };
      }
      if (outcome.kind === 'unconfirmed') {
        await this.markItemUnconfirmed(item);
        await this.emitQuietly('linkedin.post.failed', { requestId: null, contentId: item.id, userId, reason: messages.unconfirmed, unconfirmed: true, retryable: false });
        throw new AppError('LINKEDIN.UNCONFIRMED', messages.unconfirmed, { status: 504 });
      }
      throw this.httpError(outcome.error);
    } finally {
      await lock.release();
    }
  }

  /**
   * The scheduler's request. Idempotent on requestId: a redelivery finds the stored attempt
   * and repeats its outcome instead of posting again.
   */
  async publishScheduled(request: EventPayload<'content.publish.requested'>): Promise<void> {
    const { access, content, locks, posts, logger } = this.deps;
    const { requestId, contentId, userId } = request;
    const key = `request:${requestId}`;
    // the scheduler proved ownership when it made the plan; the same lock a publish-now takes
    const lock = await locks.acquire(publishLock(contentId), this.deps.lockWaitMs);
    if (!lock) throw new RetryLater(`content ${contentId} is being published; trying again later`);
    try {
      let record = await posts.findByKey(key);
      if (record?.state === 'published') return void (await this.emit('linkedin.post.published', publishedPayload(record as PublishedPost, requestId)));
      if (record?.state === 'unconfirmed') return void (await this.emitFailed(request, messages.unconfirmed, false, true));
      if (record?.state === 'sending') {
        // an earlier attempt died between sending and hearing back: LinkedIn may have the post
        await posts.transition(record.id, ['sending'], { state: 'unconfirmed', failureReason: messages.unconfirmed });
        const item = await content.get(userId, contentId);
        if (item) await this.markItemUnconfirmed(item);
        return void (await this.emitFailed(request, messages.unconfirmed, false, true));
      }

      let connection: StoredConnection;
      try {
        connection = await access.requireConnection(userId);
      } catch (error) {
        // only "connect / reconnect" is the member's to fix; anything else (Mongo, a grant replaced meanwhile) is tried again
        if (!isReconnectError(error)) throw new RetryLater(`LinkedIn connection of ${userId} not read: ${(error as Error).message}`);
        return void (await this.emitFailed(request, (error as Error).message, false, false));
      }
      const item = await content.get(userId, contentId);
      if (!item) {
        logger.info({ contentId, requestId }, 'scheduled item no longer exists; nothing to publish');
        return;
      }
      if (item.status === 'published') {
        logger.info({ contentId, requestId }, 'scheduled item already published');
        return;
      }
      if (item.status !== 'scheduled' || !sameInstant(item.scheduledFor, request.scheduledFor)) {
        // unscheduled or rescheduled meanwhile: this request is stale and must not publish the old version
        logger.info({ contentId, requestId, status: item.status, scheduledFor: item.scheduledFor }, 'stale publish request ignored');
        return;
      }
      let text: string;
      try {
        text = textToPost(request.text, item);
      } catch (error) {
        return void (await this.emitFailed(request, (error as Error).message, false, false));
      }

      if (!record) {
        record = await posts.insertAttempt({
          key,
          userId,
          contentId,
          contentType: item.contentType,
          requestId,
          memberUrn: connection.memberUrn,
          visibility: 'PUBLIC',
        });
        if (!record) throw new RetryLater('attempt stored concurrently');
      } else if (record.state === 'failed') {
        // a definite earlier failure (LinkedIn said no or was down): nothing was posted, so trying again is safe
        record = await posts.transition(record.id, ['failed'], { state: 'pending', failureReason: null });
        if (!record) throw new RetryLater('attempt changed concurrently');
      }

      const outcome = await this.send(connection, record, text, 'PUBLIC');
      if (outcome.kind === 'published') {
        await this.markItemPublished(item, outcome.post, ['scheduled'], request.scheduledFor);
        await this.emit('linkedin.post.published', publishedPayload(outcome.post, requestId));
        return;
      }
      if (outcome.kind === 'unconfirmed') {
        await this.markItemUnconfirmed(item);
        await this.emitFailed(request, messages.unconfirmed, false, true);
        return;
      }
      const verdict = this.verdict(outcome.error);
      await this.emitFailed(request, verdict.reason, verdict.retryable, false);
    } finally {
      await lock.release();
    }
  }

  /**
   * Stores "sending", calls LinkedIn, stores what came of it. LinkedIn refuses identical text from
   * the same member (422 DUPLICATE_POST) and names the post that has it: when that post is not
   * another item's, it is this item's own, made by an attempt whose answer was lost or came back
   * as a 5xx, so the attempt settles as published with it, once, never as failed.
   */
  private async send(connection: StoredConnection, record: StoredPost, text: string, visibility: Visibility): Promise<Outcome> {
    const { posts, access, api, logger } = this.deps;
    await posts.transition(record.id, ['pending'], { state: 'sending', sentAt: new Date() });
    try {
      const created = await access.withToken(connection, (token) =>
        api.createPost(token, { author: connection.memberUrn, commentary: escapeLittleText(text), visibility }),
      );
      const urn = created.urn;
      if (created.existing) {
        const other = await posts.findPublishedByUrn(record.userId, urn);
        if (other && other.contentId !== record.contentId) throw new DuplicateOfOtherItem(other.url ?? api.postUrl(urn));
        logger.info({ contentId: record.contentId, linkedInPostId: urn }, 'LinkedIn already had this post (DUPLICATE_POST); settled as published with the post it named');
      }
      const publishedAt = new Date();
      const post = await posts.transition(record.id, ['sending'], { state: 'published', linkedInPostId: urn, url: api.postUrl(urn), publishedAt, failureReason: null });
      if (!created.existing) logger.info({ contentId: record.contentId, linkedInPostId: urn }, 'published to LinkedIn');
      return { kind: 'published', post: (post ?? { ...record, linkedInPostId: urn, url: api.postUrl(urn), publishedAt }) as PublishedPost };
    } catch (error) {
      // a duplicate that names no post: the post is live but we cannot say which; the member checks the feed
      if (isLinkedinApiError(error, 'unknown-outcome') || isLinkedinApiError(error, 'duplicate')) {
        logger.warn({ contentId: record.contentId, err: error }, 'LinkedIn outcome unknown; post marked unconfirmed');
        await posts.transition(record.id, ['sending'], { state: 'unconfirmed', failureReason: messages.unconfirmed });
        return { kind: 'unconfirmed' };
      }
      if (isLinkedinApiError(error, 'retired-version')) {
        logger.error(
          { apiVersion: api.apiVersion },
          `LinkedIn no longer accepts LinkedIn-Version ${api.apiVersion}: set LINKEDIN_API_VERSION to one of the active versions in contracts/src/linkedin-versions.ts (${activeLinkedinVersions(Date.now()).join(', ') || 'none: add the ones LinkedIn has released since'}), and correct that list if LinkedIn retired it early`,
        );
      }
      await posts.transition(record.id, ['sending', 'pending'], { state: 'failed', failureReason: this.verdict(error).reason });
      return { kind: 'failed', error };
    }
  }

  /** Read-your-writes: the item is published in the content service before the user hears back. */
  private async markItemPublished(item: InternalContentItem, post: PublishedPost, from: ('draft' | 'scheduled')[], expectScheduledFor?: string): Promise<InternalContentItem> {
    const publishedAt = post.publishedAt.toISOString();
    const fields = { linkedinPostId: post.linkedInPostId, linkedinPostUrl: post.url, publishedAt };
    try {
      const result = await this.deps.content.transition(item.id, {
        userId: item.userId,
        from,
        to: 'published',
        ...(expectScheduledFor ? { expectScheduledFor } : {}),
        ...fields,
        lastPublishError: null,
        publishUnconfirmed: false,
      });
      if (result.status === 'ok') return result.content;
      this.deps.logger.warn({ contentId: item.id, result: result.status }, 'content item changed while publishing; the published event will settle it');
    } catch (error) {
      this.deps.logger.error({ err: error, contentId: item.id }, 'content service unreachable after publishing; the published event will settle it');
    }
    return { ...item, ...fields, status: 'published', scheduledFor: null, lastPublishError: null, publishUnconfirmed: false };
  }

  private async markItemUnconfirmed(item: InternalContentItem): Promise<void> {
    try {
      await this.deps.content.transition(item.id, {
        userId: item.userId,
        from: [item.status],
        to: 'draft',
        scheduledFor: null,
        lastPublishError: messages.unconfirmed,
        publishUnconfirmed: true,
      });
    } catch (error) {
      this.deps.logger.error({ err: error, contentId: item.id }, 'could not mark the item unconfirmed; the failed event carries it');
    }
  }

  private verdict(error: unknown): Verdict {
    if (error instanceof DuplicateOfOtherItem) return { reason: error.message, retryable: false };
    if (isReconnectError(error)) return { reason: (error as Error).message, retryable: false };
    if (!isLinkedinApiError(error)) return { reason: messages.reasonUnavailable, retryable: true };
    switch ((error as LinkedinApiError).kind) {
      case 'throttled':
        return { reason: messages.reasonRateLimited, retryable: true };
      case 'unavailable':
      case 'not-found':
        return { reason: messages.reasonUnavailable, retryable: true };
      case 'retired-version':
        return { reason: messages.apiVersionRetired, retryable: false };
      case 'forbidden':
        return { reason: messages.forbidden, retryable: false };
      case 'unauthorized':
        return { reason: messages.reconnect, retryable: false };
      case 'rejected':
        return { reason: messages.rejected(error.message), retryable: false };
      case 'too-long':
        return { reason: messages.tooLongAtLinkedin, retryable: false };
      default:
        return { reason: messages.unconfirmed, retryable: false };
    }
  }

  private httpError(error: unknown): AppError {
    if (error instanceof AppError) return error;
    if (error instanceof DuplicateOfOtherItem) return new AppError('LINKEDIN.DUPLICATE_POST', error.message, { status: 409 });
    if (!isLinkedinApiError(error)) return new AppError('LINKEDIN.UNAVAILABLE', messages.linkedinUnavailable, { status: 502, cause: error });
    switch (error.kind) {
      case 'throttled':
        return new AppError('LINKEDIN.RATE_LIMITED', messages.rateLimited, { status: 429 });
      case 'retired-version':
        return new AppError('LINKEDIN.API_VERSION_RETIRED', messages.apiVersionRetired, { status: 502 });
      case 'forbidden':
        return new AppError('LINKEDIN.FORBIDDEN', messages.forbidden, { status: 409 });
      case 'rejected':
        return new AppError('LINKEDIN.REJECTED', messages.rejected(error.message), { status: 422 });
      case 'too-long':
        return AppError.badRequest(messages.tooLongAtLinkedin, { text: messages.tooLongAtLinkedin }, 'LINKEDIN.TOO_LONG');
      default:
        return new AppError('LINKEDIN.UNAVAILABLE', messages.linkedinUnavailable, { status: 502 });
    }
  }

  private emitFailed(request: EventPayload<'content.publish.requested'>, reason: string, retryable: boolean, unconfirmed: boolean) {
    return this.emit('linkedin.post.failed', { requestId: request.requestId, contentId: request.contentId, userId: request.userId, reason, retryable, unconfirmed });
  }

  /** For the event consumer: a failure throws, the message is redelivered, the stored record repeats the outcome. */
  private async emit<T extends EventType>(type: T, payload: EventPayload<T>): Promise<void> {
    await this.deps.events.publish(type, payload);
  }

  /** For HTTP: the post is made and the item moved; a broker hiccup must not turn that into an error. */
  private async emitQuietly<T extends EventType>(type: T, payload: EventPayload<T>): Promise<void> {
    try {
      await this.deps.events.publish(type, payload);
    } catch (error) {
      this.deps.logger.error({ err: error, type }, 'event not published');
    }
  }
}

/**
 * One publish per item at a time, by the item's id as the content service spells it (ids are read
 * in either case). Only its owner's requests get as far as taking it: ownership is proven first.
 * The name is the one earlier versions used, so instances of both exclude each other during a
 * rolling deploy.
 */
function publishLock(contentId: string): string {
  return `publish:${contentId.toLowerCase()}`;
}

type PublishedPost = StoredPost & { linkedInPostId: string; url: string; publishedAt: Date };

function publishedPayload(post: PublishedPost, requestId: string | null): EventPayload<'linkedin.post.published'> {
  return {
    requestId,
    contentId: post.contentId!,
    userId: post.userId,
    linkedinPostId: post.linkedInPostId,
    url: post.url,
    publishedAt: post.publishedAt.toISOString(),
  };
}

/** The text the member sent, else the item's own text; never empty, never over LinkedIn's limit. */
export function textToPost(text: string | undefined | null, item: Pick<ContentItem, 'finalContent' | 'selectedHook' | 'generatedContent'>): string {
  const chosen = text && text.trim() ? text : postTextOf(item);
  if (!chosen || !chosen.trim()) throw AppError.badRequest(messages.noContent, undefined, 'LINKEDIN.NO_CONTENT');
  refuseOverLinkedinLimit(chosen);
  return chosen;
}

function sameInstant(a: string | null, b: string): boolean {
  return a !== null && Date.parse(a) === Date.parse(b);
}

function withoutOwner(item: InternalContentItem): ContentItem {
  const { userId: _owner, ...rest } = item;
  return rest;
}
