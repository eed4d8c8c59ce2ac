import express, { type Express, type Router } from 'express';
import helmet from 'helmet';
import type { Connection } from 'mongoose';
import type { Readiness } from '@postwright/contracts';
import { createTokenVerifier, type TokenVerifier } from './auth';
import { errorHandler, jsonBody, listen, notFoundHandler, requestContext, requestLogger, type HttpServer } from './http';
import { createLogger, type Logger } from './logger';
import { Messaging } from './messaging';
import { createMetrics, metricsHandler, requestMetrics, type Metrics } from './metrics';
import { connectMongo, pingMongo } from './mongo';
import { connectRedis, pingRedis, type Redis } from './redis';

export interface ServiceInfraConfig {
  NODE_ENV: string;
  LOG_LEVEL: string;
  HOST: string;
  MONGO_URL: string;
  REDIS_URL: string;
  AMQP_URL: string;
  NAMESPACE: string;
  INTERNAL_TOKEN: string;
  JWT_PUBLIC_KEY?: string;
  AUTH_URL: string;
  TRUST_PROXY: string | number;
}

/** What a service's feature modules get to build their routes and consumers. */
export interface ServiceContext<C extends ServiceInfraConfig = ServiceInfraConfig> {
  name: string;
  config: C;
  logger: Logger;
  mongo: Connection;
  redis: Redis;
  messaging: Messaging;
  tokens: TokenVerifier;
  /** this service's Prometheus metrics, served at GET /metrics on its own port */
  metrics: Metrics;
  /** Redis key prefix for this service, namespaced for tests */
  keyPrefix: string;
}

/**
 * A service, wired one way (docs/wiring.md): `modules` builds the feature modules (use cases over
 * their repositories and clients) once from the context; `routes` mounts each feature's routes with
 * `featureRoutes(router, { ...what that feature needs })`; `background` starts consumers and jobs.
 */
export interface ServiceDefinition<C extends ServiceInfraConfig, M> {
  name: string;
  config: C;
  port: number;
  /** builds the service's feature modules from the context, once, before anything is mounted */
  modules(ctx: ServiceContext<C>): M | Promise<M>;
  /** mounts routes on the app; public ones under /api/..., internal ones under /internal/... */
  routes(router: Router, modules: M, ctx: ServiceContext<C>): void;
  /** starts consumers and background jobs; the returned function stops them */
  background?(modules: M, ctx: ServiceContext<C>): Promise<(() => Promise<void>) | void>;
  /** extra dependency checks /ready reports (informational, like MongoDB's, Redis's and RabbitMQ's) */
  checks?: Record<string, (modules: M, ctx: ServiceContext<C>) => Promise<boolean>>;
  /** what /ready reports beside its checks without changing its status, e.g. a warning for the operator */
  details?: (ctx: ServiceContext<C>) => Record<string, unknown>;
  /** how long requests under way may take to finish when the service stops (default 5 s) */
  drainMs?: number;
}

export interface RunningService<C extends ServiceInfraConfig = ServiceInfraConfig, M = unknown> {
  name: string;
  /** the feature modules `modules` built (tests reach use cases through them) */
  modules: M;
  url: string;
  port: number;
  ctx: ServiceContext<C>;
  app: Express;
  /** how long stop() lets requests under way finish */
  drainMs: number;
  stop(): Promise<void>;
}

/**
 * Connects a service to its MongoDB database, Redis and RabbitMQ, mounts its routes with
 * request ids, logging, JSON errors, /health and /ready, and listens (port 0 in tests).
 */
export async function startService<C extends ServiceInfraConfig, M>(def: ServiceDefinition<C, M>): Promise<RunningService<C, M>> {
  const logger = createLogger(def.name, def.config.LOG_LEVEL);
  const metrics = createMetrics(def.name);
  const ns = def.config.NAMESPACE;
  const mongo = await connectMongo(def.config.MONGO_URL, `${ns}postwright_${def.name.replace(/-/g, '_')}`);
  const redis = await connectRedis(def.config.REDIS_URL).catch(async (e) => {
    await mongo.close();
    throw e;
  });
  const messaging = await Messaging.connect({ url: def.config.AMQP_URL, namespace: ns, service: def.name, logger, redis, metrics, queueExpiresMs: def.config.NODE_ENV === 'test' ? 120_000 : undefined }).catch(async (e) => {
    await mongo.close();
    redis.disconnect();
    throw e;
  });
  const tokens = createTokenVerifier({
    ...(def.config.JWT_PUBLIC_KEY ? { publicKey: def.config.JWT_PUBLIC_KEY } : { jwksUrl: new URL('/.well-known/jwks.json', def.config.AUTH_URL).toString() }),
    metrics,
  });
  const ctx: ServiceContext<C> = { name: def.name, config: def.config, logger, mongo, redis, messaging, tokens, metrics, keyPrefix: `${ns}${def.name}:` };
  let modules: M;
  try {
    modules = await def.modules(ctx);
  } catch (error) {
    await messaging.close();
    redis.disconnect();
    await mongo.close();
    throw error;
  }

  const app = express();
  app.disable('x-powered-by');
  app.set('trust proxy', def.config.TRUST_PROXY);
  // ahead of the request log: a scrape every few seconds is not worth a line each
  app.get('/metrics', metricsHandler(metrics));
  app.use(requestContext());
  app.use(requestLogger(logger));
  app.use(requestMetrics(metrics));
  app.use(helmet());
  app.get('/health', (_req, res) => {
    res.json({ status: 'ok', service: def.name });
  });
  // whether this process can serve: its dependencies' state is reported in `checks` but keeps it
  // in rotation (a request that needs one that is down gets its own 503); only a stop takes it out
  let draining = false;
  app.get('/ready', async (_req, res) => {
    const checks: Readiness['checks'] = {
      mongodb: (await pingMongo(mongo)) ? 'up' : 'down',
      redis: (await pingRedis(redis)) ? 'up' : 'down',
      rabbitmq: messaging.isConnected() ? 'up' : 'down',
    };
    for (const [name, check] of Object.entries(def.checks ?? {})) {
      checks[name] = (await check(modules, ctx).catch(() => false)) ? 'up' : 'down';
    }
    const allUp = Object.values(checks).every((s) => s === 'up');
    const details = def.details?.(ctx);
    const body: Readiness = { status: draining ? 'unavailable' : allUp ? 'ok' : 'degraded', service: def.name, checks, ...(details ? { details } : {}) };
    res.status(draining ? 503 : 200).json(body);
  });
  app.use(jsonBody());
  const router = express.Router();
  def.routes(router, modules, ctx);
  app.use(router);
  app.use(notFoundHandler);
  app.use(errorHandler(logger));

  const stopBackground = (await def.background?.(modules, ctx)) ?? undefined;
  let server: HttpServer;
  try {
    server = await listen(app, def.port, def.config.HOST, { drainMs: def.drainMs });
  } catch (error) {
    await stopBackground?.();
    await messaging.close();
    redis.disconnect();
    await mongo.close();
    throw error;
  }
  logger.info({ url: server.url }, `${def.name} listening`);

  let stopping: Promise<void> | undefined;
  return {
    name: def.name,
    modules,
    url: server.url,
    port: server.port,
    ctx,
    app,
    drainMs: def.drainMs ?? 5_000,
    stop: () =>
      (stopping ??= (async () => {
        draining = true;
        await server.close();
        await stopBackground?.();
        await messaging.close();
        redis.disconnect();
        await mongo.close();
      })()),
  };
}
