import type { Logger } from '@postwright/platform';
import type { ContentItem, ContentListQuery, EditRequest } from '@postwright/contracts';
import { contentErrors } from './content.errors';
import { announcer, type EventsPort } from './content.events';
import { toContentItem } from './content.presenter';
import type { ContentChanges, ContentRecord, ContentRepository, VersionOutcome } from './content.repository';

export const contentNotFound = contentErrors.notFound;

/** The stored changes for an edit: the text, and whatever of the hook and the form came with it. */
function editChanges(input: EditRequest): ContentChanges {
  const changes: ContentChanges = { finalContent: input.editedContent };
  if (input.selectedHook !== undefined) changes.selectedHook = input.selectedHook;
  if (input.topic !== undefined) changes.topic = input.topic;
  const form = input.inputs ?? {};
  if (form.industryRole !== undefined) changes['inputs.industryRole'] = form.industryRole;
  if (form.personalExperience !== undefined) changes['inputs.personalExperience'] = form.personalExperience;
  if (form.targetAudience !== undefined) changes['inputs.targetAudience'] = form.targetAudience;
  if (form.businessGoal !== undefined) changes['inputs.businessGoal'] = form.businessGoal;
  return changes;
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

    /** One of the user's items, so a draft can be opened by its address (issue #18). */
    async get(userId: string, id: string): Promise<ContentItem> {
      const record = await repo.findOwned(id, userId);
      if (!record) throw contentErrors.notFound();
      return toContentItem(record);
    },

    /**
     * Saving edits keeps the item a draft with the new finalContent (spec section 4); the form
     * beside the draft (topic, inputs) autosaves with it (issue #18). Drafts only.
     */
    async edit(userId: string, id: string, input: EditRequest): Promise<ContentItem> {
      const result = await repo.update(id, userId, { statusIn: ['draft'] }, editChanges(input));
      if (result.outcome === 'not_found') throw contentErrors.notFound();
      if (result.outcome === 'conflict') throw contentErrors.notEditable(result.record.status, 'edit');
      if (result.outcome === 'updated') await announce('content.updated', { contentId: id, userId, status: result.record.status });
      return toContentItem(result.record);
    },

    /**
     * Brings back the text "Generate again" replaced; the replaced text becomes the previous
     * version in turn, so a second call redoes. Drafts only.
     */
    async restorePrevious(userId: string, id: string): Promise<ContentItem> {
      const record = settled(await repo.restorePrevious(id, userId), 'restore');
      await announce('content.updated', { contentId: id, userId, status: record.status });
      return toContentItem(record);
    },

    /**
     * Deletes the user's item. A scheduled one is unscheduled through content.deleted; a
     * published one stays on LinkedIn. The item disappears at once even if the announcement
     * has to be retried by the sweep.
     */
    async remove(userId: string, id: string): Promise<void> {
      const record = await repo.markDeleted(id, userId);
      if (!record) throw contentErrors.notFound();
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

/** The stored draft after a version swap, or the error that says why there was none. */
export function settled(result: VersionOutcome, action: 'regenerate' | 'restore'): ContentRecord {
  switch (result.outcome) {
    case 'updated':
      return result.record;
    case 'not_found':
      throw contentErrors.notFound();
    case 'conflict':
      throw contentErrors.notEditable(result.record.status, action);
    case 'no_previous':
      throw contentErrors.noPreviousVersion();
    case 'contended':
      throw contentErrors.changedMeanwhile();
  }
}

export type ContentUseCases = ReturnType<typeof contentUseCases>;
