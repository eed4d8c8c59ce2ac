import { Types, type Connection } from 'mongoose';
import type { NotificationPreferences, User, UserRole } from '@postwright/contracts';
import { trialEndOf, usageOf, type EntitlementFields } from './entitlement';
import { userModel } from './user.model';

/** A stored user as plain data. `toPublicUser` turns it into the contract shape. */
export interface UserRecord extends EntitlementFields {
  id: string;
  email: string;
  passwordHash: string;
  /** sessions whose password was proven before this are over */
  passwordChangedAt: Date | null;
  emailVerified: boolean;
  notifications: NotificationPreferences;
  firstName: string;
  lastName: string;
  profilePicture: string | null;
  linkedinConnected: boolean;
  subscriptionStatus: string;
  subscriptionTier: string;
  betaExpiresAt: Date | null;
  trialPostsUsed: number;
  trialPostsReserved: number;
  trialSlotsTaken: number;
  trialReservations: Record<string, Date>;
  billingSyncedAt: Date | null;
  periodPostsReserved: number;
  periodSlotsTaken: number;
  periodReservations: Record<string, Date>;
  userRole: UserRole;
  role: string | null;
  company: string | null;
  industry: string | null;
  linkedinUrl: string | null;
  bio: string | null;
  createdAt: Date;
  updatedAt: Date;
}

export type ProfileFields = Partial<Pick<UserRecord, 'firstName' | 'lastName' | 'company' | 'role' | 'industry' | 'linkedinUrl' | 'bio'>>;

export class DuplicateEmailError extends Error {
  constructor() {
    super('duplicate email');
    this.name = 'DuplicateEmailError';
  }
}

/** The password hash and the quota bookkeeping never leave the service. */
export function toPublicUser(u: UserRecord, now: Date = new Date()): User {
  return {
    id: u.id,
    email: u.email,
    emailVerified: u.emailVerified,
    notifications: u.notifications,
    firstName: u.firstName,
    lastName: u.lastName,
    profilePicture: u.profilePicture,
    linkedinConnected: u.linkedinConnected,
    subscriptionStatus: u.subscriptionStatus,
    subscriptionTier: u.subscriptionTier,
    trialPostsUsed: u.trialPostsUsed,
    // an account made before the end was stored has one all the same: signup + TRIAL_DAYS
    trialEndsAt: trialEndOf(u).toISOString(),
    usage: usageOf(u, now),
    betaExpiresAt: u.betaExpiresAt ? u.betaExpiresAt.toISOString() : null,
    userRole: u.userRole,
    role: u.role,
    company: u.company,
    industry: u.industry,
    linkedinUrl: u.linkedinUrl,
    bio: u.bio,
    createdAt: u.createdAt.toISOString(),
  };
}

const dateOrNull = (v: unknown) => (v ? new Date(v as string | Date) : null);

function reservationsOf(map: unknown): Record<string, Date> {
  const reservations: Record<string, Date> = {};
  for (const [key, value] of Object.entries((map as Record<string, unknown>) ?? {})) reservations[key] = new Date(value as string | Date);
  return reservations;
}

function toRecord(doc: any): UserRecord | null {
  if (!doc) return null;
  return {
    id: String(doc._id),
    email: doc.email,
    passwordHash: doc.passwordHash,
    passwordChangedAt: dateOrNull(doc.passwordChangedAt),
    emailVerified: Boolean(doc.emailVerified),
    notifications: {
      postPublished: doc.notifications?.postPublished ?? true,
      postFailed: doc.notifications?.postFailed ?? true,
      linkedinExpiry: doc.notifications?.linkedinExpiry ?? true,
    },
    firstName: doc.firstName,
    lastName: doc.lastName,
    profilePicture: doc.profilePicture ?? null,
    linkedinConnected: Boolean(doc.linkedinConnected),
    subscriptionStatus: doc.subscriptionStatus ?? 'active',
    subscriptionTier: doc.subscriptionTier ?? 'trial',
    betaExpiresAt: doc.betaExpiresAt ? new Date(doc.betaExpiresAt) : null,
    trialPostsUsed: doc.trialPostsUsed ?? 0,
    trialPostsReserved: doc.trialPostsReserved ?? 0,
    trialSlotsTaken: doc.trialSlotsTaken ?? 0,
    trialReservations: reservationsOf(doc.trialReservations),
    trialEndsAt: dateOrNull(doc.trialEndsAt),
    planInterval: doc.planInterval === 'month' || doc.planInterval === 'year' ? doc.planInterval : null,
    planPeriodStart: dateOrNull(doc.planPeriodStart),
    planPeriodEnd: dateOrNull(doc.planPeriodEnd),
    planCancelAtPeriodEnd: Boolean(doc.planCancelAtPeriodEnd),
    planGraceEndsAt: dateOrNull(doc.planGraceEndsAt),
    billingSyncedAt: dateOrNull(doc.billingSyncedAt),
    periodStart: dateOrNull(doc.periodStart),
    periodEnd: dateOrNull(doc.periodEnd),
    periodPostsUsed: doc.periodPostsUsed ?? 0,
    periodPostsReserved: doc.periodPostsReserved ?? 0,
    periodSlotsTaken: doc.periodSlotsTaken ?? 0,
    periodReservations: reservationsOf(doc.periodReservations),
    userRole: doc.userRole ?? 'USER',
    role: doc.role ?? null,
    company: doc.company ?? null,
    industry: doc.industry ?? null,
    linkedinUrl: doc.linkedinUrl ?? null,
    bio: doc.bio ?? null,
    createdAt: new Date(doc.createdAt),
    updatedAt: new Date(doc.updatedAt ?? doc.createdAt),
  };
}

export function isUserId(id: string): boolean {
  return /^[a-f0-9]{24}$/i.test(id);
}

/** Reservation keys are map keys inside the user document: no dots, no dollar signs. */
const RESERVATION_KEY = /^[a-f0-9]{32}$/;

export type UserRepository = ReturnType<typeof createUserRepository>;

export function createUserRepository(conn: Connection) {
  const Users = userModel(conn);
  const after = { returnDocument: 'after' as const };
  const byId = (id: string) => ({ _id: new Types.ObjectId(id) });
  const reservationPath = (key: string, map: 'trialReservations' | 'periodReservations' = 'trialReservations') => {
    if (!RESERVATION_KEY.test(key)) throw new Error('invalid reservation key');
    return `${map}.${key}`;
  };

  return {
    async init(): Promise<void> {
      await Users.init();
    },

    /** A new account on the trial, which ends TRIAL_DAYS after signup (or when its posts are used). */
    async create(input: { email: string; passwordHash: string; firstName: string; lastName: string }): Promise<UserRecord> {
      const createdAt = new Date();
      try {
        const doc = await Users.create({ ...input, createdAt, trialEndsAt: trialEndOf({ trialEndsAt: null, createdAt }) });
        return toRecord(doc.toObject())!;
      } catch (error) {
        if ((error as { code?: number }).code === 11000) throw new DuplicateEmailError();
        throw error;
      }
    },

    async findById(id: string): Promise<UserRecord | null> {
      if (!isUserId(id)) return null;
      return toRecord(await Users.findOne(byId(id)).lean());
    },

    async findByEmail(email: string): Promise<UserRecord | null> {
      return toRecord(await Users.findOne({ email }).lean());
    },

    async updateProfile(id: string, fields: ProfileFields): Promise<UserRecord | null> {
      if (!isUserId(id)) return null;
      return toRecord(await Users.findOneAndUpdate(byId(id), { $set: fields }, after).lean());
    },

    async markEmailVerified(id: string, at: Date): Promise<UserRecord | null> {
      if (!isUserId(id)) return null;
      return toRecord(await Users.findOneAndUpdate(byId(id), { $set: { emailVerified: true, emailVerifiedAt: at } }, after).lean());
    },

    async setPassword(id: string, passwordHash: string, at: Date): Promise<UserRecord | null> {
      if (!isUserId(id)) return null;
      return toRecord(await Users.findOneAndUpdate(byId(id), { $set: { passwordHash, passwordChangedAt: at } }, after).lean());
    },

    async setNotifications(id: string, changes: Partial<NotificationPreferences>): Promise<UserRecord | null> {
      if (!isUserId(id)) return null;
      const set = Object.fromEntries(Object.entries(changes).map(([kind, on]) => [`notifications.${kind}`, on]));
      return toRecord(await Users.findOneAndUpdate(byId(id), { $set: set }, after).lean());
    },

    async setRoleByEmail(email: string, userRole: UserRole): Promise<UserRecord | null> {
      return toRecord(await Users.findOneAndUpdate({ email }, { $set: { userRole } }, after).lean());
    },

    async setTier(id: string, subscriptionTier: string, betaExpiresAt: Date | null): Promise<UserRecord | null> {
      if (!isUserId(id)) return null;
      return toRecord(await Users.findOneAndUpdate(byId(id), { $set: { subscriptionTier, betaExpiresAt } }, after).lean());
    },

    /** Beta -> trial, only if it is still a beta that has ended (one caller wins). */
    async endBeta(id: string, now: Date): Promise<UserRecord | null> {
      return toRecord(
        await Users.findOneAndUpdate(
          { ...byId(id), subscriptionTier: 'beta', betaExpiresAt: { $lte: now } },
          { $set: { subscriptionTier: 'trial', betaExpiresAt: null } },
          after,
        ).lean(),
      );
    },

    async findEndedBetas(now: Date, limit: number): Promise<string[]> {
      const docs = await Users.find({ subscriptionTier: 'beta', betaExpiresAt: { $lte: now } }, { _id: 1 }).limit(limit).lean();
      return docs.map((d) => String(d._id));
    },

    /**
     * Takes one trial post if fewer than `limit` are used or reserved, and records the
     * reservation, in one conditional single-document update: concurrent callers can
     * never take more than `limit` between them.
     */
    async reserveTrialPost(id: string, key: string, expiresAt: Date, limit: number): Promise<UserRecord | null> {
      return toRecord(
        await Users.findOneAndUpdate(
          { ...byId(id), trialSlotsTaken: { $lt: limit } },
          { $inc: { trialSlotsTaken: 1, trialPostsReserved: 1 }, $set: { [reservationPath(key)]: expiresAt } },
          after,
        ).lean(),
      );
    },

    /** Open reservation -> used post. Null when the reservation is not open (any more). */
    async commitReservation(id: string, key: string): Promise<UserRecord | null> {
      const p = reservationPath(key);
      return toRecord(
        await Users.findOneAndUpdate(
          { ...byId(id), [p]: { $exists: true } },
          { $inc: { trialPostsUsed: 1, trialPostsReserved: -1 }, $unset: { [p]: '' } },
          after,
        ).lean(),
      );
    },

    /** Open reservation -> given back. Null when the reservation is not open (any more). */
    async releaseReservation(id: string, key: string): Promise<UserRecord | null> {
      const p = reservationPath(key);
      return toRecord(
        await Users.findOneAndUpdate(
          { ...byId(id), [p]: { $exists: true } },
          { $inc: { trialSlotsTaken: -1, trialPostsReserved: -1 }, $unset: { [p]: '' } },
          after,
        ).lean(),
      );
    },

    /** Uses a post without a reservation, if one is free (a commit that came after its reservation expired). */
    async useTrialPostIfFree(id: string, limit: number): Promise<UserRecord | null> {
      return toRecord(
        await Users.findOneAndUpdate({ ...byId(id), trialSlotsTaken: { $lt: limit } }, { $inc: { trialSlotsTaken: 1, trialPostsUsed: 1 } }, after).lean(),
      );
    },

    /** Users with open reservations of either kind, with both maps. */
    async findWithOpenReservations(limit: number): Promise<Array<{ id: string; reservations: Record<string, Date>; periodReservations: Record<string, Date> }>> {
      const docs = await Users.find({ $or: [{ trialPostsReserved: { $gt: 0 } }, { periodPostsReserved: { $gt: 0 } }] }, { trialReservations: 1, periodReservations: 1 })
        .limit(limit)
        .lean();
      return docs.map((d) => {
        const record = toRecord({ ...d, createdAt: new Date(0) })!;
        return { id: String(d._id), reservations: record.trialReservations, periodReservations: record.periodReservations };
      });
    },

    /**
     * Applies the subscription the billing service reported at `revision`, only if the user's last
     * applied report is still `seen` (the one read when `set` was worked out, null for none) and
     * older: a newer report wins, and one applied meanwhile makes the caller read again.
     */
    async applyBilling(
      id: string,
      set: Partial<Pick<UserRecord, 'subscriptionTier' | 'subscriptionStatus' | 'trialEndsAt' | 'planInterval' | 'planPeriodStart' | 'planPeriodEnd' | 'planCancelAtPeriodEnd' | 'planGraceEndsAt'>>,
      revision: Date,
      seen: Date | null,
    ): Promise<UserRecord | null> {
      if (!isUserId(id) || (seen && seen >= revision)) return null;
      return toRecord(await Users.findOneAndUpdate({ ...byId(id), billingSyncedAt: seen }, { $set: { ...set, billingSyncedAt: revision } }, after).lean());
    },

    /**
     * Starts the month `window` for a plan's counters: nothing used yet, the reservations still
     * open carried over. Applied only if the counters are still as read (`from`, `reserved`): a
     * concurrent start or reservation makes the caller read again.
     */
    async startPeriod(id: string, from: Date | null, reserved: number, window: { start: Date; end: Date }): Promise<UserRecord | null> {
      return toRecord(
        await Users.findOneAndUpdate(
          { ...byId(id), periodStart: from, periodPostsReserved: reserved },
          { $set: { periodStart: window.start, periodEnd: window.end, periodPostsUsed: 0, periodSlotsTaken: reserved } },
          after,
        ).lean(),
      );
    },

    /**
     * Takes one of the month's posts if fewer than `limit` are used or reserved (no limit: always),
     * in one conditional single-document update, like the trial's.
     */
    async reservePeriodPost(id: string, periodStart: Date, key: string, expiresAt: Date, limit: number | null): Promise<UserRecord | null> {
      return toRecord(
        await Users.findOneAndUpdate(
          { ...byId(id), periodStart, ...(limit === null ? {} : { periodSlotsTaken: { $lt: limit } }) },
          { $inc: { periodSlotsTaken: 1, periodPostsReserved: 1 }, $set: { [reservationPath(key, 'periodReservations')]: expiresAt } },
          after,
        ).lean(),
      );
    },

    async commitPeriodReservation(id: string, key: string): Promise<UserRecord | null> {
      const p = reservationPath(key, 'periodReservations');
      return toRecord(
        await Users.findOneAndUpdate(
          { ...byId(id), [p]: { $exists: true } },
          { $inc: { periodPostsUsed: 1, periodPostsReserved: -1 }, $unset: { [p]: '' } },
          after,
        ).lean(),
      );
    },

    async releasePeriodReservation(id: string, key: string): Promise<UserRecord | null> {
      const p = reservationPath(key, 'periodReservations');
      return toRecord(
        await Users.findOneAndUpdate(
          { ...byId(id), [p]: { $exists: true } },
          { $inc: { periodSlotsTaken: -1, periodPostsReserved: -1 }, $unset: { [p]: '' } },
          after,
        ).lean(),
      );
    },

    /** Uses one of the month's posts without a reservation, if one is free (a commit that came after its reservation expired). */
    async usePeriodPostIfFree(id: string, periodStart: Date, limit: number | null): Promise<UserRecord | null> {
      return toRecord(
        await Users.findOneAndUpdate(
          { ...byId(id), periodStart, ...(limit === null ? {} : { periodSlotsTaken: { $lt: limit } }) },
          { $inc: { periodSlotsTaken: 1, periodPostsUsed: 1 } },
          after,
        ).lean(),
      );
    },

    /**
     * Applies LinkedIn state unless a newer LinkedIn event was applied already (events may
     * arrive out of order after retries).
     */
    async applyLinkedinState(
      id: string,
      patch: { linkedinConnected?: boolean; profilePicture?: string | null },
      occurredAt: Date,
    ): Promise<UserRecord | null> {
      if (!isUserId(id)) return null;
      return toRecord(
        await Users.findOneAndUpdate(
          { ...byId(id), $or: [{ linkedinSyncedAt: null }, { linkedinSyncedAt: { $lte: occurredAt } }] },
          { $set: { ...patch, linkedinSyncedAt: occurredAt } },
          after,
        ).lean(),
      );
    },
  };
}
