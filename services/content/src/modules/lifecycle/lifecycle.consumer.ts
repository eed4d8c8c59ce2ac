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
          await deps.publication.settle(contentId, { outcome: 'published', ...report });
          return;
        }
        case 'linkedin.post.failed': {
          const { contentId, ...report } = (event as EventEnvelope<'linkedin.post.failed'>).payload;
          await deps.publication.settle(contentId, { outcome: 'failed', ...report });
          return;
        }
        case 'linkedin.engagement.updated':
          return deps.lifecycle.onEngagement((event as EventEnvelope<'linkedin.engagement.updated'>).payload, new Date(event.occurredAt));
      }
    },
    // a burst of scheduled posts reports back together: the prefetch lets their settles share reads
    // and bulk writes (the repository groups them); scheduled posts are settled by these events alone
    { maxAttempts: 5, prefetch: 64 },
  );
}
