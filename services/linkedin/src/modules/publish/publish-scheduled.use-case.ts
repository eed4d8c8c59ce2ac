import { isScheduledFor, type EventPayload } from '@postwright/contracts';
import type { Logger } from '@postwright/platform';
import { messages } from '../../lib/messages';
import { isReconnectError } from '../connection/access.use-case';
import type { StoredConnection } from '../connection/connection.repository';
import { asAttempt, type Attempt, type SendingAttempt } from './attempt';
import type { PublicationPipeline } from './pipeline';
import type { AttemptStore, ConnectionAccess, ContentPort, Locks } from './ports';
import { postText, type TextProblem } from './post-text';
import { publishLock } from './publish-lock';

/** Thrown by a scheduled publish that must be retried later (the message is redelivered). */
export class RetryLater extends Error {}

export interface PublishScheduledDeps {
  posts: AttemptStore;
  content: ContentPort;
  access: ConnectionAccess;
  locks: Locks;
  pipeline: PublicationPipeline;
  logger: Logger;
  /** how long a scheduled request waits for a publish of the same item already under way */
  lockWaitMs: number;
}

/**
 * The scheduler's content.publish.requested. Idempotent on requestId: a redelivery finds the
 * stored attempt and repeats its outcome instead of posting again.
 */
export function publishScheduled(deps: PublishScheduledDeps) {
  const { access, content, locks, posts, logger } = deps;

  return async (request: EventPayload<'content.publish.requested'>): Promise<void> => {
    const { requestId, contentId, userId } = request;
    const publishing = deps.pipeline.scheduled(requestId);
    // the scheduler proved ownership when it made the plan; the same lock a publish-now takes
    const key = `request:${requestId}`;
    const lock = await locks.acquire(publishLock(contentId), deps.lockWaitMs);
    if (!lock) throw new RetryLater(`content ${contentId} is being published; trying again later`);
    try {
      // a first delivery has no attempt yet: the attempt is stored first (its key is the request id)
      // and read only when the key exists already or the request cannot go out, instead of read
      // before every publish, one read fewer per post in a burst; what a stored attempt says still comes first
      let connection: StoredConnection;
      try {
        connection = await access.requireRecentConnection(userId);
      } catch (error) {
        if (await repeatEarlier()) return;
        // only "connect / reconnect" is the member's to fix; anything else (Mongo, a grant replaced meanwhile) is tried again
        if (!isReconnectError(error)) throw new RetryLater(`LinkedIn connection of ${userId} not read: ${(error as Error).message}`);
        return await publishing.refuse(request, (error as Error).message);
      }
      let item: Awaited<ReturnType<ContentPort['get']>>;
      try {
        item = await content.get({ id: contentId, userId });
      } catch (error) {
        if (await repeatEarlier()) return;
        throw error;
      }
      if (!item || item.status === 'published' || !isScheduledFor(item, request.scheduledFor)) {
        if (await repeatEarlier()) return;
        if (!item) return logger.info({ contentId, requestId }, 'scheduled item no longer exists; nothing to publish');
        if (item.status === 'published') return logger.info({ contentId, requestId }, 'scheduled item already published');
        // unscheduled or rescheduled meanwhile: this request is stale and must not publish the old version
        return logger.info({ contentId, requestId, status: item.status, scheduledFor: item.scheduledFor }, 'stale publish request ignored');
      }
      // the item's text as it is now, never a copy a request carries (one queued before may):
      // edits stop a minute before the time, so a resend after a crash sends this same text
      const chosen = postText(null, item);
      if ('problem' in chosen) {
        if (await repeatEarlier()) return;
        return await publishing.refuse(request, problemReason(chosen.problem));
      }

      const publication = { key, item, connection, text: chosen.text, visibility: 'PUBLIC' as const };
      const stored = await publishing.begin(publication);
      if (stored) return void (await publishing.send(publication, stored));
      // the key exists: a redelivery, or a request handled before (its attempt decides)
      const earlier = await storedAttempt();
      if (await repeatEarlier(earlier)) return;
      const attempt = await publishing.begin(publication, earlier?.state === 'pending' || earlier?.state === 'failed' ? earlier : null);
      if (!attempt) throw new RetryLater('attempt stored or changed concurrently');
      await publishing.send(publication, attempt);
    } finally {
      await lock.release();
    }

    async function storedAttempt() {
      return asAttempt(await posts.findByKey(key));
    }

    /**
     * A request handled before (a redelivery) repeats what its stored attempt came to: published
     * or unconfirmed, announced again; left "sending" by a process that died mid-call, recovered.
     * False when there is none, or it is pending or failed (this delivery goes on).
     */
    async function repeatEarlier(earlier?: Attempt | null): Promise<boolean> {
      const attempt = earlier === undefined ? await storedAttempt() : earlier;
      switch (attempt?.state) {
        case 'published':
          await publishing.repeat(attempt);
          return true;
        case 'unconfirmed':
          await publishing.repeatUnconfirmed(contentId, userId);
          return true;
        case 'sending':
          // the lock is ours, so the process that was sending it is gone (killed mid-call)
          await recover(attempt);
          return true;
        default:
          return false;
      }
    }

    /**
     * An attempt its process left "sending": LinkedIn may hold the post. While the request is still
     * the item's, it is sent again, and LinkedIn's DUPLICATE_POST names the post if the first call
     * made it (publishing.resend); otherwise (unscheduled meanwhile, no connection, no text) it is
     * unconfirmed, as before: only the member can tell.
     */
    async function recover(orphan: SendingAttempt): Promise<void> {
      const item = await content.get({ id: contentId, userId });
      const connection = await access.requireRecentConnection(userId).catch((error: unknown) => {
        if (!isReconnectError(error)) throw new RetryLater(`LinkedIn connection of ${userId} not read: ${(error as Error).message}`);
        return null;
      });
      const chosen = item && isScheduledFor(item, request.scheduledFor) ? postText(null, item) : null;
      if (!item || !connection || !chosen || 'problem' in chosen) return await publishing.orphaned(orphan, item);
      await publishing.resend({ key: orphan.id, item, connection, text: chosen.text, visibility: orphan.visibility }, orphan);
    }
  };
}

function problemReason(problem: TextProblem): string {
  return problem.kind === 'too-long' ? problem.message : messages.noContent;
}
