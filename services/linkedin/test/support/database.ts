import { MongoClient, type Db } from 'mongodb';
import type { Stack } from './stack';

/**
 * A direct client on the linkedin service's own database, for tests of what it stores (or of
 * time passing, by moving a stored expiry). Opened before the describe's tests, closed after.
 */
export function serviceDatabase(stack: () => Stack): { db(): Db } {
  let mongo: MongoClient | undefined;
  beforeAll(async () => {
    mongo = await MongoClient.connect(process.env.MONGO_URL!);
  });
  afterAll(() => mongo?.close());
  return { db: () => mongo!.db(`${stack().ns}postwright_linkedin`) };
}
