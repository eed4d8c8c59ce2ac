import { isErrorCode, type ErrorCode, type GenerateRequest, type GenerateResponse } from '@postwright/contracts';
import { ApiError, api } from '../../../lib/api-client';
import { session } from '../../../lib/session';

/** Spec section 8: what the generator says when generation fails, word for word. */
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

type GenerationFailure = { message: string; trialExhausted: boolean };
const say = (message: string, trialExhausted = false): GenerationFailure => ({ message, trialExhausted });

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

/**
 * Maps a failed generation to the spec's message. Our API's answers carry a catalogued code, and
 * the code decides. An answer without one (a proxy or load balancer in between) falls back to the
 * spec's rules on status and text: 401, a 403 about the trial, a message containing "timeout", a
 * rate limit or 429, a 503, else the server's text or the status.
 */
export function generationErrorMessage(error: unknown): GenerationFailure {
  if (error instanceof GenerationError) return { message: error.message, trialExhausted: error.trialExhausted };
  if (error instanceof ApiError) {
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

/**
 * POST /content/generate -> 201 { content, user: { trialPostsRemaining } }. With `contentId` the
 * draft is written again in place (same id). `signal` cancels it (the type changed); the
 * browser's own deadline aborts it too, which reads as the timeout message.
 */
export async function generateContent(request: GenerateRequest, signal?: AbortSignal): Promise<GenerateResponse> {
  if (!session.get().accessToken) throw new GenerationError(generationMessages.authRequired);
  signal?.throwIfAborted();
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), GENERATION_CLIENT_TIMEOUT_MS);
  const cancel = () => controller.abort(signal?.reason);
  signal?.addEventListener('abort', cancel, { once: true });
  try {
    return await api.post<GenerateResponse>('/content/generate', request, { signal: controller.signal });
  } finally {
    clearTimeout(timer);
    signal?.removeEventListener('abort', cancel);
  }
}
