import type { EventPayload } from '@postwright/contracts';
import type { ServiceContext } from '@postwright/platform';

/** The scheduler's content.publish.requested: published exactly as "publish now" does, once per request id. */
export async function startPublishConsumer(
  ctx: ServiceContext,
  publishScheduled: (request: EventPayload<'content.publish.requested'>) => Promise<void>,
  /** requests handled at once (LINKEDIN_PUBLISH_CONCURRENCY) */
  concurrency: number,
): Promise<void> {
  await ctx.messaging.consume(
    'publish-requests',
    ['content.publish.requested'],
    async (event) => {
      if (event.type !== 'content.publish.requested') return;
      await publishScheduled(event.payload as EventPayload<'content.publish.requested'>);
    },
    // each request mostly waits (LinkedIn takes a few hundred ms to create a post, then the
    // stores), so many run at once, but a bounded number: more than the database keeps up with
    // only queue there, and the scheduler's claims wait behind them
    { maxAttempts: 8, retryDelayMs: 500, prefetch: concurrency },
  );
}
