import { AppError, type Logger } from '@postwright/platform';
import type { ContentStatus, EventPayload, InternalContentItem, TransitionRequest } from '@postwright/contracts';
import { announcer, type EventsPort } from '../content/content.events';
import { toInternalItem } from '../content/content.presenter';
import type { ContentChanges, ContentRepository } from '../content/content.repository';
import { contentNotFound } from '../content/content.use-case';

/**
 * Spec section 4: a draft can be scheduled or published; a scheduled item can be published,
 * rescheduled or unscheduled (back to draft); published is final. Staying in the same status
 * is allowed so a publish failure can be recorded without moving the item.
 */
const ALLOWED: Record<ContentStatus, readonly ContentStatus[]> = {
  draft: ['draft', 'scheduled', 'published'],
  scheduled: ['scheduled', 'draft', 'published'],
  published: ['published'],
};

function parseTime(value: string | null | undefined, field: string): Date | null | undefined {
  if (value === undefined || value === null) return value;
  const time = Date.parse(value);
  if (Number.isNaN(time)) throw AppError.badRequest(`${field} must be an ISO 8601 date-time`, { [field]: 'Invalid date-time' });
  return new Date(time);
}

const invalidTransition = (status: ContentStatus, to: ContentStatus, details: Record<string, unknown> = {}) =>
  AppError.conflict(
    status === to ? `This post is already ${status} and did not match the expected state.` : `This post is ${status}; it cannot become ${to}.`,
    'CONTENT.INVALID_TRANSITION',
    { status, ...details },
  );

export function lifecycleUseCases(deps: { repo: ContentRepository; events: EventsPort; logger: Logger }) {
  const { repo, logger } = deps;
  const announce = announcer(deps.events, logger);

  return {
    /** The owner's item for the LinkedIn and scheduler services (404 when not that user's). */
    async getForUser(id: string, userId: string): Promise<InternalContentItem> {
      const record = await repo.findOwned(id, userId);
      if (!record) throw contentNotFound();
      return toInternalItem(record);
    },

    /**
     * One conditional update: applied only when the item is the user's, its status is one of
     * `from` and (when given) its scheduledFor is the expected one. A repeated call that
     * would change nothing succeeds without writing (safe retries).
     */
    async transition(id: string, request: TransitionRequest): Promise<InternalContentItem> {
      const { to } = request;
      const illegal = request.from.filter((from) => !ALLOWED[from].includes(to));
      if (illegal.length) {
        throw AppError.badRequest(`A ${illegal[0]} post cannot become ${to}`, { from: illegal, to }, 'CONTENT.TRANSITION_NOT_ALLOWED');
      }
      const scheduledFor = parseTime(request.scheduledFor, 'scheduledFor');
      const expectScheduledFor = parseTime(request.expectScheduledFor, 'expectScheduledFor');
      const publishedAt = parseTime(request.publishedAt, 'publishedAt');

      const changes: ContentChanges = { status: to };
      if (to === 'scheduled') {
        if (!scheduledFor) throw AppError.badRequest('scheduledFor is required to schedule a post', { scheduledFor: 'Required' });
        changes.scheduledFor = scheduledFor;
        changes.lastPublishError = null; // a new schedule is a fresh attempt
      }
      if (to === 'draft') changes.scheduledFor = null;
      if (to === 'published') {
        // a retry that allows "already published" must not move the original publish time
        if (publishedAt || !request.from.includes('published')) changes.publishedAt = publishedAt ?? new Date();
        changes.lastPublishError = null;
        changes.publishUnconfirmed = false;
      }
      if (request.linkedinPostId !== undefined) changes.linkedinPostId = request.linkedinPostId;
      if (request.linkedinPostUrl !== undefined) changes.linkedinPostUrl = request.linkedinPostUrl;
      if (request.lastPublishError !== undefined) changes.lastPublishError = request.lastPublishError;
      if (request.publishUnconfirmed !== undefined) changes.publishUnconfirmed = request.publishUnconfirmed;

      const result = await repo.update(
        id,
        request.userId,
        { statusIn: request.from, ...(expectScheduledFor !== undefined ? { scheduledFor: expectScheduledFor } : {}) },
        changes,
      );
      if (result.outcome === 'not_found') throw contentNotFound();
      if (result.outcome === 'conflict') {
        const { status, scheduledFor: current } = result.record;
        throw invalidTransition(status, to, expectScheduledFor !== undefined ? { scheduledFor: current ? current.toISOString() : null } : {});
      }
      if (result.outcome === 'updated') {
        await announce('content.updated', { contentId: id, userId: request.userId, status: result.record.status });
      }
      return toInternalItem(result.record);
    },

    /** LinkedIn accepted the post. A repeated event changes nothing. */
    async onPublished(event: EventPayload<'linkedin.post.published'>): Promise<void> {
      const { contentId, userId } = event;
      // usually the LinkedIn service marked the item through the internal API already: a read
      // (which runs beside other work) then saves two writes (which wait their turn)
      const current = await repo.findOwned(contentId, userId);
      if (!current) {
        logger.info({ contentId }, 'published event for a deleted or unknown item; nothing to update');
        return;
      }
      if (
        current.status === 'published' &&
        current.linkedinPostId === event.linkedinPostId &&
        current.linkedinPostUrl === event.url &&
        !current.lastPublishError &&
        !current.publishUnconfirmed
      ) {
        return;
      }
      const result = await repo.update(
        contentId,
        userId,
        { statusIn: ['draft', 'scheduled'] },
        {
          status: 'published',
          linkedinPostId: event.linkedinPostId,
          linkedinPostUrl: event.url,
          publishedAt: new Date(event.publishedAt),
          lastPublishError: null,
          publishUnconfirmed: false,
        },
      );
      if (result.outcome === 'updated') {
        await announce('content.updated', { contentId, userId, status: 'published' });
        return;
      }
      if (result.outcome === 'not_found') {
        logger.info({ contentId }, 'published event for a deleted or unknown item; nothing to update');
        return;
      }
      if (result.outcome === 'conflict' && result.record.status === 'published') {
        if (result.record.linkedinPostId !== event.linkedinPostId) {
          logger.warn({ contentId, stored: result.record.linkedinPostId, event: event.linkedinPostId }, 'item already published as another post');
          return;
        }
        // moved to published through the internal API already: complete what the event adds
        await repo.update(contentId, userId, { statusIn: ['published'] }, { linkedinPostUrl: event.url, lastPublishError: null, publishUnconfirmed: false });
      }
    },

    /**
     * The post could not be published. A final failure of a scheduled publish puts the item back
     * to draft with the reason on its card. A transient one (the scheduler retries it) and a failed
     * publish-now (its schedule, if any, still stands) only record the reason.
     */
    async onFailed(event: EventPayload<'linkedin.post.failed'>): Promise<void> {
      const { contentId, userId } = event;
      const final = event.requestId !== null && (!event.retryable || event.unconfirmed);
      const result = await repo.update(
        contentId,
        userId,
        { statusIn: ['draft', 'scheduled'] },
        {
          ...(final ? { status: 'draft' as const, scheduledFor: null } : {}),
          lastPublishError: event.reason,
          // once LinkedIn may hold the post, the warning stays until a publish is confirmed
          ...(event.unconfirmed ? { publishUnconfirmed: true } : {}),
        },
      );
      if (result.outcome === 'updated') await announce('content.updated', { contentId, userId, status: result.record.status });
      else if (result.outcome === 'conflict') logger.info({ contentId, status: result.record.status }, 'failure reported for a published item; ignored');
    },

    /** Newer figures replace older ones; a repeated or late report changes nothing. */
    async onEngagement(event: EventPayload<'linkedin.engagement.updated'>, measuredAt: Date): Promise<void> {
      const { contentId, userId, likes, comments, reposts, impressions } = event;
      await repo.setEngagement(contentId, userId, { likes, comments, reposts, impressions }, measuredAt);
    },
  };
}

export type LifecycleUseCases = ReturnType<typeof lifecycleUseCases>;
