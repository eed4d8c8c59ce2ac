/**
 * A generation answered as a server-sent event stream, for the fake server: the test
 * sends each event when it wants it, in the contract's wire format (`encodeStreamEvent`), so the
 * screen can be checked between events.
 */
import { EVENT_STREAM_TYPE, encodeStreamEvent, type GenerationStreamEvent } from '@postwright/contracts';
import type { FakeReply } from './fake-api';

export function eventStream() {
  const encoder = new TextEncoder();
  let controller!: ReadableStreamDefaultController<Uint8Array>;
  let cancelled = false;
  const stream = new ReadableStream<Uint8Array>({
    start(c) {
      controller = c;
    },
    cancel() {
      cancelled = true;
    },
  });
  // once the app has stopped reading, nothing more reaches it (as with a closed connection)
  const write = (text: string) => {
    if (!cancelled) controller.enqueue(encoder.encode(text));
  };
  return {
    reply: { status: 200, headers: { 'content-type': `${EVENT_STREAM_TYPE}; charset=utf-8` }, stream } satisfies FakeReply,
    send: (event: GenerationStreamEvent) => write(encodeStreamEvent(event)),
    /** text as it is on the wire (a comment, an event split across chunks) */
    write,
    /** the server ends the stream */
    end: () => controller.close(),
    /** the connection breaks */
    fail: () => controller.error(new TypeError('network error')),
    /** the app stopped reading (it cancelled or gave up) */
    get cancelled() {
      return cancelled;
    },
  };
}

export type EventStream = ReturnType<typeof eventStream>;
