import type { InternalContentItem, PublicationReport } from '@postwright/contracts';
import type { Logger } from '@postwright/platform';
import { toInternalItem } from '../content/content.presenter';
import type { ContentRecord, ContentRepository } from '../content/content.repository';
import { settlement } from './publication.rules';

/** a report races only the member's own clicks and the scheduler: a few rounds settle it */
const SETTLE_ATTEMPTS = 3;

/** Told of every item a published report leaves published (the insights keep a row per post). */
export interface PublishedPort {
  published(item: ContentRecord): Promise<void>;
}

/**
 * The only writer of an item's publication status. The LinkedIn service's report (publish now,
 * before it answers), the scheduler's (a scheduled post given up) and the linkedin.post.* events
 * all come here, so a report arriving twice, or by both ways, settles the item once.
 */
export function publicationUseCases(deps: { repo: ContentRepository; logger: Logger; published: PublishedPort }) {
  const { repo, logger } = deps;
  // a repeated report tells again: the write it follows may be the one a crash cut short
  const told = async (report: PublicationReport, item: ContentRecord) => {
    if (report.outcome === 'published' && item.status === 'published') await deps.published.published(item);
  };

  /** The item as settled; null when it is not the user's (or was deleted). */
  async function settle(contentId: string, report: PublicationReport): Promise<InternalContentItem | null> {
    const { userId } = report;
    // the grouped read and write: a burst of reports (posts falling due together) shares them
    let current: ContentRecord | null = await repo.grouped.findOwned(contentId, userId);
    for (let attempt = 0; current && attempt < SETTLE_ATTEMPTS; attempt++) {
      const next = settlement(current, report);
      if (next.kind === 'none') {
        if (next.why !== 'already settled') logger.info({ contentId, outcome: report.outcome, status: current.status }, `publication report ignored: ${next.why}`);
        await told(report, current);
        return toInternalItem(current);
      }
      const result = await repo.grouped.update({ id: contentId, userId, condition: { statusIn: next.statusIn }, changes: next.changes, before: current });
      if (result.outcome === 'not_found') {
        current = null;
        break;
      }
      if (result.outcome !== 'conflict') {
        await told(report, result.record);
        return toInternalItem(result.record);
      }
      current = result.record; // moved meanwhile: decide again from what it is now
    }
    if (!current) logger.info({ contentId, outcome: report.outcome }, 'publication report for a deleted or unknown item; nothing to update');
    return current ? toInternalItem(current) : null;
  }

  return { settle };
}

export type PublicationUseCases = ReturnType<typeof publicationUseCases>;
