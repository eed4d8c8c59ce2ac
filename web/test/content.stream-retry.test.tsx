/**
 * A streamed generation that meets a 429 or 503 says how long to wait in its `error` event
 * (`retryAfter`, what the JSON answer's Retry-After header says): the generator says it after
 * the spec's message, in whole seconds.
 */
import { EVENT_STREAM_TYPE } from '@postwright/contracts';
import { generateContent, generationErrorMessage } from '../src/features/content/api/generate';
import { fakeApi, seedSession, type FakeCall } from './support/fake-api';
import { eventStream } from './support/event-stream';

const request = {
  contentType: 'framework' as const,
  topic: 'My 3-question filter for saying no',
  industryRole: 'COO at a logistics company',
  personalExperience: 'Last year I used three questions to cut our roadmap from 40 initiatives to 12.',
  targetAudience: 'Operations leaders',
};

/** The message the generator shows when the stream ends with this `error` event. */
async function shownFor(data: { error: string; code: string; retryAfter?: number }) {
  seedSession();
  const stream = eventStream();
  fakeApi({ 'POST /api/content/generate': (call: FakeCall) => (call.accept === EVENT_STREAM_TYPE ? stream.reply : { status: 500 }) });
  const pending = generateContent(request, undefined, () => {}).then(
    () => {
      throw new Error('the generation was expected to fail');
    },
    (error: unknown) => error,
  );
  stream.send({ event: 'error', data });
  stream.end();
  return generationErrorMessage(await pending);
}

describe('streamed generation: an error event that names its wait', () => {
  it('when the model is rate-limited and the event says 12 seconds, then the message says to try again in 12 seconds', async () => {
    const failure = await shownFor({ error: 'The AI model rate limit was reached. Please wait a moment and try again.', code: 'GENERATION.RATE_LIMITED', retryAfter: 12 });
    expect(failure.message).toBe('Our content generation service is currently busy. Please wait a moment and try again. You can try again in 12 seconds.');
    expect(failure.retryAfter).toBe(12);
  });

  it('when the model is unavailable and the event says 1 second, then the message says so in the singular', async () => {
    const failure = await shownFor({ error: 'The AI model is temporarily unavailable. Please try again in a few minutes.', code: 'GENERATION.UNAVAILABLE', retryAfter: 1 });
    expect(failure.message).toBe('Our content generation service is temporarily unavailable. Please try again in a few minutes. You can try again in 1 second.');
  });

  it('when the event names no wait, then the spec message is shown as it is', async () => {
    const failure = await shownFor({ error: 'The AI model is temporarily unavailable. Please try again in a few minutes.', code: 'GENERATION.UNAVAILABLE' });
    expect(failure.message).toBe('Our content generation service is temporarily unavailable. Please try again in a few minutes.');
    expect(failure).not.toHaveProperty('retryAfter');
  });
});
