import fs from 'node:fs';
import { Agent } from 'node:http';
import path from 'node:path';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import cors from 'cors';
import express, { type Express } from 'express';
import expressStaticGzip from 'express-static-gzip';
import helmet from 'helmet';
import { createProxyMiddleware, debugProxyErrorsPlugin, proxyEventsPlugin } from 'http-proxy-middleware';
import { API_VERSION, type GatewayHealth, type Readiness } from '@postwright/contracts';
import { mountApiReference } from './openapi/routes';
import {
  AppError,
  errorBody,
  connectRedis,
  createLogger,
  createMetrics,
  errorHandler,
  listen,
  metricsHandler,
  pingRedis,
  type Logger,
  type Redis,
  requestId,
  requestLogger,
  requestMetrics,
  watchRevokedSessions,
  type HttpServer,
  type Metrics,
} from '@postwright/platform';
import { accessCheck, authenticate } from './authenticate';
import { apiPath } from './api-path';
import { canonicalHost } from './canonical-host';
import { forwardAs, type Trust } from './edge';
import { forwardResponse } from './proxy-response';
import { countRefused, rateKey, rateLimiter } from './rate-limit';
import { batchedRedisStore } from './rate-limit-store';
import { routeLabeller } from './route-label';
import { webOrigins, type GatewayConfig } from './config';
import { internalPathRefusal, upstreams, type Upstream } from './routes';
import { serviceReadiness } from './service-readiness';

/**
 * How long a stop lets requests under way finish: a streamed generation runs up to content's
 * GENERATION_TIMEOUT_MS (45 s) plus a few seconds to store and count the post, as content drains.
 */
export const GATEWAY_DRAIN_MS = 50_000;

export interface RunningGateway {
  url: string;
  port: number;
  /** where Prometheus scrapes it: GET <metricsUrl>/metrics, a listener of its own */
  metricsUrl: string;
  app: Express;
  /** how long stop() lets requests under way (streams included) finish */
  drainMs: number;
  stop(): Promise<void>;
}

export async function start(config: GatewayConfig): Promise<RunningGateway> {
  const logger = createLogger('gateway', config.LOG_LEVEL);
  const metrics = createMetrics('gateway');
  const redis: Redis = await connectRedis(config.REDIS_URL, { maxRetriesPerRequest: 1 });
  // sessions ended before their access tokens expire: loaded before the first request, then kept
  // current through Redis pub/sub (no round trip per request)
  const revokedSessions = watchRevokedSessions(config.REDIS_URL, config.NAMESPACE, logger);
  await revokedSessions.ready.catch(async (error: unknown) => {
    await revokedSessions.close();
    redis.disconnect();
    throw error;
  });
  const app = express();
  app.disable('x-powered-by');
  app.set('trust proxy', config.TRUST_PROXY);

  const security = helmet({
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        // the app's own images and LinkedIn's (profile pictures from its media CDN, or the sandbox's)
        imgSrc: ["'self'", 'data:', ...config.LINKEDIN_ORIGINS],
        styleSrc: ["'self'", "'unsafe-inline'"],
        connectSrc: ["'self'"],
        // its own forms, and LinkedIn's authorization host it sends the member to
        formAction: ["'self'", ...config.LINKEDIN_ORIGINS],
      },
    },
    crossOriginEmbedderPolicy: false,
  });
  const allowedOrigins = webOrigins(config);
  const crossOrigin = cors({ origin: allowedOrigins, credentials: false });

  app.use(requestId());
  app.use(requestLogger(logger));
  app.use(requestMetrics(metrics));
  app.use(canonicalHost(config.PUBLIC_URL));
  app.use(security);
  app.use(crossOrigin);
  // the client's address is the socket's, or what the proxies TRUST_PROXY names say it is (edge.ts)
  app.use((req, _res, next) => {
    forwardAs(req, req.ip, req.protocol);
    next();
  });
  app.use((req, _res, next) => {
    next(internalPathRefusal(req.method, req.path));
  });

  const services = upstreams(config);
  // reuse upstream connections: a new TCP connection per proxied request costs more than the proxying
  const agent = new Agent({ keepAlive: true, maxSockets: 256, maxFreeSockets: 64 });
  // the container's own probes: alive, and ready until it begins to stop; Redis's state is reported,
  // not a reason to leave rotation (without it the rate limit holds per replica and pages still load)
  let draining = false;
  app.get('/health', (_req, res) => void res.json({ status: 'ok', service: 'gateway' }));
  app.get('/ready', async (_req, res) => {
    const redisUp = await pingRedis(redis);
    const body: Readiness = { status: draining ? 'unavailable' : redisUp ? 'ok' : 'degraded', service: 'gateway', checks: { redis: redisUp ? 'up' : 'down' } };
    res.status(draining ? 503 : 200).json(body);
  });
  mountApiReference(app, API_VERSION);

  // counted here, shared with the other replicas through Redis in batches: no round trip per request
  const rateLimitStore = batchedRedisStore(redis, { prefix: `${config.NAMESPACE}gateway:rl:`, limit: config.RATE_LIMIT_PER_MINUTE });
  const checkRate = rateLimiter(rateLimitStore, { limit: config.RATE_LIMIT_PER_MINUTE, windowMs: 60_000 });
  const checkAccess = accessCheck(config, revokedSessions, metrics);
  // the API routes Express answers (health, documentation, unknown routes) are checked the same way
  app.use(authenticate(checkAccess, (req, res, error) => countRefused(checkRate, req.ip, res, error)));
  app.use('/api', (req, res, next) => {
    const refusal = checkRate(rateKey(req.user, req.ip), res);
    if (refusal instanceof Promise) refusal.then((r) => next(r), next);
    else next(refusal);
  });

  // Behind the rate limit, and one look at the services for everyone asking within
  // HEALTH_CACHE_MS: each look costs four /ready checks that ping the data services over the
  // pools real requests use, so it must not be something a client can multiply.
  const health = latest(config.HEALTH_CACHE_MS, async (): Promise<GatewayHealth> => {
    const states = await Promise.all(services.map(async (s) => [s.name, await serviceReadiness(new URL('/ready', s.url), 2_000, agent)] as const));
    return { status: states.every(([, s]) => s === 'ok') ? 'ok' : 'degraded', services: Object.fromEntries(states) };
  });
  app.get('/api/health', async (_req, res) => {
    const body = await health();
    res.status(body.status === 'ok' ? 200 : 503).json(body);
  });

  app.use('/api', (req, _res, next) => next(AppError.of('ROUTE.NOT_FOUND', { message: `No route for ${req.method} ${req.originalUrl.split('?')[0]}` })));
  // metrics are served on METRICS_PORT only: here the path is unknown, not a page of the web app
  app.all('/metrics', (req, _res, next) => next(AppError.of('ROUTE.NOT_FOUND', { message: `No route for ${req.method} ${req.path}` })));

  // The built web app, with SPA fallback for client-side routes: each file as the browser takes
  // it (the build writes brotli and gzip copies; Vary: Accept-Encoding), fingerprinted assets
  // cached for good, index.html revalidated every time.
  if (fs.existsSync(path.join(config.WEB_DIST, 'index.html'))) {
    // one route label for the web app's files and pages, whatever their paths
    app.use((req, res, next) => {
      if (req.method === 'GET' || req.method === 'HEAD') res.locals.metricsRoute = 'web';
      next();
    });
    const files = expressStaticGzip(config.WEB_DIST, { enableBrotli: true, orderPreference: ['br', 'gz'], index: false, serveStatic: { index: false, maxAge: '1h', setHeaders: cacheHeaders } });
    app.use(files);
    app.use((req, res, next) => {
      if (req.method !== 'GET' && req.method !== 'HEAD') return next();
      req.url = '/index.html';
      files(req, res, next);
    });
  }
  app.use((req, _res, next) => next(AppError.of('ROUTE.NOT_FOUND', { message: `No route for ${req.method} ${req.path}` })));
  app.use(errorHandler(logger));

  const proxies = Object.fromEntries(services.map((upstream) => [upstream.name, proxyTo(upstream, config, agent, logger)])) as Record<Upstream['name'], ReturnType<typeof proxyTo>>;
  const api = apiPath({
    services,
    proxies,
    trust: app.get('trust proxy fn') as Trust,
    logger,
    securityHeaders: headersSetBy(security),
    allowedOrigins: new Set(allowedOrigins),
    cors: crossOrigin,
    checkAccess,
    checkRate,
    metrics,
    routeLabel: routeLabeller(),
  });
  let metricsServer: HttpServer;
  let server: HttpServer;
  try {
    metricsServer = await listenForMetrics(metrics, config);
    // the services' routes on the request itself; the rest through Express
    server = await listen((req: IncomingMessage, res: ServerResponse) => api(req, res) || app(req, res), config.PORT, config.HOST, { drainMs: GATEWAY_DRAIN_MS }).catch(async (error: unknown) => {
      await metricsServer.close();
      throw error;
    });
  } catch (error) {
    await rateLimitStore.close();
    await revokedSessions.close();
    agent.destroy();
    redis.disconnect();
    throw error;
  }
  logger.info({ url: server.url, metrics: `${metricsServer.url}/metrics` }, 'gateway listening');
  let stopping: Promise<void> | undefined;
  return {
    url: server.url,
    port: server.port,
    metricsUrl: metricsServer.url,
    app,
    drainMs: GATEWAY_DRAIN_MS,
    // once, however often it is called
    stop: () =>
      (stopping ??= (async () => {
        draining = true;
        await server.close();
        await metricsServer.close();
        // the hits not yet in Redis
        await rateLimitStore.close();
        await revokedSessions.close();
        agent.destroy();
        redis.disconnect();
      })()),
  };
}

/**
 * GET /metrics on a listener of its own (METRICS_PORT): Prometheus reaches it inside the cluster,
 * while the public port, which the ingress exposes, never serves it.
 */
function listenForMetrics(metrics: Metrics, config: GatewayConfig): Promise<HttpServer> {
  const serve = metricsHandler(metrics);
  return listen(
    (req: IncomingMessage, res: ServerResponse) => {
      const path = (req.url ?? '').split('?')[0];
      if (path === '/metrics') return serve(req, res);
      const body = JSON.stringify({ error: `No route for ${req.method} ${path}: metrics are at /metrics` });
      res.writeHead(404, { 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(body) });
      res.end(body);
    },
    config.METRICS_PORT,
    config.HOST,
  ).catch((error: unknown) => {
    throw new Error(`Cannot serve metrics on ${config.HOST}:${config.METRICS_PORT} (METRICS_PORT): ${(error as Error).message}`, { cause: error });
  });
}

/**
 * `look` shared: callers within `ttlMs` of the last answer get it, and callers while a look is
 * under way wait for that one, so at most one runs at a time and about one per `ttlMs`.
 */
function latest<T>(ttlMs: number, look: () => Promise<T>): () => Promise<T> {
  let last: { at: number; value: T } | undefined;
  let running: Promise<T> | undefined;
  return () => {
    if (last && Date.now() - last.at < ttlMs) return Promise.resolve(last.value);
    return (running ??= look()
      .then((value) => {
        last = { at: Date.now(), value };
        return value;
      })
      .finally(() => {
        running = undefined;
      }));
  };
}

function cacheHeaders(res: ServerResponse, file: string) {
  if (/[\\/]assets[\\/]/.test(file)) res.setHeader('cache-control', 'public, max-age=31536000, immutable');
  else if (/[\\/]index\.html(?:\.(?:br|gz))?$/.test(file)) res.setHeader('cache-control', 'no-cache');
}

/**
 * http-proxy-middleware to one service: the engine makes the upstream request (keep-alive agent,
 * the upstream leg's timeout, errors as JSON 502/504), forwardResponse writes what comes back.
 */
function proxyTo(upstream: Upstream, config: GatewayConfig, agent: Agent, logger: Logger) {
  return createProxyMiddleware<IncomingMessage, ServerResponse>({
    // parsed once here, not by http-proxy on every request as it does a target given as a string
    target: targetOf(upstream.url),
    // the path as the client sent it (checked at the edge), not re-parsed by url.parse per request
    toProxy: true,
    changeOrigin: false,
    // X-Forwarded-For and -Proto are set at the edge (edge.ts), replacing the client's; not appended to
    xfwd: false,
    agent,
    // our own error handler answers JSON; the default plugin would answer plain text first
    ejectPlugins: true,
    plugins: [debugProxyErrorsPlugin, proxyEventsPlugin],
    // only the upstream leg times out; `timeout` would cut the client's socket without an answer
    proxyTimeout: config.UPSTREAM_TIMEOUT_MS,
    selfHandleResponse: true,
    // the request id reaches the service in req.headers, which the edge set and the proxy copies
    on: {
      proxyRes: forwardResponse,
      error: (err, req, res) => {
        const timedOut = (err as NodeJS.ErrnoException).code === 'ECONNRESET' && /timeout|socket hang up/i.test(err.message);
        const failure = timedOut
          ? AppError.of('UPSTREAM.TIMEOUT', { message: `The ${upstream.name} service took too long to answer. Please try again.` })
          : AppError.of('UPSTREAM.UNAVAILABLE', { message: `The ${upstream.name} service is unavailable. Please try again.` });
        const status = failure.status;
        const body = errorBody(failure, String((req as { id?: unknown }).id ?? ''));
        logger.warn({ err: err.message, upstream: upstream.name, requestId: body.requestId }, 'upstream failed');
        if ('writeHead' in res && !res.headersSent) {
          (res as ServerResponse).writeHead(status, { 'content-type': 'application/json' });
          (res as ServerResponse).end(JSON.stringify(body));
        } else if ('writeHead' in res) {
          (res as ServerResponse).end();
        } else {
          (res as Socket).destroy();
        }
      },
    },
  });
}

/** What http-proxy makes of a target URL (url.parse's fields it reads: protocol, host, hostname, port, path). */
function targetOf(url: string) {
  const u = new URL(url);
  return { protocol: u.protocol, host: u.host, hostname: u.hostname, port: u.port, path: u.pathname === '/' ? '' : u.pathname };
}

/** The headers a middleware sets on every answer whatever the request (helmet's), recorded once to be set without it. */
function headersSetBy(middleware: (req: IncomingMessage, res: ServerResponse, next: (err?: unknown) => void) => void): Array<[string, string]> {
  const headers = new Map<string, string>();
  const recorder = {
    setHeader: (name: string, value: string | number | readonly string[]) => headers.set(name.toLowerCase(), String(value)),
    removeHeader: (name: string) => headers.delete(name.toLowerCase()),
    getHeader: (name: string) => headers.get(name.toLowerCase()),
  } as unknown as ServerResponse;
  middleware({ headers: {}, method: 'GET', url: '/' } as IncomingMessage, recorder, () => undefined);
  return [...headers];
}
