/**
 * Generation overhead: POST /api/content/generate through the gateway (JWT, proxy), the
 * content service (validation, trial quota call to auth, prompt, the real openai SDK, repair
 * and checks, storage, event) against a local OpenAI-compatible stub that answers after a
 * fixed delay D. The overhead is p95 minus D. Then the same call with the offline generator
 * (no model configured). Everything real and in-process on port 0, in a namespace of its own.
 */
import { performance } from 'node:perf_hooks';
import type { AuthResponse } from '@postwright/contracts';
import { cleanupNamespace, http, randomId, readEventStream, testEnv, testKeys, testNamespace } from '@postwright/platform/src/testing';
import { readConfig as readGatewayConfig } from '../gateway/src/config';
import { start as startGateway } from '../gateway/src/server';
import { readConfig as readAuthConfig } from '../services/auth/src/config';
import { start as startAuth } from '../services/auth/src/server';
import { readConfig as readContentConfig } from '../services/content/src/config';
import { start as startContent } from '../services/content/src/server';
import { startOpenAiStub, validPostFor, type OpenAiStub } from '@postwright/platform/src/testing/fakes/openai';
import { userPrompt } from '../services/content/src/modules/generation/providers/prompts';
import { eventStreamReader } from '@postwright/contracts';
import { percentile, type Benchmark, type Figure } from './lib';

const DELAY_MS = Number(process.env.BENCH_MODEL_DELAY_MS ?? 500);
const SAMPLES = Number(process.env.BENCH_GENERATION_SAMPLES ?? 40);
const WARMUP = 5;

export const request = {
  contentType: 'insight',
  topic: 'Pricing power in B2B SaaS',
  industryRole: 'Chief Revenue Officer',
  personalExperience: 'We raised prices 20% and churn went down because we moved upmarket.',
  targetAudience: 'SaaS founders',
};

async function timed(fn: () => Promise<void>, n: number): Promise<number[]> {
  const out: number[] = [];
  for (let i = 0; i < n; i++) {
    const t0 = performance.now();
    await fn();
    out.push(performance.now() - t0);
  }
  return out;
}

/** The JSON call, timed: WARMUP calls, then SAMPLES. */
async function jsonCalls(gatewayUrl: string, token: string): Promise<number[]> {
  const once = async () => {
    const res = await http(gatewayUrl, 'POST', '/api/content/generate', { token, body: request });
    if (res.status !== 201) throw new Error(`generate: ${res.status} ${JSON.stringify(res.body).slice(0, 200)}`);
  };
  await timed(once, WARMUP);
  return timed(once, SAMPLES);
}

export const generationBenchmark: Benchmark = {
  name: 'generation',
  description: `POST /api/content/generate through the gateway: model stub with a fixed ${DELAY_MS} ms delay (overhead = p95 - delay), and the offline generator`,
  async run() {
    const ns = testNamespace();
    const env = (extra: Record<string, string> = {}) => testEnv(ns, { LOG_LEVEL: 'silent', ...extra });
    const auth = await startAuth(readAuthConfig(env({ JWT_PRIVATE_KEY: testKeys.privateKey, JWT_PUBLIC_KEY: testKeys.publicKey, AUTH_RATE_LIMIT_PER_MINUTE: '100000' })));
    const model = await startOpenAiStub();
    const figures: Figure[] = [];
    try {
      const phase = async <T = number[]>(contentEnv: Record<string, string>, measure: (gatewayUrl: string, token: string) => Promise<T> = jsonCalls as never): Promise<T> => {
        // one member calls far faster than a member may: the per-member limits are not what is measured
        const content = await startContent(readContentConfig(env({ AUTH_URL: auth.url, GENERATION_MAX_IN_FLIGHT: '1000', GENERATION_PER_MINUTE: '100000', ...contentEnv })));
        const gateway = await startGateway(
          readGatewayConfig({ ...env(), AUTH_URL: auth.url, CONTENT_URL: content.url, LINKEDIN_URL: content.url, SCHEDULER_URL: content.url, RATE_LIMIT_PER_MINUTE: '100000000', WEB_DIST: '/nonexistent' }),
        );
        try {
          const email = `bench-${randomId()}@example.com`;
          const signup = await http<AuthResponse>(gateway.url, 'POST', '/api/auth/signup', { body: { email, password: 'correct horse battery', firstName: 'Ben', lastName: 'Chmark' } });
          if (signup.status !== 201) throw new Error(`signup: ${signup.status} ${JSON.stringify(signup.body)}`);
          await auth.modules.admin.setTier(signup.body.user.id, { tier: 'premium' });
          const login = await http<AuthResponse>(gateway.url, 'POST', '/api/auth/login', { body: { email, password: 'correct horse battery' } });
          return await measure(gateway.url, login.body.tokens.accessToken);
        } finally {
          await gateway.stop();
          await content.stop();
        }
      };

      // baseline: the stub alone, called directly with the same delay
      model.script(...Array.from({ length: WARMUP + SAMPLES }, () => ({ delayMs: DELAY_MS })));
      const direct = await timed(async () => {
        const res = await fetch(`${model.url}/chat/completions`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ model: 'stub', messages: [{ role: 'user', content: 'Topic: x' }] }),
        });
        await res.text();
      }, WARMUP + SAMPLES);
      const directP95 = percentile(direct.slice(WARMUP), 95);

      model.reset();
      model.script(...Array.from({ length: (WARMUP + SAMPLES) * 3 }, () => ({ delayMs: DELAY_MS })));
      const withModel = await phase({ OPENAI_API_KEY: 'sk-bench', OPENAI_BASE_URL: model.url, OPENAI_MODEL: 'stub-model', GENERATION_TIMEOUT_MS: '30000' });
      const modelCalls = model.requests.length;
      const p95 = percentile(withModel, 95);
      const overhead = p95 - DELAY_MS;
      figures.push(
        { benchmark: 'generation', metric: 'model stub alone p95', value: Number(directP95.toFixed(1)), unit: 'ms', baseline: `fixed delay D = ${DELAY_MS} ms` },
        { benchmark: 'generation', metric: 'through gateway p50 / p95', value: Number(p95.toFixed(1)), unit: `ms (p50 ${percentile(withModel, 50).toFixed(1)} ms, ${SAMPLES} calls, ${modelCalls} model calls)` },
        { benchmark: 'generation', metric: 'overhead (p95 - D)', value: Number(overhead.toFixed(1)), unit: 'ms', baseline: `D = ${DELAY_MS} ms; stub alone p95 - D = ${(directP95 - DELAY_MS).toFixed(1)} ms`, target: '<= 60 ms', pass: overhead <= 60 },
      );

      figures.push(...(await streamedFigures(model, phase)));

      const offline = await phase({});
      const offP95 = percentile(offline, 95);
      figures.push({
        benchmark: 'generation',
        metric: 'offline generator p95',
        value: Number(offP95.toFixed(1)),
        unit: `ms (p50 ${percentile(offline, 50).toFixed(1)} ms)`,
        baseline: 'no model configured',
        target: '<= 100 ms',
        pass: offP95 <= 100,
      });
      return figures;
    } finally {
      await model.close();
      await auth.stop();
      await cleanupNamespace(ns);
    }
  },
};

/** A model's pace for the streaming figures: first token after T, then 40 tokens a second. */
/**
 * The answer every paced reply streams, the one the stub writes for this form's real prompt: the
 * stub alone and the product stream the same number of tokens.
 */
const streamedAnswer = () =>
  JSON.stringify(validPostFor({ model: 'stub', messages: [{ role: 'user', content: userPrompt({ ...request, contentType: 'insight', businessGoal: null }) }] }));
export const pacedReply = () => ({ pace: STREAM_PACE, content: streamedAnswer() });

export const STREAM_PACE = { firstTokenMs: Number(process.env.BENCH_STREAM_FIRST_TOKEN_MS ?? 800), tokensPerSecond: 40 };
/** first body text: short calls (the client hangs up once it has it); done: whole posts (~11 s each) */
const FIRST_TEXT_SAMPLES = Number(process.env.BENCH_STREAM_FIRST_SAMPLES ?? 10);
const DONE_SAMPLES = Number(process.env.BENCH_STREAM_DONE_SAMPLES ?? 3);

/** The stub alone, streamed: when its first content token and its [DONE] reach a client. */
export async function streamDirect(model: OpenAiStub): Promise<{ first: number; total: number }> {
  const started = performance.now();
  const res = await fetch(`${model.url}/chat/completions`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ model: 'stub', stream: true, messages: [{ role: 'user', content: `Topic: ${request.topic}\nThe author's personal experience (use it as the proof at the heart of the post): ${request.personalExperience}` }] }),
  });
  const reader = eventStreamReader();
  const decoder = new TextDecoder();
  let first = NaN;
  for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
    for (const event of reader.push(decoder.decode(chunk, { stream: true }))) {
      if (event.data === '[DONE]') return { first, total: performance.now() - started };
      if (Number.isNaN(first) && JSON.parse(event.data).choices?.[0]?.delta?.content) first = performance.now() - started;
    }
  }
  throw new Error('the stub stream ended without [DONE]');
}

async function sequentially<T>(n: number, fn: () => Promise<T>): Promise<T[]> {
  const out: T[] = [];
  for (let i = 0; i < n; i++) out.push(await fn());
  return out;
}

/**
 * Streamed generation: the time to the first body text and to `done` at a client of
 * the gateway, against the same paced stub called directly in the same run, one call at a time
 * after a warm-up. The body's first character is the model's third token (`{"bo`, `dy":`, `"Whe`
 * in the stub's four-character tokens), so T + 50 ms is the floor at 40 tokens/s.
 */
async function streamedFigures(model: OpenAiStub, phase: <T>(env: Record<string, string>, measure: (gatewayUrl: string, token: string) => Promise<T>) => Promise<T>): Promise<Figure[]> {
  model.reset();
  model.script(...Array.from({ length: 1 + DONE_SAMPLES }, pacedReply));
  const direct = (await sequentially(1 + DONE_SAMPLES, () => streamDirect(model))).slice(1);
  model.reset();
  model.script(...Array.from({ length: (1 + FIRST_TEXT_SAMPLES + DONE_SAMPLES) * 2 }, pacedReply));
  const viaGateway = await phase({ OPENAI_API_KEY: 'sk-bench', OPENAI_BASE_URL: model.url, OPENAI_MODEL: 'stub-model', GENERATION_TIMEOUT_MS: '60000' }, async (gatewayUrl, token) => {
    const stream = async (untilFirstText: boolean) => {
      const answer = await readEventStream(gatewayUrl, '/api/content/generate', { token, body: request, hangUpWhen: (events) => untilFirstText && events.some((e) => e.event === 'body') });
      const firstBody = answer.events.findIndex((e) => e.event === 'body');
      if (firstBody < 0 || (!untilFirstText && answer.events.at(-1)?.event !== 'done')) throw new Error(`streamed generate: ${answer.status} ${JSON.stringify(answer.events.at(-1) ?? answer.json)}`);
      return { first: answer.times[firstBody], total: answer.times.at(-1)! };
    };
    await stream(false);
    return { first: await sequentially(FIRST_TEXT_SAMPLES, () => stream(true)), done: await sequentially(DONE_SAMPLES, () => stream(false)) };
  });
  const directFirst = percentile(direct.map((d) => d.first), 50);
  const directTotal = percentile(direct.map((d) => d.total), 50);
  const firstP95 = percentile(viaGateway.first.map((g) => g.first), 95);
  const doneMax = Math.max(...viaGateway.done.map((g) => g.total));
  const pace = `T = ${STREAM_PACE.firstTokenMs} ms, then ${STREAM_PACE.tokensPerSecond} tokens/s`;
  return [
    { benchmark: 'generation', metric: 'streamed: stub alone, first token / [DONE] p50', value: Number(directFirst.toFixed(1)), unit: `ms / ${directTotal.toFixed(0)} ms`, baseline: pace },
    {
      benchmark: 'generation',
      metric: 'streamed: first body text at a gateway client p95',
      value: Number(firstP95.toFixed(1)),
      unit: `ms (p50 ${percentile(viaGateway.first.map((g) => g.first), 50).toFixed(0)} ms, ${FIRST_TEXT_SAMPLES} calls)`,
      baseline: `T = ${STREAM_PACE.firstTokenMs} ms (stub alone: first token ${directFirst.toFixed(0)} ms)`,
      target: '<= T + 150 ms',
      pass: firstP95 <= STREAM_PACE.firstTokenMs + 150,
    },
    {
      benchmark: 'generation',
      metric: 'streamed: done at a gateway client, slowest',
      value: Number(doneMax.toFixed(1)),
      unit: `ms (${DONE_SAMPLES} whole posts)`,
      baseline: `stub alone [DONE] p50 ${directTotal.toFixed(0)} ms`,
      target: '<= stub total + 60 ms',
      pass: doneMax <= directTotal + 60,
    },
  ];
}
