import { eventually, http } from '@postwright/platform/src/testing';
import { buildGenerateRequest } from './builders';
import { startOpenAiStub, type OpenAiStub } from '@postwright/platform/src/testing/fakes/openai';
import { startStack, type Stack, type TestUser } from './stack';

/**
 * The content service writing with a model (the real openai SDK against the local stub) and a
 * premium author, for a file's tests: started before them, stopped after, the stub's script and
 * record cleared before each. Read `stack`, `model` and `user` inside a test.
 */
export function modelStack(env: Record<string, string> = {}) {
  let stack: Stack | undefined;
  let model: OpenAiStub | undefined;
  let user: TestUser | undefined;
  const ready = <T>(value: T | undefined): T => {
    if (value === undefined) throw new Error('the model stack starts in beforeAll: read it inside a test');
    return value;
  };

  beforeAll(async () => {
    model = await startOpenAiStub();
    stack = await startStack({ OPENAI_API_KEY: 'sk-test-key', OPENAI_BASE_URL: model.url, GENERATION_TIMEOUT_MS: '5000', ...env });
    user = await stack.user({ tier: 'premium' });
  });
  afterAll(async () => {
    await stack?.stop();
    await model?.close();
  }, 60_000);
  beforeEach(() => model?.reset());

  return {
    get stack() {
      return ready(stack);
    },
    get model() {
      return ready(model);
    },
    get user() {
      return ready(user);
    },
    /** the author generates a post from the default form */
    generate: () => http(ready(stack).content.url, 'POST', '/api/content/generate', { token: ready(user).token, body: buildGenerateRequest() }),
  };
}

/**
 * Starts a generation for the user with the model holding its answer back, and waits until the
 * model has the request; `hangUp` then aborts it, resolving to the client's error name.
 */
export async function generationUnderWay(stack: Stack, model: OpenAiStub, user: TestUser, body: Record<string, unknown>) {
  model.script({ delayMs: 15_000 });
  const before = model.requests.length;
  const hangUp = new AbortController();
  const pending = fetch(`${stack.content.url}/api/content/generate`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${user.token}` },
    body: JSON.stringify(body),
    signal: hangUp.signal,
  }).catch((error: Error) => error.name);
  await eventually(async () => model.requests.length, (n) => n === before + 1);
  return {
    hangUp() {
      hangUp.abort();
      return pending;
    },
  };
}
