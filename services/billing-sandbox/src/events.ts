import { newId } from './ids';
import type { SandboxState, StoredEvent, StripeObject } from './state';

/** The API version of the webhook endpoint: what the billing service's SDK speaks. */
export const API_VERSION = '2026-10-28.endive';

const MAX_EVENTS = 10_000;

export interface EmitOptions {
  /** the time it happened (the customer's clock) */
  at: number;
  /** the changed top-level fields with their old values (`*.updated` events) */
  previous?: StripeObject | null;
  /** the API request that caused it; null for what the hosted pages or a clock did */
  request?: { id: string | null; idempotency_key: string | null };
}

/**
 * Makes an Event of `object` as it is now: the snapshot is taken here, so a delivery made
 * later still carries the object as it was when this happened.
 */
export function emit(state: SandboxState, type: string, object: StripeObject, options: EmitOptions): StoredEvent {
  const snapshot = JSON.parse(JSON.stringify(object)) as StripeObject;
  const body: StripeObject = {
    id: newId.event(),
    object: 'event',
    api_version: API_VERSION,
    created: options.at,
    data: options.previous ? { object: snapshot, previous_attributes: options.previous } : { object: snapshot },
    livemode: false,
    pending_webhooks: 1,
    request: options.request ?? { id: null, idempotency_key: null },
    type,
  };
  const event: StoredEvent = { id: body.id, type, created: options.at, body, deliveries: [], delivered: false, settled: false };
  state.events.push(event);
  if (state.events.length > MAX_EVENTS) state.events.splice(0, state.events.length - MAX_EVENTS);
  state.onEvent(event);
  return event;
}

/** The top-level fields that differ, with their values in `before` (an event's previous_attributes). */
export function changedFields(before: StripeObject, after: StripeObject): StripeObject | null {
  const previous: StripeObject = {};
  for (const key of Object.keys(after)) {
    if (JSON.stringify(before[key]) !== JSON.stringify(after[key])) previous[key] = before[key] ?? null;
  }
  return Object.keys(previous).length ? previous : null;
}
