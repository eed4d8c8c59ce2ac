import type { Request, Response, Router } from 'express';
import { encodeStreamEvent, EVENT_STREAM_TYPE, generateRequestSchema, type GenerationStreamEvent } from '@postwright/contracts';
import { type AppError, asAppError, type Logger, parseInput, requireUser, type TokenVerifier, userOf } from '@postwright/platform';
import type { GenerationProgress } from './generation.types';
import type { GenerationUseCases } from './generation.use-case';

interface GenerationRouteDeps {
  tokens: TokenVerifier;
  generation: GenerationUseCases;
  logger: Logger;
  /** a comment line this often keeps proxies from closing a quiet stream */
  heartbeatMs: number;
}

/**
 * Aborted when the client goes away (a type switch, Cancel, a closed tab). The use case decides
 * what that means: before the client was shown any text (and before the model answered) the
 * generation is cancelled and costs nothing; after, the post is finished, stored and counted.
 */
function whenGone(res: Response): AbortSignal {
  const gone = new AbortController();
  res.on('close', () => {
    if (!res.writableFinished) gone.abort();
  });
  return gone.signal;
}

const toEvent = (progress: GenerationProgress): GenerationStreamEvent =>
  progress.type === 'body'
    ? { event: 'body', data: { delta: progress.delta } }
    : progress.type === 'hook'
      ? { event: 'hook', data: { index: progress.index, text: progress.text } }
      : { event: 'reset', data: { reason: 'repair' } };

export function generationRoutes(router: Router, deps: GenerationRouteDeps) {
  router.post('/api/content/generate', requireUser(deps.tokens), async (req, res) => {
    const request = parseInput(generateRequestSchema, req.body);
    const userId = userOf(req).id;
    // a refusal before the post is written (the form, the draft to replace, the member's
    // generation limits) is a plain JSON answer either way: `prepare` runs before the stream opens
    const generation = await deps.generation.prepare(userId, request);
    if (req.accepts(['application/json', EVENT_STREAM_TYPE]) === EVENT_STREAM_TYPE) return streamed(req, res, generation, deps);
    const { created, response } = await generation.run({ signal: whenGone(res) });
    // 201 for a new draft; 200 when "Generate again" rewrote an existing one in place
    res.status(created ? 201 : 200).json(response);
  });
}

/**
 * A stream's headers are sent before the post is written, so a 429 or 503 met on the way says
 * its wait in the `error` event: the seconds its JSON answer's Retry-After header would give.
 */
function retryAfterOf(error: AppError): number | undefined {
  if (error.status !== 429 && error.status !== 503) return undefined;
  const seconds = Number(error.headers?.['retry-after']);
  return Number.isInteger(seconds) && seconds > 0 ? seconds : undefined;
}

/**
 * The streamed answer: 200 text/event-stream, the post as it is written, then
 * `done` with the JSON answer once the item is stored and the trial post committed, or `error`
 * with the catalogued message and code. Never buffered or transformed on the way. A client that
 * hangs up after the first body text still gets its post stored (and counted): it is in its drafts.
 */
async function streamed(req: Request, res: Response, generation: Awaited<ReturnType<GenerationUseCases['prepare']>>, deps: GenerationRouteDeps) {
  const signal = whenGone(res);
  res.status(200).set({
    'content-type': `${EVENT_STREAM_TYPE}; charset=utf-8`,
    'cache-control': 'no-cache, no-transform',
    // nginx (and ingress-nginx) would otherwise buffer the answer until it ends
    'x-accel-buffering': 'no',
  });
  res.flushHeaders();
  const send = (event: GenerationStreamEvent) => {
    if (!signal.aborted) res.write(encodeStreamEvent(event));
  };
  const heartbeat = setInterval(() => {
    if (!signal.aborted) res.write(': keep-alive\n\n');
  }, deps.heartbeatMs);
  try {
    const { response } = await generation.run({ signal, onProgress: (progress) => send(toEvent(progress)) });
    send({ event: 'done', data: response });
  } catch (err) {
    if (signal.aborted) return;
    const error = asAppError(err);
    if (error.status >= 500) deps.logger.error({ err, requestId: String(req.id ?? '') }, 'streamed generation failed');
    const retryAfter = retryAfterOf(error);
    send({ event: 'error', data: { error: error.message, code: error.code, ...(error.details ? { details: error.details } : {}), ...(retryAfter ? { retryAfter } : {}) } });
  } finally {
    clearInterval(heartbeat);
    res.end();
  }
}
