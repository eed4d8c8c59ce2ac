import type { EventPayload } from '@postwright/contracts';
import type { ServiceContext } from '@postwright/platform';

/** The scheduler's content.publish.requested: published exactly as "publish now" does, once per request id. */
export async function startPublishConsumer(ctx: ServiceContext, publishScheduled: (request: EventPayload<'content.publish.requested'>) => Promise<void>): Promise<void> {
  await ctx.messaging.consume(
    'publish-requests',
    ['content.publish.requested'],
    async (event) => {
      if (event.type !== 'content.publish.requested') return;
      await publishScheduled(event.payload as EventPayload<'content.publish.requested'>);
    },
    // each request mostly waits (LinkedIn, the content service, the store), so several run at
    // once; not many more: concurrent calls slow LinkedIn down, and a call that times out leaves
    // a post whose outcome is unknown (measured: 64 at once timed some out on a busy machine)
    { maxAttempts: 8, retryDelayMs: 500, prefetch: 16 },
  );
}
