import type { Connection, Model } from 'mongoose';
import { connectionModel, type ConnectionRecord } from './connection.model';

export type StoredConnection = ConnectionRecord;
export type NewConnection = Omit<ConnectionRecord, 'updatedAt'>;

function plain(doc: (ConnectionRecord & { _id?: unknown }) | null): StoredConnection | null {
  if (!doc) return null;
  const { _id, ...rest } = doc;
  return rest;
}

/**
 * How long a scheduled publish may use an active connection read by another one (findRecent): a
 * burst reads each member's connection about once a second instead of once a post.
 */
export const RECENT_CONNECTION_MS = 1_000;
/** past this many members held, the ones read longer than RECENT_CONNECTION_MS ago are dropped */
const RECENT_MAX = 1_000;

interface Recent {
  /** the read under way or done; its value is kept only when active */
  read: Promise<StoredConnection | null>;
  at: number;
}

/** mongoose in, plain objects out. One document per user (unique userId). */
export class ConnectionRepository {
  private readonly model: Model<ConnectionRecord>;
  private readonly recent = new Map<string, Recent>();

  constructor(
    conn: Connection,
    private readonly now: () => number = Date.now,
  ) {
    this.model = connectionModel(conn);
  }

  async findByUser(userId: string): Promise<StoredConnection | null> {
    return plain(await this.model.findOne({ userId }).lean<ConnectionRecord>());
  }

  /**
   * findByUser for a scheduled publish: an active connection read in the last
   * RECENT_CONNECTION_MS (or being read now) is answered again, as a copy. Only active
   * connections are kept, so "not connected" and "expired" are always read afresh (a member who
   * has just connected is never told to connect), and every write of this process forgets the
   * user's. A write by another process (a disconnect, a reconnect) is seen at most
   * RECENT_CONNECTION_MS late: the disconnect revokes the grant at LinkedIn before it deletes the
   * connection, so a publish holding the old copy meets LinkedIn's 401, and LinkedinAccess then
   * reads the stored connection again (expire) and refuses it as a fresh read would.
   */
  async findRecent(userId: string): Promise<StoredConnection | null> {
    const at = this.now();
    let entry = this.recent.get(userId);
    if (!entry || at - entry.at >= RECENT_CONNECTION_MS) {
      const read = this.findByUser(userId);
      const fresh: Recent = { read, at };
      entry = fresh;
      // members not seen for a while leave: the map holds about a second's worth of members
      if (this.recent.size >= RECENT_MAX) for (const [user, e] of this.recent) if (at - e.at >= RECENT_CONNECTION_MS) this.recent.delete(user);
      this.recent.set(userId, fresh);
      // kept only when active (a write of this process removes it meanwhile: forget)
      const drop = () => {
        if (this.recent.get(userId) === fresh) this.recent.delete(userId);
      };
      read.then((connection) => {
        if (connection?.status !== 'active') drop();
      }, drop);
    }
    const connection = await entry.read;
    return connection ? { ...connection } : null;
  }

  /**
   * A write of this process: findRecent forgets the user's connection before it and again once it
   * is stored (a read started in between may have seen the old one).
   */
  private async forget<T>(userId: string, write: () => Promise<T>): Promise<T> {
    this.recent.delete(userId);
    try {
      return await write();
    } finally {
      this.recent.delete(userId);
    }
  }

  /** A (re)connection replaces whatever was there: new member, tokens and scopes. */
  async save(connection: NewConnection): Promise<StoredConnection> {
    const doc = await this.forget(connection.userId, () =>
      this.model.findOneAndUpdate({ userId: connection.userId }, { $set: connection }, { upsert: true, returnDocument: 'after' }).lean<ConnectionRecord>().exec(),
    );
    return plain(doc)!;
  }

  /**
   * Stores new tokens for the grant whose (sealed) access token is `previousAccessToken`. A call
   * that loaded the connection before the member reconnected must not put the old grant back:
   * false when that grant is no longer the stored one.
   */
  async updateTokens(
    userId: string,
    previousAccessToken: string,
    tokens: Pick<ConnectionRecord, 'accessToken' | 'refreshToken' | 'keyId' | 'accessTokenExpiresAt' | 'refreshTokenExpiresAt'> & Partial<Pick<ConnectionRecord, 'expiryNoticeAt'>>,
  ): Promise<boolean> {
    const result = await this.forget(userId, () => this.model.updateOne({ userId, accessToken: previousAccessToken }, { $set: { ...tokens, status: 'active' } }).exec());
    return result.matchedCount > 0;
  }

  /**
   * Marks expired the grant whose (sealed) access token was found dead. A member who reconnected
   * meanwhile has another token, and that new grant stays active: false when the dead one is no
   * longer the stored one.
   */
  async markExpired(userId: string, accessToken: string): Promise<boolean> {
    // ended before its time (LinkedIn refused the token): the email that says so is due now
    const result = await this.forget(userId, () => this.model.updateOne({ userId, accessToken }, { $set: { status: 'expired', expiryNoticeAt: new Date(this.now()) } }).exec());
    return result.matchedCount > 0;
  }

  async updateProfile(userId: string, profile: ConnectionRecord['profile']): Promise<void> {
    await this.forget(userId, () => this.model.updateOne({ userId }, { $set: { profile } }).exec());
  }

  async setEngagement(userId: string, engagement: ConnectionRecord['engagement']): Promise<void> {
    await this.forget(userId, () => this.model.updateOne({ userId }, { $set: { engagement } }).exec());
  }

  async delete(userId: string): Promise<boolean> {
    return (await this.forget(userId, () => this.model.deleteOne({ userId }).exec())).deletedCount > 0;
  }

  /** The connections whose next expiry email is due by `now`, earliest first: one range of the expiryNoticeAt index. */
  async dueExpiryNotices(now: Date, limit: number): Promise<StoredConnection[]> {
    const docs = await this.model.find({ expiryNoticeAt: { $lte: now } }).sort({ expiryNoticeAt: 1 }).limit(limit).lean<ConnectionRecord[]>();
    return docs.map((d) => plain(d)!);
  }

  /** Connections stored before the expiry emails existed: they have no expiryNoticeAt at all. */
  async withoutExpiryNotice(limit: number): Promise<StoredConnection[]> {
    const docs = await this.model.find({ expiryNoticeAt: { $exists: false } }).limit(limit).lean<ConnectionRecord[]>();
    return docs.map((d) => plain(d)!);
  }

  /**
   * Moves the grant's next expiry email from `from` (undefined: never planned) to `to`. False
   * when the grant or its plan changed meanwhile (a reconnect, a refresh, another replica's
   * sweep): the newer plan stands.
   */
  async moveExpiryNotice(userId: string, accessToken: string, from: Date | null | undefined, to: Date | null): Promise<boolean> {
    const planned = from === undefined ? { $exists: false } : from;
    const result = await this.model.updateOne({ userId, accessToken, expiryNoticeAt: planned }, { $set: { expiryNoticeAt: to } }).exec();
    return result.matchedCount > 0;
  }

  async listActive(): Promise<StoredConnection[]> {
    const docs = await this.model.find({ status: 'active' }).lean<ConnectionRecord[]>();
    return docs.map((d) => plain(d)!);
  }
}
