import { randomBytes } from 'node:crypto';
import os from 'node:os';
import { createInternalClient, startService, type RunningService, type ServiceContext } from '@postwright/platform';
import { apiVersionNotice, type LinkedinConfig } from './config';
import { ContentClient } from './lib/content-client';
import { LinkedinApi } from './lib/linkedin-api';
import { LinkedinOAuth } from './lib/linkedin-oauth';
import { LinkedinSignIn, LinkedinStrategy } from './lib/linkedin-sign-in';
import { instanceLiveness, redisLocks, type LockHolder } from './lib/locks';
import { TokenCipher } from './lib/token-cipher';
import { LinkedinAccess } from './modules/connection/access.use-case';
import { ConnectionRepository } from './modules/connection/connection.repository';
import { connectionRoutes } from './modules/connection/connection.routes';
import { ConnectionUseCases } from './modules/connection/connection.use-case';
import { redisStateStore } from './modules/connection/oauth-state.repository';
import { redisBackoff } from './modules/engagement/backoff.repository';
import { startEngagementJob } from './modules/engagement/engagement.job';
import { EngagementUseCases } from './modules/engagement/engagement.use-case';
import { postsRoutes } from './modules/posts/posts.routes';
import { startPublishConsumer } from './modules/publish/publish.consumer';
import { PostRepository } from './modules/publish/post.repository';
import { publishRoutes } from './modules/publish/publish.routes';
import { PublicationPipeline } from './modules/publish/pipeline';
import { publishNow } from './modules/publish/publish-now.use-case';
import { publishScheduled } from './modules/publish/publish-scheduled.use-case';

export type LinkedinService = RunningService<LinkedinConfig>;

/** Starts the linkedin service; PORT 0 picks a free port (tests run it in-process). */
export async function start(config: LinkedinConfig): Promise<LinkedinService> {
  // a publish holds its item's lock at most for two LinkedIn calls and a token refresh
  const publishMaxMs = config.linkedin.requestTimeoutMs * 4 + 10_000;
  const instanceId = `${os.hostname()}-${process.pid}-${randomBytes(3).toString('hex')}`;
  // the publish locks this process takes carry its id; a killed process's locks are taken over once its liveness key expires
  const holder = (keyPrefix: string): LockHolder => ({ instanceId, alivePrefix: `${keyPrefix}linkedin:alive:` });
  const buildModules = (ctx: ServiceContext<LinkedinConfig>) => {
    const settings = config.linkedin;
    const cipher = new TokenCipher(config.encryption.key, config.encryption.previousKeys);
    const api = new LinkedinApi(settings);
    const strategy = new LinkedinStrategy(settings, redisStateStore(ctx.redis, ctx.keyPrefix), api);
    const signIn = new LinkedinSignIn(strategy, settings);
    const oauth = new LinkedinOAuth(settings, strategy);
    const connections = new ConnectionRepository(ctx.mongo);
    const posts = new PostRepository(ctx.mongo);
    const content = new ContentClient(createInternalClient({ service: 'content', baseUrl: config.CONTENT_URL, token: config.INTERNAL_TOKEN }));
    const access = new LinkedinAccess({ connections, cipher, oauth, logger: ctx.logger });
    const locks = redisLocks(ctx.redis, ctx.keyPrefix, publishMaxMs, holder(ctx.keyPrefix));
    const liveness = instanceLiveness(ctx.redis, holder(ctx.keyPrefix), config.LINKEDIN_INSTANCE_TTL_MS);
    const events = ctx.messaging;
    const pipeline = new PublicationPipeline({ posts, access, api, content, events, logger: ctx.logger });
    return {
      posts,
      liveness,
      signIn,
      connection: new ConnectionUseCases({ connections, posts, cipher, oauth, api, access, events, logger: ctx.logger }),
      publishNow: publishNow({ posts, content, access, locks, pipeline }),
      publishScheduled: publishScheduled({ posts, content, access, locks, pipeline, logger: ctx.logger, lockWaitMs: publishMaxMs }),
      engagement: new EngagementUseCases({
        connections,
        posts,
        access,
        api,
        events,
        logger: ctx.logger,
        windowDays: config.ENGAGEMENT_WINDOW_DAYS,
        roundMs: config.ENGAGEMENT_POLL_INTERVAL_MS,
        backoff: redisBackoff(ctx.redis, ctx.keyPrefix, config.ENGAGEMENT_POLL_INTERVAL_MS),
      }),
      roundLocks: redisLocks(ctx.redis, ctx.keyPrefix, Math.max(50, Math.floor(config.ENGAGEMENT_POLL_INTERVAL_MS * 0.8))),
    };
  };
  const service = await startService({
    name: 'linkedin',
    config,
    port: config.PORT,
    // a deploy must not cut a publish between LinkedIn taking the post and the item saying so
    drainMs: publishMaxMs,
    modules: buildModules,
    routes(router, modules, { tokens }) {
      connectionRoutes(router, { tokens, connection: modules.connection, signIn: modules.signIn });
      publishRoutes(router, { tokens, publishNow: modules.publishNow });
      postsRoutes(router, { tokens, posts: modules.posts });
    },
    async background(modules, ctx) {
      await modules.liveness.start();
      await startPublishConsumer(ctx, modules.publishScheduled, config.LINKEDIN_PUBLISH_CONCURRENCY);
      const stopEngagement = startEngagementJob({
        engagement: modules.engagement,
        locks: modules.roundLocks,
        intervalMs: config.ENGAGEMENT_POLL_INTERVAL_MS,
        logger: ctx.logger,
      });
      return async () => {
        await stopEngagement();
        modules.liveness.stop();
      };
    },
    // a version near its sunset is the operator's to fix, not a reason to stop taking traffic
    details: () => ({ linkedinApiVersion: apiVersionNotice(config.linkedin.apiVersion) }),
  });
  const notice = apiVersionNotice(config.linkedin.apiVersion);
  if (notice.warning) service.ctx.logger.warn({ linkedinApiVersion: notice }, notice.warning);
  return service;
}
