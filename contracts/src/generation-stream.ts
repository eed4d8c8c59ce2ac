import { z } from 'zod';
import { generateResponseSchema, HOOK_COUNT } from './content';

/**
 * Streamed generation: `POST /api/content/generate` with `Accept: text/event-stream`
 * takes the same body and answers `200 text/event-stream` with these server-sent events, in
 * this order: `body` deltas as the post is written, each `hook` once it is complete, then one
 * `done` or one `error`, after which the stream ends. A `reset` means the writer starts the post
 * over (the model's first answer was unusable and it was asked once more): everything shown so
 * far is dropped. Validation and other refusals before generation starts stay plain 4xx JSON.
 * A comment line (`: keep-alive`) every GENERATION_STREAM_HEARTBEAT_MS keeps proxies from
 * closing a quiet connection.
 */
export const EVENT_STREAM_TYPE = 'text/event-stream';
export const GENERATION_STREAM_HEARTBEAT_MS = 15_000;

export const generationStreamEventSchemas = {
  body: z.object({ delta: z.string() }),
  hook: z.object({ index: z.number().int().min(0).max(HOOK_COUNT - 1), text: z.string() }),
  reset: z.object({ reason: z.literal('repair') }),
  /** exactly the JSON of the non-streaming answer, sent once the item is stored and the trial post committed */
  done: generateResponseSchema,
  /**
   * the spec's message and the catalogue's code (timeout, busy, unavailable, trial exhausted, ...), with the refusal's details (a plan limit's reset date);
   * for a 429 or 503 (rate-limited, unavailable), `retryAfter`: the seconds a JSON answer's `Retry-After` header would give
   */
  error: z.object({ error: z.string(), code: z.string(), details: z.record(z.string(), z.unknown()).optional(), retryAfter: z.number().int().positive().optional() }),
} as const;

export type GenerationStreamEventName = keyof typeof generationStreamEventSchemas;
export type GenerationStreamEvent = {
  [K in GenerationStreamEventName]: { event: K; data: z.infer<(typeof generationStreamEventSchemas)[K]> };
}[GenerationStreamEventName];

/** One event on the wire: `event: <name>`, `data: <json>`, a blank line. */
export function encodeStreamEvent(event: GenerationStreamEvent): string {
  return `event: ${event.event}\ndata: ${JSON.stringify(event.data)}\n\n`;
}

export interface RawStreamEvent {
  event: string;
  data: string;
}

/**
 * Reads the text/event-stream format (the WHATWG HTML "event stream interpretation") chunk by
 * chunk: events may be split anywhere across chunks; comments and unknown fields are skipped.
 * `push` returns the events completed by this chunk.
 */
export function eventStreamReader() {
  let buffer = '';
  return {
    push(chunk: string): RawStreamEvent[] {
      buffer += chunk;
      const events: RawStreamEvent[] = [];
      let end: number;
      // an event ends at a blank line (LF, CRLF or CR line endings)
      while ((end = buffer.search(/\r\n\r\n|\n\n|\r\r/)) >= 0) {
        const block = buffer.slice(0, end);
        buffer = buffer.slice(end + (buffer.startsWith('\r\n\r\n', end) ? 4 : 2));
        let event = 'message';
        const data: string[] = [];
        for (const line of block.split(/\r\n|\n|\r/)) {
          if (!line || line.startsWith(':')) continue;
          const colon = line.indexOf(':');
          const field = colon < 0 ? line : line.slice(0, colon);
          const value = colon < 0 ? '' : line.slice(colon + 1).replace(/^ /, '');
          if (field === 'event') event = value;
          else if (field === 'data') data.push(value);
        }
        if (data.length) events.push({ event, data: data.join('\n') });
      }
      return events;
    },
  };
}

/** A raw event checked against its schema; null for an event this version does not know or a malformed one. */
export function parseStreamEvent(raw: RawStreamEvent): GenerationStreamEvent | null {
  if (!(raw.event in generationStreamEventSchemas)) return null;
  const name = raw.event as GenerationStreamEventName;
  let json: unknown;
  try {
    json = JSON.parse(raw.data);
  } catch {
    return null;
  }
  const parsed = generationStreamEventSchemas[name].safeParse(json);
  return parsed.success ? ({ event: name, data: parsed.data } as GenerationStreamEvent) : null;
}
