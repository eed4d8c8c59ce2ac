import { Schema, type Connection, type Model } from 'mongoose';

export interface ConnectionRecord {
  userId: string;
  /** the member's OpenID `sub` */
  memberId: string;
  memberUrn: string;
  scopes: string[];
  /** AES-256-GCM ciphertexts (lib/token-cipher), never the tokens themselves */
  accessToken: string;
  refreshToken: string | null;
  /** id of the key that sealed the tokens, for rotation */
  keyId: string;
  accessTokenExpiresAt: Date;
  refreshTokenExpiresAt: Date | null;
  status: 'active' | 'expired';
  profile: {
    firstName: string | null;
    lastName: string | null;
    headline: string | null;
    publicProfileUrl: string | null;
    picture: string | null;
  };
  /** whether post analytics can be read, and in plain words why not */
  engagement: { available: boolean; reason: string | null };
  connectedAt: Date;
  /**
   * When the next email about this grant's end falls due (a week before, then at the end); null
   * once both are dealt with. Every write that gives the grant a new end plans them afresh.
   */
  expiryNoticeAt: Date | null;
  updatedAt: Date;
}

const connectionSchema = new Schema<ConnectionRecord>(
  {
    userId: { type: String, required: true },
    memberId: { type: String, required: true },
    memberUrn: { type: String, required: true },
    scopes: { type: [String], default: [] },
    accessToken: { type: String, required: true },
    refreshToken: { type: String, default: null },
    keyId: { type: String, required: true },
    accessTokenExpiresAt: { type: Date, required: true },
    refreshTokenExpiresAt: { type: Date, default: null },
    status: { type: String, enum: ['active', 'expired'], default: 'active' },
    profile: {
      firstName: { type: String, default: null },
      lastName: { type: String, default: null },
      headline: { type: String, default: null },
      publicProfileUrl: { type: String, default: null },
      picture: { type: String, default: null },
    },
    engagement: {
      available: { type: Boolean, default: false },
      reason: { type: String, default: null },
    },
    connectedAt: { type: Date, required: true },
    expiryNoticeAt: { type: Date, default: null },
  },
  { collection: 'connections', timestamps: { createdAt: false, updatedAt: true }, versionKey: false },
);
connectionSchema.index({ userId: 1 }, { unique: true });
connectionSchema.index({ status: 1 });
// the expiry emails' sweep reads the due ones as one range of it
connectionSchema.index({ expiryNoticeAt: 1 });

export function connectionModel(conn: Connection): Model<ConnectionRecord> {
  return (conn.models.LinkedinConnection as Model<ConnectionRecord>) ?? conn.model<ConnectionRecord>('LinkedinConnection', connectionSchema);
}
