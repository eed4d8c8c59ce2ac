import { Types, type Connection } from 'mongoose';
import type { User, UserRole } from '@postwright/contracts';
import { userModel } from './user.model';

/** A stored user as plain data. `toPublicUser` turns it into the contract shape. */
export interface UserRecord {
  id: string;
  email: string;
  passwordHash: string;
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
export function toPublicUser(u: UserRecord): User {
  return {
    id: u.id,
    email: u.email,
    firstName: u.firstName,
    lastName: u.lastName,
    profilePicture: u.profilePicture,
    linkedinConnected: u.linkedinConnected,
    subscriptionStatus: u.subscriptionStatus,
    subscriptionTier: u.subscriptionTier,
    trialPostsUsed: u.trialPostsUsed,
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

function toRecord(doc: any): UserRecord | null {
  if (!doc) return null;
  const reservations: Record<string, Date> = {};
  for (const [key, value] of Object.entries(doc.trialReservations ?? {})) reservations[key] = new Date(value as string | Date);
  return {
    id: String(doc._id),
    email: doc.email,
    passwordHash: doc.passwordHash,
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
    trialReservations: reservations,
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
  const reservationPath = (key: string) => {
    if (!RESERVATION_KEY.test(key)) throw new Error('invalid reservation key');
    return `trialReservations.${key}`;
  };

  return {
    async init(): Promise<void> {
      await Users.init();
    },

    async create(input: { email: string; passwordHash: string; firstName: string; lastName: string }): Promise<UserRecord> {
      try {
        const doc = await Users.create(input);
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

    async findWithOpenReservations(limit: number): Promise<Array<{ id: string; reservations: Record<string, Date> }>> {
      const docs = await Users.find({ trialPostsReserved: { $gt: 0 } }, { trialReservations: 1 }).limit(limit).lean();
      return docs.map((d) => ({ id: String(d._id), reservations: toRecord({ ...d, createdAt: new Date(0) })!.trialReservations }));
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
