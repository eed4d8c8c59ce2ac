/**
 * The landing page as the product sends it, scored by Lighthouse (web/bench/landing.bench.ts):
 * the real gateway serves the built app (web/dist: brotli, cache and security headers as in
 * production), with Redis as its only company; a signed-out visitor's landing page calls no API.
 */
import path from 'node:path';
import { cleanupNamespace, testEnv, testNamespace } from '@postwright/platform/src/testing';
import { buildWebIfNeeded } from '@postwright/platform/src/stack/launch';
import { readConfig } from '../gateway/src/config';
import { start } from '../gateway/src/server';
import type { Benchmark, Figure } from './lib';

// loaded at run time: the web workspace is type-checked by its own tsconfig (DOM types, vite)
const { runLandingBenchmark, RUNS } = require(path.resolve(__dirname, '../web/bench/landing.bench')) as typeof import('../web/bench/landing.bench');

export const webBenchmark: Benchmark = {
  name: 'web',
  description: `landing page in Lighthouse 12 (mobile and desktop presets, median of ${RUNS} runs each), served by the gateway`,
  async run(): Promise<Figure[]> {
    buildWebIfNeeded();
    const ns = testNamespace();
    const gateway = await start(readConfig({ ...testEnv(ns), WEB_DIST: path.resolve(__dirname, '../web/dist') }));
    try {
      return await runLandingBenchmark(`${gateway.url}/`);
    } finally {
      await gateway.stop();
      await cleanupNamespace(ns);
    }
  },
};
