/**
 * Traces with OpenTelemetry: on when an OTLP endpoint is configured (OTEL_EXPORTER_OTLP_ENDPOINT
 * or OTEL_EXPORTER_OTLP_TRACES_ENDPOINT), off otherwise, and then nothing of the SDK is loaded.
 * W3C `traceparent` is taken from incoming requests and carried on outgoing ones (HTTP, undici's
 * fetch), into RabbitMQ messages and out of them (messaging.ts), so one request is one trace from
 * the gateway through the services and the consumers of the events it caused to LinkedIn, the
 * model and Stripe. Log lines written inside a span carry its `trace_id` and `span_id` (logger.ts).
 *
 * Every other OTEL_* variable of the SDK applies as documented by OpenTelemetry (the protocol, the
 * headers, the sampler: OTEL_TRACES_SAMPLER, OTEL_TRACES_SAMPLER_ARG). Programs start it first,
 * before loading the modules it instruments: each program's src/tracing.ts, its main's first import.
 */
import type { IncomingMessage } from 'node:http';
import { context, propagation, SpanKind, SpanStatusCode, trace, type Context, type Span } from '@opentelemetry/api';

const TRACER_NAME = '@postwright/platform';

export interface Tracing {
  /** sends what is still buffered and stops */
  shutdown(): Promise<void>;
}

/** Whether tracing is configured: an OTLP endpoint set and the SDK not disabled. */
export function tracingConfigured(env: NodeJS.ProcessEnv = process.env): boolean {
  if (String(env.OTEL_SDK_DISABLED).toLowerCase() === 'true') return false;
  return Boolean(env.OTEL_EXPORTER_OTLP_ENDPOINT || env.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT);
}

/** The probes and the metrics scrape are not worth a trace each: they come every few seconds from every replica. */
function isRoutine(req: IncomingMessage): boolean {
  const url = req.url ?? '';
  return url === '/health' || url === '/ready' || url === '/metrics';
}

export interface TracingOptions {
  env?: NodeJS.ProcessEnv;
  /** where finished spans go instead of OTLP (tests: an in-memory exporter's processor) */
  spanProcessors?: import('@opentelemetry/sdk-trace').SpanProcessor[];
}

/**
 * Starts the SDK with the instrumentations of what the programs use, when tracing is configured
 * (or span processors are given); undefined otherwise. Synchronous, and loading the SDK with
 * require(), so that a program's first import can start it before anything it instruments loads.
 */
export function startTracing(service: string, options: TracingOptions = {}): Tracing | undefined {
  const env = options.env ?? process.env;
  if (!options.spanProcessors && !tracingConfigured(env)) return undefined;
  const { NodeSDK } = require('@opentelemetry/sdk-node') as typeof import('@opentelemetry/sdk-node');
  const { OTLPTraceExporter } = require('@opentelemetry/exporter-trace-otlp-http') as typeof import('@opentelemetry/exporter-trace-otlp-http');
  const http = require('@opentelemetry/instrumentation-http') as typeof import('@opentelemetry/instrumentation-http');
  const express = require('@opentelemetry/instrumentation-express') as typeof import('@opentelemetry/instrumentation-express');
  const ioredis = require('@opentelemetry/instrumentation-ioredis') as typeof import('@opentelemetry/instrumentation-ioredis');
  const amqplib = require('@opentelemetry/instrumentation-amqplib') as typeof import('@opentelemetry/instrumentation-amqplib');
  const mongodb = require('@opentelemetry/instrumentation-mongodb') as typeof import('@opentelemetry/instrumentation-mongodb');
  const undici = require('@opentelemetry/instrumentation-undici') as typeof import('@opentelemetry/instrumentation-undici');
  const sdk = new NodeSDK({
    serviceName: env.OTEL_SERVICE_NAME || service,
    ...(options.spanProcessors ? { spanProcessors: options.spanProcessors } : { traceExporter: new OTLPTraceExporter() }),
    // metrics are Prometheus's (/metrics) and logs go to stdout: traces only here
    metricReaders: [],
    logRecordProcessors: [],
    instrumentations: [
      new http.HttpInstrumentation({ ignoreIncomingRequestHook: isRoutine }),
      new express.ExpressInstrumentation(),
      // the data stores' spans only inside a trace: the background loops' polling would be a root span each
      new ioredis.IORedisInstrumentation({ requireParentSpan: true }),
      new amqplib.AmqplibInstrumentation(),
      // the driver's, under mongoose and the direct collection calls alike (mongoose's own would double each one)
      new mongodb.MongoDBInstrumentation({ requireParentSpan: true }),
      new undici.UndiciInstrumentation(),
    ],
  });
  sdk.start();
  return {
    shutdown: async () => {
      await sdk.shutdown();
      // the API's globals back to no-ops, so nothing keeps paying for a stopped SDK (tests start it again)
      trace.disable();
      context.disable();
      propagation.disable();
    },
  };
}

/** startTracing for a program's start: a program whose tracing fails to start still serves, and says why. */
export function startProgramTracing(service: string): Tracing | undefined {
  try {
    return startTracing(service);
  } catch (error) {
    process.stderr.write(`${service}: tracing could not start: ${error instanceof Error ? error.message : String(error)}\n`);
    return undefined;
  }
}

/** The trace and span ids of the span under way, for a log line. */
export function traceIds(): { trace_id: string; span_id: string } | undefined {
  const span = trace.getActiveSpan();
  if (!span) return undefined;
  const { traceId, spanId } = span.spanContext();
  return { trace_id: traceId, span_id: spanId };
}

/** Writes the current trace context into a message's headers (nothing when tracing is off). */
export function injectTraceContext(headers: Record<string, unknown>): Record<string, unknown> {
  propagation.inject(context.active(), headers);
  return headers;
}

/**
 * Runs a consumer's handler in the trace its message came with: inside the span of the amqplib
 * instrumentation when it made one, else (the instrumentation off, or a module loader it cannot
 * hook) in a consumer span of ours continuing the publisher's trace.
 */
export function withConsumerSpan<T>(queue: string, headers: Record<string, unknown> | undefined, fn: () => Promise<T>): Promise<T> {
  if (trace.getActiveSpan()) return fn();
  const parent: Context = propagation.extract(context.active(), headers ?? {});
  const tracer = trace.getTracer(TRACER_NAME);
  return tracer.startActiveSpan(`${queue} process`, { kind: SpanKind.CONSUMER, attributes: { 'messaging.system': 'rabbitmq', 'messaging.destination.name': queue, 'messaging.operation.type': 'process' } }, parent, (span: Span) =>
    fn().then(
      (value) => {
        span.end();
        return value;
      },
      (error: unknown) => {
        span.recordException(error instanceof Error ? error : String(error));
        span.setStatus({ code: SpanStatusCode.ERROR });
        span.end();
        throw error;
      },
    ),
  );
}
