import { startService, type RunningService } from '@postwright/platform';
import type { ContentConfig } from './config';
import { contentModel } from './modules/content/content.model';
import { contentRepository } from './modules/content/content.repository';
import { contentRoutes } from './modules/content/content.routes';
import { contentUseCases, type ContentUseCases } from './modules/content/content.use-case';
import { createGenerator } from './modules/generation/generator.factory';
import { generationRoutes } from './modules/generation/generation.routes';
import { generationUseCases } from './modules/generation/generation.use-case';
import { quotaClient } from './modules/generation/quota.client';
import { startLifecycleConsumer } from './modules/lifecycle/lifecycle.consumer';
import { lifecycleRoutes } from './modules/lifecycle/lifecycle.routes';
import { lifecycleUseCases, type LifecycleUseCases } from './modules/lifecycle/lifecycle.use-case';

export type ContentService = RunningService<ContentConfig>;

/** Starts the content service; PORT 0 picks a free port (tests run it in-process). */
export function start(config: ContentConfig): Promise<ContentService> {
  let content: ContentUseCases;
  let lifecycle: LifecycleUseCases;

  return startService({
    name: 'content',
    config,
    port: config.PORT,
    routes(router, ctx) {
      const repo = contentRepository(contentModel(ctx.mongo));
      const events = ctx.messaging;
      content = contentUseCases({ repo, events, logger: ctx.logger });
      lifecycle = lifecycleUseCases({ repo, events, logger: ctx.logger });
      const generation = generationUseCases({
        repo,
        events,
        logger: ctx.logger,
        generator: createGenerator(config, ctx.logger),
        quota: quotaClient({ authUrl: config.AUTH_URL, internalToken: config.INTERNAL_TOKEN }),
      });

      generationRoutes(router, { tokens: ctx.tokens, generation });
      contentRoutes(router, { tokens: ctx.tokens, content });
      lifecycleRoutes(router, { internalToken: config.INTERNAL_TOKEN, lifecycle });
    },
    async background(ctx) {
      await startLifecycleConsumer(ctx.messaging, lifecycle);
      const sweep = setInterval(() => {
        content.sweepUnfinishedDeletes(config.DELETE_SWEEP_INTERVAL_MS).catch((err: unknown) => ctx.logger.warn({ err }, 'delete sweep failed'));
      }, config.DELETE_SWEEP_INTERVAL_MS);
      sweep.unref();
      return async () => clearInterval(sweep);
    },
  });
}
