import { randomUUID } from 'node:crypto';
import { isScheduledFor } from '@postwright/contracts';
import { LOCK_MS } from '../schedule/schedule.use-case';
import { isFiring } from '../schedule/schedule.states';
import type { ClaimRequest, FirePlan, FiringSchedule, PreparingSchedule, Schedule } from '../schedule/schedule.types';
import type { Arming } from './firing.arm';
import type { Claiming } from './firing.claim';
import type { FiringContext } from './firing.context';
import { reconcileStep } from './firing.rules';
import type { Settling } from './firing.settle';

/** An emitted claim still under way this long after the broker confirmed it is noted as emitted (noteEmitted). */
export const NOTE_EMITTED_AFTER_MS = 10_000;

/** Claims emitted again at once by the claim check. */
const REEMIT_CONCURRENCY = 16;

/** Runs `fn` over the items, at most `limit` at a time; rejects with the first failure. */
async function eachAtMost<T>(items: T[], limit: number, fn: (item: T) => Promise<unknown>): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < items.length) await fn(items[next++]);
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
}

/** Replicas not seen for this long are forgotten: their heartbeats are only clutter. */
const FORGET_INSTANCES_AFTER_MS = 86_400_000;

/**
 * Reconciling: every few seconds MongoDB is compared with the timers. It rebuilds the timers when
 * Redis lost them, fires what is overdue, takes over orphaned claims and finishes any operation
 * left half-way (firing.rules.ts decides which). Every step is conditional, so replicas may run
 * it together.
 */
export function reconciling(ctx: FiringContext, arming: Arming, claim: Claiming, settle: Settling) {
  const { repo, content, timer, logger, instanceId, settings, now, unsent, emitted } = ctx;

  /** A schedule left "preparing" (content service unreachable, or a crash): its item decides. */
  async function settlePreparing(schedule: PreparingSchedule) {
    const lockId = randomUUID();
    const locked = await repo.lock(schedule.contentId, lockId, new Date(now().getTime() + LOCK_MS));
    if (locked.outcome !== 'locked') return;
    try {
      const current = locked.previous;
      if (current?.status !== 'preparing') return;
      const item = await content.get({ id: current.contentId, userId: current.userId });
      if (item?.status === 'scheduled' && item.scheduledFor) {
        const at = new Date(item.scheduledFor);
        const pending = await repo.updateLocked(
          current.contentId,
          lockId,
          { status: 'pending', scheduledFor: at, dueAt: at, requestId: randomUUID() },
          { expectVersion: current.version, bumpVersion: true, release: true },
        );
        await arming.armPlan(pending);
        logger.info({ contentId: current.contentId, dueAt: at.toISOString() }, 'settled an unfinished schedule from the content item');
      } else {
        await repo.remove(current.contentId, { lockId });
      }
    } finally {
      await repo.release(schedule.contentId, lockId).catch(() => undefined);
    }
  }

  /**
   * A claim without an outcome for long: the LinkedIn service answers nothing for a request
   * that no longer matches the item (deleted, published otherwise, unscheduled by an edit), so
   * the item decides whether there is still anything to ask for.
   */
  async function stillWanted(schedule: FiringSchedule): Promise<boolean> {
    const item = await content.get({ id: schedule.contentId, userId: schedule.userId });
    if (item && isScheduledFor(item, schedule.scheduledFor)) return true;
    await repo.remove(schedule.contentId, { status: ['firing'], requestId: schedule.requestId });
    logger.info({ contentId: schedule.contentId, status: item?.status ?? 'gone' }, 'claim no longer matches the item; schedule closed');
    return false;
  }

  /** Emits again, with the same request id, a claim whose replica died or whose outcome never came. */
  async function reemit(schedule: FiringSchedule) {
    const taken = await repo.takeOver(schedule.contentId, schedule.requestId, schedule.claimedBy, instanceId, now());
    if (!taken) return;
    logger.warn({ contentId: schedule.contentId, requestId: schedule.requestId, from: schedule.claimedBy }, 'emitting an unconfirmed claim again');
    await claim.emit(taken);
  }

  /** Re-arms every pending schedule (start, or Redis lost the timers). Arming is idempotent per plan. */
  async function rebuild(): Promise<number> {
    await repo.forgetInstancesBefore(new Date(now().getTime() - FORGET_INSTANCES_AFTER_MS)).catch(() => undefined);
    const pending = await repo.allPending();
    await arming.armAll(pending);
    return pending.length;
  }

  /**
   * The claims under way (firing.rules.ts: ask again, or take over a dead replica's), read alone
   * every interval: a replica that died holding claims it had not emitted is taken over within
   * seconds, even when the whole pass is slow (on the embedded database it reads every pending
   * schedule, seconds under a burst, and is spaced out by its duration). The pass leaves them here.
   */
  async function reconcileClaims(): Promise<void> {
    const at = now().getTime();
    const view = { at, instanceId, unsent, settings };
    const claims = await repo.claimed();
    await noteEmitted(claims, at);
    const askAgain: FiringSchedule[] = [];
    const ifGone: FiringSchedule[] = [];
    for (const schedule of claims) {
      const next = reconcileStep(schedule, view);
      if (next.step === 'ask-again') askAgain.push(next.schedule);
      else if (next.step === 'take-over-if-gone') ifGone.push(next.schedule);
    }
    const live = ifGone.length ? await repo.liveInstances(new Date(at - settings.instanceTtlMs)) : new Set<string>();
    // a dead replica leaves up to two claim batches: taken over side by side, not one round trip after another
    await eachAtMost(askAgain, REEMIT_CONCURRENCY, async (schedule) => {
      if (await stillWanted(schedule)) await reemit(schedule);
    });
    await eachAtMost(
      ifGone.filter((schedule) => !live.has(schedule.claimedBy)),
      REEMIT_CONCURRENCY,
      reemit,
    );
  }

  /**
   * Notes as emitted this replica's claims whose outcome has not come NOTE_EMITTED_AFTER_MS after
   * the broker confirmed them, so that a takeover does not send them again. Most
   * outcomes come sooner and their schedule is gone: no note, one write fewer a post. A replica
   * that dies leaves its last claims unnoted, and a takeover sends those again (the LinkedIn
   * service publishes once per request id).
   */
  async function noteEmitted(claims: Schedule[], readAt: number): Promise<void> {
    const underWay = new Map(claims.flatMap((c) => (isFiring(c) && c.claimedBy === instanceId ? [[c.contentId, c] as const] : [])));
    const due: ClaimRequest[] = [];
    for (const [contentId, sent] of emitted) {
      // emitted after the read began: the read may not show its claim yet
      if (sent.at >= readAt) continue;
      const claim = underWay.get(contentId);
      if (claim?.requestId === sent.requestId && !claim.emittedAt) {
        if (readAt - sent.at < NOTE_EMITTED_AFTER_MS) continue;
        due.push({ contentId, requestId: sent.requestId });
      }
      emitted.delete(contentId);
    }
    await Promise.all(due.map((c) => repo.markEmitted(c, now()))).catch((err: unknown) => logger.debug({ err }, 'could not note the emitted requests'));
  }

  /** One pass of the reconciler. */
  async function reconcile(): Promise<void> {
    if (!(await timer.isIntact().catch(() => true))) {
      const count = await rebuild();
      logger.warn({ count }, 'the timers were lost from Redis; rebuilt from MongoDB');
    }
    for (const schedule of [...unsent.values()]) await claim.emit(schedule);

    const at = now().getTime();
    const view = { at, instanceId, unsent, settings };
    const active = await repo.active(new Date(at + 2 * settings.reconcileIntervalMs + 1_000));
    const overdue: FirePlan[] = [];
    const soon: FirePlan[] = [];
    for (const schedule of active) {
      const next = reconcileStep(schedule, view);
      switch (next.step) {
        case 'rearm':
          soon.push(next.plan);
          break;
        case 'fire':
          overdue.push(next.plan);
          break;
        case 'ask-again':
        case 'take-over-if-gone':
          // the claims under way are the claim check's (reconcileClaims); active() reads none
          break;
        case 'settle-preparing':
          await settlePreparing(next.schedule);
          break;
        case 'sync-to-draft':
          await settle.syncToDraft(next.schedule).catch((err: unknown) => logger.warn({ err, contentId: schedule.contentId }, 'draft sync failed; will retry'));
          break;
      }
    }
    // timers that should exist soon are re-armed (a no-op when they do); overdue ones fire now
    await arming.rearm(soon);
    if (overdue.length) {
      logger.warn({ count: overdue.length }, 'firing overdue schedules found by the reconciler');
      await Promise.all(overdue.map((plan) => claim.fire(plan)));
    }
  }

  return { rebuild, reconcile, reconcileClaims };
}
