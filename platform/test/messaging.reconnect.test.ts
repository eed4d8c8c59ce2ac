import amqplib from 'amqplib';
import pino from 'pino';
import type { EventEnvelope } from '@postwright/contracts';
import { connectRedis, createLogger, Messaging, type Redis } from '../src';
import { cleanupNamespace, eventually, testNamespace } from '../src/testing';
import { startTcpProxy, type TcpProxy } from '../src/testing/tcp-proxy';

const logger = createLogger('messaging-reconnect-test', 'silent');
/** what the consumer logged: each lost connection is one "disconnected" line */
const lines: Array<{ msg: string }> = [];
const consumerLogger = pino({ level: 'info' }, { write: (line: string) => void lines.push(JSON.parse(line)) });
const disconnects = () => lines.filter((l) => l.msg.startsWith('RabbitMQ disconnected')).length;
const staleSettles = () => lines.filter((l) => l.msg.startsWith('channel replaced while handling')).length;

/** The consumer reaches RabbitMQ through a proxy that can drop its connection (the broker itself is untouched). */
describe('messaging when the broker connection drops', () => {
  const ns = testNamespace();
  let proxy: TcpProxy;
  let redis: Redis;
  let producer: Messaging;
  let consumer: Messaging;

  beforeAll(async () => {
    proxy = await startTcpProxy(process.env.AMQP_URL!);
    redis = await connectRedis(process.env.REDIS_URL!);
    producer = await Messaging.connect({ url: process.env.AMQP_URL!, namespace: ns, service: 'producer', logger, queueExpiresMs: 60_000 });
    consumer = await Messaging.connect({ url: proxy.url(process.env.AMQP_URL!), namespace: ns, service: 'consumer', logger: consumerLogger, redis, queueExpiresMs: 60_000 });
  });
  afterAll(async () => {
    await producer?.close();
    await consumer?.close();
    await proxy?.close();
    redis?.disconnect();
    await cleanupNamespace(ns);
  });

  test('when the connection drops while a handler runs, then the message comes again and the consumer goes on consuming', async () => {
    const started: string[] = [];
    const finished: string[] = [];
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    await consumer.consume('reconnect', ['user.updated'], async (e: EventEnvelope) => {
      started.push(e.id);
      if (started.length === 1) await gate;
      finished.push(e.id);
    });

    const first = await producer.publish('user.updated', { userId: 'u1', fields: ['bio'] });
    await eventually(async () => started, (s) => s.length === 1);
    proxy.cut();
    await eventually(async () => consumer.isConnected(), (up) => !up);
    await proxy.restore();
    // the broker gave the unacknowledged message back: it is delivered again on the new channel
    await eventually(async () => started, (s) => s.length === 2);
    release();
    // the first run ends on a channel that is gone: its acknowledgement is dropped (the broker has
    // redelivered the message), not sent on the new channel, where the broker would answer with
    // 406 "unknown delivery tag" and close the channel (and the connection with it)
    await eventually(async () => staleSettles() + disconnects(), (n) => n >= 2);
    expect({ staleSettles: staleSettles(), disconnects: disconnects() }).toEqual({ staleSettles: 1, disconnects: 1 });

    const second = await producer.publish('user.updated', { userId: 'u2', fields: ['bio'] });
    await eventually(async () => finished, (f) => f.includes(second.id));
    expect(finished.filter((id) => id === first.id)).toHaveLength(2);
    expect(disconnects()).toBe(1);
  });
});

/** The consumer's Redis (where handled event ids are kept) is reached through a proxy that can drop it. */
describe('messaging when Redis is away', () => {
  const ns = testNamespace();
  let proxy: TcpProxy;
  let redis: Redis;
  let producer: Messaging;
  let consumer: Messaging;

  beforeAll(async () => {
    proxy = await startTcpProxy(process.env.REDIS_URL!);
    redis = await connectRedis(proxy.url(process.env.REDIS_URL!));
    producer = await Messaging.connect({ url: process.env.AMQP_URL!, namespace: ns, service: 'producer', logger, queueExpiresMs: 60_000 });
    consumer = await Messaging.connect({ url: process.env.AMQP_URL!, namespace: ns, service: 'consumer', logger: consumerLogger, redis, queueExpiresMs: 60_000 });
  });
  afterAll(async () => {
    await producer?.close();
    await consumer?.close();
    redis?.disconnect();
    await proxy?.close();
    await cleanupNamespace(ns);
  });

  test('when an event arrives while Redis is away, then it waits in the queue (not dead-lettered) and is handled once Redis is back', async () => {
    const handled: string[] = [];
    await consumer.consume('redis-away', ['user.updated'], async (e) => {
      handled.push(e.id);
    }, { maxAttempts: 1, retryDelayMs: 50 });
    const putBack = () => lines.filter((l) => l.msg.startsWith('handled-event ids unavailable')).length;

    proxy.cut();
    const event = await producer.publish('user.updated', { userId: 'u3', fields: ['bio'] });
    // put back again and again: a failure counted as an attempt would have dead-lettered it at once (maxAttempts 1)
    await eventually(async () => putBack(), (n) => n >= 2, 20_000);
    expect(handled).toEqual([]);
    await proxy.restore();

    await eventually(async () => handled, (h) => h.length === 1, 20_000);
    expect(handled).toEqual([event.id]);
    expect(await deadLetters(consumer.queueName('redis-away'))).toBe(0);
  });
});

async function deadLetters(queue: string): Promise<number> {
  const conn = await amqplib.connect(process.env.AMQP_URL!);
  try {
    const ch = await conn.createChannel();
    return (await ch.checkQueue(`${queue}.dlq`)).messageCount;
  } finally {
    await conn.close();
  }
}
