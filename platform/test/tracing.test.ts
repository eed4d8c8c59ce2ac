import { Writable } from 'node:stream';
import { context, propagation, SpanKind, trace } from '@opentelemetry/api';
import { InMemorySpanExporter, SimpleSpanProcessor } from '@opentelemetry/sdk-trace';
import type { EventEnvelope } from '@postwright/contracts';
import { connectRedis, createLogger, Messaging, type Redis } from '../src';
import { cleanupNamespace, eventually, testNamespace } from '../src/testing';
import { injectTraceContext, startTracing, tracingConfigured, type Tracing } from '../src/tracing';

describe('tracing configuration', () => {
  test('when no OTLP endpoint is set, then tracing is off and nothing is started', async () => {
    expect(tracingConfigured({})).toBe(false);
    expect(tracingConfigured({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318' })).toBe(true);
    expect(tracingConfigured({ OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: 'http://collector:4318/v1/traces' })).toBe(true);
    expect(tracingConfigured({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318', OTEL_SDK_DISABLED: 'true' })).toBe(false);
    expect(startTracing('test', { env: {} })).toBeUndefined();
    // and the context given to messages is empty: no header, no cost
    expect(injectTraceContext({})).toEqual({});
  });
});

describe('tracing on, with an in-memory exporter', () => {
  const ns = testNamespace();
  const exporter = new InMemorySpanExporter();
  const lines: Record<string, unknown>[] = [];
  const logger = createLogger(
    'tracing-test',
    'info',
    new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(JSON.parse(chunk.toString('utf8')) as Record<string, unknown>);
        done();
      },
    }),
  );
  let tracing: Tracing | undefined;
  let redis: Redis;
  let producer: Messaging;
  let consumer: Messaging;

  beforeAll(async () => {
    tracing = startTracing('tracing-test', { env: {}, spanProcessors: [new SimpleSpanProcessor({ exporter })] });
    redis = await connectRedis(process.env.REDIS_URL!);
    producer = await Messaging.connect({ url: process.env.AMQP_URL!, namespace: ns, service: 'producer', logger, queueExpiresMs: 60_000 });
    consumer = await Messaging.connect({ url: process.env.AMQP_URL!, namespace: ns, service: 'consumer', logger, redis, queueExpiresMs: 60_000 });
  });
  afterAll(async () => {
    await producer?.close();
    await consumer?.close();
    redis?.disconnect();
    await tracing?.shutdown();
    await cleanupNamespace(ns);
  });

  test('when an event is published inside a span, then its consumer handles it in the same trace, and log lines there carry the trace', async () => {
    const handled: { event: EventEnvelope; traceId?: string }[] = [];
    await consumer.consume('traced', ['user.registered'], async (event) => {
      logger.info({ eventId: event.id }, 'handling');
      handled.push({ event, traceId: trace.getActiveSpan()?.spanContext().traceId });
    });
    const tracer = trace.getTracer('tracing-test');
    const request = tracer.startSpan('POST /api/auth/signup', { kind: SpanKind.SERVER });
    const { traceId, spanId } = request.spanContext();
    await context.with(trace.setSpan(context.active(), request), () => producer.publish('user.registered', { userId: 'u1', email: 'a@b.co', firstName: 'A', lastName: 'B' }));
    request.end();

    const [got] = await eventually(async () => handled, (h) => h.length === 1);
    expect(got.traceId).toBe(traceId);
    const consumerSpan = await eventually(
      async () => exporter.getFinishedSpans().find((s) => s.kind === SpanKind.CONSUMER && s.spanContext().traceId === traceId),
      (s) => s !== undefined,
    );
    // the consumer's span continues the publisher's: its parent is the span the event was sent in
    expect(consumerSpan?.parentSpanContext?.spanId).toBe(spanId);
    expect(consumerSpan?.attributes['messaging.destination.name']).toBe(consumer.queueName('traced'));
    const line = lines.find((l) => l.msg === 'handling');
    expect(line).toMatchObject({ trace_id: traceId, span_id: consumerSpan?.spanContext().spanId });
  });

  test('when a log line is written outside any span, then it carries no trace ids', () => {
    logger.info('idle');
    const line = lines.find((l) => l.msg === 'idle');
    expect(line).toBeDefined();
    expect(line).not.toHaveProperty('trace_id');
  });

  test('when a context is injected, then it is a W3C traceparent of the span under way', () => {
    const span = trace.getTracer('tracing-test').startSpan('work');
    const headers = context.with(trace.setSpan(context.active(), span), () => injectTraceContext({}));
    span.end();
    const { traceId, spanId } = span.spanContext();
    expect(headers).toEqual({ traceparent: `00-${traceId}-${spanId}-01` });
    expect(trace.getSpanContext(propagation.extract(context.active(), headers))).toMatchObject({ traceId, spanId });
  });
});
