import OpenAI from 'openai';
import type { ChatCompletion, ChatCompletionChunk, ChatCompletionMessageParam } from 'openai/resources/chat/completions';
import { isAppError, type Logger } from '@postwright/platform';
import { generationErrors } from '../generation.errors';
import type { ContentGenerator, GeneratedPost, GenerationInput, GenerationOptions } from '../generation.types';
import { parsePostOutput } from './post-output';
import { postStreamParser } from './post-stream';
import { postJsonSchema, repairPrompt, systemPrompt, userPrompt } from './prompts';

export interface OpenAiGeneratorOptions {
  apiKey: string;
  baseURL?: string;
  model: string;
  /** budget for the whole generation, the repair attempt included */
  timeoutMs: number;
  logger: Logger;
}

class SchemaRejected extends Error {}

/** the usual sampling temperature; "Generate again" asks for a little more variety */
const TEMPERATURE = 0.7;
const TEMPERATURE_ANOTHER_TAKE = 0.9;

/** One request to the model within the generation's time budget. */
interface Attempt {
  deadline: number;
  temperature: number;
  gone?: AbortSignal;
  /** set when the caller shows the post as it is written: the answer is streamed, each piece handed here */
  onText?: (piece: string) => void;
}

interface Answer {
  text: string | null;
  refusal: string | null;
  finishReason?: string;
}

function wholeAnswer(completion: ChatCompletion): Answer {
  const choice = completion.choices?.[0];
  return { text: choice?.message?.content ?? null, refusal: choice?.message?.refusal || null, finishReason: choice?.finish_reason };
}

/** A streamed answer (`stream: true`), its content handed on piece by piece as the chunks come. */
async function readStream(stream: AsyncIterable<ChatCompletionChunk>, onText: (piece: string) => void): Promise<Answer> {
  let text: string | null = null;
  let refusal = '';
  let finishReason: string | undefined;
  for await (const chunk of stream) {
    const choice = chunk.choices?.[0];
    if (!choice) continue;
    const piece = choice.delta?.content;
    if (piece) {
      text = (text ?? '') + piece;
      onText(piece);
    }
    if (choice.delta?.refusal) refusal += choice.delta.refusal;
    if (choice.finish_reason) finishReason = choice.finish_reason;
  }
  return { text, refusal: refusal || null, finishReason };
}

function retryAfterSeconds(headers: Headers | undefined): number | undefined {
  const value = headers?.get('retry-after');
  const seconds = value ? Number(value) : NaN;
  return Number.isFinite(seconds) ? seconds : undefined;
}

/** Turns the SDK's errors into the statuses the web expects. */
function mapModelError(error: unknown, logger: Logger): Error {
  if (error instanceof OpenAI.APIConnectionTimeoutError) return generationErrors.timeout();
  if (error instanceof OpenAI.APIUserAbortError) return generationErrors.timeout();
  if (error instanceof OpenAI.RateLimitError) return generationErrors.rateLimited(retryAfterSeconds(error.headers));
  if (error instanceof OpenAI.APIConnectionError) return generationErrors.unavailable(error);
  if (error instanceof OpenAI.APIError) {
    // 5xx: the model is down; 4xx other than 429: a configuration problem (key, model name)
    // the user cannot fix, so it is reported as unavailable and logged for the operator
    if (!error.status || error.status < 500) logger.error({ status: error.status, message: error.message }, 'AI model refused the request; check OPENAI_* settings');
    return generationErrors.unavailable(error, error.status === 503 ? retryAfterSeconds(error.headers) : undefined);
  }
  if (isAppError(error)) return error;
  // the answer broke off mid-stream (the connection dropped, a chunk that is not JSON): the
  // model's side failed, whatever the runtime calls it
  logger.warn({ err: error }, 'the AI model answer broke off');
  return generationErrors.unavailable(error);
}

/**
 * Writes posts with any OpenAI-compatible chat completions server, asking for structured
 * output (body, exactly 5 hooks and their styles) and repairing a malformed answer once. For a caller that shows
 * the post as it is written, the answer is streamed (`stream: true`, the same structured output)
 * and read piece by piece; otherwise it comes whole, as a streamed answer costs a JSON parse per
 * token that nobody is watching.
 */
export function openAiGenerator(options: OpenAiGeneratorOptions): ContentGenerator {
  // retries are ours to decide: the SDK's own would blow the time budget on a 429 or 5xx
  const client = new OpenAI({ apiKey: options.apiKey, baseURL: options.baseURL, maxRetries: 0, timeout: options.timeoutMs });
  // some OpenAI-compatible servers reject json_schema; after one 400 they get JSON mode (the
  // prompt spells out the shape and the answer is validated either way)
  let structuredOutput = true;
  const responseFormat = () =>
    structuredOutput
      ? ({ type: 'json_schema', json_schema: { name: 'linkedin_post', strict: true, schema: postJsonSchema } } as const)
      : ({ type: 'json_object' } as const);

  /** One answer; streamed when the attempt has `onText`. */
  async function complete(messages: ChatCompletionMessageParam[], attempt: Attempt): Promise<{ text: string | null; finishReason?: string }> {
    try {
      return await completeOnce(messages, attempt);
    } catch (error) {
      if (!(error instanceof SchemaRejected)) throw error;
      options.logger.warn({ message: error.message }, 'the model server rejected the JSON schema; using JSON mode');
      structuredOutput = false;
      return completeOnce(messages, attempt);
    }
  }

  async function completeOnce(messages: ChatCompletionMessageParam[], { deadline, gone, onText, temperature }: Attempt) {
    const remaining = deadline - Date.now();
    if (remaining <= 0) throw generationErrors.timeout();
    // our own deadline, not only the SDK's: its timeout error is not recognisable in every
    // runtime (an abort from another realm surfaces as a plain connection error)
    const controller = new AbortController();
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      controller.abort();
    }, remaining);
    // the client left: the model's work would be thrown away, so stop paying for it
    const onGone = () => controller.abort();
    if (gone?.aborted) controller.abort();
    gone?.addEventListener('abort', onGone, { once: true });
    try {
      const request = { model: options.model, messages, temperature, response_format: responseFormat() };
      const sent = { signal: controller.signal, timeout: remaining + 1_000 };
      const answer = onText
        ? await readStream(await client.chat.completions.create({ ...request, stream: true }, sent), onText)
        : wholeAnswer(await client.chat.completions.create(request, sent));
      if (answer.refusal) throw generationErrors.refused();
      return { text: answer.text, finishReason: answer.finishReason };
    } catch (error) {
      if (gone?.aborted) throw generationErrors.clientGone();
      if (timedOut) throw generationErrors.timeout();
      if (structuredOutput && error instanceof OpenAI.BadRequestError && /response_format|json_schema|schema/i.test(error.message)) {
        throw new SchemaRejected(error.message);
      }
      throw mapModelError(error, options.logger);
    } finally {
      clearTimeout(timer);
      gone?.removeEventListener('abort', onGone);
    }
  }

  return {
    provider: 'openai',
    model: options.model,
    async generate(input: GenerationInput, generation: GenerationOptions = {}): Promise<GeneratedPost> {
      const gone = generation.signal;
      const deadline = Date.now() + options.timeoutMs;
      const show = generation.onProgress;
      let shown = false;
      // each answer is shown as it is written; a repair starts the shown post over
      const attempt = (): Attempt => {
        if (shown) show?.({ type: 'reset' });
        shown = false;
        const progress = show
          ? postStreamParser((p) => {
              shown = true;
              show(p);
            })
          : null;
        return { deadline, gone, temperature, ...(progress ? { onText: (piece: string) => progress.push(piece) } : {}) };
      };
      const temperature = generation.replacing ? TEMPERATURE_ANOTHER_TAKE : TEMPERATURE;
      const messages: ChatCompletionMessageParam[] = [
        { role: 'system', content: systemPrompt() },
        { role: 'user', content: userPrompt(input, { replacing: generation.replacing, previous: generation.previous }) },
      ];
      // another take that hands back a hook of the post it replaces is asked once more, like a length miss
      const earlier = new Set([...(generation.replacing?.hooks ?? []), ...(generation.previous?.hooks ?? [])].map((h) => h.trim().toLowerCase()));
      const repeatsOf = (post: GeneratedPost) => post.hooks.filter((h) => earlier.has(h.trim().toLowerCase()));
      const first = await complete(messages, attempt());
      const parsed = parsePostOutput(first.text);
      const repeated = parsed.ok ? repeatsOf(parsed.post) : [];
      if (parsed.ok && !parsed.lengthProblem && !repeated.length) return parsed.post;

      const problems = parsed.ok
        ? [...(parsed.lengthProblem ? [parsed.lengthProblem] : []), ...(repeated.length ? [`These hooks repeat the earlier post; write new ones: ${repeated.join(' | ')}`] : [])]
        : parsed.problems;
      options.logger.warn({ problems, finishReason: first.finishReason }, 'AI model answer unusable or off the length band; asking once for a repair');
      messages.push({ role: 'assistant', content: first.text ?? '' }, { role: 'user', content: repairPrompt(problems) });
      const second = await complete(messages, attempt());
      const repaired = parsePostOutput(second.text);
      // a post a little off the band is still a post the author can trim: only answers that
      // are unusable twice fail; of two usable ones, the one closer to the band is kept
      const usable = [parsed, repaired].filter((p) => p.ok);
      if (!usable.length) throw generationErrors.invalidOutput(repaired.ok ? [] : repaired.problems);
      // new hooks first, then the closer to the band
      const best = usable.reduce((a, b) => {
        const [ra, rb] = [repeatsOf(a.post).length, repeatsOf(b.post).length];
        return rb < ra || (rb === ra && b.offBy <= a.offBy) ? b : a;
      });
      if (best.lengthProblem) options.logger.warn({ problem: best.lengthProblem }, 'AI model post kept although off the length band');
      return best.post;
    },
  };
}
