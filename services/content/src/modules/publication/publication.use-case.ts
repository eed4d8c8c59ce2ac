import type { InternalContentItem, PublicationReport } from '@postwright/contracts';
import type { Logger } from '@postwright/platform';
import { announcer, type EventsPort } from '../content/content.events';
import { toInternalItem } from '../content/content.presenter';
import type { ContentRecord, ContentRepository } from '../content/content.repository';
import { settlement } from './publication.rules';

/** a report races only the member's own clicks and the scheduler: a few rounds settle it */
const SETTLE_ATTEMPTS = 3;

/**
 * The only writer of an item's publication status. The LinkedIn service's report (publish now,
 * before it answers), the scheduler's (a scheduled post given up) and the linkedin.post.* events
 * all come here, so a report arriving twice, or by both ways, settles the item once.
 */
export function publicationUseCases(deps: { repo: ContentRepository; events: EventsPort; logger: Logger }) {
  const { repo, logger } = deps;
  const announce = announcer(deps.events, logger);

  return {
    /** The item as settled; null when it is not the user's (or was deleted). */
    async settle(contentId: string, report: PublicationReport): Promise<InternalContentItem | null> {
      const { userId } = report;
      let current: ContentRecord | null = await repo.findOwned(contentId, userId);
      for (let attempt = 0; current && attempt < SETTLE_ATTEMPTS; attempt++) {
        const next = settlement(current, report);
        if (next.kind === 'none') {
          if (next.why !== 'already settled') logger.info({ contentId, outcome: report.outcome, status: current.status }, `publication report ignored: ${next.why}`);
          return toInternalItem(current);
        }
        const result = await repo.update(contentId, userId, { statusIn: next.statusIn }, next.changes);
        if (result.outcome === 'not_found') {
          current = null;
          break;
        }
        if (result.outcome === 'updated') await announce('content.updated', { contentId, userId, status: result.record.status });
        if (result.outcome !== 'conflict') return toInternalItem(result.record);
        current = result.record; // moved meanwhile: decide again from what it is now
      }
      if (!current) logger.info({ contentId, outcome: report.outcome }, 'publication report for a deleted or unknown item; nothing to update');
      return current ? toInternalItem(current) : null;
    },
  };
}

export type PublicationUseCases = ReturnType<typeof publicationUseCases>;
