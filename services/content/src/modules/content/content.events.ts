import type { EventPayload, EventType } from '@postwright/contracts';
import type { Logger } from '@postwright/platform';

export interface EventsPort {
  publish<T extends EventType>(type: T, payload: EventPayload<T>): Promise<unknown>;
}

/**
 * Announces a change that is already stored. The stored state is the truth the user sees,
 * so a broker hiccup is logged rather than turned into an error after the fact.
 */
export function announcer(events: EventsPort, logger: Logger) {
  return async <T extends EventType>(type: T, payload: EventPayload<T>): Promise<boolean> => {
    try {
      await events.publish(type, payload);
      return true;
    } catch (error) {
      logger.warn({ err: error, type, payload }, 'event could not be published');
      return false;
    }
  };
}
