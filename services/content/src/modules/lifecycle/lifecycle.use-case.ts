import { AppError } from '@postwright/platform';
import type { ContentStatus, EventPayload, InternalContentItem, TransitionRequest } from '@postwright/contracts';
import { toInternalItem } from '../content/content.presenter';
import type { ContentChanges, ContentRepository } from '../content/content.repository';
import { contentNotFound } from '../content/content.use-case';

function parseTime(value: string | null | undefined, field: string): Date | null | undefined {
  if (value === undefined || value === null) return value;
  const time = Date.parse(value);
  if (Number.isNaN(time)) throw AppError.badRequest(`${field} must be an ISO 8601 date-time`, { [field]: 'Invalid date-time' });
  return new Date(time);
}

const invalidTransition = (status: ContentStatus, to: ContentStatus, details: Record<string, unknown> = {}) =>
  AppError.of('CONTENT.INVALID_TRANSITION', { message: status === to ? `This post is already ${status} and did not match the expected state.` : `This post is ${status}; it cannot become ${to}.`, details: { status, ...details } });

/** Told of every engagement report, whatever it did to the item (the insights keep their own newer-wins rule). */
export interface EngagementPort {
  engagement(event: EventPayload<'linkedin.engagement.updated'>, measuredAt: Date): Promise<void>;
}

export function lifecycleUseCases(deps: { repo: ContentRepository; engagement: EngagementPort }) {
  const { repo } = deps;

  return {
    /**
     * Several owners' items in one read (POST /internal/content/lookup), in the order asked: each
     * the item, or null where getForUser would answer 404.
     */
    async lookup(refs: ReadonlyArray<{ id: string; userId: string }>): Promise<Array<InternalContentItem | null>> {
      const found = await repo.findManyLive(refs.map((r) => r.id));
      return refs.map((ref) => {
        const record = found.get(ref.id.toLowerCase());
        return record && record.userId === ref.userId ? toInternalItem(record) : null;
      });
    },

    /** The owner's item for the LinkedIn and scheduler services (404 when not that user's). */
    async getForUser(id: string, userId: string): Promise<InternalContentItem> {
      const record = await repo.findOwned(id, userId);
      if (!record) throw contentNotFound();
      return toInternalItem(record);
    },

    /**
     * Scheduling (the scheduler's schedule, reschedule, unschedule): one conditional update,
     * applied only when the item is the user's, its status is one of `from` and (when given) its
     * scheduledFor is the expected one. A repeated call that would change nothing succeeds
     * without writing (safe retries). What came of a publish is settled by the publication module.
     */
    async transition(id: string, request: TransitionRequest): Promise<InternalContentItem> {
      const { to } = request;
      const scheduledFor = parseTime(request.scheduledFor, 'scheduledFor');
      const expectScheduledFor = parseTime(request.expectScheduledFor, 'expectScheduledFor');

      const changes: ContentChanges = { status: to };
      if (to === 'scheduled') {
        if (!scheduledFor) throw AppError.badRequest('scheduledFor is required to schedule a post', { scheduledFor: 'Required' });
        changes.scheduledFor = scheduledFor;
        changes.lastPublishError = null; // a new schedule is a fresh attempt
      }
      if (to === 'draft') changes.scheduledFor = null;

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
      return toInternalItem(result.record);
    },

    /** Newer figures replace older ones; a repeated or late report changes nothing. */
    async onEngagement(event: EventPayload<'linkedin.engagement.updated'>, measuredAt: Date): Promise<void> {
      const { contentId, userId, likes, comments, reposts, impressions } = event;
      await repo.setEngagement(contentId, userId, { likes, comments, reposts, impressions }, measuredAt);
      await deps.engagement.engagement(event, measuredAt);
    },
  };
}

export type LifecycleUseCases = ReturnType<typeof lifecycleUseCases>;
