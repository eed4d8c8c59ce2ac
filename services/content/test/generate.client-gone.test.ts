import type { IncomingMessage, ServerResponse } from 'node:http';
import { eventually, http } from '@postwright/platform/src/testing';
import { listen, type HttpServer } from '@postwright/platform';
import { buildGenerateRequest } from './support/builders';
import { generationUnderWay } from './support/model-stack';
import { startOpenAiStub, type OpenAiStub } from '@postwright/platform/src/testing/fakes/openai';
import { startStack, type Stack, type TestUser } from './support/stack';

/**
 * The auth service's quota API behind a pass-through that can hold each commit until the test
 * lets it go: the moment after the model has answered and the post is being counted.
 */
async function holdingCommits(targetUrl: () => string) {
  let holding = false;
  const held: Array<() => void> = [];
  const server: HttpServer = await listen((req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const forward = async () => {
        const headers = Object.fromEntries(Object.entries(req.headers).filter(([name]) => !['host', 'connection', 'content-length'].includes(name))) as Record<string, string>;
        const answer = await fetch(new URL(req.url ?? '/', targetUrl()), { method: req.method, headers, body: chunks.length ? Buffer.concat(chunks) : undefined });
        res.writeHead(answer.status, { 'content-type': answer.headers.get('content-type') ?? 'application/json' });
        res.end(Buffer.from(await answer.arrayBuffer()));
      };
      if (holding && req.url === '/internal/quota/commit') held.push(() => void forward());
      else void forward();
    });
  }, 0);
  return {
    url: server.url,
    hold: () => {
      holding = true;
    },
    /** commits waiting to be let through */
    held: () => held.length,
    letGo: () => {
      holding = false;
      for (const go of held.splice(0)) go();
    },
    close: () => server.close(),
  };
}

/**
 * Switching the content type (or closing the tab) while a post is being written
 * cancels the generation. Until the model has answered, the server must not finish it behind
 * the author's back: the model request is aborted, nothing is stored, and the trial post is
 * given back. A client that leaves after the model answered has had its post written: it is
 * stored and counts (the streamed answer's rule is in generate.stream.model).
 */
describe('POST /api/content/generate when the client goes away before the post is ready', () => {
  let stack: Stack;
  let model: OpenAiStub;
  let quota: Awaited<ReturnType<typeof holdingCommits>>;

  beforeAll(async () => {
    model = await startOpenAiStub();
    quota = await holdingCommits(() => stack.quota.url);
    stack = await startStack({ OPENAI_API_KEY: 'sk-test-key', OPENAI_BASE_URL: model.url, OPENAI_MODEL: 'stub-model-1', GENERATION_TIMEOUT_MS: '20000', AUTH_URL: quota.url });
  });
  afterAll(async () => {
    quota?.letGo();
    await stack?.stop();
    await quota?.close();
    await model?.close();
  }, 60_000);
  beforeEach(() => model.reset());

  /** Starts a generation, waits until the model is writing it, then hangs up. */
  async function generateAndHangUp(user: TestUser, body: Record<string, unknown>) {
    const run = await generationUnderWay(stack, model, user, body);
    await expect(run.hangUp()).resolves.toBe('AbortError');
  }

  test('when a trial author hangs up mid-generation, then the model request is aborted, no draft is stored and the trial post is given back', async () => {
    const user = await stack.user();

    await generateAndHangUp(user, buildGenerateRequest({ topic: 'A post nobody waits for' }));

    // the model is not left writing a post nobody will read
    await eventually(async () => model.abandoned(), (n) => n === 1);
    expect(await stack.list(user)).toEqual([]);
    // the trial's three posts are all still there: the third succeeds once the reservation is back
    for (const topic of ['First kept post', 'Second kept post']) {
      expect((await http(stack.content.url, 'POST', '/api/content/generate', { token: user.token, body: buildGenerateRequest({ topic }) })).status).toBe(201);
    }
    const third = await eventually(
      () => http(stack.content.url, 'POST', '/api/content/generate', { token: user.token, body: buildGenerateRequest({ topic: 'Third kept post' }) }),
      (res) => res.status === 201,
      10_000,
      200,
    );
    expect(third.body.user.trialPostsRemaining).toBe(0);
    expect((await stack.list(user)).map((item) => item.topic)).toEqual(['Third kept post', 'Second kept post', 'First kept post']);
    expect(await stack.trialPostsUsed(user)).toBe(3);
  });

  test('when an author hangs up while a draft is being generated again, then the draft keeps its text and no previous version is made', async () => {
    const user = await stack.user({ tier: 'premium' });
    const draft = await stack.draft(user, { topic: 'The text that stays' });

    await generateAndHangUp(user, { ...buildGenerateRequest({ topic: 'A rewrite nobody waits for' }), contentId: draft.id });

    await eventually(async () => model.abandoned(), (n) => n === 1);
    const [kept] = await stack.list(user);
    expect(kept).toMatchObject({ id: draft.id, topic: 'The text that stays', generatedContent: draft.generatedContent, hooks: draft.hooks, hasPreviousVersion: false });
  });

  test('when a trial author hangs up after the model has answered, then the draft is stored and the trial post counts', async () => {
    const user = await stack.user();
    quota.hold();
    const hangUp = new AbortController();
    const pending = fetch(`${stack.content.url}/api/content/generate`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${user.token}` },
      body: JSON.stringify(buildGenerateRequest({ topic: 'A post written before the author left' })),
      signal: hangUp.signal,
    }).catch((error: Error) => error.name);
    // the model has answered and the post is being counted: now the author leaves
    await eventually(async () => quota.held(), (n) => n === 1);
    hangUp.abort();
    await expect(pending).resolves.toBe('AbortError');
    quota.letGo();

    const [kept] = await eventually(() => stack.list(user), (items) => items.length === 1);
    expect(kept).toMatchObject({ topic: 'A post written before the author left', status: 'draft' });
    await eventually(async () => stack.trialPostsUsed(user), (n) => n === 1);
    expect(stack.quota.calls.filter((c) => c.path === '/internal/quota/release' && String((c.body as { reservationId: string }).reservationId).startsWith(user.id))).toHaveLength(0);
    expect(model.abandoned()).toBe(0);
  });
});
