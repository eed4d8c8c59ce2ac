import { MongoClient } from 'mongodb';
import { ConnectionRepository, RECENT_CONNECTION_MS } from '../src/modules/connection/connection.repository';
import { startStack, type Stack } from './support/stack';

/**
 * A burst of one member's scheduled posts reads the member's connection about once a second
 * (findRecent), not once a post. What it may answer from the last read, and what it
 * must read afresh.
 */
describe('a scheduled publish reuses a connection read less than a second ago', () => {
  const s = {} as { stack: Stack; mongo: MongoClient };
  let clock = 0;
  const repo = () => new ConnectionRepository(s.stack.linkedin.ctx.mongo, () => clock);
  const connections = () => s.mongo.db(`${s.stack.ns}postwright_linkedin`).collection('connections');
  const connected = async () => {
    const user = await s.stack.user();
    expect((await s.stack.connect(user)).status).toBe(200);
    return user;
  };

  beforeAll(async () => {
    s.stack = await startStack();
    s.mongo = await MongoClient.connect(process.env.MONGO_URL!);
  });
  afterAll(async () => {
    await s.mongo?.close();
    await s.stack?.stop();
  });
  beforeEach(() => {
    clock = 1_000_000;
  });

  test('when another process changes the connection, then a read within the second answers the copy and a read after it the stored connection', async () => {
    const user = await connected();
    const connections$ = repo();
    const first = await connections$.findRecent(user.id);
    expect(first?.status).toBe('active');
    await connections().updateOne({ userId: user.id }, { $set: { status: 'expired' } });

    clock += RECENT_CONNECTION_MS - 1;
    expect((await connections$.findRecent(user.id))?.status).toBe('active');
    clock += 1;
    expect((await connections$.findRecent(user.id))?.status).toBe('expired');
  });

  test("when this process writes the member's connection, then the next read is the stored one at once", async () => {
    const user = await connected();
    const connections$ = repo();
    const held = (await connections$.findRecent(user.id))!;
    expect(await connections$.markExpired(user.id, held.accessToken)).toBe(true);
    expect((await connections$.findRecent(user.id))?.status).toBe('expired');

    const other = await connected();
    expect((await connections$.findRecent(other.id))?.status).toBe('active');
    expect(await connections$.delete(other.id)).toBe(true);
    expect(await connections$.findRecent(other.id)).toBeNull();
  });

  test('when the member was not connected or had to reconnect, then nothing is kept: the connection made a moment later is used at once', async () => {
    const user = await s.stack.user();
    const connections$ = repo();
    expect(await connections$.findRecent(user.id)).toBeNull();
    expect((await s.stack.connect(user)).status).toBe(200);
    expect((await connections$.findRecent(user.id))?.status).toBe('active');

    await connections().updateOne({ userId: user.id }, { $set: { status: 'expired' } });
    clock += RECENT_CONNECTION_MS;
    expect((await connections$.findRecent(user.id))?.status).toBe('expired');
    await connections().updateOne({ userId: user.id }, { $set: { status: 'active' } });
    expect((await connections$.findRecent(user.id))?.status).toBe('active');
  });

  test('when several publishes of one member ask at once, then each gets a copy of its own', async () => {
    const user = await connected();
    const connections$ = repo();
    const answers = await Promise.all(Array.from({ length: 5 }, () => connections$.findRecent(user.id)));
    expect(answers.every((c) => c?.status === 'active' && c.userId === user.id)).toBe(true);
    answers[0]!.status = 'expired';
    expect(answers[1]!.status).toBe('active');
    expect((await connections$.findRecent(user.id))?.status).toBe('active');
  });
});
