/**
 * Jest global setup for every Node workspace: MONGO_URL, REDIS_URL and AMQP_URL come from
 * the environment; where one is unset and a Docker engine answers, Testcontainers starts it;
 * without Docker, MongoDB is the embedded FerretDB and Redis/RabbitMQ the local servers.
 */
import fs from 'node:fs';
import { DEFAULT_AMQP_URL, DEFAULT_REDIS_URL } from '../config';
import { checkRabbit, checkRedis, ensureMongo } from '../stack/infra';

const started: Array<{ stop(): Promise<unknown> }> = [];

function dockerAvailable(): boolean {
  return fs.existsSync('/var/run/docker.sock') || Boolean(process.env.DOCKER_HOST);
}

export default async function globalSetup(): Promise<void> {
  if (process.env.POSTWRIGHT_TEST_INFRA_READY) return;
  const docker = dockerAvailable() && process.env.POSTWRIGHT_NO_TESTCONTAINERS !== '1';
  if (!process.env.MONGO_URL && docker) {
    const { MongoDBContainer } = await import('@testcontainers/mongodb');
    const mongo = await new MongoDBContainer('mongo:7').start();
    started.push(mongo);
    process.env.MONGO_URL = `${mongo.getConnectionString()}?directConnection=true`;
  }
  if (!process.env.REDIS_URL && docker && !(await checkRedis(DEFAULT_REDIS_URL).then(() => true, () => false))) {
    const { RedisContainer } = await import('@testcontainers/redis');
    const redis = await new RedisContainer('redis:7').start();
    started.push(redis);
    process.env.REDIS_URL = redis.getConnectionUrl();
  }
  if (!process.env.AMQP_URL && docker && !(await checkRabbit(DEFAULT_AMQP_URL).then(() => true, () => false))) {
    const { RabbitMQContainer } = await import('@testcontainers/rabbitmq');
    const rabbit = await new RabbitMQContainer('rabbitmq:3.13-management').start();
    started.push(rabbit);
    process.env.AMQP_URL = rabbit.getAmqpUrl();
  }
  process.env.MONGO_URL = (await ensureMongo({ detached: true })).url;
  process.env.REDIS_URL ??= DEFAULT_REDIS_URL;
  process.env.AMQP_URL ??= DEFAULT_AMQP_URL;
  await checkRedis();
  await checkRabbit();
  process.env.POSTWRIGHT_TEST_INFRA_READY = '1';
  (globalThis as { __POSTWRIGHT_CONTAINERS__?: unknown }).__POSTWRIGHT_CONTAINERS__ = started;
}
