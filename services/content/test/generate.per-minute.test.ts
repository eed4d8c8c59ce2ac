import { errorCatalogue } from '@postwright/contracts';
import { http, readEventStream, testEnv, testNamespace } from '@postwright/platform/src/testing';
import { readConfig } from '../src/config';
import { buildGenerateRequest } from './support/builders';
import { startStack, type Stack, type TestUser } from './support/stack';

/**
 * A member may start GENERATION_PER_MINUTE generations in any 60 seconds, counted in
 * Redis across every replica (default 12: more than a person writing posts starts, few enough
 * to bound what a script spends on the model). Here the setting is 3.
 */
describe('POST /api/content/generate with GENERATION_PER_MINUTE=3', () => {
  let stack: Stack;

  beforeAll(async () => {
    stack = await startStack({ OPENAI_API_KEY: '', GENERATION_PER_MINUTE: '3' });
  });
  afterAll(() => stack?.stop(), 60_000);

  const generate = (user: TestUser, body: Record<string, unknown> = buildGenerateRequest()) => http(stack.content.url, 'POST', '/api/content/generate', { token: user.token, body });
  const reserves = (user: TestUser) => stack.quota.calls.filter((c) => c.path === '/internal/quota/reserve' && (c.body as { userId: string }).userId === user.id).length;
  /** the member's starts in the window as Redis holds them (start time in ms by id) */
  const startsKey = (user: TestUser) => `${stack.content.ctx.keyPrefix}generation:started:${user.id}`;

  test('when a member starts a fourth generation within the minute, then 429 GENERATION.TOO_MANY with a Retry-After until the first leaves the minute (plain JSON when streamed too); nothing is reserved or stored, and another member is not held up', async () => {
    const user = await stack.user({ tier: 'premium' });
    const other = await stack.user({ tier: 'premium' });
    // refused before the limits are looked at: these do not count
    expect((await generate(user, buildGenerateRequest({ topic: '' }))).status).toBe(400);
    expect((await generate(user, { ...buildGenerateRequest(), contentId: '665f1f77bcf86cd799439011' })).status).toBe(404);

    for (let i = 0; i < 3; i++) expect((await generate(user)).status).toBe(201);
    const fourth = await generate(user);
    const streamed = await readEventStream(stack.content.url, '/api/content/generate', { token: user.token, body: buildGenerateRequest() });

    expect(fourth.status).toBe(429);
    const retryAfter = Number(fourth.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(60);
    expect(fourth.body).toMatchObject({
      error: `You can generate up to 3 posts a minute. Please try again in ${retryAfter} ${retryAfter === 1 ? 'second' : 'seconds'}.`,
      code: 'GENERATION.TOO_MANY',
    });
    expect(streamed.status).toBe(429);
    expect(streamed.headers.get('content-type')).toMatch(/^application\/json/);
    expect(streamed.json).toMatchObject({ code: 'GENERATION.TOO_MANY' });
    expect(reserves(user)).toBe(3);
    expect(await stack.list(user)).toHaveLength(3);
    expect((await generate(other)).status).toBe(201);
  });

  test('when the first start leaves the minute, then one more may start, and the minute is full again after it', async () => {
    const user = await stack.user({ tier: 'premium' });
    for (let i = 0; i < 3; i++) expect((await generate(user)).status).toBe(201);
    expect((await generate(user)).status).toBe(429);

    // a minute passes for the first start only (the window slides: each start leaves it on its own)
    const redis = stack.content.ctx.redis;
    const [first, startedAt] = await redis.zrange(startsKey(user), 0, 0, 'WITHSCORES');
    await redis.zadd(startsKey(user), Number(startedAt) - 60_000, first);

    expect((await generate(user)).status).toBe(201);
    const again = await generate(user);
    expect(again.status).toBe(429);
    expect(again.body.code).toBe('GENERATION.TOO_MANY');
  });

  test('when the settings are left unset, then 2 at once and 12 a minute, as the error catalogue (and so the API document) says', () => {
    const config = readConfig(testEnv(testNamespace()));
    expect([config.GENERATION_MAX_IN_FLIGHT, config.GENERATION_PER_MINUTE]).toEqual([2, 12]);
    expect(errorCatalogue['GENERATION.BUSY'].description).toContain('GENERATION_MAX_IN_FLIGHT generations running (default 2');
    expect(errorCatalogue['GENERATION.TOO_MANY'].description).toContain('GENERATION_PER_MINUTE generations in the last 60 seconds (default 12');
  });
});
