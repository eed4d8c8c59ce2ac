import type { EventEnvelope } from '@postwright/contracts';
import type { Messaging } from '@postwright/platform';
import type { LifecycleUseCases } from './lifecycle.use-case';

/** LinkedIn's reports move items (published, failed) and keep their engagement current. */
export async function startLifecycleConsumer(messaging: Messaging, lifecycle: LifecycleUseCases): Promise<void> {
  await messaging.consume(
    'linkedin-events',
    ['linkedin.post.published', 'linkedin.post.failed', 'linkedin.engagement.updated'],
    async (event) => {
      switch (event.type) {
        case 'linkedin.post.published':
          return lifecycle.onPublished((event as EventEnvelope<'linkedin.post.published'>).payload);
        case 'linkedin.post.failed':
          return lifecycle.onFailed((event as EventEnvelope<'linkedin.post.failed'>).payload);
        case 'linkedin.engagement.updated':
          return lifecycle.onEngagement((event as EventEnvelope<'linkedin.engagement.updated'>).payload, new Date(event.occurredAt));
      }
    },
    // a burst of scheduled posts reports back together: settle many at once
    { maxAttempts: 5, prefetch: 64 },
  );
}
