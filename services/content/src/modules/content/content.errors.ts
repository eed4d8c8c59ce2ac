import { AppError } from '@postwright/platform';
import { contentTypeInfo, type ContentStatus, type ContentType } from '@postwright/contracts';

/** What the author tried on an item that is no longer a draft. */
export type DraftAction = 'edit' | 'regenerate' | 'restore';

/** The statuses that refuse an action: a scheduled post is edited until shortly before its time (publishingSoon says when not). */
type RefusingStatus<A extends DraftAction> = A extends 'edit' ? 'published' : Exclude<ContentStatus, 'draft'>;

const notDraftMessages: { [A in DraftAction]: Record<RefusingStatus<A>, string> } = {
  edit: {
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
 * Errors of the author's own content items: one condition, one code. Generating again and
 * restoring are for drafts only, and nothing changes a published post, so "not a draft" is
 * CONTENT.NOT_EDITABLE, with words for that change. A scheduled post's text can be edited until
 * shortly before its time: after that it is CONTENT.PUBLISHING_SOON.
 */
export const contentErrors: {
  notFound(): AppError;
  notEditable<A extends DraftAction>(status: 'draft' | RefusingStatus<A>, action: A): AppError;
  publishingSoon(scheduledFor: Date, now: Date): AppError;
  tooLong(message: string): AppError;
  typeMismatch(draftType: ContentType, requestedType: ContentType): AppError;
  noPreviousVersion(): AppError;
  changedMeanwhile(): AppError;
} = {
  /** also for another user's item, a deleted one and a malformed id: nothing is revealed */
  notFound: () => AppError.of('CONTENT.NOT_FOUND'),
  notEditable: <A extends DraftAction>(status: 'draft' | RefusingStatus<A>, action: A) =>
    // a draft that refused a change was changed by another request at the same moment
    status === 'draft'
      ? contentErrors.changedMeanwhile()
      : AppError.of('CONTENT.NOT_EDITABLE', { message: notDraftMessages[action][status], details: { status } }),
  /** a scheduled post due within the edit cutoff (the catalogue's words), or due already (being published) */
  publishingSoon: (scheduledFor: Date, now: Date) =>
    AppError.of('CONTENT.PUBLISHING_SOON', {
      message: scheduledFor.getTime() <= now.getTime() ? 'This post is being published now, so it can no longer be edited.' : undefined,
      details: { status: 'scheduled', scheduledFor: scheduledFor.toISOString() },
    }),
  /** a scheduled text LinkedIn would refuse: the scheduler's words and code, refused while the author is here */
  tooLong: (message: string) => AppError.badRequest(message, { editedContent: message }, 'LINKEDIN.TOO_LONG'),
  /** "Generate again" with another type: the new text must not land on a draft of another type */
  typeMismatch: (draftType: ContentType, requestedType: ContentType) =>
    AppError.of('CONTENT.TYPE_MISMATCH', { message: `This draft is a ${contentTypeInfo[draftType].name} post, so it can only be generated again as one. Start a new post to write a ${contentTypeInfo[requestedType].name}.`, details: { contentType: draftType } }),
  noPreviousVersion: () => AppError.of('CONTENT.NO_PREVIOUS_VERSION'),
  /** the draft kept changing while a new version was being put in place */
  changedMeanwhile: () => AppError.of('CONTENT.CHANGED'),
};
