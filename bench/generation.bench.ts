/**
 * Generation overhead: POST /api/content/generate through the gateway (JWT, proxy), the
 * content service (validation, trial quota call to auth, prompt, the real openai SDK, repair
 * and checks, storage, event) against a local OpenAI-compatible stub that answers after a
 * fixed delay D. The overhead is p95 minus D. Then the same call with the offline generator
 * (no model configured). Everything real and in-process on port 0, in a namespace of its own.
 */
import { performance } from 'node:perf_hooks';
import type { AuthResponse } from '@postwright/contracts';
import { cleanupNamespace, http, randomId, testEnv, testKeys, testNamespace } from '@postwright/platform/src/testing';
import { readConfig as readGatewayConfig } from '../gateway/src/config';
import { start as startGateway } from '../gateway/src/server';
import { readConfig as readAuthConfig } from '../services/auth/src/config';
import { start as startAuth } from '../services/auth/src/server';
import { readConfig as readContentConfig } from '../services/content/src/config';
import { start as startContent } from '../services/content/src/server';
import { startOpenAiStub } from '@postwright/platform/src/testing/fakes/openai';
import { percentile, type Benchmark, type Figure } from './lib';

const DELAY_MS = Number(process.env.BENCH_MODEL_DELAY_MS ?? 500);
const SAMPLES = Number(process.env.BENCH_GENERATION_SAMPLES ?? 40);
const WARMUP = 5;

const request = {
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
      const phase = async (contentEnv: Record<string, string>) => {
        const content = await startContent(readContentConfig(env({ AUTH_URL: auth.url, ...contentEnv })));
        const gateway = await startGateway(
          readGatewayConfig({ ...env(), AUTH_URL: auth.url, CONTENT_URL: content.url, LINKEDIN_URL: content.url, SCHEDULER_URL: content.url, RATE_LIMIT_PER_MINUTE: '100000000', WEB_DIST: '/nonexistent' }),
        );
        try {
          const email = `bench-${randomId()}@example.com`;
          const signup = await http<AuthResponse>(gateway.url, 'POST', '/api/auth/signup', { body: { email, password: 'correct horse battery', firstName: 'Ben', lastName: 'Chmark' } });
          if (signup.status !== 201) throw new Error(`signup: ${signup.status} ${JSON.stringify(signup.body)}`);
          await auth.modules.admin.setTier(signup.body.user.id, { tier: 'premium' });
          const login = await http<AuthResponse>(gateway.url, 'POST', '/api/auth/login', { body: { email, password: 'correct horse battery' } });
          const token = login.body.tokens.accessToken;
          const once = async () => {
            const res = await http(gateway.url, 'POST', '/api/content/generate', { token, body: request });
            if (res.status !== 201) throw new Error(`generate: ${res.status} ${JSON.stringify(res.body).slice(0, 200)}`);
          };
          await timed(once, WARMUP);
          return await timed(once, SAMPLES);
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
