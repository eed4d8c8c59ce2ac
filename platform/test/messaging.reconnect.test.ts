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

interface Pair {
  proxy: TcpProxy;
  producer: Messaging;
  consumer: Messaging;
}

/**
 * A producer on the broker and a consumer that reaches `through` (RabbitMQ, or the Redis that
 * keeps its handled event ids) by a proxy that can drop it; the servers themselves are untouched.
 */
function pairThroughProxy(through: 'rabbitmq' | 'redis'): Pair {
  const ns = testNamespace();
  const pair = {} as Pair;
  let redis: Redis;
  beforeAll(async () => {
    const amqpUrl = process.env.AMQP_URL!;
    const redisUrl = process.env.REDIS_URL!;
    pair.proxy = await startTcpProxy(through === 'rabbitmq' ? amqpUrl : redisUrl);
    redis = await connectRedis(through === 'redis' ? pair.proxy.url(redisUrl) : redisUrl);
    const consumerUrl = through === 'rabbitmq' ? pair.proxy.url(amqpUrl) : amqpUrl;
    pair.producer = await Messaging.connect({ url: amqpUrl, namespace: ns, service: 'producer', logger, queueExpiresMs: 60_000 });
    pair.consumer = await Messaging.connect({ url: consumerUrl, namespace: ns, service: 'consumer', logger: consumerLogger, redis, queueExpiresMs: 60_000 });
  });
  afterAll(async () => {
    await pair.producer?.close();
    await pair.consumer?.close();
    redis?.disconnect();
    await pair.proxy?.close();
    await cleanupNamespace(ns);
  });
  return pair;
}

describe('messaging when the broker connection drops', () => {
  const pair = pairThroughProxy('rabbitmq');

  test('when the connection drops while a handler runs, then the message comes again and the consumer goes on consuming', async () => {
    const started: string[] = [];
    const finished: string[] = [];
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    await pair.consumer.consume('reconnect', ['user.updated'], async (e: EventEnvelope) => {
      started.push(e.id);
      if (started.length === 1) await gate;
      finished.push(e.id);
    });

    const first = await pair.producer.publish('user.updated', { userId: 'u1', fields: ['bio'] });
    await eventually(async () => started, (s) => s.length === 1);
    pair.proxy.cut();
    await eventually(async () => pair.consumer.isConnected(), (up) => !up);
    await pair.proxy.restore();
    // the broker gave the unacknowledged message back: it is delivered again on the new channel
    await eventually(async () => started, (s) => s.length === 2);
    release();
    // the first run ends on a channel that is gone: its acknowledgement is dropped (the broker has
    // redelivered the message), not sent on the new channel, where the broker would answer with
    // 406 "unknown delivery tag" and close the channel (and the connection with it)
    await eventually(async () => staleSettles() + disconnects(), (n) => n >= 2);
    expect({ staleSettles: staleSettles(), disconnects: disconnects() }).toEqual({ staleSettles: 1, disconnects: 1 });

    const second = await pair.producer.publish('user.updated', { userId: 'u2', fields: ['bio'] });
    await eventually(async () => finished, (f) => f.includes(second.id));
    expect(finished.filter((id) => id === first.id)).toHaveLength(2);
    expect(disconnects()).toBe(1);
  });
});

describe('messaging when Redis is away', () => {
  const pair = pairThroughProxy('redis');

  test('when an event arrives while Redis is away, then it waits in the queue (not dead-lettered) and is handled once Redis is back', async () => {
    const handled: string[] = [];
    await pair.consumer.consume('redis-away', ['user.updated'], async (e) => {
      handled.push(e.id);
    }, { maxAttempts: 1, retryDelayMs: 50 });
    const putBack = () => lines.filter((l) => l.msg.startsWith('handled-event ids unavailable')).length;

    pair.proxy.cut();
    const event = await pair.producer.publish('user.updated', { userId: 'u3', fields: ['bio'] });
    // put back again and again: a failure counted as an attempt would have dead-lettered it at once (maxAttempts 1)
    await eventually(async () => putBack(), (n) => n >= 2, 20_000);
    expect(handled).toEqual([]);
    await pair.proxy.restore();

    await eventually(async () => handled, (h) => h.length === 1, 20_000);
    expect(handled).toEqual([event.id]);
    expect(await deadLetters(pair.consumer.queueName('redis-away'))).toBe(0);
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
