import type { InternalContentItem, PublicationReport } from '@postwright/contracts';
import { Batcher, type Logger } from '@postwright/platform';
import { announcer, type EventsPort } from '../content/content.events';
import { toInternalItem } from '../content/content.presenter';
import type { ContentRecord, ContentRepository } from '../content/content.repository';
import { settlement, type Settlement } from './publication.rules';

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

  /**
   * The reports of a burst (the linkedin.post.* events of posts falling due together), settled
   * together: one read of their items, the same rules, one bulk write; an item another writer
   * moved meanwhile (or reported twice in the batch) is settled on its own, as settle() does.
   */
  async function settleBatch(reports: Reported[]): Promise<void[]> {
    const seen = new Set<string>();
    const first = reports.filter((r) => !seen.has(r.contentId.toLowerCase()) && seen.add(r.contentId.toLowerCase()));
    const current = await repo.findManyOwned(first.map((r) => ({ id: r.contentId, userId: r.report.userId })));
    const writes: Array<Reported & { before: ContentRecord; next: Extract<Settlement, { kind: 'write' }> }> = [];
    for (const r of first) {
      const before = current.get(r.contentId.toLowerCase());
      if (!before) {
        logger.info({ contentId: r.contentId, outcome: r.report.outcome }, 'publication report for a deleted or unknown item; nothing to update');
        continue;
      }
      const next = settlement(before, r.report);
      if (next.kind === 'write') writes.push({ ...r, before, next });
      else if (next.why !== 'already settled') logger.info({ contentId: r.contentId, outcome: r.report.outcome, status: before.status }, `publication report ignored: ${next.why}`);
    }
    const outcomes = await repo.updateMany(writes.map((w) => ({ id: w.contentId, userId: w.report.userId, condition: { statusIn: w.next.statusIn }, changes: w.next.changes, before: w.before })));
    const again = reports.filter((r) => !first.includes(r));
    await Promise.all(
      outcomes.map(async (result, i) => {
        const { contentId, report } = writes[i];
        if (result.outcome === 'updated') await announce('content.updated', { contentId, userId: report.userId, status: result.record.status });
        else if (result.outcome === 'conflict') again.push(writes[i]);
      }),
    );
    for (const r of again) await settle(r.contentId, r.report);
    return reports.map(() => undefined);
  }
  const batch = new Batcher<Reported, void>(settleBatch, { maxBatch: 25, maxConcurrent: 1 });

  /** The item as settled; null when it is not the user's (or was deleted). */
  async function settle(contentId: string, report: PublicationReport): Promise<InternalContentItem | null> {
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
  }

  return {
    settle,
    /** A report from an event: settled with the others arriving meanwhile (settleBatch); resolves once stored. */
    settleReported: (contentId: string, report: PublicationReport): Promise<void> => batch.submit({ contentId, report }),
  };
}

interface Reported {
  contentId: string;
  report: PublicationReport;
}

export type PublicationUseCases = ReturnType<typeof publicationUseCases>;
