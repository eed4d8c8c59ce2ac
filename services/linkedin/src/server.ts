import { randomBytes } from 'node:crypto';
import os from 'node:os';
import { accountsClient, contentClient, serviceMailOutbox, startService, type RunningService, type ServiceContext } from '@postwright/platform';
import { apiVersionNotice, type LinkedinConfig } from './config';
import { LinkedinApi } from './lib/linkedin-api';
import { linkedinMetrics } from './lib/linkedin-metrics';
import { MemberReader } from './lib/linkedin-member';
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
import { expiryEmails } from './modules/expiry-notices/expiry-notices.emails';
import { startExpiryNoticeJob } from './modules/expiry-notices/expiry-notices.job';
import { expiryNoticeUseCases } from './modules/expiry-notices/expiry-notices.use-case';
import { postsRoutes } from './modules/posts/posts.routes';
import { startPublishConsumer } from './modules/publish/publish.consumer';
import { PostRepository } from './modules/publish/post.repository';
import { publishRoutes } from './modules/publish/publish.routes';
import { PublicationPipeline } from './modules/publish/pipeline';
import { publishNow } from './modules/publish/publish-now.use-case';
import { publishScheduled } from './modules/publish/publish-scheduled.use-case';

/** A publish holds its item's lock at most for two LinkedIn calls and a token refresh. */
const publishMaxMsOf = (config: LinkedinConfig) => config.linkedin.requestTimeoutMs * 4 + 10_000;

/** The linkedin service's feature modules over one context (docs/wiring.md). */
function buildModules(ctx: ServiceContext<LinkedinConfig>, instanceId: string) {
  const { config } = ctx;
  const publishMaxMs = publishMaxMsOf(config);
  // the publish locks this process takes carry its id; a killed process's locks are taken over once its liveness key expires
  const holder: LockHolder = { instanceId, alivePrefix: `${ctx.keyPrefix}linkedin:alive:` };
  const settings = config.linkedin;
  const cipher = new TokenCipher(config.encryption.key, config.encryption.previousKeys);
  const counters = linkedinMetrics(ctx.metrics);
  const api = new LinkedinApi(settings, counters.linkedinCalled);
  const members = new MemberReader(api, settings, ctx.logger);
  const strategy = new LinkedinStrategy(settings, redisStateStore(ctx.redis, ctx.keyPrefix), members);
  // only a Community Management app can be granted post analytics (config.ts, LINKEDIN_APPS)
  const analyticsApp = settings.app === 'community';
  const signIn = new LinkedinSignIn(strategy, settings);
  const oauth = new LinkedinOAuth(settings, strategy);
  const connections = new ConnectionRepository(ctx.mongo);
  const posts = new PostRepository(ctx.mongo);
  // the reads of a burst of scheduled publishes go to the content service together
  const content = contentClient({ contentUrl: config.CONTENT_URL, internalToken: config.INTERNAL_TOKEN, coalesceReads: true });
  const access = new LinkedinAccess({ connections, cipher, oauth, logger: ctx.logger });
  const locks = redisLocks(ctx.redis, ctx.keyPrefix, publishMaxMs, holder);
  const liveness = instanceLiveness(ctx.redis, holder, config.LINKEDIN_INSTANCE_TTL_MS);
  const events = ctx.messaging;
  const pipeline = new PublicationPipeline({ posts, access, api, content, events, logger: ctx.logger, counted: counters.publishCounted });
  const outbox = serviceMailOutbox(ctx);
  return {
    posts,
    liveness,
    signIn,
    outbox,
    connection: new ConnectionUseCases({ connections, posts, cipher, oauth, members, analyticsApp, access, events, logger: ctx.logger }),
    publishNow: publishNow({ posts, content, access, locks, pipeline }),
    publishScheduled: publishScheduled({ posts, content, access, locks, pipeline, logger: ctx.logger, lockWaitMs: publishMaxMs }),
    engagement: new EngagementUseCases({
      connections,
      posts,
      access,
      api,
      analyticsApp,
      events,
      logger: ctx.logger,
      windowDays: config.ENGAGEMENT_WINDOW_DAYS,
      roundMs: config.ENGAGEMENT_POLL_INTERVAL_MS,
      backoff: redisBackoff(ctx.redis, ctx.keyPrefix, config.ENGAGEMENT_POLL_INTERVAL_MS),
    }),
    roundLocks: redisLocks(ctx.redis, ctx.keyPrefix, Math.max(50, Math.floor(config.ENGAGEMENT_POLL_INTERVAL_MS * 0.8))),
    expiryNotices: expiryNoticeUseCases({
      connections,
      accounts: accountsClient({ authUrl: config.AUTH_URL, internalToken: config.INTERNAL_TOKEN }),
      outbox,
      emails: expiryEmails(config.PUBLIC_URL.replace(/\/$/, '')),
      logger: ctx.logger,
    }),
    sweepLocks: redisLocks(ctx.redis, ctx.keyPrefix, Math.max(50, Math.floor(config.EXPIRY_NOTICE_INTERVAL_MS * 0.8))),
  };
}
export type LinkedinModules = ReturnType<typeof buildModules>;
export type LinkedinService = RunningService<LinkedinConfig, LinkedinModules>;

/** Starts the linkedin service; PORT 0 picks a free port (tests run it in-process). */
export async function start(config: LinkedinConfig): Promise<LinkedinService> {
  const publishMaxMs = publishMaxMsOf(config);
  const instanceId = `${os.hostname()}-${process.pid}-${randomBytes(3).toString('hex')}`;
  const service = await startService({
    name: 'linkedin',
    config,
    port: config.PORT,
    // a deploy must not cut a publish between LinkedIn taking the post and the item saying so
    drainMs: publishMaxMs,
    async modules(ctx) {
      const modules = buildModules(ctx, instanceId);
      await modules.outbox.init();
      return modules;
    },
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
      const stopExpiryNotices = startExpiryNoticeJob({
        notices: modules.expiryNotices,
        locks: modules.sweepLocks,
        intervalMs: config.EXPIRY_NOTICE_INTERVAL_MS,
        logger: ctx.logger,
      });
      const stopMail = modules.outbox.start();
      return async () => {
        await stopEngagement();
        await stopExpiryNotices();
        await stopMail();
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
