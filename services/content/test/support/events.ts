/** Listens to the events a service emits, and publishes events as another service would. */
import { randomUUID } from 'node:crypto';
import amqp from 'amqplib';
import type { EventEnvelope, EventPayload, EventType } from '@postwright/contracts';
import { createLogger, Messaging } from '@postwright/platform';
import { eventually } from '@postwright/platform/src/testing';

export interface EventProbe {
  received: EventEnvelope[];
  ofType<T extends EventType>(type: T): Array<EventEnvelope<T>>;
  waitFor<T extends EventType>(type: T, match?: (payload: EventPayload<T>) => boolean, timeoutMs?: number): Promise<EventEnvelope<T>>;
  publish<T extends EventType>(type: T, payload: EventPayload<T>, options?: { id?: string }): Promise<EventEnvelope<T>>;
  /** an envelope written by hand (a chosen occurredAt, a redelivered id) */
  publishRaw(envelope: Omit<EventEnvelope, 'version' | 'correlationId'> & Partial<EventEnvelope>): Promise<void>;
  close(): Promise<void>;
}

export async function startEventProbe(ns: string, types: EventType[]): Promise<EventProbe> {
  const messaging = await Messaging.connect({
    url: process.env.AMQP_URL!,
    namespace: ns,
    service: `probe-${randomUUID().slice(0, 8)}`,
    logger: createLogger('probe', 'silent'),
    queueExpiresMs: 120_000,
  });
  const received: EventEnvelope[] = [];
  await messaging.consume('all', types, async (event) => {
    received.push(event);
  });
  const raw = await amqp.connect(process.env.AMQP_URL!);
  const channel = await raw.createConfirmChannel();

  const ofType = <T extends EventType>(type: T) => received.filter((e) => e.type === type) as unknown as Array<EventEnvelope<T>>;
  return {
    received,
    ofType,
    async waitFor(type, match = () => true, timeoutMs = 10_000) {
      const found = await eventually(
        async () => ofType(type).find((e) => match(e.payload)),
        (e) => e !== undefined,
        timeoutMs,
        25,
      );
      return found!;
    },
    publish: (type, payload, options) => messaging.publish(type, payload, options),
    async publishRaw(envelope) {
      const full = { version: 1, correlationId: randomUUID(), ...envelope };
      channel.publish(`${ns}postwright.events`, full.type, Buffer.from(JSON.stringify(full)), { persistent: true, messageId: full.id });
      await channel.waitForConfirms();
    },
    async close() {
      await channel.close().catch(() => undefined);
      await raw.close().catch(() => undefined);
      await messaging.close();
    },
  };
}
