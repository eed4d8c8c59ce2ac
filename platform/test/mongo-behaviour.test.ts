/**
 * The guarantees the services rely on, checked on the server the tests run against
 * (the embedded FerretDB here, real MongoDB in Docker setups).
 */
import { Schema, type Connection, type Model } from 'mongoose';
import { connectMongo } from '../src';
import { cleanupNamespace, testNamespace } from '../src/testing';

interface Thing {
  key: string;
  owner: string;
  status: 'draft' | 'scheduled' | 'published';
  version: number;
  counter: number;
  createdAt: Date;
}

describe('mongoose on the MongoDB-compatible server', () => {
  const ns = testNamespace();
  let conn: Connection;
  let Things: Model<Thing>;

  beforeAll(async () => {
    conn = await connectMongo(process.env.MONGO_URL!, `${ns}behaviour`);
    const schema = new Schema<Thing>({
      key: { type: String, required: true, unique: true },
      owner: { type: String, required: true, index: true },
      status: { type: String, required: true },
      version: { type: Number, default: 0 },
      counter: { type: Number, default: 0 },
      createdAt: { type: Date, default: () => new Date() },
    });
    schema.index({ owner: 1, createdAt: -1 });
    Things = conn.model<Thing>('Thing', schema);
    await Things.init();
  });
  afterAll(async () => {
    await conn?.close();
    await cleanupNamespace(ns, ['behaviour']);
  });

  test('when a unique key is inserted twice, then the second insert fails with code 11000', async () => {
    await Things.create({ key: 'dup', owner: 'a', status: 'draft' });
    await expect(Things.create({ key: 'dup', owner: 'b', status: 'draft' })).rejects.toMatchObject({ code: 11000 });
    expect(await Things.countDocuments({ key: 'dup' })).toBe(1);
  });

  test('when findOneAndUpdate has conditions, then only a matching document changes, atomically', async () => {
    await Things.create({ key: 'cond', owner: 'a', status: 'draft' });
    const wrongOwner = await Things.findOneAndUpdate({ key: 'cond', owner: 'b', status: 'draft' }, { $set: { status: 'scheduled' } }, { returnDocument: 'after' }).lean();
    expect(wrongOwner).toBeNull();
    const racers = await Promise.all(
      Array.from({ length: 10 }, () =>
        Things.findOneAndUpdate({ key: 'cond', status: 'draft', version: 0 }, { $set: { status: 'scheduled' }, $inc: { version: 1 } }, { returnDocument: 'after' }).lean(),
      ),
    );
    expect(racers.filter(Boolean)).toHaveLength(1);
    expect(await Things.findOne({ key: 'cond' }).lean()).toMatchObject({ status: 'scheduled', version: 1 });
  });

  test('when $inc runs concurrently with a guard, then the counter never passes the limit', async () => {
    await Things.create({ key: 'quota', owner: 'a', status: 'draft' });
    const results = await Promise.all(
      Array.from({ length: 10 }, () => Things.findOneAndUpdate({ key: 'quota', counter: { $lt: 3 } }, { $inc: { counter: 1 } }, { returnDocument: 'after' }).lean()),
    );
    expect(results.filter(Boolean)).toHaveLength(3);
    expect((await Things.findOne({ key: 'quota' }).lean())!.counter).toBe(3);
  });

  test('when sorting and paging, then pages are ordered, disjoint and complete', async () => {
    const base = Date.UTC(2026, 0, 1);
    await Things.insertMany(Array.from({ length: 25 }, (_, i) => ({ key: `page-${i}`, owner: 'pager', status: 'draft', createdAt: new Date(base + i * 1000) })));
    const page = (n: number) => Things.find({ owner: 'pager' }).sort({ createdAt: -1 }).skip((n - 1) * 10).limit(10).lean();
    const [p1, p2, p3] = await Promise.all([page(1), page(2), page(3)]);
    expect(p1.map((t) => t.key)).toEqual(Array.from({ length: 10 }, (_, i) => `page-${24 - i}`));
    expect(p3).toHaveLength(5);
    const keys = new Set([...p1, ...p2, ...p3].map((t) => t.key));
    expect(keys.size).toBe(25);
    expect(await Things.countDocuments({ owner: 'pager' })).toBe(25);
  });
});
