import type { RequestHandler } from 'express';
import type { Logger } from '@postwright/platform';
import type { SandboxState } from '../state';
import { stripeErrors } from './errors';

/** The form body exactly as it came, kept by the body parser for the stripe-mock replay. */
const rawBodies = new WeakMap<object, string>();
export function keepRawBody(req: object, _res: unknown, buf: Buffer): void {
  rawBodies.set(req, buf.toString('utf8'));
}

/**
 * Replays each API request to stripe-mock (Stripe's own mock, which checks requests against
 * Stripe's OpenAPI description) before answering it: what stripe-mock refuses is refused with
 * its status and error, and recorded, so the sandbox cannot accept a request Stripe would not.
 */
export function stripeMockCheck(state: SandboxState, mockUrl: string, logger: Logger): RequestHandler {
  return async (req, res, next) => {
    const rawBody = rawBodies.get(req);
    const hasBody = req.method !== 'GET' && req.method !== 'DELETE';
    let answer: Response;
    try {
      answer = await fetch(`${mockUrl}${req.originalUrl}`, {
        method: req.method,
        headers: { authorization: 'Bearer sk_test_123', ...(hasBody ? { 'content-type': 'application/x-www-form-urlencoded' } : {}) },
        body: hasBody ? (rawBody ?? '') : undefined,
        signal: AbortSignal.timeout(10_000),
      });
    } catch (err) {
      logger.error({ err, mockUrl }, 'stripe-mock did not answer');
      throw stripeErrors.apiError();
    }
    const text = await answer.text();
    if (answer.status < 400 || answer.status >= 500) return next();
    let body: any;
    try {
      body = JSON.parse(text);
    } catch {
      body = { error: { type: 'invalid_request_error', message: text } };
    }
    state.refusals.push({ method: req.method, path: req.originalUrl.split('?')[0], status: answer.status, message: String(body?.error?.message ?? text), at: new Date().toISOString() });
    res.status(answer.status).json(body);
  };
}
