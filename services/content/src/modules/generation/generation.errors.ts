import { AppError } from '@postwright/platform';

/**
 * Model failures, phrased and coded the way the web maps them: a 429 whose
 * text mentions the rate limit, a 503, and a 504 whose text mentions the timeout. Then the
 * member's own limits, in words that say which one and how long to wait.
 */
export const generationErrors = {
  rateLimited: (retryAfterSeconds?: number) =>
    AppError.of('GENERATION.RATE_LIMITED', { headers: { 'retry-after': String(retryAfterSeconds && retryAfterSeconds > 0 ? Math.ceil(retryAfterSeconds) : 20) } }),
  /** with the model's own Retry-After when its 503 gave one */
  unavailable: (cause?: unknown, retryAfterSeconds?: number) =>
    AppError.of('GENERATION.UNAVAILABLE', { cause, ...(retryAfterSeconds && retryAfterSeconds > 0 ? { headers: { 'retry-after': String(Math.ceil(retryAfterSeconds)) } } : {}) }),
  timeout: () =>
    AppError.of('GENERATION.TIMEOUT'),
  invalidOutput: (problems: string[]) =>
    AppError.of('GENERATION.INVALID_OUTPUT', { details: { problems } }),
  refused: () =>
    AppError.of('GENERATION.REFUSED'),
  /**
   * The client went away (a type switch, Cancel, a closed tab) before it was shown any of the
   * post and before the model had answered: the model request is aborted, nothing is stored and
   * the trial credit is given back. Once text was shown (or the model has answered) the client
   * leaving changes nothing: the post is stored and counts. 499 is nginx's "client closed
   * request"; nobody reads this answer, it only keeps the log honest.
   */
  clientGone: () => AppError.of('GENERATION.CLIENT_GONE'),
  /** the member already has GENERATION_MAX_IN_FLIGHT generations running */
  busy: (running: number, retryAfterSeconds: number) =>
    AppError.of('GENERATION.BUSY', {
      message: `You already have ${running === 1 ? 'a post' : `${running} posts`} being written. Please wait for ${running === 1 ? 'it' : 'one'} to finish, then try again.`,
      headers: { 'retry-after': String(retryAfterSeconds) },
    }),
  /** the member started GENERATION_PER_MINUTE generations in the last minute */
  tooMany: (perMinute: number, retryAfterSeconds: number) =>
    AppError.of('GENERATION.TOO_MANY', {
      message: `You can generate up to ${perMinute} ${perMinute === 1 ? 'post' : 'posts'} a minute. Please try again in ${retryAfterSeconds} ${retryAfterSeconds === 1 ? 'second' : 'seconds'}.`,
      headers: { 'retry-after': String(retryAfterSeconds) },
    }),
};
