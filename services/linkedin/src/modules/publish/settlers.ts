import type { EventPayload, InternalContentItem, PublicationReport } from '@postwright/contracts';
import type { Logger } from '@postwright/platform';
import { messages } from '../../lib/messages';
import { asPending, asSending, type PendingAttempt, type PublishedAttempt, type SendingAttempt } from './attempt';
import { failureReason, type PublishFailure } from './failure';
import type { AttemptStore, ContentPort, EventPublisher } from './ports';
import type { NewPostAttempt } from './post.repository';

/** The item an outcome is about: the one read, or the ids its attempt names. */
export type ItemRef = { id: string; userId: string };

export interface SettlerDeps {
  posts: Pick<AttemptStore, 'insertAttempt'>;
  content: Pick<ContentPort, 'report'>;
  events: EventPublisher;
  logger: Logger;
}

/**
 * What each outcome of a publish does beyond its attempt: where the item's new state comes from
 * and who hears of it. One per way in: publish now, and the scheduler's request.
 */
export interface Settler {
  /** the scheduler's request id; null for publish now */
  readonly requestId: string | null;
  /** Stores a new attempt, as the way in starts it; null when its key exists already. */
  store(attempt: Omit<NewPostAttempt, 'requestId'>): Promise<PendingAttempt | SendingAttempt | null>;
  /** LinkedIn has the post: the item as published. */
  published(item: InternalContentItem, attempt: PublishedAttempt): Promise<InternalContentItem>;
  /** LinkedIn may have the post, and only the member can tell. */
  unconfirmed(item: ItemRef): Promise<void>;
  /** LinkedIn did not take the post. */
  failed(item: InternalContentItem, failure: PublishFailure): Promise<void>;
}

/**
 * Publish now: the member waits for the truth, so the content service settles the item before
 * the member hears back (read-your-writes). The event follows; the member has the answer already,
 * so an event the broker does not take is logged, not thrown.
 */
export class PublishNowSettler implements Settler {
  readonly requestId = null;

  constructor(private readonly deps: SettlerDeps) {}

  async store(attempt: Omit<NewPostAttempt, 'requestId'>): Promise<PendingAttempt | null> {
    return asPending(await this.deps.posts.insertAttempt({ ...attempt, requestId: null }));
  }

  async published(item: InternalContentItem, attempt: PublishedAttempt): Promise<InternalContentItem> {
    const payload = publishedPayload(attempt, null);
    const { contentId: _id, ...report } = payload;
    const settled = await this.report(item, { outcome: 'published', ...report });
    await this.announce('linkedin.post.published', payload);
    return settled ?? asPublished(item, attempt);
  }

  async unconfirmed(item: ItemRef): Promise<void> {
    const failure = { ...unconfirmedFailure(null), userId: item.userId };
    await this.report(item, { outcome: 'failed', ...failure });
    await this.announce('linkedin.post.failed', { ...failure, contentId: item.id });
  }

  /**
   * LinkedIn has the text in a post that is not this item's: the reason stays on the item for the
   * member to act on, as a scheduled item's final failure does. Any other failure leaves the item
   * as it was: the member reads why in the answer.
   */
  async failed(item: InternalContentItem, failure: PublishFailure): Promise<void> {
    if (failure.kind !== 'duplicate-not-ours') return;
    const report = { requestId: null, userId: item.userId, ...failureReason(failure), unconfirmed: false };
    await this.report(item, { outcome: 'failed', ...report });
    await this.announce('linkedin.post.failed', { ...report, contentId: item.id });
  }

  /** The event settles the item too, so a content service that cannot be reached now costs nothing. */
  private async report(item: ItemRef, report: PublicationReport): Promise<InternalContentItem | null> {
    try {
      const answer = await this.deps.content.report(item.id, report);
      return answer.ok ? answer.value : null;
    } catch (error) {
      this.deps.logger.error({ err: error, contentId: item.id, outcome: report.outcome }, 'content service unreachable after publishing; the event will settle the item');
      return null;
    }
  }

  private async announce<T extends 'linkedin.post.published' | 'linkedin.post.failed'>(type: T, payload: EventPayload<T>): Promise<void> {
    try {
      await this.deps.events.publish(type, payload);
    } catch (error) {
      this.deps.logger.error({ err: error, type }, 'event not published');
    }
  }
}

/**
 * The scheduler's request: nobody waits for its answer, so its event alone settles the item, in
 * the content service's bulk writes with the rest of the burst, instead of a call and a write of
 * its own followed by the event's read of the same outcome. An event the broker does not take is
 * thrown: the request is delivered again and repeats the stored outcome.
 */
export class ScheduledSettler implements Settler {
  constructor(
    private readonly deps: Pick<SettlerDeps, 'posts' | 'events'>,
    readonly requestId: string,
  ) {}

  /** Stored as sending at once: its checks are done and LinkedIn is called next (see PublicationPipeline.scheduled). */
  async store(attempt: Omit<NewPostAttempt, 'requestId'>): Promise<SendingAttempt | null> {
    return asSending(await this.deps.posts.insertAttempt({ ...attempt, requestId: this.requestId }, { state: 'sending', sentAt: new Date() }));
  }

  async published(item: InternalContentItem, attempt: PublishedAttempt): Promise<InternalContentItem> {
    await this.repeat(attempt);
    return asPublished(item, attempt);
  }

  async unconfirmed(item: ItemRef): Promise<void> {
    await this.repeatUnconfirmed(item.id, item.userId);
  }

  async failed(item: InternalContentItem, failure: PublishFailure): Promise<void> {
    await this.deps.events.publish('linkedin.post.failed', { requestId: this.requestId, contentId: item.id, userId: item.userId, ...failureReason(failure), unconfirmed: false });
  }

  /** A redelivered request whose attempt already ended published: announced again. */
  async repeat(attempt: PublishedAttempt): Promise<void> {
    await this.deps.events.publish('linkedin.post.published', publishedPayload(attempt, this.requestId));
  }

  async repeatUnconfirmed(contentId: string, userId: string): Promise<void> {
    await this.deps.events.publish('linkedin.post.failed', { ...unconfirmedFailure(this.requestId), contentId, userId });
  }

  /** A request that cannot go out (no connection, no text): the member's to fix. */
  async refuse(item: { contentId: string; userId: string }, reason: string): Promise<void> {
    await this.deps.events.publish('linkedin.post.failed', { requestId: this.requestId, contentId: item.contentId, userId: item.userId, reason, retryable: false, unconfirmed: false });
  }
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

/** The item as the content service will settle it from the event. */
function asPublished(item: InternalContentItem, attempt: PublishedAttempt): InternalContentItem {
  return {
    ...item,
    status: 'published',
    linkedinPostId: attempt.linkedInPostId,
    linkedinPostUrl: attempt.url,
    publishedAt: attempt.publishedAt.toISOString(),
    scheduledFor: null,
    lastPublishError: null,
    publishUnconfirmed: false,
  };
}
