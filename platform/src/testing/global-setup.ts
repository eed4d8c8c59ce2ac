/**
 * Jest global setup for every Node workspace: MONGO_URL, REDIS_URL and AMQP_URL come from
 * the environment; where one is unset and a Docker engine answers, Testcontainers starts it;
 * without Docker, MongoDB is the embedded FerretDB and Redis/RabbitMQ the local servers.
 * SMTP_URL and MAILPIT_URL (the SMTP server every service sends to and the Mailpit API the
 * tests read it back from) come from the environment together, or from a Mailpit on test ports
 * of its own, started once, detached, and reused by later runs as FerretDB is.
 */
import fs from 'node:fs';
import path from 'node:path';
import { DEFAULT_AMQP_URL, DEFAULT_REDIS_URL } from '../config';
import { probe } from '../probe';
import { canConnect, checkRabbit, checkRedis, DATA_DIR, ensureMailpit, ensureMongo, FERRETDB_PORT, mailpitReady } from '../stack/infra';

/** the tests' Mailpit: beside, not on, the ports of npm start's (1025, 8025), so test emails never land in a developer's inbox */
export const TEST_MAILPIT_SMTP_PORT = 1125;
export const TEST_MAILPIT_HTTP_PORT = 8125;

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
  const startsFerretdb = !process.env.MONGO_URL && !(await canConnect('127.0.0.1', FERRETDB_PORT));
  const startsMailpit = !process.env.SMTP_URL && !process.env.MAILPIT_URL && !(await mailpitReady(TEST_MAILPIT_SMTP_PORT, TEST_MAILPIT_HTTP_PORT));
  process.env.MONGO_URL = (await ensureMongo({ detached: true })).url;
  process.env.REDIS_URL ??= DEFAULT_REDIS_URL;
  process.env.AMQP_URL ??= DEFAULT_AMQP_URL;
  await checkRedis();
  await checkRabbit();
  await provideMailpit();
  const left = [startsFerretdb && `the embedded FerretDB (port ${FERRETDB_PORT})`, startsMailpit && `the tests' Mailpit (SMTP ${TEST_MAILPIT_SMTP_PORT}, inbox ${TEST_MAILPIT_HTTP_PORT})`].filter(Boolean);
  // they outlive the run on purpose (the next run starts in seconds): say so, and how to stop them
  if (left.length) console.log(`\nStarted ${left.join(' and ')}; they keep running for the next test run. Stop them with: npm run stop:test-servers\n`);
  process.env.POSTWRIGHT_TEST_INFRA_READY = '1';
  (globalThis as { __POSTWRIGHT_CONTAINERS__?: unknown }).__POSTWRIGHT_CONTAINERS__ = started;
}

async function provideMailpit(): Promise<void> {
  const { SMTP_URL: smtpUrl, MAILPIT_URL: mailpitUrl } = process.env;
  if (smtpUrl || mailpitUrl) {
    // an SMTP server the tests cannot read would leave every email assertion waiting, and a real one would deliver test emails
    if (!smtpUrl || !mailpitUrl) {
      throw new Error('Set SMTP_URL and MAILPIT_URL together (a Mailpit\'s SMTP server and its API), or neither: the tests read what they send through the Mailpit API.');
    }
    const smtp = new URL(smtpUrl);
    const answers =
      (await canConnect(smtp.hostname, Number(smtp.port || (smtp.protocol === 'smtps:' ? 465 : 25)))) &&
      (await probe(`${mailpitUrl.replace(/\/$/, '')}/readyz`, 2_000)) === 200;
    if (!answers) throw new Error(`No Mailpit answers at SMTP_URL (${smtpUrl}) and MAILPIT_URL (${mailpitUrl}).`);
    return;
  }
  const mailpit = await ensureMailpit({ smtpPort: TEST_MAILPIT_SMTP_PORT, httpPort: TEST_MAILPIT_HTTP_PORT, dir: path.join(DATA_DIR, 'mailpit-test') });
  process.env.SMTP_URL = mailpit.smtpUrl;
  process.env.MAILPIT_URL = mailpit.url;
}
