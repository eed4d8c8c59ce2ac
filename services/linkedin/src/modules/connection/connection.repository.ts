import type { Connection, Model } from 'mongoose';
import { connectionModel, type ConnectionRecord } from './connection.model';

export type StoredConnection = ConnectionRecord;
export type NewConnection = Omit<ConnectionRecord, 'updatedAt'>;

function plain(doc: (ConnectionRecord & { _id?: unknown }) | null): StoredConnection | null {
  if (!doc) return null;
  const { _id, ...rest } = doc;
  return rest;
}

/** mongoose in, plain objects out. One document per user (unique userId). */
export class ConnectionRepository {
  private readonly model: Model<ConnectionRecord>;

  constructor(conn: Connection) {
    this.model = connectionModel(conn);
  }

  async findByUser(userId: string): Promise<StoredConnection | null> {
    return plain(await this.model.findOne({ userId }).lean<ConnectionRecord>());
  }

  /** A (re)connection replaces whatever was there: new member, tokens and scopes. */
  async save(connection: NewConnection): Promise<StoredConnection> {
    const doc = await this.model
      .findOneAndUpdate({ userId: connection.userId }, { $set: connection }, { upsert: true, returnDocument: 'after' })
      .lean<ConnectionRecord>();
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
    tokens: Pick<ConnectionRecord, 'accessToken' | 'refreshToken' | 'keyId' | 'accessTokenExpiresAt' | 'refreshTokenExpiresAt'>,
  ): Promise<boolean> {
    const result = await this.model.updateOne({ userId, accessToken: previousAccessToken }, { $set: { ...tokens, status: 'active' } });
    return result.matchedCount > 0;
  }

  /**
   * Marks expired the grant whose (sealed) access token was found dead. A member who reconnected
   * meanwhile has another token, and that new grant stays active: false when the dead one is no
   * longer the stored one.
   */
  async markExpired(userId: string, accessToken: string): Promise<boolean> {
    const result = await this.model.updateOne({ userId, accessToken }, { $set: { status: 'expired' } });
    return result.matchedCount > 0;
  }

  async updateProfile(userId: string, profile: ConnectionRecord['profile']): Promise<void> {
    await this.model.updateOne({ userId }, { $set: { profile } });
  }

  async setEngagement(userId: string, engagement: ConnectionRecord['engagement']): Promise<void> {
    await this.model.updateOne({ userId }, { $set: { engagement } });
  }

  async delete(userId: string): Promise<boolean> {
    return (await this.model.deleteOne({ userId })).deletedCount > 0;
  }

  async listActive(): Promise<StoredConnection[]> {
    const docs = await this.model.find({ status: 'active' }).lean<ConnectionRecord[]>();
    return docs.map((d) => plain(d)!);
  }
}
