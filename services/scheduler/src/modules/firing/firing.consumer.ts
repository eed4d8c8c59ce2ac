import type { Messaging } from '@postwright/platform';
import type { FiringUseCases } from './firing.use-case';

/**
 * The outcomes of publish requests (from the LinkedIn service) and deletions (from the
 * content service). Every handler is a conditional update, so a redelivery changes nothing.
 */
export async function startFiringConsumer(messaging: Messaging, firing: FiringUseCases): Promise<void> {
  await messaging.consume(
    'outcomes',
    ['linkedin.post.published', 'linkedin.post.failed', 'content.deleted'],
    async (event) => {
      switch (event.type) {
        case 'linkedin.post.published':
          return firing.onPublished(event.payload as Parameters<FiringUseCases['onPublished']>[0]);
        case 'linkedin.post.failed':
          return firing.onFailed(event.payload as Parameters<FiringUseCases['onFailed']>[0]);
        case 'content.deleted':
          return firing.onContentDeleted(event.payload as Parameters<FiringUseCases['onContentDeleted']>[0]);
        default:
          return;
      }
    },
    { maxAttempts: 10, prefetch: 200, retryDelayMs: 500 },
  );
}
