import { z } from 'zod';
import {
  EVENT_STREAM_TYPE,
  contentItemSchema,
  errorCatalogue,
  eventStreamReader,
  generateResponseSchema,
  isErrorCode,
  parseStreamEvent,
  type ContentItem,
  type ErrorCode,
  type GenerateRequest,
  type GenerateResponse,
  type GenerationStreamEvent,
} from '@postwright/contracts';
import { ApiError, NETWORK_ERROR_MESSAGE, api, readBody } from '../../../lib/api-client';
import { getContent, listContent } from '../../../lib/content-api';
import { session } from '../../../lib/session';

/** What the generator says when generation fails, in the spec's words. */
export const generationMessages = {
  authRequired: 'Authentication required. Please log in again.',
  timeout: 'Content generation is taking longer than expected. Please try again with a simpler topic.',
  busy: 'Our content generation service is currently busy. Please wait a moment and try again.',
  unavailable: 'Our content generation service is temporarily unavailable. Please try again in a few minutes.',
  trialExhausted: 'Trial limit reached. Please upgrade to continue generating content.',
  failed: (status: number) => `Failed to generate content (${status})`,
} as const;

/** The browser gives up after this long (the server has its own, shorter, deadline). */
export const GENERATION_CLIENT_TIMEOUT_MS = 120_000;

export class GenerationError extends Error {
  constructor(
    message: string,
    readonly trialExhausted = false,
  ) {
    super(message);
    this.name = 'GenerationError';
  }
}

type GenerationFailure = {
  message: string;
  trialExhausted: boolean;
  /** PLAN.LIMIT_REACHED: this month's posts are used up (what the refusal says of the reset and the allowance) */
  planLimit?: { resetsAt: string | null; allowance: number | null };
  /** PLAN.PAYMENT_OVERDUE: generation waits for the payment */
  paymentOverdue?: boolean;
  /** TRIAL.ENDED: the trial's days have passed (or a subscription ended it): when it ended */
  trialEnded?: string;
  /** a 429 or 503: the seconds the server said to wait before trying again (Retry-After, or a streamed error's `retryAfter`) */
  retryAfter?: number;
};
const say = (message: string, trialExhausted = false): GenerationFailure => ({ message, trialExhausted });

/** The refusals about the plan: said in the server's words (the catalogue's, if it sent none), with what they mean. */
function planRefusal(error: ApiError): GenerationFailure | null {
  if (error.code !== 'PLAN.LIMIT_REACHED' && error.code !== 'PLAN.PAYMENT_OVERDUE') return null;
  const message = error.serverMessage ?? errorCatalogue[error.code].message;
  if (error.code === 'PLAN.PAYMENT_OVERDUE') return { ...say(message), paymentOverdue: true };
  const details = error.body?.details ?? {};
  const resetsAt = typeof details.resetsAt === 'string' ? details.resetsAt : null;
  const allowance = typeof details.allowance === 'number' ? details.allowance : null;
  return { ...say(message), planLimit: { resetsAt, allowance } };
}

/** What each catalogued code means for a generation (contracts `errorCatalogue`): the web decides on codes. */
const byCode: Partial<Record<ErrorCode, GenerationFailure>> = {
  'AUTH.MISSING_TOKEN': say(generationMessages.authRequired),
  'AUTH.USER_NOT_FOUND': say(generationMessages.authRequired),
  'TRIAL.LIMIT_REACHED': say(generationMessages.trialExhausted, true),
  'GENERATION.TIMEOUT': say(generationMessages.timeout),
  'UPSTREAM.TIMEOUT': say(generationMessages.timeout),
  'GENERATION.RATE_LIMITED': say(generationMessages.busy),
  RATE_LIMITED: say(generationMessages.busy),
  'GENERATION.UNAVAILABLE': say(generationMessages.unavailable),
  'DEPENDENCY.UNAVAILABLE': say(generationMessages.unavailable),
  'SERVICE.UNAVAILABLE': say(generationMessages.unavailable),
  'UPSTREAM.UNAVAILABLE': say(generationMessages.unavailable),
};

/** Refusals whose own words already say how long to wait (the member's per-minute limit). */
const SAYS_ITS_WAIT: ReadonlySet<string> = new Set<ErrorCode>(['GENERATION.TOO_MANY']);

/**
 * Maps a failed generation to the spec's message. Our API's answers carry a catalogued code, and
 * the code decides (the plan's refusals keep the server's own words). An answer without one (a
 * proxy or load balancer in between) falls back to the spec's rules on status and text: 401, a
 * 403 about the trial, a message containing "timeout", a rate limit or 429, a 503, else the
 * server's text or the status.
 */
export function generationErrorMessage(error: unknown): GenerationFailure {
  const failure = mappedFailure(error);
  // a 429 or 503 names its wait in whole seconds (Retry-After, or a streamed error's `retryAfter`): said after the message
  if (!(error instanceof ApiError) || !error.retryAfter) return failure;
  const wait = error.retryAfter;
  const message = SAYS_ITS_WAIT.has(error.code ?? '') ? failure.message : `${failure.message} You can try again in ${wait} ${wait === 1 ? 'second' : 'seconds'}.`;
  return { ...failure, message, retryAfter: wait };
}

function mappedFailure(error: unknown): GenerationFailure {
  if (error instanceof GenerationError) return { message: error.message, trialExhausted: error.trialExhausted };
  if (error instanceof ApiError) {
    const plan = planRefusal(error);
    if (plan) return plan;
    if (error.code === 'TRIAL.ENDED') {
      const ended = error.body?.details?.trialEndsAt;
      return { ...say(error.serverMessage ?? errorCatalogue['TRIAL.ENDED'].message, true), trialEnded: typeof ended === 'string' ? ended : new Date().toISOString() };
    }
    const known = isErrorCode(error.code) ? byCode[error.code] : undefined;
    if (known) return known;
    if (isErrorCode(error.code)) return say(error.serverMessage ?? generationMessages.failed(error.status));
    return uncataloguedAnswer(error);
  }
  const text = error instanceof Error ? error.message : '';
  if ((error as Error)?.name === 'AbortError' || /time(d)?[ -]?out/i.test(text)) return say(generationMessages.timeout);
  return say(text || 'Failed to generate content');
}

/** The spec's rules for an answer that did not come from our API (no catalogued code). */
function uncataloguedAnswer(error: ApiError): GenerationFailure {
  const text = error.serverMessage ?? '';
  if (error.status === 401) return say(generationMessages.authRequired);
  if (error.status === 403 && (/trial/i.test(text) || !text)) return say(generationMessages.trialExhausted, true);
  if (/time(d)?[ -]?out/i.test(text) || error.status === 504) return say(generationMessages.timeout);
  if (/rate[ -]?limit/i.test(text) || error.status === 429) return say(generationMessages.busy);
  if (error.status === 503) return say(generationMessages.unavailable);
  if (error.status === 0) return say(error.message);
  return say(text || generationMessages.failed(error.status));
}

/** What the screen shows while a post is written: body text as it comes, each hook once complete, a restart. */
export type GenerationProgress = Extract<GenerationStreamEvent, { event: 'body' | 'hook' | 'reset' }>;

/**
 * POST /content/generate -> 201 { content, user: { trialPostsRemaining } }. With `contentId` the
 * draft is written again in place (same id). `signal` cancels it (the type changed, Cancel); the
 * browser's own deadline aborts it too, which reads as the timeout message.
 *
 * With `onProgress` the post is asked for as an event stream and each piece is handed on as it
 * arrives; the answer is the same. When the stream cannot start (no answer, something in between
 * that answers otherwise, no readable body) the plain JSON call is made instead, so browsers and
 * proxies that cannot stream still work. Once an event has arrived it is never asked again: a
 * second generation would spend a second trial post.
 */
export async function generateContent(
  request: GenerateRequest,
  signal?: AbortSignal,
  onProgress?: (progress: GenerationProgress) => void,
  /** the stream opened, at this time by the server's clock (its Date header, else the browser's): what it stores comes after */
  onOpen?: (serverTime: number) => void,
): Promise<GenerateResponse> {
  if (!session.get().accessToken) throw new GenerationError(generationMessages.authRequired);
  signal?.throwIfAborted();
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), GENERATION_CLIENT_TIMEOUT_MS);
  const cancel = () => controller.abort(signal?.reason);
  signal?.addEventListener('abort', cancel, { once: true });
  try {
    if (onProgress) {
      const streamed = await streamGeneration(request, controller.signal, onProgress, onOpen);
      if (streamed !== CANNOT_STREAM) return streamed;
      controller.signal.throwIfAborted();
    }
    return await api.post<GenerateResponse>('/content/generate', request, { signal: controller.signal });
  } finally {
    clearTimeout(timer);
    signal?.removeEventListener('abort', cancel);
  }
}

/** The stream did not start: the plain JSON call takes over. */
const CANNOT_STREAM = Symbol('cannot stream');
type Streamed = GenerateResponse | typeof CANNOT_STREAM;

async function streamGeneration(
  request: GenerateRequest,
  signal: AbortSignal,
  onProgress: (progress: GenerationProgress) => void,
  onOpen?: (serverTime: number) => void,
): Promise<Streamed> {
  let res: Response;
  try {
    res = await api.respond('POST', '/content/generate', { body: request, signal, accept: EVENT_STREAM_TYPE });
  } catch (error) {
    // no answer at all; a refusal (400 with its fields, 401, 403 trial, ...) is the answer
    if (error instanceof ApiError && error.status === 0) return CANNOT_STREAM;
    throw error;
  }
  const type = res.headers.get('content-type')?.toLowerCase() ?? '';
  if (!type.startsWith(EVENT_STREAM_TYPE)) {
    // a server that answers the whole post at once has generated it: that answer is the post
    return wholeAnswer(await readBody(res).catch(() => null)) ?? CANNOT_STREAM;
  }
  if (!res.body) return CANNOT_STREAM;
  onOpen?.(Date.parse(res.headers.get('date') ?? '') || Date.now());
  return readGenerationStream(res.body, signal, onProgress);
}

/**
 * A generation answered as JSON. A content service a version behind sends no `usage` yet; its
 * post still stands (asking again would spend a second post), and the usage is read later.
 */
function wholeAnswer(body: unknown): GenerateResponse | null {
  const parsed = generateResponseSchema.safeParse(body);
  if (parsed.success) return parsed.data;
  const older = olderAnswerSchema.safeParse(body);
  return older.success ? (older.data as GenerateResponse) : null;
}

const olderAnswerSchema = z.object({ content: contentItemSchema, user: z.object({ trialPostsRemaining: z.number().int().nonnegative().nullable() }) });

async function readGenerationStream(body: ReadableStream<Uint8Array>, signal: AbortSignal, onProgress: (progress: GenerationProgress) => void): Promise<Streamed> {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  const events = eventStreamReader();
  let started = false;
  // the aborted request ends the body; this makes sure a waiting read hears of it
  const stop = () => void reader.cancel().catch(() => undefined);
  signal.addEventListener('abort', stop, { once: true });
  try {
    for (;;) {
      let chunk: ReadableStreamReadResult<Uint8Array>;
      try {
        chunk = await reader.read();
      } catch {
        signal.throwIfAborted();
        if (!started) return CANNOT_STREAM;
        throw new ApiError(NETWORK_ERROR_MESSAGE, 0, null);
      }
      signal.throwIfAborted();
      const text = chunk.done ? decoder.decode() : decoder.decode(chunk.value, { stream: true });
      for (const raw of events.push(text)) {
        const event = parseStreamEvent(raw);
        if (!event) continue; // an event this version does not know
        started = true;
        if (event.event === 'done') return event.data;
        if (event.event === 'error') throw streamError(event.data);
        onProgress(event);
      }
      if (chunk.done) break;
    }
  } finally {
    signal.removeEventListener('abort', stop);
    stop();
  }
  // the stream ended without its done or error: the connection was cut
  if (!started) return CANNOT_STREAM;
  throw new ApiError(NETWORK_ERROR_MESSAGE, 0, null);
}

/** An `error` event, as the same refusal would have come as JSON: the catalogue's status with the code, and its `retryAfter` as the Retry-After header's. */
function streamError({ error, code, details, retryAfter }: { error: string; code: string; details?: Record<string, unknown>; retryAfter?: number }): ApiError {
  const status = isErrorCode(code) ? errorCatalogue[code].status : 500;
  const body = { error, code, ...(details ? { details } : {}) };
  return new ApiError(error || generationMessages.failed(status), status, body, body, retryAfter || null);
}

/** A generation the page called off (Cancel): what it asked for, and when the server opened its stream (its clock), if it did. */
export interface StoppedGeneration {
  request: GenerateRequest;
  openedAt: number | null;
}

/** The content service's clock against the gateway's, whose Date header says when the stream opened. */
const CLOCK_SLACK_MS = 2_000;
/** The server decides as the connection closes and stores a post it keeps within moments: asked again after these pauses. */
const KEPT_CHECKS_MS = [0, 500, 1_500];

/**
 * What the server kept of a generation the page called off. Cancel hangs up, and the server goes
 * by what it had sent by then: nothing of the post, and nothing is stored; text, or the whole
 * answer (`done`), and the post is finished, stored and counted. A Cancel that crosses that text
 * on the wire comes too late although the page saw none of it, so the page asks: the draft it
 * was writing into, written again (`replacing`), or a new draft of this type and topic made since
 * the stream opened. Null when nothing was kept: before the stream opened nothing is written at
 * all. A model still writing stores its post later, in Content Management.
 */
export async function keptAfterCancel(run: StoppedGeneration, replacing: ContentItem | null, signal?: AbortSignal): Promise<ContentItem | null> {
  const { request, openedAt } = run;
  if (openedAt === null) return null;
  const rewritten = (item: ContentItem) => item.generatedContent !== replacing?.generatedContent || item.hooks.join('\n') !== replacing.hooks.join('\n');
  const made = (item: ContentItem) =>
    item.contentType === request.contentType && item.topic === request.topic && item.status === 'draft' && Date.parse(item.createdAt) >= openedAt - CLOCK_SLACK_MS;
  for (const pause of KEPT_CHECKS_MS) {
    if (pause) await new Promise((resolve) => setTimeout(resolve, pause));
    signal?.throwIfAborted();
    if (request.contentId) {
      const item = await getContent(request.contentId, signal);
      if (rewritten(item)) return item;
    } else {
      const found = (await listContent(signal)).find(made);
      if (found) return found;
    }
  }
  return null;
}
