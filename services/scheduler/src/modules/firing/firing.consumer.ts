import type { EventEnvelope, EventType } from '@postwright/contracts';
import type { Messaging } from '@postwright/platform';
import type { FiringUseCases } from './firing.use-case';

/** The messaging layer validated the payload against its type's schema before handing it over. */
function isOfType<T extends EventType>(event: EventEnvelope, type: T): event is EventEnvelope<T> {
  return event.type === type;
}

/**
 * The outcomes of publish requests (from the LinkedIn service) and deletions (from the
 * content service). Every handler is a conditional update, so a redelivery changes nothing.
 */
export async function startFiringConsumer(messaging: Messaging, firing: FiringUseCases): Promise<void> {
  await messaging.consume(
    'outcomes',
    ['linkedin.post.published', 'linkedin.post.failed', 'content.deleted'],
    async (event) => {
      if (isOfType(event, 'linkedin.post.published')) return firing.onPublished(event.payload);
      if (isOfType(event, 'linkedin.post.failed')) return firing.onFailed(event.payload);
      if (isOfType(event, 'content.deleted')) return firing.onContentDeleted(event.payload);
    },
    { maxAttempts: 10, prefetch: 200, retryDelayMs: 500 },
  );
}
