import { randomBytes } from 'node:crypto';
import { AppError } from '@postwright/platform';
import { TRIAL_POST_LIMIT, type Usage } from '@postwright/contracts';
import type { Clock } from '../ports';
import { countersAreBehind, entitlementOf, usageOf, type Entitlement, type PlanWindow } from '../users/entitlement';
import { isUserId, type UserRecord, type UserRepository } from '../users/user.repository';
import type { UserLifecycle } from '../users/users.use-case';
import type { ReservationOutcomes } from './quota.repository';

/** reservationId = <userId>_<key>: the user document to look in, and the key inside it. */
function parseReservationId(reservationId: string): { userId: string; key: string } | null {
  const match = /^([a-f0-9]{24})_([a-f0-9]{32})$/i.exec(reservationId);
  return match ? { userId: match[1].toLowerCase(), key: match[2].toLowerCase() } : null;
}

const remaining = (user: UserRecord) => Math.max(0, TRIAL_POST_LIMIT - user.trialSlotsTaken);

/** "March 4, 2027": the day a plan's posts come back, in the words of the refusal (UTC, no Intl: see contracts' formatCount). */
const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];
const longDate = (d: Date) => `${MONTHS[d.getUTCMonth()]} ${d.getUTCDate()}, ${d.getUTCFullYear()}`;

function limitReached(allowance: number, window: PlanWindow): AppError {
  return AppError.of('PLAN.LIMIT_REACHED', {
    message: `Plan limit reached. Your ${allowance} posts for this month are used; they come back on ${longDate(window.end)}. Please upgrade to continue generating content now.`,
    details: { allowance, resetsAt: window.end.toISOString() },
  });
}

/** The trial's days have passed, or a subscription ended it: its own refusal, with when it ended. */
function trialEnded(endsAt: Date): AppError {
  return AppError.of('TRIAL.ENDED', { details: { trialEndsAt: endsAt.toISOString() } });
}

export type QuotaUseCases = ReturnType<typeof createQuotaUseCases>;

/**
 * The posts a member may generate: the trial's 3 in all within its 30 days, or a plan's per month. Reserve before
 * generating, commit on success, release on failure. Each reservation is one conditional
 * single-document update, so parallel generations never take more posts than are left. A
 * reservation nobody closes within its TTL gives its post back (sweep, or lazily when the same
 * user next reserves).
 */
export function createQuotaUseCases(deps: {
  users: UserRepository;
  lifecycle: UserLifecycle;
  outcomes: ReservationOutcomes;
  clock: Clock;
  reservationTtlMs: number;
}) {
  const { users, lifecycle, outcomes, clock, reservationTtlMs } = deps;

  async function releaseExpired(userId: string, trial: Record<string, Date>, period: Record<string, Date>): Promise<number> {
    const now = clock.now();
    let released = 0;
    for (const [key, expiresAt] of Object.entries(trial)) {
      if (expiresAt > now || !(await users.releaseReservation(userId, key))) continue;
      released += 1;
      await outcomes.record(`${userId}_${key}`, 'expired');
    }
    for (const [key, expiresAt] of Object.entries(period)) {
      if (expiresAt > now || !(await users.releasePeriodReservation(userId, key))) continue;
      released += 1;
      await outcomes.record(`${userId}_${key}`, 'expired');
    }
    return released;
  }

  /** The user with the plan's counters on a month that has not ended when `window` starts (a new month starts them again). */
  async function onMonth(user: UserRecord, window: PlanWindow): Promise<UserRecord> {
    let current = user;
    for (let attempt = 0; attempt < 5 && countersAreBehind(current, window); attempt += 1) {
      const started = await users.startPeriod(current.id, current.periodStart, current.periodPostsReserved, window);
      if (started) return started;
      // another request moved the counters meanwhile: read them again
      current = (await users.findById(current.id)) ?? current;
    }
    return current;
  }

  async function reserveTrial(user: UserRecord, key: string, expiresAt: Date) {
    let reserved = await users.reserveTrialPost(user.id, key, expiresAt, TRIAL_POST_LIMIT);
    if (!reserved && (await releaseExpired(user.id, user.trialReservations, {})) > 0) {
      reserved = await users.reserveTrialPost(user.id, key, expiresAt, TRIAL_POST_LIMIT);
    }
    if (!reserved) throw AppError.of('TRIAL.LIMIT_REACHED');
    return { reservationId: `${user.id}_${key}`, unlimited: false, trialPostsRemaining: remaining(reserved), usage: usageOf(reserved, clock.now()) };
  }

  async function reservePlan(user: UserRecord, entitlement: Extract<Entitlement, { kind: 'plan' }>, key: string, expiresAt: Date) {
    const { allowance, window } = entitlement;
    let counted = await onMonth(user, window);
    const attempt = () => users.reservePeriodPost(counted.id, counted.periodStart!, key, expiresAt, allowance);
    let reserved = await attempt();
    if (!reserved && (await releaseExpired(user.id, {}, counted.periodReservations)) > 0) {
      counted = (await users.findById(user.id)) ?? counted;
      reserved = await attempt();
    }
    if (!reserved) throw limitReached(allowance ?? 0, window);
    return { reservationId: `${user.id}_${key}`, unlimited: allowance === null, trialPostsRemaining: null, usage: usageOf(reserved, clock.now()) };
  }

  /** What the member has left after a commit or a late commit, or with a free run. */
  function answer(user: UserRecord, now = clock.now()) {
    const entitlement = entitlementOf(user, now);
    return { trialPostsRemaining: entitlement.kind === 'trial' ? Math.min(entitlement.remaining, remaining(user)) : null, usage: usageOf(user, now) };
  }

  /**
   * A free "Generate again" of a draft takes no post, but only a member who may still generate
   * gets it: not once the trial has ended or while a payment is overdue. A plan's month or the
   * trial's posts being used up does not stop it (the post was paid for).
   */
  function free(user: UserRecord, entitlement: Entitlement, now: Date) {
    switch (entitlement.kind) {
      case 'overdue':
        throw AppError.of('PLAN.PAYMENT_OVERDUE');
      case 'trial':
        if (entitlement.ended) throw trialEnded(entitlement.endsAt);
        return { reservationId: null, unlimited: false, ...answer(user, now) };
      default:
        return { reservationId: null, unlimited: entitlement.kind === 'unlimited' || entitlement.allowance === null, ...answer(user, now) };
    }
  }

  return {
    /** One post reserved; with `free` (a free "Generate again") none, once the member is found able to generate. */
    async reserve(userId: string, options: { free?: boolean } = {}) {
      const user = isUserId(userId) ? await lifecycle.load(userId) : null;
      if (!user) throw AppError.of('USER.NOT_FOUND');
      const now = clock.now();
      const entitlement = entitlementOf(user, now);
      if (options.free) return free(user, entitlement, now);
      const key = randomBytes(16).toString('hex');
      const expiresAt = new Date(now.getTime() + reservationTtlMs);
      switch (entitlement.kind) {
        case 'unlimited':
          return { reservationId: null, unlimited: true, trialPostsRemaining: null, usage: usageOf(user, now) };
        case 'overdue':
          throw AppError.of('PLAN.PAYMENT_OVERDUE');
        case 'plan':
          return reservePlan(user, entitlement, key, expiresAt);
        case 'trial':
          // a trial that is over (its days passed, or the member subscribed, then cancelled) has no posts left, used or not
          if (entitlement.ended) throw trialEnded(entitlement.endsAt);
          return reserveTrial(user, key, expiresAt);
      }
    },

    /** Idempotent: committing twice counts once. */
    async commit(reservationId: string) {
      const ref = parseReservationId(reservationId);
      if (!ref) throw AppError.of('QUOTA.RESERVATION_NOT_FOUND');
      let user = (await users.commitReservation(ref.userId, ref.key)) ?? (await users.commitPeriodReservation(ref.userId, ref.key));
      if (user) {
        await outcomes.record(reservationId, 'committed');
        return answer(user);
      }
      const outcome = await outcomes.read(reservationId);
      if (outcome === 'released') throw AppError.of('QUOTA.RESERVATION_RELEASED');
      const found = await users.findById(ref.userId);
      if (!found) throw AppError.of('QUOTA.RESERVATION_NOT_FOUND');
      if (outcome === 'expired') {
        // generation outlived its reservation: count it if a post is still free, never beyond the limit
        const entitlement = entitlementOf(found, clock.now());
        if (entitlement.kind === 'plan') {
          const counted = await onMonth(found, entitlement.window);
          user = await users.usePeriodPostIfFree(found.id, counted.periodStart!, entitlement.allowance);
        } else if (entitlement.kind === 'trial') {
          user = await users.useTrialPostIfFree(found.id, TRIAL_POST_LIMIT);
        }
        await outcomes.record(reservationId, 'committed');
        return answer(user ?? (await users.findById(found.id)) ?? found);
      }
      if (outcome === 'committed') return answer(found);
      throw AppError.of('QUOTA.RESERVATION_NOT_FOUND');
    },

    /** Gives the post back. `released: false` when there was nothing open to release. */
    async release(reservationId: string) {
      const ref = parseReservationId(reservationId);
      if (!ref) return { released: false };
      const user = (await users.releaseReservation(ref.userId, ref.key)) ?? (await users.releasePeriodReservation(ref.userId, ref.key));
      if (user) await outcomes.record(reservationId, 'released');
      return { released: Boolean(user) };
    },

    /** The member's usage as the profile shows it (the counters of an earlier month count as none). */
    usage(user: UserRecord): Usage {
      return usageOf(user, clock.now());
    },

    /** Periodic: every reservation past its TTL gives its post back. */
    async sweepExpired(batch = 200): Promise<number> {
      let released = 0;
      for (const { id, reservations, periodReservations } of await users.findWithOpenReservations(batch)) {
        released += await releaseExpired(id, reservations, periodReservations);
      }
      return released;
    },
  };
}
