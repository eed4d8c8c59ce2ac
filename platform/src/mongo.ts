import mongoose, { type Connection } from 'mongoose';
import { redact } from './config';

// lives in config.ts (Redis and the gateway use it without loading mongoose); kept importable from here
export { redact };

/**
 * Opens a dedicated connection (not mongoose's global one) so several services, or several
 * instances of one, can live in one process as tests do. Models are made with conn.model().
 */
export async function connectMongo(url: string, dbName: string): Promise<Connection> {
  const conn = mongoose.createConnection(url, {
    dbName,
    serverSelectionTimeoutMS: 5_000,
    // FerretDB v1 and MongoDB both accept this; autoIndex builds the schema's indexes at start
    autoIndex: true,
  });
  try {
    await conn.asPromise();
  } catch (error) {
    await conn.close().catch(() => undefined);
    throw new Error(
      `Cannot reach MongoDB at ${redact(url)} (MONGO_URL). Is it running, and are the address and credentials right? (npm start: unset MONGO_URL to use the embedded FerretDB)`,
      { cause: error },
    );
  }
  return conn;
}

export async function pingMongo(conn: Connection): Promise<boolean> {
  try {
    if (conn.readyState !== 1 || !conn.db) return false;
    await conn.db.admin().ping();
    return true;
  } catch {
    return false;
  }
}
