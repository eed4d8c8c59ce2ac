import type { EventPayload, InternalContentItem, PublicationReport } from '@postwright/contracts';
import { messages } from '../../lib/messages';
import type { StoredConnection } from '../connection/connection.repository';
import { asAttempt, isState, type FailedAttempt, type PendingAttempt, type PublishedAttempt, type SendingAttempt } from './attempt';
import { failureReason } from './failure';
import type { ContentPort, EventPublisher } from './ports';
import type { StoredPost } from './post.repository';
import { sendAttempt, type SendDeps, type SendOutcome, type Visibility } from './send';

/** What a publish sent to LinkedIn came to, as the publish counter names it. */
export type PublishOutcome = 'published' | 'duplicate_settled' | 'failed' | 'unconfirmed';
export const PUBLISH_OUTCOMES: readonly PublishOutcome[] = ['published', 'duplicate_settled', 'failed', 'unconfirmed'];

export interface PipelineDeps extends SendDeps {
  content: ContentPort;
  events: EventPublisher;
  /** told what each publish sent to LinkedIn came to (the publish counter) */
  counted?: (outcome: PublishOutcome) => void;
}

/** One publish of one item: who asked (a scheduler request, or the member now) and what goes out. */
export interface Publication {
  /** `request:<scheduler request id>` (a redelivery finds it) or `now:<uuid>` */
  key: string;
  requestId: string | null;
  item: InternalContentItem;
  connection: StoredConnection;
  text: string;
  visibility: Visibility;
}

export type PipelineOutcome = { kind: 'published'; attempt: PublishedAttempt; content: InternalContentItem } | Exclude<SendOutcome, { kind: 'published' }>;

/**
 * The publication pipeline both ways in share (publish now, and the scheduler's request): store
 * the attempt, send it, and settle what came of it with the content service (the only writer of an
 * item's status) and with an event. Only the way events go out differs: publish-now has answered
 * the member with the truth already, so a broker hiccup is logged; a scheduled publish throws, and
 * its redelivery repeats the stored outcome.
 */
export class PublicationPipeline {
  constructor(private readonly deps: PipelineDeps) {}

  /**
   * A new attempt, or a definitely failed earlier one made pending again; null when another
   * process got there first. A scheduled request's new attempt is stored as sending at once: its
   * checks are done and LinkedIn is called next, so the pending step would be one more write of
   * every post in a burst, and a crash between the two is recovered as one during the call is
   * (sent again while the request is still the item's).
   */
  async begin(publication: Publication, earlier: PendingAttempt | FailedAttempt | null): Promise<PendingAttempt | SendingAttempt | null> {
    const { posts } = this.deps;
    if (earlier?.state === 'pending') return earlier;
    const { key, requestId, item, connection, visibility } = publication;
    if (earlier) return pendingOrNull(await posts.transition(earlier.id, ['failed'], { state: 'pending', failureReason: null }));
    const attempt = { key, userId: item.userId, contentId: item.id, contentType: item.contentType, requestId, memberUrn: connection.memberUrn, visibility };
    if (requestId === null) return pendingOrNull(await posts.insertAttempt(attempt));
    const stored = asAttempt(await posts.insertAttempt(attempt, { state: 'sending', sentAt: new Date() }));
    return isState(stored, 'sending') ? stored : null;
  }

  async send(publication: Publication, attempt: PendingAttempt | SendingAttempt): Promise<PipelineOutcome> {
    return this.settle(publication, await sendAttempt(this.deps, publication.connection, attempt, publication.text, publication.visibility));
  }

  /**
   * A scheduled attempt left "sending" by a process that died mid-call, its request still the
   * item's: sent again, once. LinkedIn refuses the same text from the same member with
   * DUPLICATE_POST naming the post it has, so if the first call made the post this one names it and
   * the attempt settles as published with it; if not, this call makes it. Only an answer that names
   * no post (or none at all) leaves it unconfirmed.
   */
  async resend(publication: Publication, attempt: SendingAttempt): Promise<PipelineOutcome> {
    this.deps.logger.warn({ contentId: attempt.contentId, key: attempt.id }, 'a scheduled publish died mid-call; sending it again (LinkedIn names the post if it has it)');
    return this.settle(publication, await sendAttempt(this.deps, publication.connection, attempt, publication.text, publication.visibility));
  }

  private async settle(publication: Publication, outcome: SendOutcome): Promise<PipelineOutcome> {
    const { item, requestId } = publication;
    this.deps.counted?.(outcome.kind === 'published' ? (outcome.existing ? 'duplicate_settled' : 'published') : outcome.kind);
    switch (outcome.kind) {
      case 'published':
        return { ...outcome, content: await this.published(item, outcome.attempt, requestId) };
      case 'unconfirmed':
        await this.unconfirmed(item, requestId);
        return outcome;
      case 'failed': {
        const failure = { ...failureReason(outcome.failure), unconfirmed: false };
        if (requestId !== null) await this.announceFailure(item, requestId, failure);
        // LinkedIn has the text in a post that is not this item's: the reason stays on the item for
        // the member to act on, as a scheduled item's final failure does
        else if (outcome.failure.kind === 'duplicate-not-ours') await this.markForReview(item, failure);
        // any other publish-now failure leaves the item as it was: the member reads why in the answer
        return outcome;
      }
    }
  }

  /** An attempt that died between sending and hearing back (a crash): LinkedIn may have the post. */
  async orphaned(attempt: SendingAttempt, item: InternalContentItem | null, requestId: string | null): Promise<void> {
    this.deps.counted?.('unconfirmed');
    await this.deps.posts.move(attempt.id, ['sending'], { state: 'unconfirmed', failureReason: messages.unconfirmed });
    if (item) await this.unconfirmed(item, requestId);
    else await this.announce(requestId, 'linkedin.post.failed', { ...unconfirmedFailure(requestId), contentId: attempt.contentId, userId: attempt.userId });
  }

  /** A redelivered request whose attempt already ended: its outcome, announced again. */
  async repeat(attempt: PublishedAttempt, requestId: string): Promise<void> {
    await this.announce(requestId, 'linkedin.post.published', publishedPayload(attempt, requestId));
  }

  async repeatUnconfirmed(contentId: string, userId: string, requestId: string): Promise<void> {
    await this.announce(requestId, 'linkedin.post.failed', { ...unconfirmedFailure(requestId), contentId, userId });
  }

  /** A scheduled publish that cannot go out (no connection, no text): the member's to fix. */
  async refuse(request: { requestId: string; contentId: string; userId: string }, reason: string): Promise<void> {
    await this.announce(request.requestId, 'linkedin.post.failed', { ...request, reason, retryable: false, unconfirmed: false });
  }

  /**
   * Publish now: read-your-writes, the content service settles the item before the member hears
   * back. A scheduled publish has nobody waiting for its answer: its event alone settles the item,
   * in the content service's bulk writes with the rest of the burst, instead of a call and a write
   * of its own followed by the event's read of the same outcome.
   */
  private async published(item: InternalContentItem, attempt: PublishedAttempt, requestId: string | null): Promise<InternalContentItem> {
    const payload = publishedPayload(attempt, requestId);
    const { contentId: _id, ...report } = payload;
    const settled = requestId === null ? await this.report(item, { outcome: 'published', ...report }) : null;
    await this.announce(requestId, 'linkedin.post.published', payload);
    return settled ?? { ...item, status: 'published', linkedinPostId: attempt.linkedInPostId, linkedinPostUrl: attempt.url, publishedAt: payload.publishedAt, scheduledFor: null, lastPublishError: null, publishUnconfirmed: false };
  }

  private async unconfirmed(item: InternalContentItem, requestId: string | null): Promise<void> {
    const failure = { ...unconfirmedFailure(requestId), userId: item.userId };
    // as published above: the event settles a scheduled item
    if (requestId === null) await this.report(item, { outcome: 'failed', ...failure });
    await this.announce(requestId, 'linkedin.post.failed', { ...failure, contentId: item.id });
  }

  /** A publish-now failure recorded on the item (read-your-writes) and announced, as an unconfirmed one is. */
  private async markForReview(item: InternalContentItem, failure: { reason: string; retryable: boolean; unconfirmed: boolean }): Promise<void> {
    const report = { requestId: null, userId: item.userId, ...failure };
    await this.report(item, { outcome: 'failed', ...report });
    await this.announce(null, 'linkedin.post.failed', { ...report, contentId: item.id });
  }

  private announceFailure(item: InternalContentItem, requestId: string, failure: { reason: string; retryable: boolean; unconfirmed: boolean }) {
    return this.announce(requestId, 'linkedin.post.failed', { requestId, contentId: item.id, userId: item.userId, ...failure });
  }

  /** The event settles the item too, so a content service that cannot be reached now costs nothing. */
  private async report(item: InternalContentItem, report: PublicationReport): Promise<InternalContentItem | null> {
    try {
      const answer = await this.deps.content.report(item.id, report);
      return answer.ok ? answer.value : null;
    } catch (error) {
      this.deps.logger.error({ err: error, contentId: item.id, outcome: report.outcome }, 'content service unreachable after publishing; the event will settle the item');
      return null;
    }
  }

  private async announce<T extends 'linkedin.post.published' | 'linkedin.post.failed'>(requestId: string | null, type: T, payload: EventPayload<T>): Promise<void> {
    if (requestId !== null) return void (await this.deps.events.publish(type, payload));
    try {
      await this.deps.events.publish(type, payload);
    } catch (error) {
      this.deps.logger.error({ err: error, type }, 'event not published');
    }
  }
}

function pendingOrNull(stored: StoredPost | null): PendingAttempt | null {
  const attempt = asAttempt(stored);
  return isState(attempt, 'pending') ? attempt : null;
}

function unconfirmedFailure(requestId: string | null) {
  return { requestId, reason: messages.unconfirmed, unconfirmed: true, retryable: false };
}

function publishedPayload(attempt: PublishedAttempt, requestId: string | null): EventPayload<'linkedin.post.published'> {
  return {
    requestId,
    contentId: attempt.contentId,
    userId: attempt.userId,
    linkedinPostId: attempt.linkedInPostId,
    url: attempt.url,
    publishedAt: attempt.publishedAt.toISOString(),
  };
}
