/**
 * A deploy stops the content service while a post is being written: the listener takes no new
 * connection, and the stream under way goes on to `done` (stored and counted) before the stop
 * completes. The drain is the generation's own limit and 5 s to store and count the post.
 */
import type { GenerationStreamEvent } from '@postwright/contracts';
import { acceptsConnections, readEventStream } from '@postwright/platform/src/testing';
import { buildGenerateRequest } from './support/builders';
import { modelStack } from './support/model-stack';

describe('content service stop during a streamed generation', () => {
  const ai = modelStack({ GENERATION_TIMEOUT_MS: '20000' });

  test('when the service stops while a post streams, then new connections are refused and the stream ends with done, the post counted, before the stop completes', async () => {
    const { stack, model } = ai;
    expect(stack.content.drainMs).toBe(20_000 + 5_000);
    const user = await stack.user();
    // about a second of writing: time enough to stop in the middle of it
    model.script({ pace: { firstTokenMs: 50, tokensPerSecond: 400 } });
    let stopped = false;
    let stoppedAtDone: boolean | undefined;
    let writing: () => void = () => undefined;
    const firstText = new Promise<void>((resolve) => (writing = resolve));

    const answer = readEventStream(stack.content.url, '/api/content/generate', {
      token: user.token,
      body: buildGenerateRequest(),
      onEvent: (event: GenerationStreamEvent) => {
        if (event.event === 'body') writing();
        if (event.event === 'done') stoppedAtDone = stopped;
      },
    });
    await firstText;
    const stop = stack.content.stop().then(() => (stopped = true));
    expect(await acceptsConnections(stack.content.port)).toBe(false);

    const { events } = await answer;
    expect(events.at(-1)?.event).toBe('done');
    expect(stoppedAtDone).toBe(false);
    expect(await stack.trialPostsUsed(user)).toBe(1);
    await stop;
    expect(stopped).toBe(true);
  });
});
