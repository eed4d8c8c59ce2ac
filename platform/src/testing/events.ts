/**
 * The test kit's one event probe: listens to the events a service emits on the test's namespace,
 * and publishes events as another service would (the service under test alone, its peers played
 * by the test).
 */
import { randomUUID } from 'node:crypto';
import amqp from 'amqplib';
import type { EventEnvelope, EventPayload, EventType } from '@postwright/contracts';
import { createLogger } from '../logger';
import { Messaging, processedEventKey } from '../messaging';
import { DEFAULT_REDIS_URL } from '../config';
import { Redis } from 'ioredis';
import { eventually } from './index';

export interface EventProbe {
  received: EventEnvelope[];
  /** every event this probe published, in order */
  sent: Array<Pick<EventEnvelope, 'id' | 'type'>>;
  ofType<T extends EventType>(type: T): Array<EventEnvelope<T>>;
  waitFor<T extends EventType>(type: T, match?: (payload: EventPayload<T>) => boolean, timeoutMs?: number): Promise<EventEnvelope<T>>;
  publish<T extends EventType>(type: T, payload: EventPayload<T>, options?: { id?: string }): Promise<EventEnvelope<T>>;
  /**
   * Resolves once the service's consumer has handled every one of these events (its handler
   * stored its work): the state to wait on before asserting that an event changed nothing.
   */
  handled(consumer: { service: string; name: string }, events: Array<Pick<EventEnvelope, 'id'>>, timeoutMs?: number): Promise<void>;
  /** an envelope written by hand (a chosen occurredAt, a redelivered id) */
  publishRaw(envelope: Omit<EventEnvelope, 'version' | 'correlationId'> & Partial<EventEnvelope>): Promise<void>;
  close(): Promise<void>;
}

export interface EventProbeOptions {
  /** how long waitFor waits by default */
  waitMs?: number;
  /** messages in flight to the probe (a burst of many events) */
  prefetch?: number;
}

export async function startEventProbe(ns: string, types: EventType[], options: EventProbeOptions = {}): Promise<EventProbe> {
  const messaging = await Messaging.connect({
    url: process.env.AMQP_URL!,
    namespace: ns,
    service: `probe-${randomUUID().slice(0, 8)}`,
    logger: createLogger('probe', 'silent'),
    queueExpiresMs: 120_000,
  });
  const received: EventEnvelope[] = [];
  const sent: EventProbe['sent'] = [];
  await messaging.consume(
    'all',
    types,
    async (event) => {
      received.push(event);
    },
    options.prefetch ? { prefetch: options.prefetch } : undefined,
  );
  const raw = await amqp.connect(process.env.AMQP_URL!);
  const redis = new Redis(process.env.REDIS_URL ?? DEFAULT_REDIS_URL, { lazyConnect: true, maxRetriesPerRequest: 2 });
  const channel = await raw.createConfirmChannel();

  const ofType = <T extends EventType>(type: T) => received.filter((e) => e.type === type) as unknown as Array<EventEnvelope<T>>;
  return {
    received,
    ofType,
    async waitFor(type, match = () => true, timeoutMs = options.waitMs ?? 10_000) {
      const found = await eventually(
        async () => ofType(type).find((e) => match(e.payload)),
        (e) => e !== undefined,
        timeoutMs,
        25,
      );
      return found!;
    },
    sent,
    async publish(type, payload, publishOptions) {
      const envelope = await messaging.publish(type, payload, publishOptions);
      sent.push(envelope);
      return envelope;
    },
    async handled(consumer, events, timeoutMs = options.waitMs ?? 10_000) {
      const queue = `${ns}${consumer.service}.${consumer.name}`;
      const keys = events.map((event) => processedEventKey(ns, queue, event.id));
      await eventually(() => (keys.length ? redis.exists(...keys) : Promise.resolve(0)), (count) => count === keys.length, timeoutMs, 25);
    },
    async publishRaw(envelope) {
      const full = { version: 1, correlationId: randomUUID(), ...envelope };
      channel.publish(`${ns}postwright.events`, full.type, Buffer.from(JSON.stringify(full)), { persistent: true, messageId: full.id });
      await channel.waitForConfirms();
      sent.push(full);
    },
    async close() {
      await channel.close().catch(() => undefined);
      await raw.close().catch(() => undefined);
      redis.disconnect();
      await messaging.close();
    },
  };
}
