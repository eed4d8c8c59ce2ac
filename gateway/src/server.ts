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
import { ipKeyGenerator, rateLimit } from 'express-rate-limit';
import { API_VERSION, type GatewayHealth } from '@postwright/contracts';
import { mountApiReference } from './openapi/routes';
import {
  AppError,
  errorBody,
  connectRedis,
  createLogger,
  errorHandler,
  listen,
  pingRedis,
  probe,
  type Redis,
  requestId,
  requestLogger,
  watchRevokedSessions,
} from '@postwright/platform';
import { authenticate } from './authenticate';
import { canonicalHost } from './canonical-host';
import { batchedRedisStore } from './rate-limit-store';
import type { GatewayConfig } from './config';
import { isForbiddenIncomingHeader, isForwardingHeader, matchesPrefix, upstreams } from './routes';

export interface RunningGateway {
  url: string;
  port: number;
  app: Express;
  stop(): Promise<void>;
}

export async function start(config: GatewayConfig): Promise<RunningGateway> {
  const logger = createLogger('gateway', config.LOG_LEVEL);
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

  app.use(requestId());
  app.use(requestLogger(logger));
  app.use(canonicalHost(config.PUBLIC_URL));
  app.use(
    helmet({
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
    }),
  );
  app.use(cors({ origin: config.WEB_ORIGIN.split(',').map((o) => o.trim()), credentials: false }));

  // A client can never speak for a user or as a service, nor say who it is: the gateway is the
  // edge. The client's address is the socket's, or what the proxies TRUST_PROXY names say it is;
  // whatever else a client wrote in forwarding headers is dropped, and the services get exactly
  // the address and scheme decided here (they trust X-Forwarded-For from the gateway only).
  app.use((req, _res, next) => {
    const client = req.ip;
    const proto = req.protocol;
    for (const name of Object.keys(req.headers)) if (isForbiddenIncomingHeader(name) || isForwardingHeader(name)) delete req.headers[name];
    if (client) req.headers['x-forwarded-for'] = client;
    req.headers['x-forwarded-proto'] = proto;
    next();
  });
  // Internal APIs are for services only, whatever the prefix or spelling.
  app.use((req, _res, next) => {
    let p: string;
    try {
      p = decodeURIComponent(req.path).toLowerCase().replace(/\/+/g, '/');
    } catch {
      return next(AppError.badRequest('Malformed URL', undefined, 'REQUEST.MALFORMED_URL'));
    }
    if (p.startsWith('/api/internal') || p.startsWith('/internal') || /\/internal(\/|$)/.test(p) || p.includes('.well-known')) {
      return next(AppError.of('ROUTE.NOT_FOUND', { message: `No route for ${req.method} ${req.path}` }));
    }
    next();
  });

  const services = upstreams(config);
  // reuse upstream connections: a new TCP connection per proxied request costs more than the proxying
  const agent = new Agent({ keepAlive: true, maxSockets: 256, maxFreeSockets: 64 });
  // the container's own probes: alive, and ready once its Redis answers (the services have theirs)
  app.get('/health', (_req, res) => void res.json({ status: 'ok', service: 'gateway' }));
  app.get('/ready', async (_req, res) => {
    const redisUp = await pingRedis(redis);
    res.status(redisUp ? 200 : 503).json({ status: redisUp ? 'ok' : 'unavailable', service: 'gateway', checks: { redis: redisUp ? 'up' : 'down' } });
  });
  app.get('/api/health', async (_req, res) => {
    const states = await Promise.all(
      services.map(async (s) => {
        const status = await probe(new URL('/ready', s.url), 2_000, agent);
        return [s.name, status === 200 ? 'ok' : 'unavailable'] as const;
      }),
    );
    const body: GatewayHealth = {
      status: states.every(([, s]) => s === 'ok') ? 'ok' : 'degraded',
      services: Object.fromEntries(states),
    };
    res.status(body.status === 'ok' ? 200 : 503).json(body);
  });

  mountApiReference(app, API_VERSION);

  // counted here, shared with the other replicas through Redis in batches: no round trip per request
  const rateLimitStore = batchedRedisStore(redis, { prefix: `${config.NAMESPACE}gateway:rl:`, limit: config.RATE_LIMIT_PER_MINUTE });
  app.use(authenticate(config, revokedSessions));
  app.use(
    '/api',
    rateLimit({
      windowMs: 60_000,
      limit: config.RATE_LIMIT_PER_MINUTE,
      standardHeaders: 'draft-8',
      legacyHeaders: false,
      passOnStoreError: true,
      keyGenerator: (req) => (req.user ? `u:${req.user.id}` : `ip:${ipKeyGenerator(req.ip ?? '')}`),
      store: rateLimitStore,
      handler: (_req, _res, next) => next(AppError.of('RATE_LIMITED')),
    }),
  );

  for (const upstream of services) {
    app.use(
      createProxyMiddleware<IncomingMessage, ServerResponse>({
        target: upstream.url,
        pathFilter: (pathname) => upstream.prefixes.some((prefix) => matchesPrefix(pathname, prefix)),
        changeOrigin: false,
        // X-Forwarded-For and -Proto are set above, replacing the client's; not appended to
        xfwd: false,
        agent,
        // our own error handler answers JSON; the default plugin would answer plain text first
        ejectPlugins: true,
        plugins: [debugProxyErrorsPlugin, proxyEventsPlugin],
        // only the upstream leg times out; `timeout` would cut the client's socket without an answer
        proxyTimeout: config.UPSTREAM_TIMEOUT_MS,
        // the request id reaches the service in req.headers, which requestId() set and the proxy copies
        on: {
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
      }),
    );
  }

  app.use('/api', (req, _res, next) => next(AppError.of('ROUTE.NOT_FOUND', { message: `No route for ${req.method} ${req.originalUrl.split('?')[0]}` })));

  // The built web app, with SPA fallback for client-side routes: each file as the browser takes
  // it (the build writes brotli and gzip copies; Vary: Accept-Encoding), fingerprinted assets
  // cached for good, index.html revalidated every time.
  if (fs.existsSync(path.join(config.WEB_DIST, 'index.html'))) {
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

  const server = await listen(app, config.PORT, config.HOST);
  logger.info({ url: server.url }, 'gateway listening');
  let stopping: Promise<void> | undefined;
  return {
    url: server.url,
    port: server.port,
    app,
    // once, however often it is called
    stop: () =>
      (stopping ??= (async () => {
        await server.close();
        // the hits not yet in Redis
        await rateLimitStore.close();
        await revokedSessions.close();
        agent.destroy();
        redis.disconnect();
      })()),
  };
}

function cacheHeaders(res: ServerResponse, file: string) {
  if (/[\\/]assets[\\/]/.test(file)) res.setHeader('cache-control', 'public, max-age=31536000, immutable');
  else if (/[\\/]index\.html(?:\.(?:br|gz))?$/.test(file)) res.setHeader('cache-control', 'no-cache');
}
