import { createHash, randomBytes } from 'node:crypto';
import { Schema, type Connection, type Model } from 'mongoose';

export type AccountTokenPurpose = 'verify-email' | 'reset-password';

interface AccountTokenDocument {
  /** sha256 of the token: the token itself is only ever in the email */
  hash: string;
  userId: string;
  purpose: AccountTokenPurpose;
  expiresAt: Date;
  usedAt: Date | null;
}

const accountTokenSchema = new Schema<AccountTokenDocument>(
  {
    hash: { type: String, required: true },
    userId: { type: String, required: true },
    purpose: { type: String, enum: ['verify-email', 'reset-password'], required: true },
    expiresAt: { type: Date, required: true },
    usedAt: { type: Date, default: null },
  },
  { collection: 'account_tokens', timestamps: { createdAt: true, updatedAt: false }, versionKey: false },
);
accountTokenSchema.index({ hash: 1 }, { unique: true });
accountTokenSchema.index({ userId: 1, purpose: 1 });

function accountTokenModel(conn: Connection): Model<AccountTokenDocument> {
  return (conn.models.AccountToken as Model<AccountTokenDocument>) ?? conn.model<AccountTokenDocument>('AccountToken', accountTokenSchema);
}

const hashOf = (token: string) => createHash('sha256').update(token).digest('hex');

export type AccountTokenRepository = ReturnType<typeof accountTokenRepository>;

/** Single-use links (email verification, password reset): stored hashed, each with its expiry. */
export function accountTokenRepository(conn: Connection) {
  const Tokens = accountTokenModel(conn);
  return {
    async init(): Promise<void> {
      await Tokens.init();
    },

    /**
     * A new token for the user; the earlier ones of the same purpose stop working (only the newest
     * email's link counts, also when two are asked for at once: each spends those made before it).
     */
    async issue(userId: string, purpose: AccountTokenPurpose, expiresAt: Date, now: Date): Promise<string> {
      const token = randomBytes(32).toString('base64url');
      const created = await Tokens.create({ hash: hashOf(token), userId, purpose, expiresAt, usedAt: null });
      await Tokens.updateMany({ userId, purpose, usedAt: null, _id: { $lt: created._id } }, { $set: { usedAt: now } });
      return token;
    },

    /** Forgets the tokens that can no longer be used: spent or expired a day ago. */
    async purge(now: Date): Promise<number> {
      const before = new Date(now.getTime() - 24 * 3_600_000);
      const removed = await Tokens.deleteMany({ expiresAt: { $lt: before } });
      return removed.deletedCount ?? 0;
    },

    /** Spends the token: the user it was for, or null when it is unknown, of another purpose, used or expired. One caller wins. */
    async consume(token: string, purpose: AccountTokenPurpose, now: Date): Promise<string | null> {
      const spent = await Tokens.findOneAndUpdate({ hash: hashOf(token), purpose, usedAt: null, expiresAt: { $gt: now } }, { $set: { usedAt: now } }).lean();
      return spent ? spent.userId : null;
    },
  };
}
