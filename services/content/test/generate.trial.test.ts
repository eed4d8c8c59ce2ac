import { http } from '@postwright/platform/src/testing';
import { buildGenerateRequest } from './support/builders';
import { startStack, type Stack, type TestUser } from './support/stack';

const TRIAL_LIMIT = 'Trial limit reached. Please upgrade to continue generating content.';

/** Trial users get 3 posts; the auth service keeps the count. */
describe('POST /api/content/generate and the posts quota (the auth service\'s, played by the test kit\'s fake)', () => {
  let stack: Stack;

  beforeAll(async () => {
    stack = await startStack({ OPENAI_API_KEY: '' });
  });
  afterAll(() => stack?.stop(), 60_000);

  const generate = (user: TestUser, topic = 'Board reporting') =>
    http(stack.content.url, 'POST', '/api/content/generate', { token: user.token, body: buildGenerateRequest({ topic }) });

  test('when a trial user generates, then posts left count down 2, 1, 0 and the fourth is refused with 403 and the spec text', async () => {
    const user = await stack.user();

    const remaining: number[] = [];
    for (let i = 0; i < 3; i++) {
      const res = await generate(user, `Topic number ${i + 1}`);
      expect(res.status).toBe(201);
      remaining.push(res.body.user.trialPostsRemaining);
    }
    const fourth = await generate(user, 'One too many');

    expect(remaining).toEqual([2, 1, 0]);
    expect(fourth.status).toBe(403);
    expect(fourth.body).toMatchObject({ error: TRIAL_LIMIT });
    const items = await stack.list(user);
    expect(items.map((i) => i.topic)).toEqual(['Topic number 3', 'Topic number 2', 'Topic number 1']);
    expect(await stack.trialPostsUsed(user)).toBe(3);
  });

  test('when a trial user sends 6 generations at once, then exactly 3 succeed and 3 get the trial limit message', async () => {
    const user = await stack.user();

    const results = await Promise.all(Array.from({ length: 6 }, (_, i) => generate(user, `Parallel topic ${i}`)));

    const created = results.filter((r) => r.status === 201);
    const refused = results.filter((r) => r.status === 403);
    expect(created).toHaveLength(3);
    expect(refused).toHaveLength(3);
    for (const r of refused) expect(r.body.error).toBe(TRIAL_LIMIT);
    // each answer reports what is left when it completes; with 3 in flight that may already be 0
    for (const r of created) expect([0, 1, 2]).toContain(r.body.user.trialPostsRemaining);
    expect(await stack.list(user)).toHaveLength(3);
    expect(await stack.trialPostsUsed(user)).toBe(3);
  });

  test.each(['premium', 'beta'] as const)('when a %s user generates, then there is no limit and posts left is null', async (tier) => {
    const user = await stack.user({ tier });
    for (let i = 0; i < 4; i++) {
      const res = await generate(user);
      expect(res.status).toBe(201);
      expect(res.body.user).toEqual({ trialPostsRemaining: null, usage: { used: 0, allowance: null, resetsAt: null } });
    }
  });

  test('when the access token still says trial but the account was upgraded, then the server-side tier wins', async () => {
    const user = await stack.user();
    for (let i = 0; i < 3; i++) expect((await generate(user)).status).toBe(201);
    expect((await generate(user)).status).toBe(403);

    stack.quota.setTier(user.id, 'premium');

    const res = await generate(user);
    expect(res.status).toBe(201);
    expect(res.body.user.trialPostsRemaining).toBeNull();
  });

  test('when a Starter member generates, then the answer carries the month\'s usage, and at the limit the auth service\'s refusal comes through as it is', async () => {
    const user = await stack.user({ tier: 'starter' });
    const res = await generate(user);
    expect(res.status).toBe(201);
    expect(res.body.user).toEqual({ trialPostsRemaining: null, usage: { used: 1, allowance: 50, resetsAt: expect.any(String) } });
    for (let i = 1; i < 50; i++) expect((await generate(user, `Topic ${i}`)).status).toBe(201);
    const refused = await generate(user, 'One too many');
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({ code: 'PLAN.LIMIT_REACHED', error: expect.any(String), details: { allowance: 50, resetsAt: res.body.user.usage.resetsAt } });
    expect(await stack.list(user)).toHaveLength(50);
  });

  test('when a member\'s payment is overdue, then generation is refused with 402 and nothing is written', async () => {
    const user = await stack.user({ tier: 'professional' });
    stack.quota.setOverdue(user.id, true);
    const refused = await generate(user);
    expect(refused.status).toBe(402);
    expect(refused.body).toMatchObject({ code: 'PLAN.PAYMENT_OVERDUE', error: 'Payment overdue. Please update your payment method to continue generating content.' });
    expect(await stack.list(user)).toHaveLength(0);
  });
});
