import type { GenerateRequest, GenerateResponse } from '@postwright/contracts';
import type { Logger } from '@postwright/platform';
import { announcer, type EventsPort } from '../content/content.events';
import { toContentItem } from '../content/content.presenter';
import type { ContentRepository } from '../content/content.repository';
import type { ContentGenerator, GenerationInput } from './generation.types';
import type { QuotaPort } from './quota.client';

export function generationUseCases(deps: {
  repo: ContentRepository;
  generator: ContentGenerator;
  quota: QuotaPort;
  events: EventsPort;
  logger: Logger;
}) {
  const { repo, generator, quota, logger } = deps;
  const announce = announcer(deps.events, logger);

  return {
    /**
     * Writes a post and stores it as a draft. A trial credit is reserved first (so parallel
     * requests cannot overspend the trial), committed once the draft is stored, and released
     * on any failure: a failed generation costs nothing.
     */
    async generate(userId: string, request: GenerateRequest): Promise<GenerateResponse> {
      const input: GenerationInput = { ...request, businessGoal: request.businessGoal || null };
      const reservation = await quota.reserve(userId);

      let record;
      try {
        const post = await generator.generate(input);
        record = await repo.create({
          userId,
          contentType: input.contentType,
          topic: input.topic,
          inputs: {
            industryRole: input.industryRole,
            personalExperience: input.personalExperience,
            targetAudience: input.targetAudience,
            businessGoal: input.businessGoal,
          },
          generator: { provider: generator.provider, model: generator.model },
          generatedContent: post.body,
          hooks: post.hooks,
        });
      } catch (error) {
        if (reservation.reservationId) {
          await quota.release(reservation.reservationId).catch((err: unknown) => {
            // the auth service also expires reservations that are never committed
            logger.error({ err, reservationId: reservation.reservationId }, 'trial credit could not be released');
          });
        }
        throw error;
      }

      let trialPostsRemaining = reservation.unlimited ? null : reservation.trialPostsRemaining;
      if (reservation.reservationId) {
        try {
          trialPostsRemaining = (await quota.commit(reservation.reservationId)).trialPostsRemaining;
        } catch (err) {
          // the draft exists and the user should have it; the uncommitted reservation expires in auth
          logger.error({ err, reservationId: reservation.reservationId, contentId: record.id }, 'trial credit could not be committed');
        }
      }

      await announce('content.generated', { contentId: record.id, userId, contentType: record.contentType });
      return { content: toContentItem(record), user: { trialPostsRemaining } };
    },
  };
}

export type GenerationUseCases = ReturnType<typeof generationUseCases>;
