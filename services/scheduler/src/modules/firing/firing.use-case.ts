/**
 * Firing on time, exactly once, across replicas and restarts, in small parts:
 *
 * - arming the timers (firing.arm.ts; the timers: firing.queue.ts): BullMQ calls `fire` at the due time;
 * - claiming and firing (firing.claim.ts): the conditional claim pending -> firing, then the
 *   winner alone emits content.publish.requested with the plan's request id;
 * - settling outcomes (firing.settle.ts): published, retried later, or given up and back to draft;
 * - reconciling (firing.reconcile.ts): timers rebuilt, overdue plans fired, operations left
 *   half-way finished; orphaned claims taken over by a cheap check of the claims alone, every interval.
 *
 * Each says what happens to one schedule (the repository groups the writes of a burst); their
 * decisions are pure functions in firing.rules.ts.
 */
import { arming } from './firing.arm';
import { claiming } from './firing.claim';
import type { FiringContext, FiringDeps } from './firing.context';
import { reconciling } from './firing.reconcile';
import { settling } from './firing.settle';

export function firingUseCases(deps: FiringDeps) {
  const ctx: FiringContext = { ...deps, now: deps.now ?? (() => new Date()), wentLive: deps.wentLive ?? (() => undefined), unsent: new Map(), emitted: new Map() };
  const arm = arming(ctx);
  const settle = settling(ctx, arm);
  const claim = claiming(ctx);
  const reconciler = reconciling(ctx, arm, claim, settle);
  return {
    fire: claim.fire,
    rebuild: reconciler.rebuild,
    reconcile: reconciler.reconcile,
    reconcileClaims: reconciler.reconcileClaims,
    onPublished: settle.onPublished,
    onFailed: settle.onFailed,
    onContentDeleted: settle.onContentDeleted,
    heartbeat: () => ctx.repo.heartbeat(ctx.instanceId, ctx.now()),
  };
}

export type FiringUseCases = ReturnType<typeof firingUseCases>;
