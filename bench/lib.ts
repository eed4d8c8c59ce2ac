import fs from 'node:fs';
import path from 'node:path';
import autocannon from 'autocannon';

export interface Figure {
  benchmark: string;
  metric: string;
  value: number;
  unit: string;
  /** what the figure is compared with, measured in the same run */
  baseline?: string;
  target?: string;
  pass?: boolean;
  /** when the figure was measured (written by writeResults) */
  measuredAt?: string;
}

export interface Benchmark {
  name: string;
  description: string;
  run(): Promise<Figure[]>;
}

export interface LoadResult {
  rps: number;
  p50: number;
  p99: number;
  errors: number;
  non2xx: number;
  /** requests answered in the run */
  requests: number;
}

/**
 * autocannon against a URL; latency figures in milliseconds. autocannon runs in a worker thread,
 * so a server measured in this process has its event loop to itself.
 */
export async function load(url: string, options: { connections?: number; durationSec?: number; headers?: Record<string, string> } = {}): Promise<LoadResult> {
  const result = await autocannon({
    url,
    connections: options.connections ?? 32,
    duration: options.durationSec ?? Number(process.env.BENCH_DURATION ?? 8),
    headers: options.headers,
    workers: 1,
  });
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
    requests: result.requests.total,
  };
}

/**
 * An open-loop load: `rps` GET requests a second for `durationSec`, each sent on its schedule
 * whatever the earlier ones are doing (autocannon's connections wait for their answers, so a slow
 * server is asked less), over keep-alive connections, from a worker thread. Latency of each request
 * from when it was sent to its last byte, in milliseconds with microsecond resolution.
 */
export async function fixedRate(url: string, options: { rps: number; durationSec?: number; headers?: Record<string, string> }): Promise<LoadResult> {
  const { Worker } = await import('node:worker_threads');
  const worker = new Worker(FIXED_RATE_WORKER, {
    eval: true,
    workerData: { url, rps: options.rps, durationMs: (options.durationSec ?? Number(process.env.BENCH_FIXED_RATE_SECONDS ?? 5)) * 1000, headers: options.headers ?? {} },
  });
  const out = await new Promise<{ latencies: number[]; errors: number; non2xx: number; elapsedMs: number }>((resolve, reject) => {
    worker.once('message', resolve);
    worker.once('error', reject);
  });
  await worker.terminate();
  return {
    rps: (out.latencies.length * 1000) / out.elapsedMs,
    p50: percentile(out.latencies, 50),
    p99: percentile(out.latencies, 99),
    errors: out.errors,
    non2xx: out.non2xx,
    requests: out.latencies.length,
  };
}

const FIXED_RATE_WORKER = `
const { parentPort, workerData } = require('node:worker_threads');
const http = require('node:http');
const { url, rps, durationMs, headers } = workerData;
const agent = new http.Agent({ keepAlive: true, maxSockets: 256 });
const total = Math.round((rps * durationMs) / 1000);
const interval = 1000 / rps;
const latencies = [];
let errors = 0, non2xx = 0, sent = 0, finished = 0;
const start = performance.now();
function done() {
  if (++finished === total) parentPort.postMessage({ latencies, errors, non2xx, elapsedMs: performance.now() - start });
}
function fire() {
  const sentAt = performance.now();
  const req = http.get(url, { agent, headers }, (res) => {
    if (res.statusCode < 200 || res.statusCode >= 300) non2xx++;
    res.resume();
    res.on('end', () => { latencies.push(performance.now() - sentAt); done(); });
  });
  req.on('error', () => { errors++; done(); });
}
function tick() {
  const now = performance.now();
  while (sent < total && start + sent * interval <= now) { sent++; fire(); }
  if (sent < total) setTimeout(tick, Math.max(0, start + sent * interval - performance.now()));
}
tick();
`;

export function percentile(values: number[], p: number): number {
  if (!values.length) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))];
}

export function printTable(figures: Figure[]): void {
  const rows = figures.map((f) => [
    f.benchmark,
    f.metric,
    `${Number.isInteger(f.value) ? f.value : f.value.toFixed(2)} ${f.unit}`.trim(),
    f.baseline ?? '',
    f.target ?? '',
    f.pass === undefined ? '' : f.pass ? 'pass' : 'FAIL',
  ]);
  const header = ['benchmark', 'metric', 'value', 'baseline (same run)', 'target', 'result'];
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i].length)));
  const line = (cells: string[]) => cells.map((c, i) => c.padEnd(widths[i])).join(' | ');
  process.stdout.write(`\n${line(header)}\n${widths.map((w) => '-'.repeat(w)).join('-|-')}\n`);
  for (const r of rows) process.stdout.write(`${line(r)}\n`);
  const load = require('node:os').loadavg()[0] as number;
  process.stdout.write(`\nload average (1 min) at the end: ${load.toFixed(2)} on ${require('node:os').cpus().length} CPUs; figures from a busy machine are not comparable\n`);
}

/**
 * Writes the figures to bench/results/latest.json. A run of some benchmarks replaces their
 * figures and keeps the others' (each benchmark's figures carry the time they were measured).
 */
export function writeResults(figures: Figure[]): string {
  const file = path.join(__dirname, 'results', 'latest.json');
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const measuredAt = new Date().toISOString();
  const ran = new Set(figures.map((f) => f.benchmark));
  let kept: Figure[] = [];
  try {
    const previous = JSON.parse(fs.readFileSync(file, 'utf8')) as { measuredAt?: string; figures?: Figure[] };
    kept = (previous.figures ?? []).filter((f) => !ran.has(f.benchmark)).map((f) => ({ ...f, measuredAt: f.measuredAt ?? previous.measuredAt }));
  } catch {
    // no earlier results
  }
  const all = [...kept, ...figures.map((f) => ({ ...f, measuredAt }))];
  fs.writeFileSync(file, JSON.stringify({ measuredAt, machine: machineInfo(), figures: all }, null, 2) + '\n');
  return file;
}

function machineInfo() {
  const os = require('node:os') as typeof import('node:os');
  // the load average tells whether other work shared the machine during the run
  return { cpus: os.cpus().length, cpuModel: os.cpus()[0]?.model, memoryGiB: Math.round(os.totalmem() / 2 ** 30), node: process.version, loadAverage1m: Number(os.loadavg()[0].toFixed(2)) };
}
