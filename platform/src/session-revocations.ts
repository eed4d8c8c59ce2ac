import { Redis } from 'ioredis';
import type { Logger } from './logger';

/**
 * Sessions ended before their access tokens expire (logout, a replayed refresh token), shared by
 * the auth service, which records them, and the gateway, which refuses their tokens.
 *
 * One sorted set, member = session id (the `sid` claim), score = when the session's last access
 * token expires (epoch ms), so the set only ever holds the sessions ended in the last access-token
 * lifetime; and one channel that announces each revocation as `{ sid, until }`. A reader
 * subscribes first and then loads the set, at start and after every reconnect: a revocation is
 * either in the set when it loads or announced after it subscribed, so none is missed across a
 * Redis outage.
 */
export function revokedSessionNames(namespace: string): { key: string; channel: string } {
  return { key: `${namespace}auth:revoked-sessions`, channel: `${namespace}auth:sessions-revoked` };
}

export interface SessionRevocation {
  sid: string;
  /** epoch ms after which every access token of the session has expired */
  until: number;
}

// One atomic step: keep the later `until` of a session revoked twice, drop what has expired, let
// the key itself expire with its last member, and announce. Lua rather than ZADD GT and
// PEXPIREAT NX/GT, which need Redis 6.2 and 7.0.
const RECORD = `
local current = tonumber(redis.call('ZSCORE', KEYS[1], ARGV[1]))
local untilMs = tonumber(ARGV[2])
if not current or current < untilMs then redis.call('ZADD', KEYS[1], ARGV[2], ARGV[1]) end
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', '(' .. ARGV[3])
local last = redis.call('ZRANGE', KEYS[1], -1, -1, 'WITHSCORES')
if last[2] then redis.call('PEXPIREAT', KEYS[1], last[2]) end
return redis.call('PUBLISH', ARGV[4], ARGV[5])
`;

/** Records a revoked session and announces it to every watcher; answers how many heard it. */
export async function recordRevokedSession(redis: Redis, namespace: string, revocation: SessionRevocation, now = Date.now()): Promise<number> {
  const { key, channel } = revokedSessionNames(namespace);
  const until = Math.ceil(revocation.until);
  const message = JSON.stringify({ sid: revocation.sid, until });
  return Number(await redis.eval(RECORD, 1, key, revocation.sid, String(until), String(now), channel, message));
}

export interface RevokedSessions {
  /** One Map lookup: call it on every request. */
  isRevoked(sid: string): boolean;
  /** Resolves once subscribed and loaded; rejects when that has not happened within `readyTimeoutMs`. */
  readonly ready: Promise<void>;
  close(): Promise<void>;
}

export interface WatchOptions {
  /** default 10 s */
  readyTimeoutMs?: number;
  /** how often entries past their `until` are dropped (default 60 s; lookups drop them too) */
  sweepIntervalMs?: number;
}

const SUBSCRIBER_SUFFIX = 'revoked-sessions-sub';

/** The client name of a watcher's subscriber connection (CLIENT LIST), per namespace. */
export function revokedSessionsClientName(namespace: string): string {
  return `${namespace}${SUBSCRIBER_SUFFIX}`;
}

/**
 * Keeps a local copy of the revoked sessions, current through pub/sub: no Redis round trip on a
 * lookup. Two connections of its own, from `redis` (a URL, or a factory given the client name):
 * one in subscriber mode, one to load the set.
 */
export function watchRevokedSessions(redis: string | ((connectionName: string) => Redis), namespace: string, logger: Logger, options: WatchOptions = {}): RevokedSessions {
  const { key, channel } = revokedSessionNames(namespace);
  const connect = (name: string): Redis =>
    typeof redis === 'string'
      ? new Redis(redis, {
          connectionName: name,
          maxRetriesPerRequest: 1,
          retryStrategy: (attempt) => Math.min(attempt * 200, 2_000),
          // nothing to flush on close: a socket still connecting is not waited for 2 s
          disconnectTimeout: 200,
        })
      : redis(name);
  const subscriber = connect(revokedSessionsClientName(namespace));
  // resubscribed by hand on 'ready' (ioredis reads this option at each reconnect), so that the set
  // is loaded once the subscription is back, never before it
  subscriber.options.autoResubscribe = false;
  const reader = connect(`${namespace}revoked-sessions-load`);
  subscriber.on('error', () => undefined); // reconnects on its own; 'ready' resubscribes and reloads
  reader.on('error', () => undefined);

  const revoked = new Map<string, number>();
  const remember = (sid: string, until: number) => {
    if (until > Date.now() && until > (revoked.get(sid) ?? 0)) revoked.set(sid, until);
  };

  subscriber.on('message', (from: string, text: string) => {
    if (from !== channel) return;
    try {
      const { sid, until } = JSON.parse(text) as Partial<SessionRevocation>;
      if (typeof sid === 'string' && typeof until === 'number') remember(sid, until);
    } catch {
      logger.warn({ channel }, 'ignored a malformed session revocation');
    }
  });

  let closed = false;
  let loads = 0;
  let markReady!: () => void;
  let markFailed!: (error: Error) => void;
  const ready = new Promise<void>((resolve, reject) => {
    markReady = resolve;
    markFailed = reject;
  });
  ready.catch(() => undefined); // the caller awaits it; an unobserved failure must not end the process
  const readyTimer = setTimeout(
    () => markFailed(new Error(`Revoked sessions could not be loaded from Redis within ${options.readyTimeoutMs ?? 10_000} ms`)),
    options.readyTimeoutMs ?? 10_000,
  );
  readyTimer.unref();

  const resync = async () => {
    const load = ++loads;
    for (let attempt = 1; !closed && load === loads; attempt++) {
      try {
        await subscriber.subscribe(channel);
        const entries = await reader.zrangebyscore(key, Date.now(), '+inf', 'WITHSCORES');
        for (let i = 0; i < entries.length; i += 2) remember(entries[i], Number(entries[i + 1]));
        clearTimeout(readyTimer);
        markReady();
        if (load > 1) logger.info({ sessions: revoked.size }, 'revoked sessions reloaded after a reconnect');
        return;
      } catch (err) {
        // a connection that dropped meanwhile starts over on its next 'ready'
        if (closed || load !== loads || subscriber.status !== 'ready') return;
        logger.warn({ err, attempt }, 'revoked sessions could not be loaded; retrying');
        await new Promise((r) => setTimeout(r, Math.min(attempt * 200, 2_000)).unref());
      }
    }
  };
  let connected = false;
  subscriber.on('ready', () => {
    connected = true;
    void resync();
  });
  subscriber.on('close', () => {
    // once per outage, not per failed reconnect
    if (connected && !closed) logger.warn('revoked sessions: subscriber disconnected; reloading once it is back');
    connected = false;
  });
  // a factory may hand over a client that is already connected, or not connecting yet
  if (subscriber.status === 'ready') {
    connected = true;
    void resync();
  } else if (subscriber.status === 'wait') subscriber.connect().catch(() => undefined);

  const sweep = setInterval(() => {
    const now = Date.now();
    for (const [sid, until] of revoked) if (until <= now) revoked.delete(sid);
  }, options.sweepIntervalMs ?? 60_000);
  sweep.unref();

  return {
    isRevoked(sid) {
      const until = revoked.get(sid);
      if (until === undefined) return false;
      if (until > Date.now()) return true;
      revoked.delete(sid);
      return false;
    },
    ready,
    async close() {
      if (closed) return;
      closed = true;
      clearTimeout(readyTimer);
      clearInterval(sweep);
      subscriber.disconnect();
      reader.disconnect();
    },
  };
}
