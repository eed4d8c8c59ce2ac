/**
 * A MongoDB wire-protocol proxy that runs write commands one at a time.
 *
 * FerretDB v1 (both its SQLite and PostgreSQL handlers) executes an update as "find, then
 * replace by _id" with no compare-and-set, so two concurrent conditional updates can both
 * win where MongoDB allows one. Running
 * writes one at a time restores MongoDB's single-document atomicity for conditional
 * findOneAndUpdate, $inc and friends, which is what the services are written for. Reads
 * pass through concurrently. Real MongoDB deployments do not use this proxy.
 *
 * One lock per database: a database is its own SQLite file in FerretDB and every write
 * command names one database (`$db`), so the services (each with its own database) do not
 * wait for each other's writes; a command whose database cannot be read takes a shared lock.
 */
import net from 'node:net';

const OP_MSG = 2013;
const MORE_TO_COME = 1 << 1;
const WRITE_COMMANDS = new Set(['insert', 'update', 'delete', 'findandmodify', 'createindexes', 'dropindexes', 'drop', 'dropdatabase', 'create']);
const LOCK_TIMEOUT_MS = 30_000;

/** The command name of an OP_MSG request: the first key of its body (section kind 0). */
export function commandName(frame: Buffer): string | null {
  if (frame.length < 21 || frame.readInt32LE(12) !== OP_MSG) return null;
  let offset = 20; // header (16) + flagBits (4)
  while (offset < frame.length) {
    const kind = frame[offset];
    if (kind === 0) {
      const nameStart = offset + 1 + 4 + 1; // kind, document size, element type
      const nameEnd = frame.indexOf(0, nameStart);
      return nameEnd > nameStart ? frame.toString('utf8', nameStart, nameEnd) : null;
    }
    if (kind === 1) {
      offset += 1 + frame.readInt32LE(offset + 1);
      continue;
    }
    return null;
  }
  return null;
}

const BSON_STRING = 0x02;
/** sizes of the fixed-width BSON element types; the others carry their length */
const FIXED: Record<number, number> = { 0x01: 8, 0x07: 12, 0x08: 1, 0x09: 8, 0x0a: 0, 0x10: 4, 0x11: 8, 0x12: 8, 0x13: 16, 0x06: 0, 0x7f: 0, 0xff: 0 };

/** The `$db` of an OP_MSG request (a top-level field of its body), or null. */
export function commandDatabase(frame: Buffer): string | null {
  if (frame.length < 21 || frame.readInt32LE(12) !== OP_MSG || frame[20] !== 0) return null;
  const start = 21;
  if (start + 4 > frame.length) return null;
  const end = Math.min(frame.length, start + frame.readInt32LE(start)) - 1;
  let offset = start + 4;
  try {
    while (offset < end) {
      const type = frame[offset];
      const nameEnd = frame.indexOf(0, offset + 1);
      if (nameEnd < 0 || nameEnd >= end) return null;
      const name = frame.toString('utf8', offset + 1, nameEnd);
      offset = nameEnd + 1;
      if (type === BSON_STRING) {
        const length = frame.readInt32LE(offset);
        if (name === '$db') return frame.toString('utf8', offset + 4, offset + 4 + length - 1);
        offset += 4 + length;
      } else if (type === 0x03 || type === 0x04 || type === 0x0f) {
        offset += frame.readInt32LE(offset);
      } else if (type === 0x05) {
        offset += 4 + 1 + frame.readInt32LE(offset);
      } else if (type === 0x0b) {
        offset = frame.indexOf(0, frame.indexOf(0, offset) + 1) + 1;
      } else if (type === 0x0d || type === 0x0e) {
        offset += 4 + frame.readInt32LE(offset);
      } else if (type === 0x0c) {
        offset += 4 + frame.readInt32LE(offset) + 12;
      } else if (type in FIXED) {
        offset += FIXED[type];
      } else {
        return null;
      }
    }
  } catch {
    return null;
  }
  return null;
}

class Mutex {
  private tail: Promise<void> = Promise.resolve();
  acquire(): Promise<() => void> {
    let release!: () => void;
    const next = new Promise<void>((resolve) => (release = resolve));
    const ready = this.tail.then(() => release);
    this.tail = this.tail.then(() => next);
    return ready;
  }
}

/** Splits a byte stream into whole wire-protocol messages (length-prefixed). */
function framer(onFrame: (frame: Buffer) => void) {
  let pending: Buffer = Buffer.alloc(0);
  return (chunk: Buffer) => {
    pending = pending.length ? Buffer.concat([pending, chunk]) : chunk;
    while (pending.length >= 4) {
      const length = pending.readInt32LE(0);
      if (pending.length < length) break;
      onFrame(pending.subarray(0, length));
      pending = pending.subarray(length);
    }
  };
}

export function startWriteSerializer(options: { listenHost: string; listenPort: number; upstreamHost: string; upstreamPort: number }): Promise<net.Server> {
  const locks = new Map<string, Mutex>();
  const lockFor = (db: string | null) => {
    const key = db ?? '';
    let lock = locks.get(key);
    if (!lock) locks.set(key, (lock = new Mutex()));
    return lock;
  };
  const server = net.createServer((client) => {
    const upstream = net.connect(options.upstreamPort, options.upstreamHost);
    client.setNoDelay(true);
    upstream.setNoDelay(true);
    let chain: Promise<void> = Promise.resolve();
    let waiting: { requestId: number; release: () => void; timer: NodeJS.Timeout } | null = null;
    const releaseWaiting = () => {
      if (!waiting) return;
      clearTimeout(waiting.timer);
      waiting.release();
      waiting = null;
    };

    client.on(
      'data',
      framer((frame) => {
        const copy = Buffer.from(frame);
        chain = chain.then(async () => {
          const name = commandName(copy)?.toLowerCase();
          if (!name || !WRITE_COMMANDS.has(name)) {
            upstream.write(copy);
            return;
          }
          const release = await lockFor(commandDatabase(copy)).acquire();
          if (upstream.destroyed) return release();
          const moreToCome = (copy.readUInt32LE(16) & MORE_TO_COME) !== 0;
          if (moreToCome) {
            upstream.write(copy);
            return release();
          }
          // the lock is held until the reply to this request comes back
          await new Promise<void>((resolve) => {
            waiting = {
              requestId: copy.readInt32LE(4),
              release: () => {
                release();
                resolve();
              },
              timer: setTimeout(releaseWaiting, LOCK_TIMEOUT_MS),
            };
            upstream.write(copy);
          });
        });
      }),
    );
    upstream.on(
      'data',
      framer((frame) => {
        client.write(Buffer.from(frame));
        if (waiting && frame.readInt32LE(8) === waiting.requestId) releaseWaiting();
      }),
    );
    const close = () => {
      releaseWaiting();
      client.destroy();
      upstream.destroy();
    };
    client.on('close', close).on('error', close);
    upstream.on('close', close).on('error', close);
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.listenPort, options.listenHost, () => resolve(server));
  });
}
