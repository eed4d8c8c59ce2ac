import { randomUUID } from 'node:crypto';
import amqp, { type AmqpConnectionManager, type ChannelWrapper } from 'amqp-connection-manager';
import type { Channel, ConsumeMessage } from 'amqplib';
import {
  eventEnvelopeSchema,
  eventPayloadSchemas,
  isEventType,
  type EventEnvelope,
  type EventPayload,
  type EventType,
} from '@postwright/contracts';
import { currentRequestId, runWithContext } from './context';
import { injectTraceContext, withConsumerSpan } from './tracing';
import type { Logger } from './logger';
import type { Metrics } from './metrics';
import { redact } from './config';
import type { Redis } from './redis';

export interface MessagingOptions {
  url: string;
  /** prefix for the exchanges and queues (tests, several stacks on one broker) */
  namespace?: string;
  /** consumer queues are named `<service>.<name>` */
  service: string;
  logger: Logger;
  /** remembers handled event ids so a redelivered event is not handled twice */
  redis?: Redis;
  connectTimeoutMs?: number;
  /** delete queues unused for this long (test namespaces clean up after themselves) */
  queueExpiresMs?: number;
  /** where consumed events, their lag, dead letters and queue depths are counted */
  metrics?: Metrics;
}

export interface ConsumeOptions {
  /** handler attempts before the message goes to the dead-letter queue */
  maxAttempts?: number;
  prefetch?: number;
  /** base of the exponential backoff between attempts */
  retryDelayMs?: number;
}

export type EventHandler = (event: EventEnvelope) => Promise<void>;

const PROCESSED_TTL_SECONDS = 7 * 24 * 3600;
const ATTEMPTS_HEADER = 'x-attempts';
/** when the event was published (ms since the epoch), for the consumers' lag; kept across retries */
const PUBLISHED_AT_HEADER = 'x-published-at';
/** seconds from publish to handled: a few ms normally, minutes when a consumer was down */
const LAG_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 300, 900];
const CLOSE_DRAIN_MS = 5_000;

type ConsumeOutcome = 'handled' | 'retried' | 'dead_lettered' | 'duplicate';

/**
 * Events over RabbitMQ: one durable topic exchange, one durable queue per consumer with a
 * dead-letter queue beside it, publisher confirms, manual ack after the handler stored its
 * work, reconnect with backoff (amqp-connection-manager), idempotency on the event id.
 */
/**
 * The Redis key that says a consumer queue has handled an event (set once its handler stored its
 * work, before the ack): redeliveries of a handled event are acked without running it again.
 */
export function processedEventKey(namespace: string | undefined, queue: string, eventId: string): string {
  return `${namespace ?? ''}processed:${queue}:${eventId}`;
}

export class Messaging {
  readonly exchange: string;
  readonly deadLetterExchange: string;
  private readonly publisher: ChannelWrapper;
  private readonly consumers: ChannelWrapper[] = [];
  /** a channel of its own for reading queue depths: a failed check closes the channel it ran on */
  private inspector: ChannelWrapper | undefined;
  private readonly stopReading: Array<() => void> = [];
  private closed = false;
  /** handlers running now: close() lets them finish (bounded) before it closes the channels */
  private readonly inFlight = new Set<Promise<void>>();

  private constructor(
    private readonly connection: AmqpConnectionManager,
    private readonly options: MessagingOptions,
  ) {
    const ns = options.namespace ?? '';
    this.exchange = `${ns}postwright.events`;
    this.deadLetterExchange = `${ns}postwright.dlx`;
    this.publisher = connection.createChannel({
      json: false,
      confirm: true,
      publishTimeout: 10_000,
      setup: (channel: Channel) => channel.assertExchange(this.exchange, 'topic', { durable: true }).then(() => undefined),
    });
    // an unheard 'error' event would crash the process; the wrapper sets the channel up again on reconnect
    this.publisher.on('error', (err) => options.logger.warn({ err }, 'RabbitMQ publishing channel error'));
  }

  static async connect(options: MessagingOptions): Promise<Messaging> {
    const connection = amqp.connect([options.url], {
      heartbeatIntervalInSeconds: 5,
      reconnectTimeInSeconds: 1,
      connectionOptions: { timeout: 5_000 },
    });
    connection.on('disconnect', ({ err }) => options.logger.warn({ err: err?.message }, 'RabbitMQ disconnected; reconnecting'));
    connection.on('connect', () => options.logger.debug('RabbitMQ connected'));
    try {
      await connection.connect({ timeout: options.connectTimeoutMs ?? 5_000 });
    } catch (error) {
      await connection.close().catch(() => undefined);
      throw new Error(
        `Cannot reach RabbitMQ at ${redact(options.url)} (AMQP_URL). Is it running, and are the address and credentials right?`,
        { cause: error },
      );
    }
    const messaging = new Messaging(connection, options);
    await messaging.publisher.waitForConnect();
    return messaging;
  }

  isConnected(): boolean {
    return !this.closed && this.connection.isConnected();
  }

  queueName(name: string): string {
    return `${this.options.namespace ?? ''}${this.options.service}.${name}`;
  }

  /** Validates the payload against contracts, wraps it in the envelope and waits for the broker's confirm. */
  async publish<T extends EventType>(
    type: T,
    payload: EventPayload<T>,
    options: { correlationId?: string; id?: string } = {},
  ): Promise<EventEnvelope<T>> {
    const parsed = eventPayloadSchemas[type].parse(payload) as EventPayload<T>;
    const envelope: EventEnvelope<T> = {
      id: options.id ?? randomUUID(),
      type,
      version: 1,
      occurredAt: new Date().toISOString(),
      correlationId: options.correlationId ?? currentRequestId() ?? randomUUID(),
      payload: parsed,
    };
    await this.publisher.publish(this.exchange, type, Buffer.from(JSON.stringify(envelope)), {
      persistent: true,
      contentType: 'application/json',
      messageId: envelope.id,
      type,
      // the trace this event belongs to goes with it (W3C traceparent; nothing when tracing is off)
      headers: injectTraceContext({ 'x-request-id': envelope.correlationId, [PUBLISHED_AT_HEADER]: Date.now() }),
    });
    return envelope;
  }

  /**
   * Consumes the given event types on the durable queue `<service>.<name>`. The handler's
   * work must be stored before it returns: the message is acked only then. A message that
   * is not a valid event goes straight to the dead-letter queue; a handler that keeps
   * failing goes there after maxAttempts.
   */
  async consume(name: string, types: EventType[], handler: EventHandler, options: ConsumeOptions = {}): Promise<void> {
    const queue = this.queueName(name);
    const dlq = `${queue}.dlq`;
    const maxAttempts = options.maxAttempts ?? 5;
    const retryDelayMs = options.retryDelayMs ?? 200;
    const logger = this.options.logger.child({ queue });
    const count = this.consumeMetrics(queue);
    /** the channel messages arrive on now: a new one after every reconnect */
    let current: Channel | undefined;

    const channel = this.connection.createChannel({
      json: false,
      confirm: true,
      setup: async (ch: Channel) => {
        current = ch;
        await ch.assertExchange(this.exchange, 'topic', { durable: true });
        await ch.assertExchange(this.deadLetterExchange, 'direct', { durable: true });
        const expires = this.options.queueExpiresMs ? { expires: this.options.queueExpiresMs } : {};
        await ch.assertQueue(dlq, { durable: true, ...expires });
        await ch.bindQueue(dlq, this.deadLetterExchange, queue);
        await ch.assertQueue(queue, {
          durable: true,
          deadLetterExchange: this.deadLetterExchange,
          deadLetterRoutingKey: queue,
          ...expires,
        });
        for (const type of types) await ch.bindQueue(queue, this.exchange, type);
        await ch.prefetch(options.prefetch ?? 10);
      },
    });
    channel.on('error', (err) => logger.warn({ err }, 'RabbitMQ consumer channel error'));
    this.consumers.push(channel);

    const onMessage = async (msg: ConsumeMessage) => {
      // A delivery tag means something only on the channel that delivered the message. When the
      // connection dropped while the handler ran, the broker has put the message back already
      // (it comes again, and the processed-id check makes that harmless); acking it on the new
      // channel would make the broker close that one (406 unknown delivery tag).
      const from = current;
      const settle = (fn: (ch: Channel) => void) => {
        if (!from || from !== current) return logger.info({ messageId: msg.properties.messageId }, 'channel replaced while handling; the broker redelivers the message');
        try {
          fn(from);
        } catch (err) {
          logger.info({ err, messageId: msg.properties.messageId }, 'channel closed while handling; the broker redelivers the message');
        }
      };
      const ack = () => settle((ch) => ch.ack(msg));
      const nack = (requeue: boolean) => settle((ch) => ch.nack(msg, false, requeue));

      const event = this.decode(msg);
      if (!event) {
        logger.error({ messageId: msg.properties.messageId }, 'poison message sent to the dead-letter queue');
        nack(false);
        count('dead_lettered');
        return;
      }
      const processedKey = processedEventKey(this.options.namespace, queue, event.id);
      let handled: boolean;
      try {
        handled = this.options.redis ? (await this.options.redis.exists(processedKey)) === 1 : false;
      } catch (error) {
        // Redis is away, so whether this event was handled is unknown: it goes back to the queue
        // and comes again shortly, without counting as a failed attempt (it is not a poison message)
        logger.warn({ err: error, eventId: event.id, type: event.type }, 'handled-event ids unavailable; message put back');
        await delay(retryDelayMs);
        nack(true);
        count('retried');
        return;
      }
      if (handled) {
        ack();
        count('duplicate');
        return;
      }
      try {
        await runWithContext({ requestId: event.correlationId }, () => withConsumerSpan(queue, msg.properties.headers, () => handler(event)));
        if (this.options.redis) await this.options.redis.set(processedKey, '1', 'EX', PROCESSED_TTL_SECONDS);
        ack();
        count('handled', msg.properties.headers?.[PUBLISHED_AT_HEADER]);
      } catch (error) {
        const attempts = Number(msg.properties.headers?.[ATTEMPTS_HEADER] ?? 0) + 1;
        if (this.closed) {
          // interrupted by the shutdown (e.g. the database closed under it): not a failed attempt
          logger.info({ err: error, eventId: event.id, type: event.type }, 'event handler interrupted by shutdown; the broker delivers the event again');
          nack(true);
          count('retried');
          return;
        }
        if (attempts >= maxAttempts) {
          logger.error({ err: error, eventId: event.id, type: event.type, attempts }, 'event handler failed; dead-lettered');
          nack(false);
          count('dead_lettered');
          return;
        }
        logger.warn({ err: error, eventId: event.id, type: event.type, attempts }, 'event handler failed; retrying');
        await delay(Math.min(retryDelayMs * 2 ** (attempts - 1), 10_000));
        try {
          await channel.sendToQueue(queue, msg.content, {
            ...msg.properties,
            persistent: true,
            headers: { ...msg.properties.headers, [ATTEMPTS_HEADER]: attempts },
          });
          ack();
        } catch {
          nack(true);
        }
        count('retried');
      }
    };
    await channel.consume(
      queue,
      (msg) => {
        const running = onMessage(msg).finally(() => this.inFlight.delete(running));
        this.inFlight.add(running);
      },
      { noAck: false },
    );
    await channel.waitForConnect();
  }

  /**
   * The queue's counters (every delivery ends in one outcome), and its depth read at scrape on a
   * channel of its own; a no-op without metrics.
   */
  private consumeMetrics(queue: string): (outcome: ConsumeOutcome, publishedAt?: unknown) => void {
    const metrics = this.options.metrics;
    if (!metrics) return () => undefined;
    const consumed = metrics.counter('postwright_events_consumed_total', 'Event deliveries a consumer settled, by queue and outcome', ['queue', 'outcome']);
    const lag = metrics.histogram('postwright_event_lag_seconds', 'Seconds from an event published to its consumer having handled it', ['queue'], LAG_BUCKETS);
    const deadLetters = metrics.counter('postwright_dead_letters_total', 'Events sent to the dead-letter queue (not valid, or failed every attempt)', ['queue']);
    // the series exists from the start at 0, so the first dead letter after a restart is an increase
    deadLetters.inc({ queue }, 0);
    if (!this.inspector) {
      this.inspector = this.connection.createChannel({ json: false, confirm: false });
      // the wrapper sets the channel up again after a failed check; the scrape leaves the queue out meanwhile
      this.inspector.on('error', () => undefined);
    }
    const inspector = this.inspector;
    this.stopReading.push(metrics.gaugeAtScrape('postwright_queue_messages', 'Messages ready in a consumer\'s queue, read when scraped', ['queue'], async () => {
      const { messageCount } = await inspector.checkQueue(queue);
      return [{ labels: { queue }, value: messageCount }];
    }));
    return (outcome, publishedAt) => {
      consumed.inc({ queue, outcome });
      if (outcome === 'dead_lettered') deadLetters.inc({ queue });
      if (outcome === 'handled' && typeof publishedAt === 'number') lag.observe({ queue }, Math.max(0, Date.now() - publishedAt) / 1000);
    };
  }

  private decode(msg: ConsumeMessage): EventEnvelope | null {
    try {
      const envelope = eventEnvelopeSchema.parse(JSON.parse(msg.content.toString('utf8')));
      if (!isEventType(envelope.type)) return null;
      const payload = eventPayloadSchemas[envelope.type].parse(envelope.payload);
      return { ...envelope, type: envelope.type, payload } as EventEnvelope;
    } catch {
      return null;
    }
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    for (const stop of this.stopReading) stop();
    for (const consumer of this.consumers) await consumer.cancelAll().catch(() => undefined);
    // no new deliveries now; the running handlers finish and settle their messages (what does
    // not finish in time is unacknowledged, so the broker delivers it again)
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([Promise.allSettled([...this.inFlight]), new Promise((resolve) => (timer = setTimeout(resolve, CLOSE_DRAIN_MS)))]);
    clearTimeout(timer);
    await Promise.all([...this.consumers, this.publisher, ...(this.inspector ? [this.inspector] : [])].map((c) => c.close().catch(() => undefined)));
    await this.connection.close().catch(() => undefined);
  }
}

function delay(ms: number) {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
