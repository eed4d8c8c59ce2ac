import { AppError, type Logger } from '@postwright/platform';
import type { ContentItem, ContentListQuery, EditRequest } from '@postwright/contracts';
import { announcer, type EventsPort } from './content.events';
import { toContentItem } from './content.presenter';
import type { ContentRecord, ContentRepository } from './content.repository';

export const contentNotFound = () => AppError.notFound('Content not found', 'CONTENT.NOT_FOUND');

function notEditable(record: ContentRecord) {
  const message =
    record.status === 'scheduled'
      ? 'Scheduled posts cannot be edited. Unschedule it first, then edit the draft.'
      : 'Published posts cannot be edited.';
  return AppError.conflict(message, 'CONTENT.NOT_EDITABLE', { status: record.status });
}

export function contentUseCases(deps: { repo: ContentRepository; events: EventsPort; logger: Logger }) {
  const { repo, logger } = deps;
  const announce = announcer(deps.events, logger);

  /** Finishes a delete: tells the other services (the scheduler cancels a schedule), then removes it. */
  async function finishDelete(record: ContentRecord): Promise<boolean> {
    const announced = await announce('content.deleted', { contentId: record.id, userId: record.userId, status: record.status });
    if (announced) await repo.purge(record.id);
    return announced;
  }

  return {
    async list(userId: string, query: ContentListQuery): Promise<ContentItem[]> {
      const records = await repo.listByUser(userId, { skip: (query.page - 1) * query.limit, limit: query.limit });
      return records.map(toContentItem);
    },

    /** Saving edits keeps the item a draft with the new finalContent (spec section 4); drafts only. */
    async edit(userId: string, id: string, input: EditRequest): Promise<ContentItem> {
      const result = await repo.update(
        id,
        userId,
        { statusIn: ['draft'] },
        { finalContent: input.editedContent, ...(input.selectedHook !== undefined ? { selectedHook: input.selectedHook } : {}) },
      );
      if (result.outcome === 'not_found') throw contentNotFound();
      if (result.outcome === 'conflict') throw notEditable(result.record);
      if (result.outcome === 'updated') await announce('content.updated', { contentId: id, userId, status: result.record.status });
      return toContentItem(result.record);
    },

    /**
     * Deletes the user's item. A scheduled one is unscheduled through content.deleted; a
     * published one stays on LinkedIn. The item disappears at once even if the announcement
     * has to be retried by the sweep.
     */
    async remove(userId: string, id: string): Promise<void> {
      const record = await repo.markDeleted(id, userId);
      if (!record) throw contentNotFound();
      await finishDelete(record);
    },

    /** Retries deletes whose announcement failed (broker down at the time). */
    async sweepUnfinishedDeletes(olderThanMs: number): Promise<number> {
      let done = 0;
      for (const record of await repo.findUnfinishedDeletes(new Date(Date.now() - olderThanMs))) {
        if (await finishDelete(record)) done++;
      }
      return done;
    },
  };
}

export type ContentUseCases = ReturnType<typeof contentUseCases>;
