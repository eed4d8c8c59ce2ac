import http from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import express, { type ErrorRequestHandler, type Express, type RequestHandler } from 'express';
import { REQUEST_ID_HEADER, requestIdFrom, runWithContext } from './context';
import { AppError, errorBody, isAppError } from './errors';
import type { Logger } from './logger';
import { traceIds } from './tracing';

declare module 'http' {
  interface IncomingMessage {
    id: string | number | object;
    /** the JSON body's bytes as they arrived, for a route that checks a signature over them (Stripe's webhook) */
    rawBody?: Buffer;
  }
}

/**
 * Whether the peer on the socket is a proxy this program trusts (its `trust proxy` setting):
 * only such a hop may hand over a request id (or a client address). A client at the edge may
 * not choose the id its requests are logged under.
 */
function fromTrustedHop(req: express.Request): boolean {
  const trust = req.app.get('trust proxy fn') as ((address: string, hop: number) => boolean) | undefined;
  const peer = req.socket.remoteAddress;
  return Boolean(peer && trust?.(peer, 0));
}

/**
 * The request's id: a trusted hop's x-request-id when well formed, else a new one, on the request
 * (so a proxy forwards it) and on the response. For a handler outside Express (the gateway's API
 * path), which says itself whether the peer is a trusted hop.
 */
export function setRequestId(req: http.IncomingMessage, res: http.ServerResponse, fromTrustedHop: boolean): string {
  const id = requestIdFrom(fromTrustedHop ? req.headers[REQUEST_ID_HEADER] : undefined);
  req.id = id;
  req.headers[REQUEST_ID_HEADER] = id;
  res.setHeader(REQUEST_ID_HEADER, id);
  return id;
}

/** Sets the request id and runs the request in its context (log lines, internal calls and events carry it). */
export function requestContext(): RequestHandler {
  return (req, res, next) => runWithContext({ requestId: setRequestId(req, res, fromTrustedHop(req)) }, next);
}

/**
 * Sets the request id without opening a context, for a program that makes no internal calls and
 * emits no events (the gateway): no AsyncLocalStorage, so async hooks (a cost on every promise)
 * stay off. Its log lines carry the id themselves (requestLogger).
 */
export function requestId(): RequestHandler {
  return (req, res, next) => {
    setRequestId(req, res, fromTrustedHop(req));
    next();
  };
}

/**
 * One log line per request (`req`, `res`, `responseTime`; warn for 4xx, error for 5xx), written
 * when the response closes; nothing is built unless its level is enabled (pino-http made a child
 * logger for every request, even at LOG_LEVEL=silent).
 */
export function requestLogger(logger: Logger): RequestHandler {
  return (req, res, next) => {
    logWhenClosed(logger, req, res);
    next();
  };
}

/** requestLogger's line for one request, for a handler outside Express; call it once the request id is set. */
export function logWhenClosed(logger: Logger, req: http.IncomingMessage, res: http.ServerResponse): void {
  if (!logger.isLevelEnabled('error') || req.url === '/health' || req.url === '/ready') return;
  const start = Date.now();
  const { method, url } = req;
  // taken now: the close event may fire outside the request's span
  const ids = traceIds();
  res.once('close', () => {
    const statusCode = res.statusCode;
    const level = statusCode >= 500 ? 'error' : statusCode >= 400 ? 'warn' : 'info';
    if (!logger.isLevelEnabled(level)) return;
    const line = { requestId: String(req.id), ...ids, req: { method, url }, res: { statusCode }, responseTime: Date.now() - start };
    if (level === 'error') logger.error({ ...line, err: { type: 'Error', message: `failed with status code ${statusCode}` } }, 'request errored');
    else logger[level](line, 'request completed');
  });
}

export const notFoundHandler: RequestHandler = (req, _res, next) => {
  next(AppError.of('ROUTE.NOT_FOUND', { message: `No route for ${req.method} ${req.path}` }));
};

/** Turns anything thrown into `{ error, code, details?, requestId }`; never a stack trace. */
export function errorHandler(logger: Logger): ErrorRequestHandler {
  return (err, req, res, _next) => sendError(logger, req, res, err);
}

/**
 * The error answer itself (errorHandler's), for a handler outside Express (the gateway's API
 * path): the catalogued status, headers and JSON body with the request id; a 5xx is logged.
 */
export function sendError(logger: Logger, req: http.IncomingMessage, res: http.ServerResponse, err: unknown): void {
  const requestId = String(req.id ?? '');
  const error = asAppError(err);
  if (error.status >= 500) logger.error({ err, requestId }, 'request failed');
  if (res.headersSent) return;
  for (const [name, value] of Object.entries(error.headers ?? {})) res.setHeader(name, value);
  const body = JSON.stringify(errorBody(error, requestId));
  res.writeHead(error.status, { 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(body) });
  res.end(body);
}

/**
 * Anything thrown, as the catalogued error the client gets (a stack trace never leaves); also
 * for answers that cannot go through the error handler, such as an event stream already open.
 */
export function asAppError(err: any): AppError {
  if (isAppError(err)) return err;
  if (err?.type === 'entity.parse.failed') return AppError.of('REQUEST.MALFORMED_JSON');
  if (err?.type === 'entity.too.large') return AppError.of('REQUEST.TOO_LARGE');
  if (err?.type === 'encoding.unsupported' || err?.type === 'charset.unsupported') return AppError.of('REQUEST.UNSUPPORTED_ENCODING');
  if (isStoreUnavailable(err)) return AppError.of('SERVICE.UNAVAILABLE');
  // body-parser's other refusals (a bad content length...): its own words when they are meant for the client
  if (typeof err?.status === 'number' && err.status >= 400 && err.status < 500) {
    return AppError.of('REQUEST.INVALID', { message: err.expose && err.message ? String(err.message) : 'Bad request' });
  }
  return AppError.of('INTERNAL');
}

/**
 * Redis or MongoDB could not be reached (a restart, a network blip): the request may well
 * succeed in a moment, which a 503 says and a 500 does not.
 */
function isStoreUnavailable(err: unknown): boolean {
  const name = (err as { name?: unknown })?.name;
  return (
    name === 'MaxRetriesPerRequestError' ||
    name === 'MongoServerSelectionError' ||
    name === 'MongoNetworkError' ||
    name === 'MongoNetworkTimeoutError' ||
    name === 'MongoNotConnectedError' ||
    (err instanceof Error && err.message === 'Connection is closed.')
  );
}

/**
 * JSON parsing with a bounded body; requests without a JSON content type leave body empty. The
 * bytes stay on `req.rawBody` (the buffer the parser read anyway) for signature checks.
 */
export function jsonBody(limit = '100kb'): RequestHandler {
  return express.json({
    limit,
    strict: false,
    verify: (req, _res, buf) => {
      (req as http.IncomingMessage).rawBody = buf;
    },
  });
}

export interface HttpServer {
  readonly port: number;
  readonly url: string;
  readonly server: http.Server;
  close(): Promise<void>;
}

/**
 * Listens on port (0 picks a free one, as tests do) and closes gracefully: no new requests,
 * requests under way may finish for `drainMs` (then their connections are cut), and every
 * keep-alive connection is closed as soon as it has nothing left to answer.
 */
export async function listen(app: Express | http.RequestListener, port: number, host = '127.0.0.1', options: { drainMs?: number } = {}): Promise<HttpServer> {
  const server = http.createServer(app);
  server.keepAliveTimeout = 65_000;
  let closing = false;
  /** answers not yet begun: told to close their connection once the server closes */
  const unanswered = new Set<http.ServerResponse>();
  /**
   * connections that have not sent a request yet (a browser's or client's spare one): not idle to
   * closeIdleConnections, so without this they would hold a close back for the whole drain
   */
  const fresh = new Set<Socket>();
  server.on('connection', (socket: Socket) => {
    fresh.add(socket);
    socket.once('close', () => fresh.delete(socket));
  });
  server.on('request', (req, res) => {
    fresh.delete(req.socket);
    // while closing, every answer says Connection: close, so no client sends its next request on it
    if (closing) res.shouldKeepAlive = false;
    else unanswered.add(res);
    // a keep-alive connection that answers its last request while the server closes would
    // otherwise stay open for keepAliveTimeout, holding the close back
    res.once('finish', () => closing && setImmediate(() => server.closeIdleConnections()));
    res.once('close', () => unanswered.delete(res));
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const actual = (server.address() as AddressInfo).port;
  const displayHost = host === '0.0.0.0' || host === '::' ? '127.0.0.1' : host;
  return {
    port: actual,
    url: `http://${displayHost}:${actual}`,
    server,
    close: () =>
      new Promise<void>((resolve) => {
        closing = true;
        for (const res of unanswered) if (!res.headersSent) res.shouldKeepAlive = false;
        unanswered.clear();
        for (const socket of fresh) socket.destroy();
        fresh.clear();
        server.close(() => resolve());
        server.closeIdleConnections();
        setTimeout(() => server.closeAllConnections(), options.drainMs ?? 5_000).unref();
      }),
  };
}
