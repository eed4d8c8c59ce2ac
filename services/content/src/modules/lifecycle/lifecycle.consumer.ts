import type { EventEnvelope } from '@postwright/contracts';
import type { Messaging } from '@postwright/platform';
import type { PublicationUseCases } from '../publication/publication.use-case';
import type { LifecycleUseCases } from './lifecycle.use-case';

/** LinkedIn's reports settle items' publication (published, failed) and keep their engagement current. */
export async function startLifecycleConsumer(messaging: Messaging, deps: { lifecycle: LifecycleUseCases; publication: PublicationUseCases }): Promise<void> {
  await messaging.consume(
    'linkedin-events',
    ['linkedin.post.published', 'linkedin.post.failed', 'linkedin.engagement.updated'],
    async (event) => {
      switch (event.type) {
        case 'linkedin.post.published': {
          const { contentId, ...report } = (event as EventEnvelope<'linkedin.post.published'>).payload;
          return deps.publication.settleReported(contentId, { outcome: 'published', ...report });
        }
        case 'linkedin.post.failed': {
          const { contentId, ...report } = (event as EventEnvelope<'linkedin.post.failed'>).payload;
          return deps.publication.settleReported(contentId, { outcome: 'failed', ...report });
        }
        case 'linkedin.engagement.updated':
          return deps.lifecycle.onEngagement((event as EventEnvelope<'linkedin.engagement.updated'>).payload, new Date(event.occurredAt));
      }
    },
    // a burst of scheduled posts reports back together: settle many at once, in bulk writes
    // (publication.settleReported); scheduled posts are settled by these events alone, as nobody waits on them
    { maxAttempts: 5, prefetch: 64 },
  );
}
