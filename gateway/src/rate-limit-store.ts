import type { ClientRateLimitInfo, Options, Store } from 'express-rate-limit';
import type { Redis } from '@postwright/platform';

/**
 * Adds a batch of hits to a fixed window that starts with its first hit (the window rule of
 * rate-limit-redis, whose keys this keeps): returns the window's total and its time left.
 */
const ADD_HITS = `
local ttl = redis.call('PTTL', KEYS[1])
if ttl <= 0 then
  local hits = math.max(tonumber(ARGV[1]), 0)
  redis.call('SET', KEYS[1], hits, 'PX', ARGV[2])
  return { hits, tonumber(ARGV[2]) }
end
return { redis.call('INCRBY', KEYS[1], ARGV[1]), ttl }
`;

interface Counter {
  /** hits Redis knows of that were not counted here (other replicas, an earlier run), as of the last sync */
  base: number;
  /** hits counted here in this window */
  local: number;
  /** how many of `local` Redis has */
  sent: number;
  resetAt: number;
  resetTime: Date;
  /** until the window's first sync: the requests that arrive before it wait for it */
  ready: Promise<void> | null;
  synced: (() => void) | null;
}

export interface BatchedRedisStore extends Store {
  /** Sends the hits not yet in Redis and stops syncing; for shutdown. */
  close(): Promise<void>;
}

/**
 * An express-rate-limit store that counts in this process and keeps Redis, shared by every gateway
 * replica, up to date in batches, so a request costs no Redis round trip.
 *
 * - The first request of a user's window waits for one round trip, so after a restart or on a
 *   replica that has not seen the user yet, the count starts from Redis's, not from zero.
 * - After that, hits are counted here and sent `syncMs` after the first unsent one (one pipelined
 *   call for all users), or at once when a user has `limit / 20` unsent hits; each sync brings
 *   back the window's total, so what the other replicas counted too.
 * - With one gateway the count is exact. With N replicas, a replica decides on a total that can
 *   miss what the others counted since its last sync and have not sent yet; each side of that is
 *   under min(limit / 20, a replica's hits in `syncMs`), so a user can get past the limit by at
 *   most 2 x (N - 1) x that in a window: 10 % of the limit per extra replica at worst, and with a
 *   client at a human pace (a few requests a second) one or two requests.
 * - If Redis is down, the limit still holds per replica, and the hits are sent when it is back.
 *   A window's first request waits for Redis at most `firstSyncWaitMs`: a Redis that refuses, or
 *   takes connections and never answers, must not hold requests until its client gives up.
 */
export function batchedRedisStore(redis: Redis, options: { prefix: string; limit: number; syncMs?: number; firstSyncWaitMs?: number }): BatchedRedisStore {
  const syncMs = options.syncMs ?? 100;
  const firstSyncWaitMs = options.firstSyncWaitMs ?? 250;
  const batch = Math.max(1, Math.floor(options.limit / 20));
  redis.defineCommand('gatewayAddHits', { numberOfKeys: 1, lua: ADD_HITS });
  let windowMs = 60_000;
  const counters = new Map<string, Counter>();
  const dirty = new Set<string>();
  let timer: NodeJS.Timeout | null = null;
  let immediate = false;
  let urgent = false;
  let inFlight: Promise<void> | null = null;
  let closed = false;

  const sweep = setInterval(() => {
    const now = Date.now();
    for (const [key, c] of counters) if (now >= c.resetAt && !dirty.has(key)) counters.delete(key);
  }, 60_000);
  sweep.unref();

  /** One sync at a time, so `sent` needs no bookkeeping per sync; the one in flight schedules the next. */
  function schedule(now: boolean): void {
    if (closed) return;
    if (inFlight) {
      urgent ||= now;
    } else if (now && !immediate) {
      immediate = true;
      setImmediate(run);
    } else if (!timer && !immediate) {
      timer = setTimeout(run, syncMs);
      timer.unref();
    }
  }

  function run(): void {
    immediate = false;
    if (timer) clearTimeout(timer);
    timer = null;
    if (inFlight || !dirty.size) return;
    inFlight = sync().finally(() => {
      inFlight = null;
      const now = urgent;
      urgent = false;
      if (dirty.size) schedule(now);
    });
  }

  async function sync(): Promise<void> {
    const items: Array<{ key: string; c: Counter; delta: number; upTo: number }> = [];
    const pipeline = redis.pipeline() as ReturnType<Redis['pipeline']> & { gatewayAddHits(key: string, hits: number, ms: number): void };
    for (const key of dirty) {
      const c = counters.get(key);
      if (!c) continue;
      const delta = c.local - c.sent;
      items.push({ key, c, delta, upTo: c.local });
      c.sent = c.local;
      pipeline.gatewayAddHits(options.prefix + key, delta, windowMs);
    }
    dirty.clear();
    let results: Array<[Error | null, unknown]> | null;
    try {
      results = await pipeline.exec();
    } catch {
      results = null;
    }
    const now = Date.now();
    items.forEach(({ key, c, delta, upTo }, i) => {
      const [err, reply] = results?.[i] ?? [new Error('no reply'), null];
      if (err || !Array.isArray(reply)) {
        // sent again next time; meanwhile the limit holds for this replica's own hits
        c.sent -= delta;
        if (counters.get(key) === c) dirty.add(key);
      } else {
        c.base = Number(reply[0]) - upTo;
        c.resetAt = now + Number(reply[1]);
        c.resetTime = new Date(c.resetAt);
      }
      c.synced?.();
      c.synced = null;
      c.ready = null;
    });
  }

  const info = (c: Counter, mine: number): ClientRateLimitInfo => ({ totalHits: c.base + mine, resetTime: c.resetTime });

  return {
    prefix: options.prefix,
    localKeys: false,
    init(opts: Options) {
      windowMs = opts.windowMs;
    },
    increment(key) {
      const now = Date.now();
      let c = counters.get(key);
      if (!c || now >= c.resetAt) {
        // a new window (hits of the old one still unsent are dropped with it)
        const fresh: Counter = { base: 0, local: 0, sent: 0, resetAt: now + windowMs, resetTime: new Date(now + windowMs), ready: null, synced: null };
        fresh.ready = new Promise<void>((resolve) => (fresh.synced = resolve));
        counters.set(key, fresh);
        c = fresh;
      }
      const counter = c;
      const mine = ++counter.local;
      dirty.add(key);
      if (counter.ready && !closed) {
        schedule(true);
        const ready = counter.ready;
        return new Promise<ClientRateLimitInfo>((resolve) => {
          const gaveUp = setTimeout(() => {
            // decided on this replica's count; the hits still go to Redis whenever it answers
            if (counter.ready === ready) counter.ready = null;
            resolve(info(counter, mine));
          }, firstSyncWaitMs);
          void ready.then(() => {
            clearTimeout(gaveUp);
            resolve(info(counter, mine));
          });
        });
      }
      schedule(counter.local - counter.sent >= batch);
      return info(counter, mine);
    },
    decrement(key) {
      const c = counters.get(key);
      if (!c) return;
      c.local -= 1;
      dirty.add(key);
      schedule(false);
    },
    async resetKey(key) {
      counters.delete(key);
      dirty.delete(key);
      await redis.del(options.prefix + key);
    },
    get(key) {
      const c = counters.get(key);
      return c && Date.now() < c.resetAt ? info(c, c.local) : undefined;
    },
    async close() {
      closed = true;
      clearInterval(sweep);
      if (inFlight) await inFlight;
      run();
      if (inFlight) await inFlight;
      if (timer) clearTimeout(timer);
    },
  };
}
