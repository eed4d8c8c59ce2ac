import amqplib from 'amqplib';
import type { EventEnvelope } from '@postwright/contracts';
import { connectRedis, createLogger, Messaging, runWithContext, type Redis } from '../src';
import { cleanupNamespace, eventually, testNamespace } from '../src/testing';

const logger = createLogger('messaging-test', 'silent');
const amqpUrl = () => process.env.AMQP_URL!;

describe('messaging on RabbitMQ', () => {
  const ns = testNamespace();
  let redis: Redis;
  let producer: Messaging;
  let consumer: Messaging;

  beforeAll(async () => {
    redis = await connectRedis(process.env.REDIS_URL!);
    producer = await Messaging.connect({ url: amqpUrl(), namespace: ns, service: 'producer', logger, queueExpiresMs: 60_000 });
    consumer = await Messaging.connect({ url: amqpUrl(), namespace: ns, service: 'consumer', logger, redis, queueExpiresMs: 60_000 });
  });
  afterAll(async () => {
    await producer?.close();
    await consumer?.close();
    redis?.disconnect();
    await cleanupNamespace(ns);
  });

  async function countDeadLetters(queue: string): Promise<number> {
    const conn = await amqplib.connect(amqpUrl());
    try {
      const ch = await conn.createChannel();
      const { messageCount } = await ch.checkQueue(`${consumer.queueName(queue)}.dlq`);
      return messageCount;
    } finally {
      await conn.close();
    }
  }

  test('when an event is published, then a consumer receives it in the envelope with the correlation id', async () => {
    const received: EventEnvelope[] = [];
    await consumer.consume('roundtrip', ['user.registered'], async (e) => {
      received.push(e);
    });
    const sent = await runWithContext({ requestId: 'req-abcdef123' }, () =>
      producer.publish('user.registered', { userId: 'u1', email: 'a@b.co', firstName: 'A', lastName: 'B' }),
    );
    const [got] = await eventually(async () => received, (r) => r.length === 1);
    expect(got).toEqual(sent);
    expect(got).toMatchObject({ type: 'user.registered', version: 1, correlationId: 'req-abcdef123', payload: { userId: 'u1' } });
  });

  test('when a payload does not match its contract, then publish refuses it', async () => {
    await expect(producer.publish('user.registered', { userId: 'u1' } as never)).rejects.toThrow();
  });

  test('when a message is not a valid event (poison), then it goes to the dead-letter queue', async () => {
    const handled: string[] = [];
    await consumer.consume('poison', ['linkedin.post.published'], async (e) => {
      handled.push(e.id);
    });
    const conn = await amqplib.connect(amqpUrl());
    const ch = await conn.createConfirmChannel();
    ch.publish(producer.exchange, 'linkedin.post.published', Buffer.from('{not json'), { persistent: true });
    ch.publish(producer.exchange, 'linkedin.post.published', Buffer.from(JSON.stringify({ id: 'x', type: 'linkedin.post.published' })), { persistent: true });
    await ch.waitForConfirms();
    await conn.close();
    await eventually(() => countDeadLetters('poison'), (n) => n === 2);
    expect(handled).toEqual([]);
  });

  test('when a handler keeps failing, then the event is retried and then dead-lettered', async () => {
    let calls = 0;
    await consumer.consume(
      'failing',
      ['content.deleted'],
      async () => {
        calls += 1;
        throw new Error('store is down');
      },
      { maxAttempts: 3, retryDelayMs: 20 },
    );
    await producer.publish('content.deleted', { contentId: 'c1', userId: 'u1', status: 'draft' });
    await eventually(() => countDeadLetters('failing'), (n) => n === 1);
    expect(calls).toBe(3);
  });

  test('when a handler fails once, then the retry succeeds and nothing is dead-lettered', async () => {
    let calls = 0;
    await consumer.consume(
      'flaky',
      ['linkedin.disconnected'],
      async () => {
        calls += 1;
        if (calls === 1) throw new Error('transient');
      },
      { maxAttempts: 3, retryDelayMs: 20 },
    );
    await producer.publish('linkedin.disconnected', { userId: 'u1' });
    await eventually(async () => calls, (n) => n === 2);
    expect(await countDeadLetters('flaky')).toBe(0);
  });

  test('when the same event id is delivered twice, then it is handled once', async () => {
    const seen: string[] = [];
    await consumer.consume('idempotent', ['user.updated'], async (e) => {
      seen.push(e.id);
    });
    const id = '6f1c2a52-7a39-4d55-9a3e-3b0f4a8f9c11';
    await producer.publish('user.updated', { userId: 'u1', fields: ['bio'] }, { id });
    await eventually(async () => seen, (s) => s.length === 1);
    await producer.publish('user.updated', { userId: 'u1', fields: ['bio'] }, { id });
    await producer.publish('user.updated', { userId: 'u2', fields: ['bio'] });
    await eventually(async () => seen, (s) => s.length === 2);
    expect(seen.filter((s) => s === id)).toHaveLength(1);
  });

  test('when the service shuts down while a handler runs, then the handler finishes first and its event is neither lost nor handled twice', async () => {
    const own = await Messaging.connect({ url: amqpUrl(), namespace: ns, service: 'draining', logger, redis, queueExpiresMs: 60_000 });
    const started: string[] = [];
    const finished: string[] = [];
    await own.consume('drain', ['content.deleted'], async (e) => {
      started.push(e.id);
      await new Promise((r) => setTimeout(r, 800));
      finished.push(e.id);
    });
    const sent = await producer.publish('content.deleted', { contentId: 'c-drain', userId: 'u1', status: 'draft' });
    await eventually(async () => started, (s) => s.length === 1);
    await own.close();
    expect(finished).toEqual([sent.id]);

    // a new instance of the service sees nothing left to do
    const again: string[] = [];
    const next = await Messaging.connect({ url: amqpUrl(), namespace: ns, service: 'draining', logger, redis, queueExpiresMs: 60_000 });
    try {
      await next.consume('drain', ['content.deleted'], async (e) => {
        again.push(e.id);
      });
      const marker = await producer.publish('content.deleted', { contentId: 'c-after', userId: 'u1', status: 'draft' });
      await eventually(async () => again, (a) => a.includes(marker.id));
      expect(again).toEqual([marker.id]);
    } finally {
      await next.close();
    }
  });
});
