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

  async updateTokens(
    userId: string,
    tokens: Pick<ConnectionRecord, 'accessToken' | 'refreshToken' | 'keyId' | 'accessTokenExpiresAt' | 'refreshTokenExpiresAt'>,
  ): Promise<void> {
    await this.model.updateOne({ userId }, { $set: { ...tokens, status: 'active' } });
  }

  async markExpired(userId: string): Promise<void> {
    await this.model.updateOne({ userId }, { $set: { status: 'expired' } });
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
