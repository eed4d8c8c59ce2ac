import { randomBytes } from 'node:crypto';
import os from 'node:os';
import { contentClient, serviceMailOutbox, startService, type RunningService, type ServiceContext } from '@postwright/platform';
import type { SchedulerConfig } from './config';
import { startFiringConsumer } from './modules/firing/firing.consumer';
import { FireQueue } from './modules/firing/firing.queue';
import { startReconciler } from './modules/firing/firing.reconciler';
import { firingUseCases, type FiringUseCases } from './modules/firing/firing.use-case';
import { scheduleLateness } from './modules/firing/firing.metrics';
import { notificationAccounts } from './modules/notifications/accounts.client';
import { startNotificationsConsumer } from './modules/notifications/notifications.consumer';
import { notificationEmails } from './modules/notifications/notifications.emails';
import { notificationUseCases } from './modules/notifications/notifications.use-case';
import { scheduleModels } from './modules/schedule/schedule.model';
import { scheduleRepository } from './modules/schedule/schedule.repository';
import { scheduleRoutes } from './modules/schedule/schedule.routes';
import { scheduleUseCases } from './modules/schedule/schedule.use-case';
import { settingsRoutes } from './modules/settings/settings.routes';
import { suggestionsRoutes } from './modules/suggestions/suggestions.routes';

/** The scheduler's feature modules over one context (docs/wiring.md). */
function buildModules(ctx: ServiceContext<SchedulerConfig>, instanceId: string) {
  const { config, logger } = ctx;
  const repo = scheduleRepository(scheduleModels(ctx.mongo));
  const content = contentClient({ contentUrl: config.CONTENT_URL, internalToken: config.INTERNAL_TOKEN, timeoutMs: 8_000 });
  // the timer calls firing, and firing arms the timer: the callback reads `firing` once both exist
  const queue = new FireQueue({
    redisUrl: config.REDIS_URL,
    prefix: `${ctx.keyPrefix}bull`,
    earlyMs: config.SCHEDULER_FIRE_EARLY_MS,
    concurrency: config.SCHEDULER_CONCURRENCY,
    logger,
    onDue: (plan) => firing.fire(plan),
  });
  const firing = firingUseCases({
    repo,
    content,
    events: ctx.messaging,
    timer: queue,
    logger,
    instanceId,
    wentLive: scheduleLateness(ctx.metrics),
    settings: {
      retryBaseMs: config.PUBLISH_RETRY_BASE_MS,
      retryWindowMs: config.PUBLISH_RETRY_WINDOW_SECONDS * 1000,
      instanceTtlMs: config.SCHEDULER_INSTANCE_TTL_MS,
      reemitAfterMs: config.SCHEDULER_REEMIT_AFTER_MS,
      reconcileIntervalMs: config.SCHEDULER_RECONCILE_INTERVAL_MS,
    },
  });
  const schedules = scheduleUseCases({
    repo,
    content,
    timer: queue,
    logger,
    rules: { minLeadSeconds: config.SCHEDULE_MIN_LEAD_SECONDS, maxAheadDays: config.SCHEDULE_MAX_AHEAD_DAYS },
  });
  const outbox = serviceMailOutbox(ctx);
  const notifications = notificationUseCases({
    accounts: notificationAccounts({ authUrl: config.AUTH_URL, internalToken: config.INTERNAL_TOKEN }),
    content,
    outbox,
    emails: notificationEmails(config.PUBLIC_URL.replace(/\/$/, '')),
    logger,
  });
  return { queue, firing, schedules, outbox, notifications };
}
export type SchedulerModules = ReturnType<typeof buildModules>;
export type SchedulerService = RunningService<SchedulerConfig, SchedulerModules> & { instanceId: string; firing: FiringUseCases };

/** Starts the scheduler service; PORT 0 picks a free port (tests run it in-process). */
export async function start(config: SchedulerConfig): Promise<SchedulerService> {
  const instanceId = `${os.hostname()}-${process.pid}-${randomBytes(3).toString('hex')}`;
  const service = await startService({
    name: 'scheduler',
    config,
    port: config.PORT,
    async modules(ctx) {
      const modules = buildModules(ctx, instanceId);
      await modules.outbox.init();
      return modules;
    },
    routes(router, { schedules }, { tokens }) {
      scheduleRoutes(router, { tokens, schedules });
      suggestionsRoutes(router, { tokens, minLeadSeconds: config.SCHEDULE_MIN_LEAD_SECONDS });
      settingsRoutes(router, { tokens, minimumLeadSeconds: config.SCHEDULE_MIN_LEAD_SECONDS });
    },
    async background({ firing: f, queue: q, outbox, notifications }, ctx) {
      try {
        await f.heartbeat();
        const count = await f.rebuild();
        ctx.logger.info({ count, instanceId }, 'timers armed from MongoDB');
        q.start();
        await startFiringConsumer(ctx.messaging, f);
        await startNotificationsConsumer(ctx.messaging, notifications);
      } catch (error) {
        await q.close();
        throw error;
      }
      const stopReconciler = startReconciler(f, { intervalMs: config.SCHEDULER_RECONCILE_INTERVAL_MS, logger: ctx.logger });
      const stopMail = outbox.start();
      return async () => {
        await stopReconciler();
        // the heartbeat is left to expire: after a graceful stop no claim is left unemitted, and
        // forgetting this replica at once would only make the others emit its claims again
        await q.close();
        await stopMail();
      };
    },
    checks: {
      timers: async ({ queue }) => queue.ready(),
    },
  });
  return Object.assign(service, { instanceId, firing: service.modules.firing });
}
