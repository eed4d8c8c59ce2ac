import { AppError } from '@postwright/platform';
import { contentTypeInfo, type ContentStatus, type ContentType } from '@postwright/contracts';

/** What the author tried on an item that is no longer a draft. */
export type DraftAction = 'edit' | 'regenerate' | 'restore';

const notDraftMessages: Record<DraftAction, Record<Exclude<ContentStatus, 'draft'>, string>> = {
  edit: {
    scheduled: 'Scheduled posts cannot be edited. Unschedule it first, then edit the draft.',
    published: 'Published posts cannot be edited.',
  },
  regenerate: {
    scheduled: 'Scheduled posts cannot be generated again. Unschedule it first, then generate the draft again.',
    published: 'Published posts cannot be generated again.',
  },
  restore: {
    scheduled: 'Scheduled posts cannot go back to their previous version. Unschedule it first.',
    published: 'Published posts cannot go back to their previous version.',
  },
};

/**
 * Errors of the author's own content items: one condition, one code. Every change to an
 * item's text or form is for drafts only, so "not a draft" is CONTENT.NOT_EDITABLE whatever
 * the change (edit, generate again, restore), with words for that change.
 */
export const contentErrors: {
  notFound(): AppError;
  notEditable(status: ContentStatus, action: DraftAction): AppError;
  typeMismatch(draftType: ContentType, requestedType: ContentType): AppError;
  noPreviousVersion(): AppError;
  changedMeanwhile(): AppError;
} = {
  /** also for another user's item, a deleted one and a malformed id: nothing is revealed */
  notFound: () => AppError.of('CONTENT.NOT_FOUND'),
  notEditable: (status: ContentStatus, action: DraftAction) =>
    // a draft that refused a change was changed by another request at the same moment
    status === 'draft'
      ? contentErrors.changedMeanwhile()
      : AppError.of('CONTENT.NOT_EDITABLE', { message: notDraftMessages[action][status], details: { status } }),
  /** "Generate again" with another type: the new text must not land on a draft of another type */
  typeMismatch: (draftType: ContentType, requestedType: ContentType) =>
    AppError.of('CONTENT.TYPE_MISMATCH', { message: `This draft is a ${contentTypeInfo[draftType].name} post, so it can only be generated again as one. Start a new post to write a ${contentTypeInfo[requestedType].name}.`, details: { contentType: draftType } }),
  noPreviousVersion: () => AppError.of('CONTENT.NO_PREVIOUS_VERSION'),
  /** the draft kept changing while a new version was being put in place */
  changedMeanwhile: () => AppError.of('CONTENT.CHANGED'),
};
