import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Request, RequestHandler } from 'express';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';

/** Seconds, for request durations: from a cached answer to a generation's stream. */
const REQUEST_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60];
/** How long one reader of a scrape-time gauge may take before the scrape goes on without it. */
const READ_TIMEOUT_MS = 1_000;

/** The route label of a request that matched no route: never the raw URL, so the label set stays bounded. */
export const UNMATCHED_ROUTE = 'unmatched';

export type Labels<L extends string> = Partial<Record<L, string | number>>;

/** What a gauge reader reports at scrape: one value per label set. */
export type GaugeReading<L extends string> = Array<{ labels: Labels<L>; value: number }>;

/**
 * One program's metrics: its own registry (several services may run in one test process), the
 * process's default metrics, the label service=<program> on every series, and the request
 * duration histogram every program has.
 */
export interface Metrics {
  readonly service: string;
  readonly registry: Registry;
  /** http_request_duration_seconds{method,route,status} */
  readonly requestDuration: Histogram<'method' | 'route' | 'status'>;
  /** The counter of that name, registered on first use (the same one for every caller after). */
  counter<L extends string = never>(name: string, help: string, labelNames?: readonly L[]): Counter<L>;
  /** The histogram of that name, registered on first use. */
  histogram<L extends string = never>(name: string, help: string, labelNames?: readonly L[], buckets?: number[]): Histogram<L>;
  /**
   * A gauge read when scraped: every reader added under the name reports its series (a reader
   * that fails, or takes longer than a second, is left out of that scrape rather than reported
   * as 0). Returns the function that removes the reader (a consumer or job that stopped).
   */
  gaugeAtScrape<L extends string>(name: string, help: string, labelNames: readonly L[], read: () => Promise<GaugeReading<L>> | GaugeReading<L>): () => void;
  /** The Prometheus text of every metric, and its content type. */
  scrape(): Promise<{ contentType: string; body: string }>;
}

export function createMetrics(service: string): Metrics {
  const registry = new Registry();
  registry.setDefaultLabels({ service });
  collectDefaultMetrics({ register: registry });
  const readers = new Map<string, Set<() => Promise<GaugeReading<string>> | GaugeReading<string>>>();

  // the same metric for every caller that asks for it by name (two consumers, two jobs...)
  const existing = <M>(name: string, type: string): M | undefined => {
    const metric = registry.getSingleMetric(name) as unknown as { type: string } | undefined;
    if (metric && metric.type !== type) throw new Error(`metric ${name} is already registered as a ${metric.type}`);
    return metric as M | undefined;
  };

  const metrics: Metrics = {
    service,
    registry,
    requestDuration: new Histogram({
      name: 'http_request_duration_seconds',
      help: 'Time from a request arriving to its answer sent, by method, route template and status',
      labelNames: ['method', 'route', 'status'],
      buckets: REQUEST_BUCKETS,
      registers: [registry],
    }),
    counter(name, help, labelNames = []) {
      return existing(name, 'counter') ?? new Counter({ name, help, labelNames, registers: [registry] });
    },
    histogram(name, help, labelNames = [], buckets) {
      return existing(name, 'histogram') ?? new Histogram({ name, help, labelNames, ...(buckets ? { buckets } : {}), registers: [registry] });
    },
    gaugeAtScrape(name, help, labelNames, read) {
      let set = readers.get(name);
      if (!set) {
        const own = new Set<() => Promise<GaugeReading<string>> | GaugeReading<string>>();
        set = own;
        readers.set(name, own);
        new Gauge({
          name,
          help,
          labelNames,
          registers: [registry],
          async collect() {
            const readings = await Promise.all([...own].map((r) => withinTimeout(r).catch(() => [] as GaugeReading<string>)));
            // a series whose reader failed this time is absent rather than stale
            this.reset();
            for (const reading of readings) for (const { labels, value } of reading) this.set(labels as Labels<string>, value);
          },
        });
      }
      const reader = read as () => Promise<GaugeReading<string>> | GaugeReading<string>;
      set.add(reader);
      return () => void set.delete(reader);
    },
    async scrape() {
      return { contentType: registry.contentType, body: await registry.metrics() };
    },
  };
  return metrics;
}

async function withinTimeout<T>(read: () => Promise<T> | T): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  try {
    return await Promise.race([
      Promise.resolve().then(read),
      new Promise<never>((_resolve, reject) => {
        timer = setTimeout(() => reject(new Error('metric reader timed out')), READ_TIMEOUT_MS);
      }),
    ]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Answers GET (and HEAD) with the metrics' Prometheus text; anything else gets 405. Works as an
 * Express handler and on a bare `node:http` server (the gateway's metrics listener).
 */
export function metricsHandler(metrics: Metrics): (req: IncomingMessage, res: ServerResponse) => void {
  return (req, res) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      const body = JSON.stringify({ error: 'Use GET for /metrics' });
      res.writeHead(405, { allow: 'GET, HEAD', 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(body) });
      res.end(body);
      return;
    }
    metrics.scrape().then(
      ({ contentType, body }) => {
        res.writeHead(200, { 'content-type': contentType, 'content-length': Buffer.byteLength(body), 'cache-control': 'no-store' });
        res.end(req.method === 'HEAD' ? undefined : body);
      },
      () => {
        const body = JSON.stringify({ error: 'The metrics could not be read' });
        if (res.headersSent) return void res.end();
        res.writeHead(500, { 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(body) });
        res.end(body);
      },
    );
  };
}

/**
 * Times every request into http_request_duration_seconds, labelled with the route template that
 * answered it (the router's base joined with the route's path), `res.locals.metricsRoute` when a
 * handler outside the routes named one, or "unmatched".
 */
export function requestMetrics(metrics: Metrics): RequestHandler {
  return (req, res, next) => {
    const start = performance.now();
    res.once('close', () => {
      metrics.requestDuration.observe({ method: req.method, route: routeOf(req, res.locals), status: res.statusCode }, (performance.now() - start) / 1000);
    });
    next();
  };
}

/** Observes one request answered outside Express (the gateway's API path) under a route label from a bounded set. */
export function timeRequest(metrics: Metrics, req: IncomingMessage, res: ServerResponse, route: string): void {
  const start = performance.now();
  res.once('close', () => {
    metrics.requestDuration.observe({ method: req.method ?? 'GET', route, status: res.statusCode }, (performance.now() - start) / 1000);
  });
}

function routeOf(req: Request, locals: Record<string, unknown>): string {
  if (typeof locals.metricsRoute === 'string') return locals.metricsRoute;
  const path = (req.route as { path?: unknown } | undefined)?.path;
  if (typeof path !== 'string') return UNMATCHED_ROUTE;
  const base = req.baseUrl ?? '';
  return base && path === '/' ? base : `${base}${path}`;
}
