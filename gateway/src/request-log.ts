import type { RequestHandler } from 'express';
import { REQUEST_ID_HEADER, requestIdFrom, type Logger } from '@postwright/platform';

/**
 * The gateway's request id: the caller's when well formed, else a new one, on the request (so the
 * proxy forwards it) and on the response. Unlike the services' requestContext() it opens no
 * AsyncLocalStorage context: the gateway makes no internal calls and emits no events, and its log
 * lines carry the id themselves, so it keeps async hooks (a cost on every promise) switched off.
 */
export function requestId(): RequestHandler {
  return (req, res, next) => {
    const id = requestIdFrom(req.headers[REQUEST_ID_HEADER]);
    req.id = id;
    req.headers[REQUEST_ID_HEADER] = id;
    res.setHeader(REQUEST_ID_HEADER, id);
    next();
  };
}

/**
 * One log line per request, as the services' pino-http logger writes it (`req`, `res`,
 * `responseTime`; warn for 4xx, error for 5xx), without a child logger per request: the line is
 * built only when its level is enabled.
 */
export function requestLog(logger: Logger): RequestHandler {
  return (req, res, next) => {
    if (!logger.isLevelEnabled('error') || req.url === '/health' || req.url === '/ready') return next();
    const start = Date.now();
    const { method, url } = req;
    res.once('close', () => {
      const statusCode = res.statusCode;
      const level = statusCode >= 500 ? 'error' : statusCode >= 400 ? 'warn' : 'info';
      if (!logger.isLevelEnabled(level)) return;
      const line = { requestId: String(req.id), req: { method, url }, res: { statusCode }, responseTime: Date.now() - start };
      if (level === 'error') logger.error({ ...line, err: { type: 'Error', message: `failed with status code ${statusCode}` } }, 'request errored');
      else logger[level](line, 'request completed');
    });
    next();
  };
}
