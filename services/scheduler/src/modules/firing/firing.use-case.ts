/**
 * Firing on time, exactly once, across replicas and restarts.
 *
 * - A timer (BullMQ) calls `fire` at the due time. The claim pending -> firing is conditional
 *   on the version and on being due, so only one replica wins, an old version (rescheduled,
 *   unscheduled, deleted) never fires, and only the winner emits content.publish.requested.
 * - The request id is decided with the plan, not at the claim: whoever emits for a version
 *   emits the same id, and the LinkedIn service publishes once per id. A claim left behind by
 *   a replica that died is emitted again with that id by a live replica.
 * - The outcome events settle the schedule: published; or, for a transient failure, a new
 *   version at an exponentially later time within the retry window; or back to draft with
 *   the reason.
 * - The reconciler compares MongoDB with the timers every few seconds: it rebuilds the timers
 *   when Redis lost them, fires what is overdue, takes over orphaned claims and finishes any
 *   operation left half-way.
 */
import { randomUUID } from 'node:crypto';
import type { Logger } from '@postwright/platform';
import { postTextOf, type EventPayload } from '@postwright/contracts';
import { Batcher } from '../../lib/batcher';
import { retryDelayMs } from '../schedule/schedule.rules';
import { LOCK_MS } from '../schedule/schedule.use-case';
import type { ContentPort, EventsPort, FirePlan, Schedule, ScheduleRepository, TimerPort } from '../schedule/schedule.types';

export interface FiringSettings {
  retryBaseMs: number;
  retryWindowMs: number;
  instanceTtlMs: number;
  reemitAfterMs: number;
  reconcileIntervalMs: number;
}

export interface FiringDeps {
  repo: ScheduleRepository;
  content: ContentPort;
  events: EventsPort;
  timer: TimerPort;
  logger: Logger;
  instanceId: string;
  settings: FiringSettings;
  now?: () => Date;
}

/** How late a pending schedule may be before the reconciler fires it itself. */
const OVERDUE_GRACE_MS = 500;
const NO_TEXT_REASON = 'No content to post';

export type FireOutcome = 'emitted' | 'skipped';

export function firingUseCases(deps: FiringDeps) {
  const { repo, content, events, timer, logger, instanceId, settings } = deps;
  const now = deps.now ?? (() => new Date());
  /** claims this replica won but could not emit yet (RabbitMQ unreachable): retried each tick */
  const unsent = new Map<string, Schedule>();

  async function emit(schedule: Schedule): Promise<boolean> {
    const body = schedule.text ?? (await textFromContent(schedule));
    if (!body || !body.trim()) {
      await giveUp(schedule, NO_TEXT_REASON, false);
      return false;
    }
    try {
      await events.publish('content.publish.requested', {
        requestId: schedule.requestId!,
        contentId: schedule.contentId,
        userId: schedule.userId!,
        text: body,
        scheduledFor: (schedule.scheduledFor ?? schedule.dueAt!).toISOString(),
      });
      unsent.delete(schedule.contentId);
      // remembered so that a takeover does not send it again; losing this note costs only a repeat
      emitNotes.submit({ contentId: schedule.contentId, requestId: schedule.requestId! }).catch((err: unknown) => {
        logger.debug({ err, contentId: schedule.contentId }, 'could not note the emitted request');
      });
      return true;
    } catch (err) {
      logger.warn({ err, contentId: schedule.contentId }, 'publish request not confirmed by the broker; will emit again');
      unsent.set(schedule.contentId, schedule);
      return false;
    }
  }

  /** The text is captured at scheduling time; this is only for a schedule whose copy is missing. */
  async function textFromContent(schedule: Schedule): Promise<string | undefined> {
    const item = await content.get(schedule.contentId, schedule.userId!).catch(() => null);
    return item?.ok ? postTextOf(item.value) : undefined;
  }

  const claims = new Batcher<FirePlan, FireOutcome>(
    async (plans) => {
      const won = await repo.claim(plans, instanceId, now());
      if (!won.length) return plans.map(() => 'skipped');
      const emitted = new Set<string>();
      await Promise.all(
        won.map(async (s) => {
          if (await emit(s)) emitted.add(s.contentId);
        }),
      );
      return plans.map((p) => (emitted.has(p.contentId) ? 'emitted' : 'skipped'));
    },
    // FerretDB v1 deadlocks on a bulk update of about a hundred statements (measured); 25 is
    // far from that and still turns a burst into a few writes
    { maxBatch: 25, maxConcurrent: 2 },
  );

  const emitNotes = new Batcher<{ contentId: string; requestId: string }, void>(
    async (items) => {
      await repo.markEmitted(items, now());
      return items.map(() => undefined);
    },
    { maxBatch: 25, maxConcurrent: 1 },
  );

  const published = new Batcher<{ contentId: string; requestId: string }, void>(
    async (items) => {
      await repo.markPublished(items);
      return items.map(() => undefined);
    },
    { maxBatch: 25, maxConcurrent: 1 },
  );

  /** Back to draft with the reason once retrying is over (or pointless). */
  async function giveUp(schedule: Schedule, reason: string, unconfirmed: boolean) {
    const failed = await repo.transition(
      schedule.contentId,
      { status: ['firing'], requestId: schedule.requestId ?? undefined },
      { status: 'failed', lastError: reason, syncToDraft: true, syncError: reason, syncUnconfirmed: unconfirmed },
    );
    if (failed) await syncToDraft(failed);
  }

  /**
   * Moves the content item back to draft (unschedule, or a publish that failed for good),
   * under the item's mutex so that a reschedule cannot interleave. Throws when the content
   * service cannot be reached: the caller (event retry, reconciler) tries again.
   */
  async function syncToDraft(schedule: Schedule): Promise<void> {
    const lockId = randomUUID();
    const locked = await repo.lock(schedule.contentId, lockId, new Date(now().getTime() + LOCK_MS));
    if (locked.outcome !== 'locked') {
      if (locked.outcome === 'busy') throw new Error(`schedule ${schedule.contentId} is busy; draft sync postponed`);
      return;
    }
    const current = locked.previous;
    try {
      if (!current?.syncToDraft || !current.userId || current.requestId !== schedule.requestId) return;
      const moved = await content.transition(current.contentId, {
        userId: current.userId,
        from: ['scheduled'],
        to: 'draft',
        scheduledFor: null,
        ...(current.syncError ? { lastPublishError: current.syncError } : {}),
        ...(current.syncUnconfirmed ? { publishUnconfirmed: true } : {}),
      });
      if (!moved.ok) logger.info({ contentId: current.contentId, status: moved.status }, 'item no longer scheduled; nothing to move back');
      await repo.remove(current.contentId, { lockId });
    } finally {
      await repo.release(schedule.contentId, lockId).catch(() => undefined);
    }
  }

  async function arm(schedule: Schedule | null) {
    if (!schedule || schedule.status !== 'pending' || !schedule.dueAt || !schedule.requestId) return;
    await timer.arm([{ contentId: schedule.contentId, requestId: schedule.requestId, dueAt: schedule.dueAt.getTime() }]).catch((err: unknown) => {
      logger.warn({ err, contentId: schedule.contentId }, 'could not arm the timer; the reconciler will fire it');
    });
  }

  /** A schedule left "preparing" (content service unreachable, or a crash): its item decides. */
  async function settlePreparing(schedule: Schedule) {
    const lockId = randomUUID();
    const locked = await repo.lock(schedule.contentId, lockId, new Date(now().getTime() + LOCK_MS));
    if (locked.outcome !== 'locked') return;
    try {
      const current = locked.previous;
      if (current?.status !== 'preparing') return;
      const item = current.userId ? await content.get(current.contentId, current.userId) : null;
      if (item?.ok && item.value.status === 'scheduled' && item.value.scheduledFor) {
        const at = new Date(item.value.scheduledFor);
        const pending = await repo.updateLocked(
          current.contentId,
          lockId,
          { status: 'pending', scheduledFor: at, dueAt: at, requestId: randomUUID(), text: postTextOf(item.value) },
          { expectVersion: current.version, bumpVersion: true, release: true },
        );
        await arm(pending);
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
  async function stillWanted(schedule: Schedule): Promise<boolean> {
    const item = await content.get(schedule.contentId, schedule.userId!);
    const scheduledFor = schedule.scheduledFor?.getTime();
    if (item.ok && item.value.status === 'scheduled' && item.value.scheduledFor && Date.parse(item.value.scheduledFor) === scheduledFor) return true;
    await repo.remove(schedule.contentId, { status: ['firing'], requestId: schedule.requestId! });
    logger.info({ contentId: schedule.contentId, status: item.ok ? item.value.status : 'gone' }, 'claim no longer matches the item; schedule closed');
    return false;
  }

  /** Emits again, with the same request id, a claim whose replica died or whose outcome never came. */
  async function reemit(schedule: Schedule) {
    const taken = await repo.takeOver(schedule.contentId, schedule.requestId!, schedule.claimedBy, instanceId, now());
    if (!taken) return;
    logger.warn({ contentId: schedule.contentId, requestId: schedule.requestId, from: schedule.claimedBy }, 'emitting an unconfirmed claim again');
    await emit(taken);
  }

  /** The timer's callback: claim the version if it is still the one to fire, then emit. */
  function fire(plan: FirePlan): Promise<FireOutcome> {
    return claims.submit(plan);
  }

  /** Re-arms every pending schedule (start, or Redis lost the timers). Arming is idempotent per version. */
  async function rebuild(): Promise<number> {
    await repo.forgetInstancesBefore(new Date(now().getTime() - 86_400_000)).catch(() => undefined);
    const pending = await repo.allPending();
    for (let i = 0; i < pending.length; i += 1000) {
      await timer.arm(
        pending.slice(i, i + 1000).map((s) => ({ contentId: s.contentId, requestId: s.requestId!, dueAt: (s.dueAt ?? new Date()).getTime() })),
      );
    }
    await timer.markIntact();
    return pending.length;
  }

  return {
    fire,
    rebuild,

    async onPublished(event: EventPayload<'linkedin.post.published'>): Promise<void> {
      if (event.requestId) {
        await published.submit({ contentId: event.contentId, requestId: event.requestId });
        return;
      }
      // published now by the user: the schedule has nothing left to do
      // (firing too: the LinkedIn service drops a scheduled request for a published item)
      if (await repo.remove(event.contentId, { status: ['pending', 'preparing', 'firing', 'failed', 'cancelled'] })) {
        logger.info({ contentId: event.contentId }, 'published now; schedule cancelled');
      }
    },

    async onFailed(event: EventPayload<'linkedin.post.failed'>): Promise<void> {
      if (!event.requestId) return; // a publish-now failure: the LinkedIn and content services handle it
      const schedule = await repo.get(event.contentId);
      if (!schedule || schedule.requestId !== event.requestId) return;
      if (schedule.status === 'failed' && schedule.syncToDraft) return syncToDraft(schedule); // redelivered
      if (schedule.status !== 'firing') return;

      const at = now().getTime();
      const delay = retryDelayMs(schedule.attempts, settings.retryBaseMs);
      const deadline = (schedule.scheduledFor ?? schedule.dueAt ?? new Date(at)).getTime() + settings.retryWindowMs;
      // "unconfirmed": LinkedIn may hold the post already; publishing again could duplicate it
      if (event.retryable && !event.unconfirmed && at + delay <= deadline) {
        const retry = await repo.transition(
          event.contentId,
          { status: ['firing'], requestId: event.requestId },
          { status: 'pending', dueAt: new Date(at + delay), requestId: randomUUID(), lastError: event.reason, claimedBy: null, claimedAt: null },
          { bumpVersion: true },
        );
        if (retry) {
          logger.info({ contentId: event.contentId, attempt: schedule.attempts, retryAt: retry.dueAt?.toISOString() }, 'transient publish failure; retrying');
          await arm(retry);
        }
        return;
      }
      logger.info({ contentId: event.contentId, reason: event.reason }, 'publish failed; back to draft');
      await giveUp(schedule, event.reason, event.unconfirmed);
    },

    async onContentDeleted(event: EventPayload<'content.deleted'>): Promise<void> {
      // firing too: the LinkedIn service drops a request for an item that no longer exists
      await repo.remove(event.contentId, { status: ['pending', 'preparing', 'firing', 'failed', 'cancelled'] });
    },

    async heartbeat(): Promise<void> {
      await repo.heartbeat(instanceId, now());
    },


    /** One pass of the reconciler; every step is conditional, so replicas may run it together. */
    async reconcile(): Promise<void> {
      if (!(await timer.isIntact().catch(() => true))) {
        const count = await rebuild();
        logger.warn({ count }, 'the timers were lost from Redis; rebuilt from MongoDB');
      }
      for (const schedule of [...unsent.values()]) await emit(schedule);

      const at = now().getTime();
      const active = await repo.active(new Date(at + 2 * settings.reconcileIntervalMs + 1_000));
      const overdue: FirePlan[] = [];
      const soon: FirePlan[] = [];
      let live: Set<string> | null = null;
      for (const s of active) {
        if (s.status === 'pending' && s.dueAt && s.requestId) {
          const plan = { contentId: s.contentId, requestId: s.requestId, dueAt: s.dueAt.getTime() };
          if (plan.dueAt <= at - OVERDUE_GRACE_MS) overdue.push(plan);
          else soon.push(plan);
        } else if (s.status === 'firing' && s.claimedAt && !unsent.has(s.contentId)) {
          const age = at - s.claimedAt.getTime();
          if (age < settings.instanceTtlMs) continue;
          if (age >= settings.reemitAfterMs) {
            // no outcome for a long time: ask again with the same request id, if still wanted
            if (await stillWanted(s)) await reemit(s);
            continue;
          }
          // a replica never declares itself dead (its own heartbeat may lag under load)
          if (s.claimedBy === instanceId) continue;
          // a confirmed request is in the broker's durable queue: its outcome will come
          if (s.emittedAt) continue;
          live ??= await repo.liveInstances(new Date(at - settings.instanceTtlMs));
          if (!live.has(s.claimedBy ?? '')) await reemit(s);
        } else if (s.status === 'preparing' && s.lockUntil.getTime() < at) {
          await settlePreparing(s);
        } else if (s.syncToDraft && s.lockUntil.getTime() < at && at - s.updatedAt.getTime() > 1_000) {
          await syncToDraft(s).catch((err: unknown) => logger.warn({ err, contentId: s.contentId }, 'draft sync failed; will retry'));
        }
      }
      // timers that should exist soon are re-armed (a no-op when they do); overdue ones fire now
      if (soon.length) await timer.arm(soon).catch((err: unknown) => logger.warn({ err }, 'could not re-arm timers'));
      if (overdue.length) {
        logger.warn({ count: overdue.length }, 'firing overdue schedules found by the reconciler');
        await Promise.all(overdue.map((p) => fire(p)));
      }
    },
  };
}

export type FiringUseCases = ReturnType<typeof firingUseCases>;
