import type { EventPayload, EventType } from '@postwright/contracts';

/** What use cases need from messaging: publish a contracts-validated event (platform Messaging fits). */
export interface EventPublisher {
  publish<T extends EventType>(type: T, payload: EventPayload<T>): Promise<unknown>;
}
