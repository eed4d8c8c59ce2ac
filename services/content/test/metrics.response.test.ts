import { eventually, http } from '@postwright/platform/src/testing';
import { scrape, type Metrics } from '@postwright/platform/src/testing/prometheus';
import { buildGenerateRequest } from './support/builders';
import { generationUnderWay, modelStack } from './support/model-stack';
import { startStack, type Stack } from './support/stack';

const generations = (m: Metrics, outcome: string, generator: string) => m.value('postwright_generation_duration_seconds_count', { outcome, generator });

/**
 * The content service's Prometheus metrics on its own port: each post written is timed by outcome
 * and generator, and each request by its route template.
 */
describe('GET /metrics on the content service, with the offline generator', () => {
  let stack: Stack;

  beforeAll(async () => {
    stack = await startStack({ OPENAI_API_KEY: '' });
  });
  afterAll(() => stack?.stop(), 60_000);

  test('when a post is generated, then its writing time is observed as succeeded (offline) and the request under its route', async () => {
    const user = await stack.user({ tier: 'premium' });
    const res = await http(stack.content.url, 'POST', '/api/content/generate', { token: user.token, body: buildGenerateRequest() });
    expect(res.status).toBe(201);
    await http(stack.content.url, 'GET', `/api/content/${res.body.content.id}`, { token: user.token });

    const scraped = await eventually(
      () => scrape(stack.content.url),
      (m) => m.value('http_request_duration_seconds_count', { route: '/api/content/:id' }) === 1,
    );
    const family = scraped.family('postwright_generation_duration_seconds');
    expect(family.type).toBe('histogram');
    expect(generations(scraped, 'succeeded', 'offline')).toBe(1);
    expect(scraped.value('postwright_generation_duration_seconds_sum', { outcome: 'succeeded', generator: 'offline' })).toBeGreaterThan(0);
    expect(scraped.samples('postwright_generation_duration_seconds_count')[0].labels).toEqual({ outcome: 'succeeded', generator: 'offline', service: 'content' });
    expect(scraped.value('http_request_duration_seconds_count', { method: 'POST', route: '/api/content/generate', status: '201' })).toBe(1);
    expect(scraped.value('http_request_duration_seconds_count', { method: 'GET', route: '/api/content/:id', status: '200' })).toBe(1);
    // the service's own consumers and the process are there too
    expect(scraped.family('postwright_events_consumed_total').type).toBe('counter');
    expect(scraped.samples('postwright_queue_messages').length).toBeGreaterThan(0);
    expect(scraped.samples('process_cpu_seconds_total')[0].labels.service).toBe('content');
  });
});

describe('GET /metrics on the content service, writing with a model', () => {
  const ctx = modelStack({ GENERATION_TIMEOUT_MS: '20000' });

  test('when the model writes a post, fails, or its client hangs up before seeing any of it, then each is observed under its outcome (model)', async () => {
    const { stack, model, user } = ctx;
    expect((await ctx.generate()).status).toBe(201);

    model.script({ status: 401, error: { message: 'Incorrect API key provided', type: 'invalid_request_error', code: 'invalid_api_key' } });
    expect((await ctx.generate()).status).toBe(503);

    const run = await generationUnderWay(stack, model, user, buildGenerateRequest());
    await expect(run.hangUp()).resolves.toBe('AbortError');

    const scraped = await eventually(
      () => scrape(stack.content.url),
      (m) => generations(m, 'abandoned', 'model') === 1,
    );
    expect(generations(scraped, 'succeeded', 'model')).toBe(1);
    expect(generations(scraped, 'failed', 'model')).toBe(1);
    expect(scraped.value('postwright_generation_duration_seconds_count', { generator: 'offline' })).toBe(0);
  });
});
