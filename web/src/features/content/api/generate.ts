import type { GenerateRequest, GenerateResponse } from '@postwright/contracts';
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

/**
 * Maps a failed generation to the spec's message: no token, trial exhausted (403), a message
 * containing "timeout", a rate limit or 429, a 503, else the server's text or the status.
 */
export function generationErrorMessage(error: unknown): { message: string; trialExhausted: boolean } {
  if (error instanceof GenerationError) return { message: error.message, trialExhausted: error.trialExhausted };
  if (error instanceof ApiError) {
    const text = error.serverMessage ?? '';
    if (error.status === 401) return { message: generationMessages.authRequired, trialExhausted: false };
    if (error.status === 403 && (/trial/i.test(text) || /^(TRIAL|AUTH\.TRIAL)/.test(error.code ?? '') || !text)) {
      return { message: generationMessages.trialExhausted, trialExhausted: true };
    }
    if (/time(d)?[ -]?out/i.test(text) || error.status === 504) return { message: generationMessages.timeout, trialExhausted: false };
    if (/rate[ -]?limit/i.test(text) || error.status === 429) return { message: generationMessages.busy, trialExhausted: false };
    if (error.status === 503) return { message: generationMessages.unavailable, trialExhausted: false };
    if (error.status === 0) return { message: error.message, trialExhausted: false };
    return { message: text || generationMessages.failed(error.status), trialExhausted: false };
  }
  const text = error instanceof Error ? error.message : '';
  if ((error as Error)?.name === 'AbortError' || /time(d)?[ -]?out/i.test(text)) return { message: generationMessages.timeout, trialExhausted: false };
  return { message: text || 'Failed to generate content', trialExhausted: false };
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
