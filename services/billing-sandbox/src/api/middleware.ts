import type { ErrorRequestHandler, Request, RequestHandler } from 'express';
import type { Logger } from '@postwright/platform';
import { API_VERSION } from '../events';
import { newId } from '../ids';
import type { SandboxState } from '../state';
import { StripeError, stripeErrors } from './errors';

/** The parameters of a request: the query string for GET and DELETE, the form body otherwise. */
export function paramsOf(req: Request): unknown {
  return req.method === 'GET' || req.method === 'DELETE' ? req.query : req.body;
}

export function requestIdOf(res: { locals: Record<string, unknown> }): string {
  return String(res.locals.stripeRequestId);
}

/** Stripe's `Request-Id` and `Stripe-Version` headers on every answer. */
export const stripeHeaders: RequestHandler = (req, res, next) => {
  const id = newId.request();
  res.locals.stripeRequestId = id;
  res.set('Request-Id', id);
  res.set('Stripe-Version', req.get('stripe-version') ?? API_VERSION);
  next();
};

/** Every API call, as `GET /__sandbox/requests` lists it. */
export function recordRequests(state: SandboxState): RequestHandler {
  return (req, res, next) => {
    res.on('close', () => {
      state.record({
        requestId: requestIdOf(res),
        method: req.method,
        path: req.originalUrl.split('?')[0],
        params: paramsOf(req) ?? {},
        idempotencyKey: req.get('idempotency-key') ?? null,
        status: res.writableFinished ? res.statusCode : 0,
        at: new Date().toISOString(),
      });
    });
    next();
  };
}

/** The key as a Bearer token or as the user name of HTTP Basic, as Stripe takes it. */
function presentedKey(req: Request): string | null {
  const header = req.get('authorization') ?? '';
  const bearer = /^Bearer\s+(.+)$/i.exec(header);
  if (bearer) return bearer[1].trim();
  const basic = /^Basic\s+(.+)$/i.exec(header);
  if (basic) return Buffer.from(basic[1], 'base64').toString('utf8').split(':')[0];
  return null;
}

export function authenticate(secretKey: string): RequestHandler {
  return (req, _res, next) => {
    const key = presentedKey(req);
    if (!key) throw stripeErrors.noApiKey();
    if (key !== secretKey) throw stripeErrors.invalidApiKey(key);
    next();
  };
}

/** Faults a test switched on: the next matching calls fail as Stripe's do now and then. */
export function applyFaults(state: SandboxState, logger: Logger): RequestHandler {
  return (req, res, next) => {
    const fault = state.takeFault(req.originalUrl.split('?')[0]);
    if (!fault) return next();
    logger.info({ fault: fault.kind, path: req.originalUrl }, 'sandbox fault');
    if (fault.kind === 'api_error') throw stripeErrors.apiError();
    if (fault.kind === 'rate_limit') throw stripeErrors.rateLimit();
    // the request is carried out (and kept under its Idempotency-Key), then the connection drops unanswered
    res.end = (() => {
      req.socket.destroy();
      return res;
    }) as typeof res.end;
    next();
  };
}

/** Any error as Stripe's error object; anything unexpected is Stripe's api_error. */
export function stripeErrorHandler(logger: Logger): ErrorRequestHandler {
  return (err, req, res, _next) => {
    let error: StripeError;
    if (err instanceof StripeError) error = err;
    else if (err?.type === 'entity.parse.failed' || err?.type === 'entity.too.large' || err?.status === 400) {
      error = stripeErrors.invalidRequest(`Invalid request body: ${String(err.message ?? 'could not be read')}`);
    } else {
      logger.error({ err, path: req.originalUrl }, 'sandbox error');
      error = stripeErrors.apiError();
    }
    if (res.headersSent) return;
    res.locals.idempotencySave = error.saved;
    const body = { ...error.body, request_log_url: `https://dashboard.stripe.com/test/logs/${requestIdOf(res)}` };
    res.status(error.status).json({ error: body });
  };
}
