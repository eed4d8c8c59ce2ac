import { mongo } from 'mongoose';
import { commandDatabase, commandName } from '../src/stack/write-serializer';

const { BSON } = mongo;

/** An OP_MSG frame with one body section, as the MongoDB driver sends it. */
function opMsg(body: Record<string, unknown>): Buffer {
  const doc = Buffer.from(BSON.serialize(body));
  const frame = Buffer.alloc(16 + 4 + 1 + doc.length);
  frame.writeInt32LE(frame.length, 0);
  frame.writeInt32LE(7, 4);
  frame.writeInt32LE(0, 8);
  frame.writeInt32LE(2013, 12);
  frame.writeUInt32LE(0, 16);
  frame[20] = 0;
  doc.copy(frame, 21);
  return frame;
}

describe('write serializer frame reading', () => {
  it('reads the command name and its database past every kind of field', () => {
    const frame = opMsg({
      findAndModify: 'schedules',
      query: { _id: 'a', status: { $in: ['pending'] }, at: new Date(), n: 1.5, big: BSON.Long.fromNumber(7), ok: true, none: null },
      update: { $set: { text: 'x'.repeat(300), bin: new BSON.Binary(Buffer.from([1, 2, 3])), id: new BSON.ObjectId(), re: /a+b/i } },
      new: true,
      lsid: { id: new BSON.UUID() },
      $db: 'ns1postwright_scheduler',
    });
    expect(commandName(frame)).toBe('findAndModify');
    expect(commandDatabase(frame)).toBe('ns1postwright_scheduler');
  });

  it('answers null for a frame it cannot read, so the command takes the shared lock', () => {
    expect(commandDatabase(Buffer.alloc(10))).toBeNull();
    const frame = opMsg({ insert: 'x', $db: 'db' });
    expect(commandDatabase(frame.subarray(0, 30))).toBeNull();
    expect(commandDatabase(opMsg({ ping: 1 }))).toBeNull();
  });
});
