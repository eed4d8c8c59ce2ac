/**
 * Landing page weight and speed, in Debian's headless Chromium (playwright-core):
 * - JavaScript the landing route loads, gzip level 9 (target <= 120 KB);
 * - Largest Contentful Paint on a desktop (1280 px, no throttling) and on a throttled phone
 *   (375 px, 4x slower CPU, 1.6 Mbit/s and 150 ms round trips; target <= 2500 ms, Google's
 *   "good" threshold).
 * The built app (web/dist) is served by `vite preview`; a signed-out visitor's landing page
 * makes no API call, so no other part of the stack is needed.
 *
 * Standalone: `npx tsx web/bench/landing.bench.ts`. In `npm run bench`: add
 * `landingBenchmark` to the list in bench/run.ts.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { chromium, type Browser } from 'playwright-core';
import { preview } from 'vite';

export interface LandingFigure {
  benchmark: string;
  metric: string;
  value: number;
  unit: string;
  baseline?: string;
  target?: string;
  pass?: boolean;
}

const WEB_DIR = path.resolve(__dirname, '..');
export const LANDING_JS_TARGET_KB = 120;
export const LCP_TARGET_MS = 2500;

function ensureBuilt() {
  if (fs.existsSync(path.join(WEB_DIR, 'dist', 'index.html'))) return;
  const result = spawnSync('npm', ['run', 'build', '-w', 'web'], { cwd: path.resolve(WEB_DIR, '..'), stdio: 'inherit' });
  if (result.status !== 0) throw new Error('web build failed');
}

async function measure(browser: Browser, url: string, phone: boolean) {
  const context = await browser.newContext({ viewport: phone ? { width: 375, height: 812 } : { width: 1280, height: 800 } });
  const page = await context.newPage();
  const scripts = new Map<string, number>();
  page.on('response', async (response) => {
    if (!/\.m?js(\?|$)/.test(response.url())) return;
    try {
      scripts.set(response.url(), zlib.gzipSync(await response.body(), { level: 9 }).length);
    } catch {
      /* redirected or aborted */
    }
  });
  if (phone) {
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 150,
      downloadThroughput: (1.6 * 1024 * 1024) / 8,
      uploadThroughput: (750 * 1024) / 8,
    });
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  }
  await page.goto(url, { waitUntil: 'networkidle' });
  const lcp = await page.evaluate(
    () =>
      new Promise<number>((resolve) => {
        new PerformanceObserver((list) => {
          const entries = list.getEntries();
          resolve(entries[entries.length - 1].startTime);
        }).observe({ type: 'largest-contentful-paint', buffered: true });
        setTimeout(() => resolve(Number.NaN), 5000);
      }),
  );
  await context.close();
  const jsBytes = [...scripts.values()].reduce((sum, n) => sum + n, 0);
  return { lcp, jsBytes, requests: scripts.size };
}

export async function runLandingBenchmark(): Promise<LandingFigure[]> {
  ensureBuilt();
  const server = await preview({ root: WEB_DIR, logLevel: 'silent', preview: { port: 0, host: '127.0.0.1', proxy: {} } });
  const url = server.resolvedUrls?.local[0] ?? `http://127.0.0.1:${(server.httpServer.address() as { port: number }).port}/`;
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
  });
  try {
    await measure(browser, url, false); // warm-up (disk cache of the preview server, JIT)
    const desktop = await measure(browser, url, false);
    const phone = await measure(browser, url, true);
    const kb = desktop.jsBytes / 1024;
    return [
      {
        benchmark: 'web',
        metric: 'landing JS (gzip)',
        value: Number(kb.toFixed(1)),
        unit: `KB in ${desktop.requests} files`,
        target: `<= ${LANDING_JS_TARGET_KB} KB`,
        pass: kb <= LANDING_JS_TARGET_KB,
      },
      { benchmark: 'web', metric: 'landing LCP, desktop', value: Math.round(desktop.lcp), unit: 'ms', baseline: '1280 px, no throttling' },
      {
        benchmark: 'web',
        metric: 'landing LCP, throttled phone',
        value: Math.round(phone.lcp),
        unit: 'ms',
        baseline: '375 px, 4x CPU, 1.6 Mbit/s, 150 ms RTT',
        target: `<= ${LCP_TARGET_MS} ms`,
        pass: phone.lcp <= LCP_TARGET_MS,
      },
    ];
  } finally {
    await browser.close();
    await server.close();
  }
}

/** Same shape as bench/lib.ts's Benchmark. */
export const landingBenchmark = {
  name: 'web',
  description: 'landing page JavaScript (gzip) and LCP in headless Chromium',
  run: runLandingBenchmark,
};

if (require.main === module) {
  runLandingBenchmark()
    .then((figures) => {
      for (const f of figures) {
        const verdict = f.pass === undefined ? '' : f.pass ? '  pass' : '  FAIL';
        process.stdout.write(`${f.metric}: ${f.value} ${f.unit}${f.baseline ? ` (${f.baseline})` : ''}${f.target ? `  target ${f.target}` : ''}${verdict}\n`);
      }
      process.exit(figures.every((f) => f.pass !== false) ? 0 : 1);
    })
    .catch((error) => {
      process.stderr.write(`${error instanceof Error ? error.stack : String(error)}\n`);
      process.exit(1);
    });
}
