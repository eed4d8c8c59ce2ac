import { startService, type RunningService, type ServiceContext } from '@postwright/platform';
import type { ContentConfig } from './config';
import { contentModel } from './modules/content/content.model';
import { contentRepository } from './modules/content/content.repository';
import { contentRoutes } from './modules/content/content.routes';
import { contentUseCases } from './modules/content/content.use-case';
import { createGenerator } from './modules/generation/generator.factory';
import { generationLimits } from './modules/generation/generation-limits.repository';
import { timedGenerator } from './modules/generation/generation.metrics';
import { generationRoutes } from './modules/generation/generation.routes';
import { generationUseCases } from './modules/generation/generation.use-case';
import { quotaClient } from './modules/generation/quota.client';
import { startInsightsConsumer } from './modules/insights/insights.consumer';
import { insightModels } from './modules/insights/insights.model';
import { insightsRepository } from './modules/insights/insights.repository';
import { insightsRoutes } from './modules/insights/insights.routes';
import { rowsCache } from './modules/insights/insights.rows-cache';
import { insightsUseCases } from './modules/insights/insights.use-case';
import { startLifecycleConsumer } from './modules/lifecycle/lifecycle.consumer';
import { lifecycleRoutes } from './modules/lifecycle/lifecycle.routes';
import { lifecycleUseCases } from './modules/lifecycle/lifecycle.use-case';
import { publicationRoutes } from './modules/publication/publication.routes';
import { publicationUseCases } from './modules/publication/publication.use-case';

/** The content service's feature modules over one context (docs/wiring.md). */
export function buildModules(ctx: ServiceContext<ContentConfig>) {
  const { config, logger } = ctx;
  const repo = contentRepository(contentModel(ctx.mongo));
  const insights = insightsUseCases({ repo: insightsRepository({ ...insightModels(ctx.mongo), items: contentModel(ctx.mongo), cache: rowsCache(ctx.redis, ctx.keyPrefix) }), logger });
  // only what other services act on is announced (a delete, which the scheduler cancels)
  const events = ctx.messaging;
  const quota = quotaClient({ authUrl: config.AUTH_URL, internalToken: config.INTERNAL_TOKEN });
  const limits = generationLimits(ctx.redis, ctx.keyPrefix, {
    maxInFlight: config.GENERATION_MAX_IN_FLIGHT,
    perMinute: config.GENERATION_PER_MINUTE,
    timeoutMs: config.GENERATION_TIMEOUT_MS,
    // besides the model's time: the reservation before it, storing and counting the post after (a few seconds each at most)
    graceMs: 30_000,
  });
  return {
    content: contentUseCases({ repo, events, logger }),
    lifecycle: lifecycleUseCases({ repo, engagement: insights }),
    publication: publicationUseCases({ repo, logger, published: insights }),
    insights,
    generation: generationUseCases({ repo, logger, generator: timedGenerator(createGenerator(config, logger), ctx.metrics), quota, limits }),
  };
}
export type ContentModules = ReturnType<typeof buildModules>;
export type ContentService = RunningService<ContentConfig, ContentModules>;

/** Starts the content service; PORT 0 picks a free port (tests run it in-process). */
export function start(config: ContentConfig): Promise<ContentService> {
  return startService({
    name: 'content',
    config,
    port: config.PORT,
    // a stop lets a generation under way (streamed or not) end: the model's GENERATION_TIMEOUT_MS
    // (45 s by default) and 5 s to store the post and count it, so 50 s by default
    drainMs: config.GENERATION_TIMEOUT_MS + 5_000,
    modules: buildModules,
    routes(router, modules, { tokens, logger }) {
      const internalToken = config.INTERNAL_TOKEN;
      generationRoutes(router, { tokens, logger, generation: modules.generation, heartbeatMs: config.GENERATION_STREAM_HEARTBEAT_MS });
      contentRoutes(router, { tokens, content: modules.content });
      lifecycleRoutes(router, { internalToken, lifecycle: modules.lifecycle });
      publicationRoutes(router, { internalToken, publication: modules.publication });
      insightsRoutes(router, { tokens, insights: modules.insights });
    },
    async background(modules, ctx) {
      await startLifecycleConsumer(ctx.messaging, modules);
      await startInsightsConsumer(ctx.messaging, modules);
      const sweep = setInterval(() => {
        modules.content.sweepUnfinishedDeletes(config.DELETE_SWEEP_INTERVAL_MS).catch((err: unknown) => ctx.logger.warn({ err }, 'delete sweep failed'));
      }, config.DELETE_SWEEP_INTERVAL_MS);
      sweep.unref();
      return async () => clearInterval(sweep);
    },
  });
}
