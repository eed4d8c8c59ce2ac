import type { RequestHandler } from 'express';
import { stripeErrors } from './errors';
import { paramsOf, requestIdOf } from './middleware';

const KEEP_MS = 24 * 60 * 60 * 1000;
/** the SDK keys every POST, so a long `npm start` run would otherwise keep a day of them all */
const MAX_KEYS = 50_000;

interface Saved {
  method: string;
  path: string;
  params: string;
  at: number;
  requestId: string;
  /** null while the first request is still running */
  answer: { status: number; body: unknown } | null;
}

/** The same value whatever the order its keys came in. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value && typeof value === 'object') {
    return `{${Object.keys(value)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${canonical((value as Record<string, unknown>)[k])}`)
      .join(',')}}`;
  }
  return JSON.stringify(value ?? null);
}

/**
 * Stripe's Idempotency-Key on POST: the first answer is kept for 24 hours and replayed (with
 * `Idempotent-Replayed: true`) to a request with the same key and parameters; other parameters
 * under the same key are an idempotency_error, and so is a second request while the first runs.
 * Answers refused before any work began (bad parameters) are not kept.
 */
export function idempotency(): RequestHandler {
  const saved = new Map<string, Saved>();
  return (req, res, next) => {
    const key = req.get('idempotency-key');
    if (req.method !== 'POST' || !key) return next();
    const now = Date.now();
    // entries are in insertion order: the oldest go first, by age and then by number
    for (const [k, entry] of saved) {
      if (now - entry.at <= KEEP_MS && saved.size <= MAX_KEYS) break;
      saved.delete(k);
    }
    const params = canonical(paramsOf(req) ?? {});
    const path = req.originalUrl.split('?')[0];
    res.set('Idempotency-Key', key);
    const existing = saved.get(key);
    if (existing) {
      if (existing.method !== req.method || existing.path !== path || existing.params !== params) throw stripeErrors.idempotencyMismatch(key);
      if (!existing.answer) throw stripeErrors.idempotencyInProgress();
      res.set('Idempotent-Replayed', 'true');
      res.set('Original-Request', existing.requestId);
      return void res.status(existing.answer.status).json(existing.answer.body);
    }
    const entry: Saved = { method: req.method, path, params, at: now, requestId: requestIdOf(res), answer: null };
    saved.set(key, entry);
    const json = res.json.bind(res);
    res.json = (body: unknown) => {
      if (res.locals.idempotencySave === false) saved.delete(key);
      else entry.answer = { status: res.statusCode, body: JSON.parse(JSON.stringify(body)) };
      return json(body);
    };
    res.on('close', () => {
      if (!entry.answer && saved.get(key) === entry) saved.delete(key);
    });
    next();
  };
}
