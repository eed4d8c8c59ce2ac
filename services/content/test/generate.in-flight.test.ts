import { eventually, http, readEventStream } from '@postwright/platform/src/testing';
import { startOpenAiStub, type OpenAiStub } from '@postwright/platform/src/testing/fakes/openai';
import { readConfig } from '../src/config';
import { start, type ContentService } from '../src/server';
import { buildGenerateRequest } from './support/builders';
import { startStack, type Stack, type TestUser } from './support/stack';

const TIMEOUT_MS = 20_000;
const BUSY = 'You already have 2 posts being written. Please wait for one to finish, then try again.';

/**
 * Unlimited plans hold no quota reservation, so this limit is what keeps one account from keeping
 * hundreds of model calls running. At most GENERATION_MAX_IN_FLIGHT (default 2) of a member's
 * generations run at once, counted in Redis across every replica; one more is refused before a
 * post is reserved or the model is asked, and a slot is freed whatever becomes of its generation.
 */
describe('POST /api/content/generate with GENERATION_MAX_IN_FLIGHT at its default (2 per member)', () => {
  let stack: Stack;
  let model: OpenAiStub;
  const modelEnv = () => ({ OPENAI_API_KEY: 'sk-test-key', OPENAI_BASE_URL: model.url, GENERATION_TIMEOUT_MS: String(TIMEOUT_MS), GENERATION_MAX_IN_FLIGHT: undefined });

  beforeAll(async () => {
    model = await startOpenAiStub();
    stack = await startStack(modelEnv());
  });
  afterAll(async () => {
    await stack?.stop();
    await model?.close();
  }, 60_000);
  beforeEach(() => model.reset());

  const generate = (user: TestUser, service: ContentService = stack.content) =>
    http(service.url, 'POST', '/api/content/generate', { token: user.token, body: buildGenerateRequest() });
  const reserves = (user: TestUser) => stack.quota.calls.filter((c) => c.path === '/internal/quota/reserve' && (c.body as { userId: string }).userId === user.id).length;
  const releases = (user: TestUser) =>
    stack.quota.calls.filter((c) => c.path === '/internal/quota/release' && String((c.body as { reservationId: string }).reservationId).startsWith(user.id)).length;
  /** the member's running generations as Redis holds them (start time in ms by id) */
  const runningKey = (user: TestUser) => `${stack.content.ctx.keyPrefix}generation:running:${user.id}`;
  const running = (user: TestUser) => stack.content.ctx.redis.zcard(runningKey(user));

  /** Two generations of the member's that the model takes a few seconds to answer, once both are being written. */
  async function twoBeingWritten(user: TestUser, service: ContentService = stack.content) {
    model.script({ delayMs: 3_000 }, { delayMs: 3_000 });
    const before = model.requests.length;
    const answers = [generate(user, service), generate(user, service)];
    await eventually(async () => model.requests.length, (n) => n === before + 2);
    return answers;
  }

  test('when an unlimited member starts a third generation while two are written, then 429 GENERATION.BUSY with Retry-After (plain JSON when streamed too), nothing reserved, the model not asked; another member is not held up; once they end, the next one runs', async () => {
    const user = await stack.user({ tier: 'premium' });
    const other = await stack.user({ tier: 'premium' });
    const answers = await twoBeingWritten(user);

    const third = await generate(user);
    const streamed = await readEventStream(stack.content.url, '/api/content/generate', { token: user.token, body: buildGenerateRequest() });

    expect(third.status).toBe(429);
    expect(third.body).toMatchObject({ error: BUSY, code: 'GENERATION.BUSY' });
    const retryAfter = Number(third.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(TIMEOUT_MS / 1000);
    // refused before the stream opened: the same JSON answer, not an event stream
    expect(streamed.status).toBe(429);
    expect(streamed.headers.get('content-type')).toMatch(/^application\/json/);
    expect(streamed.headers.get('retry-after')).toMatch(/^\d+$/);
    expect(streamed.json).toMatchObject({ error: BUSY, code: 'GENERATION.BUSY' });
    expect(model.requests).toHaveLength(2);
    expect(reserves(user)).toBe(2);
    expect((await generate(other)).status).toBe(201);

    expect((await Promise.all(answers)).map((res) => res.status)).toEqual([201, 201]);
    expect((await generate(user)).status).toBe(201);
    expect(await stack.list(user)).toHaveLength(3);
  });

  test('when two generations run on one replica, then a third on another replica is refused too', async () => {
    const replica = await start(readConfig(stack.env(modelEnv())));
    try {
      const user = await stack.user({ tier: 'premium' });
      const answers = await twoBeingWritten(user);

      const elsewhere = await generate(user, replica);

      expect(elsewhere.status).toBe(429);
      expect(elsewhere.body.code).toBe('GENERATION.BUSY');
      expect((await Promise.all(answers)).map((res) => res.status)).toEqual([201, 201]);
      expect((await generate(user, replica)).status).toBe(201);
    } finally {
      await replica.stop();
    }
  });

  test('when generations are refused by the quota, fail at the model or are called off by their client, then each frees its slot', async () => {
    const user = await stack.user();

    // refused by the trial's limit, two at once
    stack.quota.setUsed(user.id, 3);
    expect((await Promise.all([generate(user), generate(user)])).map((res) => res.body.code)).toEqual(['TRIAL.LIMIT_REACHED', 'TRIAL.LIMIT_REACHED']);
    expect(await running(user)).toBe(0);
    stack.quota.setUsed(user.id, 0);

    // the model fails, two at once
    model.script({ status: 503 }, { status: 503 });
    expect((await Promise.all([generate(user), generate(user)])).map((res) => res.body.code)).toEqual(['GENERATION.UNAVAILABLE', 'GENERATION.UNAVAILABLE']);
    expect(await running(user)).toBe(0);

    // two clients hang up while the model is writing
    model.script({ delayMs: 15_000 }, { delayMs: 15_000 });
    const hangUp = new AbortController();
    const gone = [1, 2].map(() =>
      fetch(`${stack.content.url}/api/content/generate`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${user.token}` },
        body: JSON.stringify(buildGenerateRequest()),
        signal: hangUp.signal,
      }).catch((error: Error) => error.name),
    );
    await eventually(async () => model.requests.length, (n) => n === 4);
    hangUp.abort();
    expect(await Promise.all(gone)).toEqual(['AbortError', 'AbortError']);
    await eventually(async () => releases(user), (n) => n === 4);
    await eventually(() => running(user), (n) => n === 0);

    // both slots are free: two at once run
    expect((await Promise.all([generate(user), generate(user)])).map((res) => res.status)).toEqual([201, 201]);
    expect(await running(user)).toBe(0);
  });

  test('when a replica died with two of a member\'s generations running, then their slots count until they are older than the longest generation, then are free', async () => {
    const user = await stack.user({ tier: 'premium' });
    const plant = (startedMsAgo: number) => stack.content.ctx.redis.zadd(runningKey(user), Date.now() - startedMsAgo, 'dead-replica-1', Date.now() - startedMsAgo, 'dead-replica-2');

    // freshly left behind: they hold both slots
    await plant(1_000);
    expect((await generate(user)).body.code).toBe('GENERATION.BUSY');

    // older than the time limit and the grace after it (storing and counting the post)
    await plant(TIMEOUT_MS + 30_000 + 1_000);
    expect((await generate(user)).status).toBe(201);
    expect(await running(user)).toBe(0);
  });
});
