import { AsyncLocalStorage } from 'node:async_hooks';
import { randomUUID } from 'node:crypto';

export interface RequestContext {
  requestId: string;
}

const storage = new AsyncLocalStorage<RequestContext>();

/** Runs fn with a request id visible to logs, outgoing internal calls and emitted events. */
export function runWithContext<T>(context: RequestContext, fn: () => T): T {
  return storage.run(context, fn);
}

export function currentRequestId(): string | undefined {
  return storage.getStore()?.requestId;
}

export const REQUEST_ID_HEADER = 'x-request-id';

const SAFE_ID = /^[A-Za-z0-9._:-]{8,128}$/;

/** Keeps a well-formed incoming id (so a trace survives hops), else makes a new one. */
export function requestIdFrom(value: unknown): string {
  return typeof value === 'string' && SAFE_ID.test(value) ? value : randomUUID();
}
