import type { EventPayload, EventType } from '@postwright/contracts';

/** What use cases need from the outside world, as plain interfaces (no express, no broker, no driver). */
export interface EventPublisher {
  /** resolves once the broker has the event; rejects when it could not be sent */
  publish<T extends EventType>(type: T, payload: EventPayload<T>): Promise<unknown>;
}

export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };

/** At most one caller at a time per key for a while (Redis SET NX): throttles work several requests would repeat. */
export interface Throttle {
  /** true when the caller may go ahead; false when another did within `seconds` */
  take(key: string, seconds: number): Promise<boolean>;
}
