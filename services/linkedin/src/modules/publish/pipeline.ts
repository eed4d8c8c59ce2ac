import type { InternalContentItem } from '@postwright/contracts';
import { messages } from '../../lib/messages';
import type { StoredConnection } from '../connection/connection.repository';
import { asPending, type FailedAttempt, type PendingAttempt, type PublishedAttempt, type SendingAttempt } from './attempt';
import type { ContentPort, EventPublisher } from './ports';
import { sendAttempt, type SendDeps, type SendOutcome, type Visibility } from './send';
import { PublishNowSettler, ScheduledSettler, type Settler } from './settlers';

/** What a publish sent to LinkedIn came to, as the publish counter names it. */
export type PublishOutcome = 'published' | 'duplicate_settled' | 'failed' | 'unconfirmed';
export const PUBLISH_OUTCOMES: readonly PublishOutcome[] = ['published', 'duplicate_settled', 'failed', 'unconfirmed'];

export interface PipelineDeps extends SendDeps {
  content: ContentPort;
  events: EventPublisher;
  /** told what each publish sent to LinkedIn came to (the publish counter) */
  counted?: (outcome: PublishOutcome) => void;
}

/** One publish of one item: what goes out, and under which key. */
export interface Publication {
  /** `request:<scheduler request id>` (a redelivery finds it) or `now:<uuid>` */
  key: string;
  item: InternalContentItem;
  connection: StoredConnection;
  text: string;
  visibility: Visibility;
}

export type PipelineOutcome = { kind: 'published'; attempt: PublishedAttempt; content: InternalContentItem } | Exclude<SendOutcome, { kind: 'published' }>;

/**
 * The publication pipeline both ways in share (publish now, and the scheduler's request): store
 * the attempt, send it, and settle what came of it with the way in's settler (settlers.ts): the
 * content service (the only writer of an item's status) and an event.
 */
export class Publishing<S extends Settler = Settler> {
  constructor(
    protected readonly deps: PipelineDeps,
    protected readonly settler: S,
  ) {}

  /** A new attempt, or a definitely failed earlier one made pending again; null when another process got there first. */
  async begin(publication: Publication, earlier: PendingAttempt | FailedAttempt | null = null): Promise<PendingAttempt | SendingAttempt | null> {
    if (earlier?.state === 'pending') return earlier;
    if (earlier) return asPending(await this.deps.posts.transition(earlier.id, ['failed'], { state: 'pending', failureReason: null }));
    const { key, item, connection, visibility } = publication;
    return this.settler.store({ key, userId: item.userId, contentId: item.id, contentType: item.contentType, memberUrn: connection.memberUrn, visibility });
  }

  async send(publication: Publication, attempt: PendingAttempt | SendingAttempt): Promise<PipelineOutcome> {
    return this.settle(publication, await sendAttempt(this.deps, publication.connection, attempt, publication.text, publication.visibility));
  }

  /** An attempt that died between sending and hearing back (a crash): LinkedIn may have the post. */
  async orphaned(attempt: SendingAttempt, item: InternalContentItem | null): Promise<void> {
    this.deps.counted?.('unconfirmed');
    await this.deps.posts.move(attempt.id, ['sending'], { state: 'unconfirmed', failureReason: messages.unconfirmed });
    await this.settler.unconfirmed(item ?? { id: attempt.contentId, userId: attempt.userId });
  }

  protected async settle(publication: Publication, outcome: SendOutcome): Promise<PipelineOutcome> {
    const { item } = publication;
    this.deps.counted?.(outcome.kind === 'published' ? (outcome.existing ? 'duplicate_settled' : 'published') : outcome.kind);
    switch (outcome.kind) {
      case 'published':
        return { ...outcome, content: await this.settler.published(item, outcome.attempt) };
      case 'unconfirmed':
        await this.settler.unconfirmed(item);
        return outcome;
      case 'failed':
        await this.settler.failed(item, outcome.failure);
        return outcome;
    }
  }
}

/** A scheduled request's publish: besides the shared steps, what a redelivery or a request that cannot go out needs. */
export class ScheduledPublishing extends Publishing<ScheduledSettler> {
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

  /** A redelivered request whose attempt already ended: its outcome, announced again. */
  repeat(attempt: PublishedAttempt): Promise<void> {
    return this.settler.repeat(attempt);
  }

  repeatUnconfirmed(contentId: string, userId: string): Promise<void> {
    return this.settler.repeatUnconfirmed(contentId, userId);
  }

  /** A scheduled publish that cannot go out (no connection, no text): the member's to fix. */
  refuse(request: { contentId: string; userId: string }, reason: string): Promise<void> {
    return this.settler.refuse(request, reason);
  }
}

/** The two ways into the pipeline, each with its settler. */
export class PublicationPipeline {
  /** The member's "Post to LinkedIn": a new attempt is stored pending, and the member hears the settled item. */
  readonly now: Publishing<PublishNowSettler>;

  constructor(private readonly deps: PipelineDeps) {
    this.now = new Publishing(deps, new PublishNowSettler(deps));
  }

  /**
   * The scheduler's request. Its new attempt is stored as sending at once: its checks are done and
   * LinkedIn is called next, so the pending step would be one more write of every post in a burst,
   * and a crash between the two is recovered as one during the call is (sent again while the
   * request is still the item's).
   */
  scheduled(requestId: string): ScheduledPublishing {
    return new ScheduledPublishing(this.deps, new ScheduledSettler(this.deps, requestId));
  }
}
