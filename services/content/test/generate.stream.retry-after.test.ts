import type { GenerationStreamEvent } from '@postwright/contracts';
import { http, readEventStream } from '@postwright/platform/src/testing';
import { buildGenerateRequest } from './support/builders';
import { modelStack } from './support/model-stack';

const rateLimit = { message: 'Rate limit reached for requests', type: 'requests', code: 'rate_limit_exceeded' };

/**
 * A streamed generation's headers are gone before the model answers, so a 429 or 503 met on the
 * way says how long to wait in its `error` event (`retryAfter`), as the same failure answered as
 * JSON says it in its Retry-After header.
 */
describe('POST /api/content/generate streamed: the error event says when to try again', () => {
  const ai = modelStack();
  const streamed = async () => (await readEventStream(ai.stack.content.url, '/api/content/generate', { token: ai.user.token, body: buildGenerateRequest() })).events.at(-1);
  const json = () => http(ai.stack.content.url, 'POST', '/api/content/generate', { token: ai.user.token, body: buildGenerateRequest() });
  const errorOf = (event: GenerationStreamEvent | undefined) => {
    if (event?.event !== 'error') throw new Error(`the stream ended with ${event?.event ?? 'nothing'}, not an error`);
    return event.data;
  };

  test.each([
    ['the model is rate-limited and says when', { status: 429, headers: { 'retry-after': '7' }, error: rateLimit }, 'GENERATION.RATE_LIMITED', 7],
    ['the model is rate-limited and does not say when', { status: 429, error: rateLimit }, 'GENERATION.RATE_LIMITED', 20],
    ['the model is unavailable and says when', { status: 503, headers: { 'retry-after': '30' } }, 'GENERATION.UNAVAILABLE', 30],
  ])('when %s, then the error event carries the same retryAfter as the JSON answer\'s Retry-After header', async (_case, reply, code, seconds) => {
    ai.model.script(reply);
    const event = errorOf(await streamed());
    ai.model.script(reply);
    const res = await json();

    expect(event).toMatchObject({ code, retryAfter: seconds });
    expect(res.status).toBe(code === 'GENERATION.RATE_LIMITED' ? 429 : 503);
    expect(res.headers.get('retry-after')).toBe(String(seconds));
  });

  test('when the model is unavailable without saying when, then neither the event nor the JSON answer names a wait', async () => {
    ai.model.script({ status: 503 });
    const event = errorOf(await streamed());
    ai.model.script({ status: 503 });
    const res = await json();

    expect(event.code).toBe('GENERATION.UNAVAILABLE');
    expect(event).not.toHaveProperty('retryAfter');
    expect(res.headers.get('retry-after')).toBeNull();
  });

  test('when the failure is not about waiting (an unusable answer), then the error event has no retryAfter', async () => {
    ai.model.script({ content: 'not json' }, { content: 'still not json' });
    const event = errorOf(await streamed());
    expect(event.code).toBe('GENERATION.INVALID_OUTPUT');
    expect(event).not.toHaveProperty('retryAfter');
  });
});
