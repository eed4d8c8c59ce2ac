import { randomUUID } from 'node:crypto';
import type { Redis } from '@postwright/platform';

/** The window GENERATION_PER_MINUTE counts in. */
const WINDOW_MS = 60_000;

/**
 * One member's generations, for every replica at once: KEYS[1] holds those running, KEYS[2]
 * those started in the last minute (sorted sets, member = the run's id, score = when it started,
 * by Redis's clock so replicas with skewed clocks agree). A running entry older than ARGV[2] ms
 * belongs to a replica that died mid-generation: it is dropped, and its slot is free again.
 * ARGV: run id, lifetime ms, max running, max per window, window ms, generation timeout ms.
 * Answers {0, 0} when the run was added; {1, ms} when too many run (ms until the oldest must
 * have ended); {2, ms} when too many started in the window (ms until the oldest leaves it).
 * The window is checked first: while it is full, a free slot would not help.
 */
const TAKE = `
local clock = redis.call('TIME')
local now = tonumber(clock[1]) * 1000 + math.floor(tonumber(clock[2]) / 1000)
local lifetime, window = tonumber(ARGV[2]), tonumber(ARGV[5])
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', now - lifetime)
redis.call('ZREMRANGEBYSCORE', KEYS[2], '-inf', now - window)
if redis.call('ZCARD', KEYS[2]) >= tonumber(ARGV[4]) then
  local oldest = redis.call('ZRANGE', KEYS[2], 0, 0, 'WITHSCORES')
  return {2, tonumber(oldest[2]) + window - now}
end
if redis.call('ZCARD', KEYS[1]) >= tonumber(ARGV[3]) then
  local oldest = redis.call('ZRANGE', KEYS[1], 0, 0, 'WITHSCORES')
  return {1, tonumber(oldest[2]) + tonumber(ARGV[6]) - now}
end
redis.call('ZADD', KEYS[1], now, ARGV[1])
redis.call('PEXPIRE', KEYS[1], lifetime)
redis.call('ZADD', KEYS[2], now, ARGV[1])
redis.call('PEXPIRE', KEYS[2], window)
return {0, 0}`;

export interface GenerationLimitSettings {
  /** generations one member may have running at once */
  maxInFlight: number;
  /** generations one member may start in any 60 seconds */
  perMinute: number;
  /** the longest a generation's model calls may take (GENERATION_TIMEOUT_MS) */
  timeoutMs: number;
  /** how long a running entry outlives the timeout (storing and counting the post) before it is taken for a dead replica's */
  graceMs: number;
}

export type GenerationStart =
  | { started: true; /** frees the slot; safe to call more than once */ finish(): Promise<void> }
  | { started: false; limit: 'in-flight' | 'per-minute'; /** the setting that refused it */ allowed: number; retryAfterSeconds: number };

export interface GenerationLimitsPort {
  /** takes one of the member's slots and counts the start, or says which limit refuses it */
  start(userId: string): Promise<GenerationStart>;
}

/** The per-member generation limits in Redis (one script: race-safe across replicas). */
export function generationLimits(redis: Redis, keyPrefix: string, settings: GenerationLimitSettings): GenerationLimitsPort {
  const running = (userId: string) => `${keyPrefix}generation:running:${userId}`;
  const started = (userId: string) => `${keyPrefix}generation:started:${userId}`;
  const lifetimeMs = settings.timeoutMs + settings.graceMs;
  return {
    async start(userId) {
      const runId = randomUUID();
      const [outcome, waitMs] = (await redis.eval(
        TAKE,
        2,
        running(userId),
        started(userId),
        runId,
        String(lifetimeMs),
        String(settings.maxInFlight),
        String(settings.perMinute),
        String(WINDOW_MS),
        String(settings.timeoutMs),
      )) as [number, number];
      if (outcome === 0) {
        let finished: Promise<void> | null = null;
        return {
          started: true,
          finish: () => (finished ??= redis.zrem(running(userId), runId).then(() => undefined)),
        };
      }
      const retryAfterSeconds = Math.max(1, Math.ceil(Number(waitMs) / 1000));
      return outcome === 1
        ? { started: false, limit: 'in-flight', allowed: settings.maxInFlight, retryAfterSeconds }
        : { started: false, limit: 'per-minute', allowed: settings.perMinute, retryAfterSeconds };
    },
  };
}
