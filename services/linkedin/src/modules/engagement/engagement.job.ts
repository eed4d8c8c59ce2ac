import type { Logger } from '@postwright/platform';
import type { Locks } from '../../lib/locks';
import type { EngagementUseCases } from './engagement.use-case';

/**
 * Polls on an interval. A Redis lock held for most of the interval (`locks` made with a TTL a
 * little under it) makes one replica do each round, however many run. Returns a stop function that waits for a round in progress.
 */
export function startEngagementJob(options: { engagement: EngagementUseCases; locks: Locks; intervalMs: number; logger: Logger }): () => Promise<void> {
  const { engagement, locks, intervalMs, logger } = options;
  let stopped = false;
  let running: Promise<void> | null = null;
  const tick = async () => {
    try {
      // not released: it expires a little before the next round, so replicas do not repeat this one
      if (!(await locks.tryAcquire('engagement-round'))) return;
      const summary = await engagement.pollAll();
      if (summary.updated || summary.members) logger.debug({ summary }, 'engagement round');
    } catch (error) {
      logger.warn({ err: error }, 'engagement round failed');
    }
  };
  const timer = setInterval(() => {
    if (stopped || running) return;
    running = tick().finally(() => {
      running = null;
    });
  }, intervalMs);
  timer.unref();
  return async () => {
    stopped = true;
    clearInterval(timer);
    await running;
  };
}
