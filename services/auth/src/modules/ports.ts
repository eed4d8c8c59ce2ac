import type { EventPayload, EventType } from '@postwright/contracts';

/** What use cases need from the outside world, as plain interfaces (no express, no broker, no driver). */
export interface EventPublisher {
  /** publishes after the state is stored; a broker outage is logged, never fails the caller */
  publish<T extends EventType>(type: T, payload: EventPayload<T>): Promise<void>;
}

export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };
