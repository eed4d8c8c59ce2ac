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

/** a document of any shape, keyed by a readable string */
interface Narrowed {
  _id: string;
  [field: string]: unknown;
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

  /**
   * The embedded server narrows some filters in SQLite before its handler filters again
   * (platform/scripts/ferretdb/*.patch): a narrowing that dropped a matching document would lose
   * it silently. Each filter against what MongoDB answers, over dates on both sides of the
   * 13-digit milliseconds, arrays, null and missing fields, other types, quotes and escapes; any
   * later pushdown must keep these.
   */
  describe('filters the embedded server may narrow before filtering', () => {
    const day = (iso: string) => new Date(`${iso}T00:00:00Z`);
    const docs: Narrowed[] = [
      { _id: 'now', tag: 'x', at: day('2026-11-27'), flag: true },
      { _id: 'arrays', tag: ['y', 'x'], at: [day('1999-01-01'), day('2030-01-01')] },
      { _id: 'before-2001', tag: 'y', at: day('1999-06-01'), flag: false },
      { _id: 'before-1970', tag: 'z', at: new Date(-86_400_000) },
      { _id: 'after-2286', tag: 'quo"te', at: day('2400-01-01') },
      { _id: 'nulls', tag: null, at: null },
      { _id: 'missing' },
      { _id: 'other-types', tag: 1, at: '2026-01-01', flag: 'true' },
      { _id: 'nested', tag: 'back\\slash', at: day('2026-06-01'), nested: { k: 1 } },
    ];
    const ids = async (filter: Record<string, unknown>) => (await conn.db!.collection('narrowed').find(filter).toArray()).map((d) => String(d._id)).sort();

    beforeAll(async () => {
      const collection = conn.db!.collection<Narrowed>('narrowed');
      await collection.createIndex({ tag: 1, at: 1 });
      await collection.insertMany(docs);
    });

    test.each([
      ['a date at or before', { at: { $lte: day('2026-11-27') } }, ['arrays', 'before-1970', 'before-2001', 'nested', 'now']],
      ['a date before', { at: { $lt: day('2026-11-27') } }, ['arrays', 'before-1970', 'before-2001', 'nested']],
      ['a date after', { at: { $gt: day('2026-11-27') } }, ['after-2286', 'arrays']],
      ['a date at or after', { at: { $gte: day('2026-11-27') } }, ['after-2286', 'arrays', 'now']],
      ['a date range', { at: { $gte: day('1999-01-01'), $lt: day('2027-01-01') } }, ['arrays', 'before-2001', 'nested', 'now']],
      ['a string', { tag: 'x' }, ['arrays', 'now']],
      ['a string with a quote', { tag: 'quo"te' }, ['after-2286']],
      ['a string with an escape', { tag: 'back\\slash' }, ['nested']],
      ['$eq', { tag: { $eq: 'y' } }, ['arrays', 'before-2001']],
      ['$in of strings', { tag: { $in: ['y', 'z'] } }, ['arrays', 'before-1970', 'before-2001']],
      ['$in with null', { tag: { $in: ['z', null] } }, ['before-1970', 'missing', 'nulls']],
      ['a boolean', { flag: true }, ['now']],
      ['false', { flag: false }, ['before-2001']],
      ['$or of narrowing branches', { $or: [{ tag: { $in: ['x'] }, at: { $lte: day('2026-12-01') } }, { flag: false }] }, ['arrays', 'before-2001', 'now']],
      ['$or with a branch that cannot narrow', { $or: [{ tag: 'z' }, { 'nested.k': 1 }] }, ['before-1970', 'nested']],
      ['$or with an operator left to the handler', { $or: [{ tag: 'z' }, { at: { $exists: false } }] }, ['before-1970', 'missing']],
      ['$and', { $and: [{ tag: 'x' }, { at: { $gte: day('2027-01-01') } }] }, ['arrays']],
      ['an embedded document', { nested: { k: 1 } }, ['nested']],
      ['a date not null', { at: { $ne: null } }, ['after-2286', 'arrays', 'before-1970', 'before-2001', 'nested', 'now', 'other-types']],
      ['a date not null and before', { at: { $ne: null, $lt: day('2026-11-27') } }, ['arrays', 'before-1970', 'before-2001', 'nested']],
      ['a date at or before with a string beside', { tag: 'y', at: { $lte: day('1999-06-01') } }, ['arrays', 'before-2001']],
      ['$in with an escape', { tag: { $in: ['x', 'back\\slash'] } }, ['arrays', 'nested', 'now']],
      ['a boolean written as a string', { flag: 'true' }, ['other-types']],
      ['an indexed $in with an $or beside', { tag: { $in: ['x', 'y'] }, $or: [{ flag: false }, { at: { $gte: day('2029-01-01') } }] }, ['arrays', 'before-2001']],
      ['$or of $in and a boolean', { $or: [{ tag: 'z', at: { $lte: day('2026-01-01') } }, { tag: { $in: ['x', 'y'] }, flag: false }] }, ['before-1970', 'before-2001']],
    ])('when a find asks for %s, then every matching document comes back', async (_name, filter, expected) => {
      expect(await ids(filter)).toEqual(expected);
    });

    test('when updates and deletes have narrowed filters, then they reach every matching document', async () => {
      const collection = conn.db!.collection<Narrowed>('narrowed');
      const updated = await collection.updateMany({ at: { $lt: day('2002-01-01') } }, { $set: { old: true } });
      expect(updated.modifiedCount).toBe(3);
      expect(await ids({ old: true })).toEqual(['arrays', 'before-1970', 'before-2001']);
      expect(await collection.countDocuments({ $or: [{ tag: 'x' }, { flag: false }] })).toBe(3);
      const deleted = await collection.deleteMany({ tag: { $in: ['y', 'z'] }, at: { $gt: day('1999-03-01') } });
      expect(deleted.deletedCount).toBe(2);
      expect(await ids({ tag: { $in: ['y', 'z'] } })).toEqual(['before-1970']);
    });
  });
});
