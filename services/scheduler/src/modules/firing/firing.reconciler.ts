import type { Logger } from '@postwright/platform';
import type { FiringUseCases } from './firing.use-case';

/**
 * Runs the heartbeat (every second) and the reconciler (every interval) of this replica.
 * Ticks never overlap; a failing tick is logged and the next one tries again.
 */
export function startReconciler(firing: FiringUseCases, options: { intervalMs: number; logger: Logger }): () => Promise<void> {
  let stopped = false;
  let running: Promise<void> = Promise.resolve();

  const loop = (every: number, name: string, tick: () => Promise<unknown>) => {
    let timer: NodeJS.Timeout;
    const run = () => {
      if (stopped) return;
      running = tick()
        .then(() => undefined)
        .catch((err: unknown) => options.logger.warn({ err }, `${name} failed; trying again`))
        .finally(() => {
          if (!stopped) timer = setTimeout(run, every);
        });
    };
    timer = setTimeout(run, every);
    return () => clearTimeout(timer);
  };

  const stopHeartbeat = loop(1_000, 'heartbeat', () => firing.heartbeat());
  const stopReconcile = loop(options.intervalMs, 'reconciler', () => firing.reconcile());

  return async () => {
    stopped = true;
    stopHeartbeat();
    stopReconcile();
    await running.catch(() => undefined);
  };
}
