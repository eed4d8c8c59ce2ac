import { AppError } from '@postwright/platform';

/**
 * Model failures, phrased and coded the way the web maps them (spec section 8): a 429 whose
 * text mentions the rate limit, a 503, and a 504 whose text mentions the timeout.
 */
export const generationErrors = {
  rateLimited: (retryAfterSeconds?: number) =>
    new AppError('GENERATION.RATE_LIMITED', 'The AI model rate limit was reached. Please wait a moment and try again.', {
      status: 429,
      headers: { 'retry-after': String(retryAfterSeconds && retryAfterSeconds > 0 ? Math.ceil(retryAfterSeconds) : 20) },
    }),
  unavailable: (cause?: unknown) =>
    new AppError('GENERATION.UNAVAILABLE', 'The AI model is temporarily unavailable. Please try again in a few minutes.', {
      status: 503,
      cause,
    }),
  timeout: () =>
    new AppError(
      'GENERATION.TIMEOUT',
      'Content generation timeout: the AI model took too long to answer. Please try again with a simpler topic.',
      { status: 504 },
    ),
  invalidOutput: (problems: string[]) =>
    new AppError('GENERATION.INVALID_OUTPUT', 'The AI model returned an unusable answer. Please try again.', {
      status: 502,
      details: { problems },
    }),
  refused: () =>
    new AppError('GENERATION.REFUSED', 'The AI model declined to write this post. Please rephrase the topic or your experience and try again.', {
      status: 422,
    }),
  /**
   * The client went away before the post was stored (a type switch, a closed tab): nothing is
   * stored and the trial credit is given back. 499 is nginx's "client closed request"; nobody
   * reads this answer, it only keeps the log honest.
   */
  clientGone: () => new AppError('GENERATION.CLIENT_GONE', 'The request was cancelled before the post was ready.', { status: 499 }),
};
