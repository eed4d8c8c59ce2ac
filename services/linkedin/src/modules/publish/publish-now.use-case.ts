import { randomUUID } from 'node:crypto';
import { withoutOwner, type ContentItem } from '@postwright/contracts';
import { asAttempt, isState } from './attempt';
import type { PublishFailure } from './failure';
import type { PublicationPipeline } from './pipeline';
import type { AttemptStore, ConnectionAccess, ContentPort, Locks } from './ports';
import { postText, type TextProblem } from './post-text';
import { publishLock } from './publish-lock';
import type { Visibility } from './send';

/** Why a publish-now did not put the post on LinkedIn; the route says it in HTTP. */
export type PublishNowRefusal =
  | { kind: 'content-not-found' }
  | { kind: 'in-progress' }
  | { kind: 'already-published' }
  /** an earlier publish of the item died between sending and hearing back: LinkedIn may have it */
  | { kind: 'earlier-unconfirmed' }
  /** this publish got no answer LinkedIn stands behind */
  | { kind: 'unconfirmed' }
  | TextProblem
  | { kind: 'failed'; failure: PublishFailure };

export type PublishNowResult =
  | { kind: 'published'; linkedinPost: { id: string; url: string }; content: ContentItem }
  | { kind: 'refused'; refusal: PublishNowRefusal };

export interface PublishNowDeps {
  posts: AttemptStore;
  content: ContentPort;
  access: ConnectionAccess;
  locks: Locks;
  pipeline: PublicationPipeline;
}

/** "Post to LinkedIn": the member waits for the truth. A missing connection throws (the access module's errors). */
export function publishNow(deps: PublishNowDeps) {
  const { access, content, locks, posts } = deps;
  const publishing = deps.pipeline.now;
  const refused = (refusal: PublishNowRefusal): PublishNowResult => ({ kind: 'refused', refusal });

  return async (userId: string, input: { contentId: string; text?: string; visibility: Visibility }): Promise<PublishNowResult> => {
    const connection = await access.requireConnection(userId);
    // ownership is proven before the lock: a request for someone else's item must not hold
    // the lock its owner's publish needs (item ids are guessable)
    const owned = await content.get({ id: input.contentId, userId });
    if (!owned) return refused({ kind: 'content-not-found' });
    const lock = await locks.tryAcquire(publishLock(owned.id));
    if (!lock) return refused({ kind: 'in-progress' });
    try {
      // read again under the lock: a second click waiting behind the first sees it published
      const item = await content.get({ id: owned.id, userId });
      if (!item) return refused({ kind: 'content-not-found' });
      if (item.status === 'published') return refused({ kind: 'already-published' });
      // under this item's lock no live attempt can be sending: one that is died between sending
      // and hearing back (a crash), so LinkedIn may have the post. Say so once, as a lost answer
      // does; the next publish, after the member checked the feed, goes ahead.
      const orphan = asAttempt(await posts.findSending(item.id));
      if (isState(orphan, 'sending')) {
        await publishing.orphaned(orphan, item);
        return refused({ kind: 'earlier-unconfirmed' });
      }
      const chosen = postText(input.text, item);
      if ('problem' in chosen) return refused(chosen.problem);

      const publication = { key: `now:${randomUUID()}`, item, connection, text: chosen.text, visibility: input.visibility };
      const attempt = await publishing.begin(publication);
      if (!attempt) return refused({ kind: 'in-progress' });
      const outcome = await publishing.send(publication, attempt);
      switch (outcome.kind) {
        case 'published':
          return { kind: 'published', linkedinPost: { id: outcome.attempt.linkedInPostId, url: outcome.attempt.url }, content: withoutOwner(outcome.content) };
        case 'unconfirmed':
          return refused({ kind: 'unconfirmed' });
        case 'failed':
          return refused({ kind: 'failed', failure: outcome.failure });
      }
    } finally {
      await lock.release();
    }
  };
}
