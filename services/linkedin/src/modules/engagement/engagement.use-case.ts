import type { Engagement } from '@postwright/contracts';
import type { Logger } from '@postwright/platform';
import type { EventPublisher } from '../../lib/events';
import { isLinkedinApiError, type LinkedinApi } from '../../lib/linkedin-api';
import { messages } from '../../lib/messages';
import type { LinkedinAccess } from '../connection/access.use-case';
import { engagementAvailability } from '../connection/connection.use-case';
import type { ConnectionRepository, StoredConnection } from '../connection/connection.repository';
import type { PostRepository } from '../publish/post.repository';
import type { Backoff } from './backoff.repository';
import { isDailyLimit, isPollDue, nextUtcMidnight } from './poll-schedule';

export interface EngagementDeps {
  connections: ConnectionRepository;
  posts: PostRepository;
  access: LinkedinAccess;
  api: LinkedinApi;
  backoff: Backoff;
  /** the app is a Community Management app (LINKEDIN_APP=community); a share app has no post analytics, so none are asked for */
  analyticsApp: boolean;
  events: EventPublisher;
  logger: Logger;
  windowDays: number;
  /** the time between rounds (ENGAGEMENT_POLL_INTERVAL_MS) */
  roundMs: number;
}

export interface PollSummary {
  members: number;
  postsChecked: number;
  updated: number;
  /** posts not read this round: read recently enough for their age (poll-schedule.ts) */
  notDue: number;
  skipped: { noScope: number; backingOff: number };
}

const same = (a: Engagement | null, b: Engagement) =>
  !!a && a.likes === b.likes && a.comments === b.comments && a.reposts === b.reposts && a.impressions === b.impressions;

/**
 * Reads likes, comments, reposts and impressions of recent posts from memberCreatorPostAnalytics
 * and announces changes (linkedin.engagement.updated), less often as a post ages (poll-schedule.ts).
 * A grant without the analytics scope is never polled: one clear reason is stored instead. A 429
 * backs that member off: until midnight UTC when it is LinkedIn's daily limit, doubling otherwise.
 */
export class EngagementUseCases {
  constructor(private readonly deps: EngagementDeps) {}

  async pollAll(): Promise<PollSummary> {
    const summary: PollSummary = { members: 0, postsChecked: 0, updated: 0, notDue: 0, skipped: { noScope: 0, backingOff: 0 } };
    for (const connection of await this.deps.connections.listActive()) {
      const availability = engagementAvailability(this.deps.analyticsApp, connection.scopes);
      if (!availability.available || !connection.engagement.available) {
        // the reason follows the app: a grant stored under a share app says so plainly after a switch, and back
        const reason = availability.reason ?? connection.engagement.reason;
        if (connection.engagement.available || connection.engagement.reason !== reason) {
          await this.deps.connections.setEngagement(connection.userId, { available: false, reason });
        }
        summary.skipped.noScope += 1;
        continue;
      }
      if (await this.deps.backoff.active(connection.userId)) {
        summary.skipped.backingOff += 1;
        continue;
      }
      summary.members += 1;
      await this.pollMember(connection, summary);
    }
    return summary;
  }

  private async pollMember(connection: StoredConnection, summary: PollSummary): Promise<void> {
    const { posts, access, api, backoff, connections, events, logger } = this.deps;
    const now = Date.now();
    const since = new Date(now - this.deps.windowDays * 24 * 3600_000);
    for (const post of await posts.recentPublished(connection.userId, since)) {
      if (!isPollDue({ publishedAt: post.publishedAt!, lastReadAt: post.engagementCheckedAt }, now, this.deps.roundMs)) {
        summary.notDue += 1;
        continue;
      }
      let engagement: Engagement;
      try {
        // one metric per call (LinkedIn's rule), one after the other: a 429 stops the round at once
        engagement = await access.withToken(connection, async (token) => ({
          impressions: await api.postMetric(token, post.linkedInPostId!, 'IMPRESSION'),
          likes: await api.postMetric(token, post.linkedInPostId!, 'REACTION'),
          comments: await api.postMetric(token, post.linkedInPostId!, 'COMMENT'),
          reposts: await api.postMetric(token, post.linkedInPostId!, 'RESHARE'),
        }));
      } catch (error) {
        if (isDailyLimit(error)) {
          // it resets at midnight UTC: a call before then would only be refused
          const waitMs = await backoff.until(connection.userId, nextUtcMidnight(Date.now()));
          logger.warn({ userId: connection.userId, waitMs }, "LinkedIn's daily limit for post analytics reached; not polling this member until midnight UTC");
        } else if (isLinkedinApiError(error, 'throttled')) {
          const waitMs = await backoff.hit(connection.userId);
          logger.warn({ userId: connection.userId, waitMs }, 'LinkedIn throttled post analytics; backing off');
        } else if (isLinkedinApiError(error, 'forbidden')) {
          await connections.setEngagement(connection.userId, { available: false, reason: messages.analyticsForbidden });
        } else if (isLinkedinApiError(error, 'not-found')) {
          // deleted on LinkedIn: other posts may still answer, and this one is asked again only on its schedule
          await posts.markEngagementRead(post.id, new Date());
          continue;
        } else {
          logger.warn({ err: error, userId: connection.userId }, 'post analytics not read this round');
        }
        return;
      }
      summary.postsChecked += 1;
      await backoff.clear(connection.userId);
      if (same(post.engagement, engagement)) {
        await posts.markEngagementRead(post.id, new Date());
        continue;
      }
      await posts.setEngagement(post.id, engagement, new Date());
      if (post.contentId) {
        await events.publish('linkedin.engagement.updated', { contentId: post.contentId, userId: post.userId, ...engagement });
      }
      summary.updated += 1;
    }
  }
}
