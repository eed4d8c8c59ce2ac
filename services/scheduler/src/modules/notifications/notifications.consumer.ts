import type { EventEnvelope, EventType } from '@postwright/contracts';
import type { Messaging } from '@postwright/platform';
import type { NotificationUseCases } from './notifications.use-case';

/**
 * Emails in flight at once. Small on purpose: a burst of published posts waits in this queue of its
 * own rather than take the auth service, the content service and the database from the firing.
 */
export const NOTIFICATIONS_PREFETCH = 4;

function isOfType<T extends EventType>(event: EventEnvelope, type: T): event is EventEnvelope<T> {
  return event.type === type;
}

/** The events the member's emails come from, in a queue apart from the firing's outcomes. */
export async function startNotificationsConsumer(messaging: Messaging, notifications: NotificationUseCases): Promise<void> {
  await messaging.consume(
    'notifications',
    ['linkedin.post.published', 'schedule.failed'],
    async (event) => {
      if (isOfType(event, 'linkedin.post.published')) return notifications.onPublished(event.payload);
      if (isOfType(event, 'schedule.failed')) return notifications.onGivenUp(event.payload);
    },
    // an auth service that is down for a while: the email waits for it, about ten minutes at most
    { maxAttempts: 60, prefetch: NOTIFICATIONS_PREFETCH, retryDelayMs: 1_000 },
  );
}
