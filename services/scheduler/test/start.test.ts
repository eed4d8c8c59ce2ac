import { randomBytes } from 'node:crypto';
import type { ConfigError } from '@postwright/platform';
import { http, testEnv, testNamespace } from '@postwright/platform/src/testing';
import { readConfig } from '../src/config';
import { start, type SchedulerService } from '../src/server';
import { cleanup } from './support/stack';

describe('scheduler service start-up', () => {
  const ns = testNamespace();
  let service: SchedulerService;

  beforeAll(async () => {
    service = await start(readConfig(testEnv(ns)));
  });
  afterAll(async () => {
    await service?.stop();
    await cleanup(ns, [process.env.REDIS_URL ?? 'redis://127.0.0.1:6379']);
  });

  test('when started against the real infrastructure, then it is live and ready', async () => {
    const health = await http(service.url, 'GET', '/health');
    expect(health.status).toBe(200);
    expect(health.body).toEqual({ status: 'ok', service: 'scheduler' });

    const ready = await http(service.url, 'GET', '/ready');
    expect(ready.status).toBe(200);
    expect(ready.body).toEqual({ status: 'ok', service: 'scheduler', checks: { mongodb: 'up', redis: 'up', rabbitmq: 'up', timers: 'up' } });
  });

  test('when a route does not exist, then the answer is a JSON 404 with error text', async () => {
    const res = await http(service.url, 'GET', '/api/nothing-here');
    expect(res.status).toBe(404);
    expect(res.body).toMatchObject({ error: expect.any(String), code: 'ROUTE.NOT_FOUND', requestId: expect.any(String) });
  });

  test('when the config is invalid, then start-up fails listing every bad variable', () => {
    expect(() => readConfig({ ...testEnv(ns), MONGO_URL: 'nope', PORT: 'abc', INTERNAL_TOKEN: 'short' })).toThrow(
      /MONGO_URL[\s\S]*INTERNAL_TOKEN[\s\S]*PORT|MONGO_URL[\s\S]*PORT[\s\S]*INTERNAL_TOKEN/,
    );
  });

  test('when production is not told the public address, the SMTP server and the sender of its emails, then start-up fails naming them; told them, it starts', () => {
    const production = {
      ...testEnv(ns),
      NODE_ENV: 'production',
      INTERNAL_TOKEN: randomBytes(32).toString('base64url'),
      AMQP_URL: 'amqp://postwright:k3v9q2x8m4@rabbitmq:5672',
      PUBLIC_URL: 'https://app.example.com',
      SMTP_URL: 'smtps://postwright:r8Xq2mV7kL4p@smtp.mail.example:465',
      MAIL_FROM: 'Postwright <no-reply@app.example.com>',
    };
    expect(readConfig(production)).toMatchObject({ PUBLIC_URL: 'https://app.example.com', MAIL_FROM: 'Postwright <no-reply@app.example.com>' });
    let problems: string[] = [];
    try {
      readConfig({ ...production, PUBLIC_URL: undefined, SMTP_URL: undefined, MAIL_FROM: undefined });
    } catch (error) {
      problems = (error as ConfigError).problems;
    }
    expect(problems).toEqual([
      expect.stringMatching(/^SMTP_URL: is required in production/),
      expect.stringMatching(/^MAIL_FROM: is required in production/),
      expect.stringMatching(/^PUBLIC_URL: is required in production/),
    ]);
  });
});
