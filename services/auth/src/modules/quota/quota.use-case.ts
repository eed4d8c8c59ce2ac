import { randomBytes } from 'node:crypto';
import { AppError } from '@postwright/platform';
import { hasUnlimitedPosts, TRIAL_POST_LIMIT } from '@postwright/contracts';
import type { Clock } from '../ports';
import { isUserId, toPublicUser, type UserRecord, type UserRepository } from '../users/user.repository';
import type { UserLifecycle } from '../users/users.use-case';
import type { ReservationOutcomes } from './quota.repository';


/** reservationId = <userId>_<key>: the user document to look in, and the key inside it. */
function parseReservationId(reservationId: string): { userId: string; key: string } | null {
  const match = /^([a-f0-9]{24})_([a-f0-9]{32})$/i.exec(reservationId);
  return match ? { userId: match[1].toLowerCase(), key: match[2].toLowerCase() } : null;
}

const remaining = (user: UserRecord) => Math.max(0, TRIAL_POST_LIMIT - user.trialSlotsTaken);

export type QuotaUseCases = ReturnType<typeof createQuotaUseCases>;

/**
 * The trial quota: reserve before generating, commit on success, release on failure. A
 * reservation nobody closes within its TTL gives its post back (sweep, or lazily when the
 * same user next reserves).
 */
export function createQuotaUseCases(deps: {
  users: UserRepository;
  lifecycle: UserLifecycle;
  outcomes: ReservationOutcomes;
  clock: Clock;
  reservationTtlMs: number;
}) {
  const { users, lifecycle, outcomes, clock, reservationTtlMs } = deps;

  async function releaseExpiredOf(userId: string, reservations: Record<string, Date>): Promise<number> {
    const now = clock.now();
    let released = 0;
    for (const [key, expiresAt] of Object.entries(reservations)) {
      if (expiresAt > now) continue;
      if (await users.releaseReservation(userId, key)) {
        released += 1;
        await outcomes.record(`${userId}_${key}`, 'expired');
      }
    }
    return released;
  }

  return {
    async reserve(userId: string) {
      const user = isUserId(userId) ? await lifecycle.load(userId) : null;
      if (!user) throw AppError.of('USER.NOT_FOUND');
      if (hasUnlimitedPosts(toPublicUser(user), clock.now())) {
        return { reservationId: null, unlimited: true, trialPostsRemaining: null };
      }
      const key = randomBytes(16).toString('hex');
      const expiresAt = new Date(clock.now().getTime() + reservationTtlMs);
      let reserved = await users.reserveTrialPost(user.id, key, expiresAt, TRIAL_POST_LIMIT);
      if (!reserved && (await releaseExpiredOf(user.id, user.trialReservations)) > 0) {
        reserved = await users.reserveTrialPost(user.id, key, expiresAt, TRIAL_POST_LIMIT);
      }
      if (!reserved) throw AppError.of('TRIAL.LIMIT_REACHED');
      return { reservationId: `${user.id}_${key}`, unlimited: false, trialPostsRemaining: remaining(reserved) };
    },

    /** Idempotent: committing twice counts once. */
    async commit(reservationId: string) {
      const ref = parseReservationId(reservationId);
      if (!ref) throw AppError.of('QUOTA.RESERVATION_NOT_FOUND');
      let user = await users.commitReservation(ref.userId, ref.key);
      if (user) {
        await outcomes.record(reservationId, 'committed');
      } else {
        const outcome = await outcomes.read(reservationId);
        if (outcome === 'released') {
          throw AppError.of('QUOTA.RESERVATION_RELEASED');
        }
        if (outcome === 'expired') {
          // generation outlived its reservation: count it if a post is still free, never beyond the limit
          user = (await users.useTrialPostIfFree(ref.userId, TRIAL_POST_LIMIT)) ?? (await users.findById(ref.userId));
          await outcomes.record(reservationId, 'committed');
        } else if (outcome === 'committed') {
          user = await users.findById(ref.userId);
        }
        if (!user) throw AppError.of('QUOTA.RESERVATION_NOT_FOUND');
      }
      const unlimited = hasUnlimitedPosts(toPublicUser(user), clock.now());
      return { trialPostsRemaining: unlimited ? null : remaining(user) };
    },

    /** Gives the post back. `released: false` when there was nothing open to release. */
    async release(reservationId: string) {
      const ref = parseReservationId(reservationId);
      if (!ref) return { released: false };
      const user = await users.releaseReservation(ref.userId, ref.key);
      if (user) await outcomes.record(reservationId, 'released');
      return { released: Boolean(user) };
    },

    /** Periodic: every reservation past its TTL gives its post back. */
    async sweepExpired(batch = 200): Promise<number> {
      let released = 0;
      for (const { id, reservations } of await users.findWithOpenReservations(batch)) {
        released += await releaseExpiredOf(id, reservations);
      }
      return released;
    },
  };
}
