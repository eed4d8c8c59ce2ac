import type { ContentStatus, PublicationReport } from '@postwright/contracts';
import type { ContentChanges, ContentRecord } from '../content/content.repository';

/** What a report does to an item: one conditional write, or nothing (and why, for the log). */
export type Settlement =
  | { kind: 'write'; statusIn: readonly ContentStatus[]; changes: ContentChanges }
  | { kind: 'none'; why: 'already settled' | 'published as another post' | 'failure after publishing' };

type Current = Pick<ContentRecord, 'status' | 'linkedinPostId' | 'linkedinPostUrl' | 'lastPublishError' | 'publishUnconfirmed'>;

const NOT_PUBLISHED = ['draft', 'scheduled'] as const;

/**
 * The publication state machine of an item, in one place so every report is settled by the same rules:
 * - published: a draft or scheduled item becomes published with its LinkedIn post; a repeated
 *   report completes what is missing and otherwise changes nothing; an item published as another
 *   post stays as it is (LinkedIn has two posts; the first one reported is the item's).
 * - failed, final (LinkedIn may hold the post, or a scheduled publish that will not be tried
 *   again): back to draft, unscheduled, with the reason on its card.
 * - failed, to be tried again (the scheduler retries) or a publish-now the member sees fail:
 *   the reason is recorded and the item stays where it is.
 * A published item is final: no failure moves it.
 */
export function settlement(current: Current, report: PublicationReport): Settlement {
  if (report.outcome === 'published') {
    if (current.status !== 'published') {
      return {
        kind: 'write',
        statusIn: NOT_PUBLISHED,
        changes: {
          status: 'published',
          linkedinPostId: report.linkedinPostId,
          linkedinPostUrl: report.url,
          publishedAt: new Date(report.publishedAt),
          lastPublishError: null,
          publishUnconfirmed: false,
        },
      };
    }
    if (current.linkedinPostId !== report.linkedinPostId) return { kind: 'none', why: 'published as another post' };
    if (current.linkedinPostUrl === report.url && !current.lastPublishError && !current.publishUnconfirmed) return { kind: 'none', why: 'already settled' };
    return { kind: 'write', statusIn: ['published'], changes: { linkedinPostUrl: report.url, lastPublishError: null, publishUnconfirmed: false } };
  }

  if (current.status === 'published') return { kind: 'none', why: 'failure after publishing' };
  const unconfirmed = report.unconfirmed ? { publishUnconfirmed: true } : {};
  return {
    kind: 'write',
    statusIn: NOT_PUBLISHED,
    changes: isFinal(report)
      ? { status: 'draft', scheduledFor: null, lastPublishError: report.reason, ...unconfirmed }
      : { lastPublishError: report.reason, ...unconfirmed },
  };
}

/**
 * A failure ends the item's publication when LinkedIn may hold the post (never sent again on its
 * own), or when a scheduled publish will not be tried again. A publish-now that failed leaves a
 * schedule, if any, standing.
 */
export function isFinal(report: Extract<PublicationReport, { outcome: 'failed' }>): boolean {
  return report.unconfirmed || (report.requestId !== null && !report.retryable);
}
