import type { Logger } from '@postwright/platform';
import { linkedinLengthProblem, type ContentItem, type ContentListQuery, type EditRequest } from '@postwright/contracts';
import { contentErrors } from './content.errors';
import { announcer, type EventsPort } from './content.events';
import { toContentItem } from './content.presenter';
import { styleAfterChoosing } from './content.records';
import type { ContentChanges, ContentRecord, ContentRepository, UpdateOutcome, VersionOutcome } from './content.repository';

export const contentNotFound = contentErrors.notFound;

/**
 * A scheduled post can be edited until this long before its time. The LinkedIn service reads the
 * text when the post falls due, and a publish sent again after a crash must send the same text
 * (LinkedIn then names the post it has), so the text stops changing well before the due time,
 * whatever the clocks of the services say.
 */
const SCHEDULED_EDIT_CUTOFF_MS = 60_000;

/** Rounds of an edit that met the item changing status under it (unscheduled, rescheduled). */
const EDIT_ATTEMPTS = 3;

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

export function contentUseCases(deps: { repo: ContentRepository; events: EventsPort; logger: Logger; now?: () => Date }) {
  const { repo, logger } = deps;
  const now = deps.now ?? (() => new Date());
  const announce = announcer(deps.events, logger);

  /**
   * An edit of a scheduled post: kept scheduled at the same time, so the edited text is what
   * goes out. Refused close to its time, and refused when LinkedIn would refuse the text (it
   * would fail at its time, with nobody there to fix it).
   */
  async function editScheduled(userId: string, id: string, input: EditRequest, changes: ContentChanges, current: ContentRecord): Promise<UpdateOutcome> {
    const scheduledFor = current.scheduledFor;
    const at = now();
    if (!scheduledFor || scheduledFor.getTime() - at.getTime() <= SCHEDULED_EDIT_CUTOFF_MS) throw contentErrors.publishingSoon(scheduledFor ?? at, at);
    // the edited text is never blank (the schema refuses it), so it is what goes out
    const tooLong = linkedinLengthProblem(input.editedContent);
    if (tooLong) throw contentErrors.tooLong(tooLong);
    // the same time as checked: a reschedule or unschedule meanwhile makes this a conflict, read again
    return repo.update(id, userId, { statusIn: ['scheduled'], scheduledFor }, changes);
  }

  /**
   * Stores the style of the hook an edit chose (the item's hooks are read back by the edit
   * itself, so an autosave that keeps the same hook costs no second write). A concurrent edit
   * that chose another hook meanwhile stores that hook's style itself.
   */
  async function storeChosenHookStyle(userId: string, record: ContentRecord): Promise<ContentRecord> {
    const style = styleAfterChoosing(record);
    if (style === record.selectedHookStyle) return record;
    const stored = await repo.update(record.id, userId, { statusIn: [record.status], selectedHook: record.selectedHook }, { selectedHookStyle: style });
    return stored.record ?? record;
  }

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

    /** One of the user's items, so a draft can be opened by its address. */
    async get(userId: string, id: string): Promise<ContentItem> {
      const record = await repo.findOwned(id, userId);
      if (!record) throw contentErrors.notFound();
      return toContentItem(record);
    },

    /**
     * Saving edits stores the new finalContent and keeps the item's status: a
     * draft stays a draft, with the form beside it (topic, inputs) autosaved too; a
     * scheduled post stays scheduled at its time (editScheduled). Published posts are final.
     */
    async edit(userId: string, id: string, input: EditRequest): Promise<ContentItem> {
      const changes = editChanges(input);
      let result = await repo.update(id, userId, { statusIn: ['draft'] }, changes);
      for (let attempt = 1; result.outcome === 'conflict' && attempt < EDIT_ATTEMPTS; attempt++) {
        const { record } = result;
        if (record.status === 'scheduled') result = await editScheduled(userId, id, input, changes, record);
        else if (record.status === 'draft') result = await repo.update(id, userId, { statusIn: ['draft'] }, changes);
        else break;
      }
      if (result.outcome === 'not_found') throw contentErrors.notFound();
      if (result.outcome === 'conflict') throw result.record.status === 'published' ? contentErrors.notEditable('published', 'edit') : contentErrors.changedMeanwhile();
      // an edit without a hook keeps the chosen one, and its style, as they are
      return toContentItem(input.selectedHook === undefined ? result.record : await storeChosenHookStyle(userId, result.record));
    },

    /**
     * Brings back the text "Generate again" replaced; the replaced text becomes the previous
     * version in turn, so a second call redoes. Drafts only.
     */
    async restorePrevious(userId: string, id: string): Promise<ContentItem> {
      return toContentItem(settled(await repo.restorePrevious(id, userId), 'restore'));
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
