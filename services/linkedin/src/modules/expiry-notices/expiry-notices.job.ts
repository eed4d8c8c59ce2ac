import type { Logger } from '@postwright/platform';
import type { Locks } from '../../lib/locks';
import type { ExpiryNoticeUseCases } from './expiry-notices.use-case';

/**
 * Sweeps at start and then every `intervalMs`. A Redis lock held for most of the interval
 * (`locks` made with a TTL a little under it) makes one replica do each sweep, however many run;
 * two at once would still store each email once. Returns a stop function that waits for a sweep
 * in progress.
 */
export function startExpiryNoticeJob(options: { notices: ExpiryNoticeUseCases; locks: Locks; intervalMs: number; logger: Logger }): () => Promise<void> {
  const { notices, locks, intervalMs, logger } = options;
  let stopped = false;
  let running: Promise<void> | null = null;
  const tick = async () => {
    try {
      // not released: it expires a little before the next sweep, so replicas do not repeat this one
      if (!(await locks.tryAcquire('expiry-notice-sweep'))) return;
      const summary = await notices.sweep();
      if (summary.queued || summary.failed) logger.info({ summary }, 'LinkedIn expiry emails swept');
    } catch (error) {
      logger.warn({ err: error }, 'LinkedIn expiry sweep failed; the next one tries again');
    }
  };
  const run = () => {
    if (stopped || running) return;
    running = tick().finally(() => {
      running = null;
    });
  };
  // at start too: a service restarted more often than the interval would otherwise never sweep
  run();
  const timer = setInterval(run, intervalMs);
  timer.unref();
  return async () => {
    stopped = true;
    clearInterval(timer);
    await running;
  };
}
