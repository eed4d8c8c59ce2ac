import { EVENT_STREAM_TYPE, eventStreamReader, parseStreamEvent, type GenerationStreamEvent, type RawStreamEvent } from '@postwright/contracts';

export interface StreamedAnswer {
  status: number;
  headers: Headers;
  /** the events in the order they came, checked against the contracts (an unknown or malformed one fails the read) */
  events: GenerationStreamEvent[];
  /** when each event arrived, ms after the request was sent */
  times: number[];
  /** comment lines (heartbeats) received */
  comments: number;
  /** a JSON answer (a refusal before the stream opened) */
  json: any;
}

export interface StreamOptions {
  token?: string;
  body?: unknown;
  /** called with each event as it arrives */
  onEvent?: (event: GenerationStreamEvent) => void;
  /** extra request headers (Accept-Encoding, ...) */
  headers?: Record<string, string>;
  /** hang up once this is true of the events so far (a client going away mid-stream) */
  hangUpWhen?: (events: GenerationStreamEvent[]) => boolean;
}

/**
 * A client of a streamed generation: POSTs with `Accept: text/event-stream` and reads the
 * answer as it comes, as a browser does. A JSON answer (a refusal before the stream opened) is
 * returned as `json`.
 */
export async function readEventStream(baseUrl: string, path: string, options: StreamOptions = {}): Promise<StreamedAnswer> {
  const started = performance.now();
  const hangUp = new AbortController();
  const res = await fetch(new URL(path, baseUrl), {
    method: 'POST',
    headers: {
      accept: EVENT_STREAM_TYPE,
      'content-type': 'application/json',
      ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
      ...options.headers,
    },
    body: JSON.stringify(options.body ?? {}),
    signal: hangUp.signal,
  });
  const answer: StreamedAnswer = { status: res.status, headers: res.headers, events: [], times: [], comments: 0, json: null };
  if (!res.headers.get('content-type')?.startsWith(EVENT_STREAM_TYPE)) {
    const text = await res.text();
    answer.json = text ? JSON.parse(text) : null;
    return answer;
  }
  const reader = eventStreamReader();
  const decoder = new TextDecoder();
  const take = (raw: RawStreamEvent) => {
    const event = parseStreamEvent(raw);
    if (!event) throw new Error(`an event outside the contract: ${raw.event} ${raw.data}`);
    answer.events.push(event);
    answer.times.push(performance.now() - started);
    options.onEvent?.(event);
  };
  try {
    for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
      const text = decoder.decode(chunk, { stream: true });
      answer.comments += (text.match(/^:/gm) ?? []).length;
      for (const raw of reader.push(text)) take(raw);
      if (options.hangUpWhen?.(answer.events)) {
        hangUp.abort();
        break;
      }
    }
  } catch (error) {
    if (!hangUp.signal.aborted) throw error;
  }
  return answer;
}

/** The body text a stream showed: its deltas joined, from the last reset on. */
export function streamedBody(events: GenerationStreamEvent[]): string {
  let text = '';
  for (const e of events) {
    if (e.event === 'reset') text = '';
    if (e.event === 'body') text += e.data.delta;
  }
  return text;
}
