import type { Messaging } from '@postwright/platform';
import type { LinkedinEvent } from './linkedin-sync.use-case';

const LINKEDIN_EVENTS = ['linkedin.connected', 'linkedin.disconnected', 'linkedin.profile.updated'] as const;

/** Durable queue `auth.linkedin-sync`; acked after the user document is updated. */
export async function startLinkedinSyncConsumer(messaging: Messaging, sync: { apply(event: LinkedinEvent): Promise<void> }): Promise<void> {
  await messaging.consume('linkedin-sync', [...LINKEDIN_EVENTS], (event) => sync.apply(event as LinkedinEvent));
}
