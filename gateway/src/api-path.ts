import type { IncomingMessage, ServerResponse } from 'node:http';
import { AppError, logWhenClosed, sendError, setRequestId, timeRequest, type Logger, type Metrics } from '@postwright/platform';
import type { AccessCheck } from './authenticate';
import { clientAddress, clientProtocol, forwardAs, type Trust } from './edge';
import { countRefused, rateKey, type RateCheck } from './rate-limit';
import { internalPathRefusal, upstreamFor, type Upstream } from './routes';

type Handler = (req: IncomingMessage, res: ServerResponse, next: (err?: unknown) => void) => unknown;

export interface ApiPathOptions {
  services: Upstream[];
  /** http-proxy-middleware, one per service */
  proxies: Record<Upstream['name'], Handler>;
  trust: Trust;
  logger: Logger;
  /** what helmet sets on every answer, worked out once */
  securityHeaders: ReadonlyArray<readonly [string, string]>;
  /** origins allowed by CORS; `cors` answers preflight requests (OPTIONS) */
  allowedOrigins: ReadonlySet<string>;
  cors: Handler;
  checkAccess: AccessCheck;
  checkRate: RateCheck;
  /** where each request's duration goes (http_request_duration_seconds) */
  metrics: Metrics;
  /** the route template a path is labelled with (route-label.ts) */
  routeLabel: (path: string) => string;
}

/**
 * The gateway's hot path: every request for a service's routes, handled on the `node:http` request
 * without Express, whose per-request machinery cost more than the proxying. In
 * order, exactly what the Express pipeline did for these routes: its duration timed, request id, one log line, the
 * security headers, CORS, who the client is, internal routes refused, the access token (a refusal
 * counted against the address's limit), the rate limit, then http-proxy-middleware to the service. Refusals are the catalogue's JSON errors.
 *
 * Returns false, having done nothing, for any other request: Express answers those (the web app,
 * probes, the API's health and documentation, unknown routes).
 */
export function apiPath(options: ApiPathOptions): (req: IncomingMessage, res: ServerResponse) => boolean {
  const { services, proxies, trust, logger, securityHeaders, allowedOrigins, cors, checkAccess, checkRate, metrics, routeLabel } = options;

  const refuse = (req: IncomingMessage, res: ServerResponse, err: unknown) => sendError(logger, req, res, err);
  const refuseAccess = (req: IncomingMessage, res: ServerResponse, client: string | undefined, err: unknown) => {
    const refusal = countRefused(checkRate, client, res, err);
    if (refusal instanceof Promise) refusal.then((r) => refuse(req, res, r), (e: unknown) => refuse(req, res, e));
    else refuse(req, res, refusal);
  };

  const proxy = (upstream: Upstream, req: IncomingMessage, res: ServerResponse) => {
    const fail = (err?: unknown) => refuse(req, res, err ?? AppError.of('INTERNAL'));
    const done = proxies[upstream.name](req, res, fail);
    if (done instanceof Promise) done.catch(fail);
  };

  const limitThenProxy = (upstream: Upstream, req: IncomingMessage, res: ServerResponse, user: Express.User | undefined, client: string | undefined) => {
    const refusal = checkRate(rateKey(user, client), res);
    if (refusal === undefined) return proxy(upstream, req, res);
    if (!(refusal instanceof Promise)) return refuse(req, res, refusal);
    refusal.then(
      (r) => (r ? refuse(req, res, r) : proxy(upstream, req, res)),
      (err: unknown) => refuse(req, res, err),
    );
  };

  const checkThenProxy = (upstream: Upstream, path: string, peerTrusted: boolean, req: IncomingMessage, res: ServerResponse) => {
    const client = clientAddress(req, trust, peerTrusted);
    forwardAs(req, client, clientProtocol(req, peerTrusted));
    const internal = internalPathRefusal(req.method, path);
    if (internal) return refuse(req, res, internal);
    let user: ReturnType<AccessCheck>;
    try {
      user = checkAccess(req.method ?? 'GET', path, req.headers.authorization);
    } catch (error) {
      return refuseAccess(req, res, client, error);
    }
    if (!(user instanceof Promise)) return limitThenProxy(upstream, req, res, user, client);
    user.then(
      (u) => limitThenProxy(upstream, req, res, u, client),
      (error: unknown) => refuseAccess(req, res, client, error),
    );
  };

  return (req, res) => {
    const url = req.url ?? '';
    // origin-form only ("/api/..."); anything else is Express's to read
    if (url.charCodeAt(0) !== 0x2f) return false;
    const query = url.indexOf('?');
    const path = query === -1 ? url : url.slice(0, query);
    const upstream = upstreamFor(services, path);
    if (!upstream) return false;
    timeRequest(metrics, req, res, routeLabel(path));

    const peer = req.socket.remoteAddress;
    const peerTrusted = peer !== undefined && trust(peer, 0);
    setRequestId(req, res, peerTrusted);
    logWhenClosed(logger, req, res);
    for (const [name, value] of securityHeaders) res.setHeader(name, value);
    if (req.method === 'OPTIONS') {
      // a preflight: `cors` answers it (204, with the CORS headers when the origin is allowed)
      cors(req, res, (err?: unknown) => (err ? refuse(req, res, err) : checkThenProxy(upstream, path, peerTrusted, req, res)));
      return true;
    }
    // what `cors` sets on any other request, with the same origin list
    const origin = req.headers.origin;
    if (origin !== undefined && allowedOrigins.has(origin)) res.setHeader('access-control-allow-origin', origin);
    res.setHeader('vary', 'Origin');
    checkThenProxy(upstream, path, peerTrusted, req, res);
    return true;
  };
}
