import type { Logger } from '@postwright/platform';
import type { FiringUseCases } from './firing.use-case';

/**
 * Runs this replica's heartbeat (every second), reconciler and claim check (every interval). Ticks never
 * overlap; a failing tick is logged and the next one tries again. A slow pass (a store that
 * scans, under load) spaces the next one out so the reconciler never takes over the store.
 */
export function startReconciler(firing: FiringUseCases, options: { intervalMs: number; logger: Logger }): () => Promise<void> {
  let stopped = false;
  const inFlight = new Set<Promise<void>>();

  const loop = (every: number, name: string, tick: () => Promise<unknown>) => {
    let timer: NodeJS.Timeout | undefined;
    const run = () => {
      if (stopped) return;
      const startedAt = Date.now();
      const pass: Promise<void> = tick()
        .then(() => undefined)
        .catch((err: unknown) => options.logger.warn({ err }, `${name} failed; trying again`))
        .finally(() => {
          inFlight.delete(pass);
          if (!stopped) timer = setTimeout(run, Math.max(every, (Date.now() - startedAt) * 4));
        });
      inFlight.add(pass);
    };
    timer = setTimeout(run, every);
    return () => clearTimeout(timer);
  };

  const stopHeartbeat = loop(1_000, 'heartbeat', () => firing.heartbeat());
  const stopReconcile = loop(options.intervalMs, 'reconciler', () => firing.reconcile());
  const stopClaims = loop(options.intervalMs, 'claim check', () => firing.reconcileClaims());

  return async () => {
    stopped = true;
    stopHeartbeat();
    stopReconcile();
    stopClaims();
    await Promise.all([...inFlight]);
  };
}
