/**
 * Gateway overhead: authenticated GET /api/content through the gateway (request id, security
 * headers, CORS, JWT check, rate limit, proxy) against the floor any Node proxy has, measured back
 * to back in this run on this machine, BENCH_ROUNDS times, each with both proxies started afresh
 * (medians reported).
 *
 * Two targets, each against a baseline measured in the same run:
 * - CPU per proxied request under load (autocannon, 32 connections): the gateway's, against a
 *   bare `node:http` proxy's (http.request with a keep-alive agent and nothing else) in front of
 *   the same service: <= 2x. CPU time hardly depends on what else the machine runs; req/s does.
 * - added latency at a fixed 1,000 requests a second (one replica's realistic peak; an open-loop
 *   load, each request sent on its schedule whatever the others do): p99 through the gateway
 *   minus p99 calling the service directly: <= 2 ms.
 * req/s against the bare server itself is printed for reference only, as no Node proxy comes
 * near it.
 *
 * The gateway is measured as it ships: metrics on (its /metrics on METRICS_PORT), tracing off (no
 * OTLP endpoint). What tracing costs is reported beside, without a target: the same gateway with
 * OTEL_EXPORTER_OTLP_ENDPOINT set, sending every span (always-on sampling) to a collector that
 * takes them and drops them.
 *
 * Where each part runs, so that no side is measured with another's work on its event loop:
 * - autocannon and the fixed-rate load run in worker threads of this process (lib.ts);
 * - the bare server runs in a process of its own (bare-server.ts): the service behind both
 *   proxies, as the content service is in production;
 * - the gateway runs as production runs it: the built program (gateway/dist/main.js, built first
 *   when older than its sources) on `node` with the product's flags, in a process of its own; the
 *   bare proxy too (bare-proxy.js, plain JavaScript). CPU is each one's main thread, from /proc.
 *
 * The gateway measures as it runs in production: its metrics on (each request timed into
 * http_request_duration_seconds, served on a listener of their own), which the run checks.
 */
import { fork, spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { buildIfNeeded, nodeCommand, nodeFlags } from '@postwright/platform/scripts/build';
import { freePort } from '@postwright/platform/src/stack/launch';
import { deleteRedisKeys, eventually, issueTestToken, testEnv, testNamespace } from '@postwright/platform/src/testing';
import { scrape } from '@postwright/platform/src/testing/prometheus';
import { fixedRate, load, type Benchmark, type Figure, type LoadResult } from './lib';

const FIXED_RPS = 1_000;

export const gatewayBenchmark: Benchmark = {
  name: 'gateway',
  description: 'authenticated GET /api/content through the gateway vs a bare node:http proxy and the service alone',
  async run() {
    buildIfNeeded({ names: ['gateway'] });
    const bare = await child(path.join(__dirname, 'bare-server.ts'), []);
    const ns = testNamespace();
    const headers = { authorization: `Bearer ${issueTestToken({ sub: 'b'.repeat(24) })}` };
    const route = '/api/content';
    const rounds: Round[] = [];
    const collector = await spanSink();
    try {
      // each round starts both proxies afresh: the same gateway code runs at 83 to 118 µs a request
      // from one launch to the next (steady within a launch), so one launch is one draw
      for (let i = 0; i < Number(process.env.BENCH_ROUNDS ?? 3); i++) {
        const proxy = await child(path.join(__dirname, 'bare-proxy.js'), [bare.url], { execArgv: nodeFlags('gateway') });
        const settings = {
          ...testEnv(ns, { LOG_LEVEL: 'silent' }),
          AUTH_URL: bare.url,
          CONTENT_URL: bare.url,
          LINKEDIN_URL: bare.url,
          SCHEDULER_URL: bare.url,
          RATE_LIMIT_PER_MINUTE: '100000000',
          WEB_DIST: '/nonexistent',
        };
        const gateway = await builtGateway(settings);
        try {
          // warm-up: JIT and connections for each side
          for (const url of [bare.url, proxy.url, gateway.url]) await load(`${url}${route}`, { headers, durationSec: 2 });
          const direct = await load(`${bare.url}${route}`, { headers });
          const floor = await measuredCpu(proxy.pid, () => load(`${proxy.url}${route}`, { headers }));
          const proxied = await measuredCpu(gateway.pid, () => load(`${gateway.url}${route}`, { headers }));
          for (const r of [floor.result, proxied.result]) if (r.non2xx || r.errors) throw new Error(`a proxy answered ${r.non2xx} non-2xx and ${r.errors} errors`);
          const steadyDirect = await fixedRate(`${bare.url}${route}`, { rps: FIXED_RPS, headers });
          const steadyFloor = await fixedRate(`${proxy.url}${route}`, { rps: FIXED_RPS, headers });
          const steadyProxied = await fixedRate(`${gateway.url}${route}`, { rps: FIXED_RPS, headers });
          if (steadyProxied.non2xx || steadyProxied.errors) throw new Error(`the gateway answered ${steadyProxied.non2xx} non-2xx and ${steadyProxied.errors} errors at ${FIXED_RPS} req/s`);
          // the requests measured were timed into the gateway's metrics: they were on
          const timed = (await scrape(gateway.metricsUrl)).value('http_request_duration_seconds_count', { route });
          if (timed < proxied.result.requests + steadyProxied.requests) throw new Error(`the gateway's metrics timed ${timed} requests of ${route}, fewer than it answered`);
          // the same gateway traced, alone on the machine while it is measured
          await gateway.stop();
          const traced = await builtGateway({ ...settings, OTEL_EXPORTER_OTLP_ENDPOINT: collector.url, OTEL_EXPORTER_OTLP_PROTOCOL: 'http/json' });
          try {
            await load(`${traced.url}${route}`, { headers, durationSec: 2 });
            const tracedLoad = await measuredCpu(traced.pid, () => load(`${traced.url}${route}`, { headers }));
            const steadyTraced = await fixedRate(`${traced.url}${route}`, { rps: FIXED_RPS, headers });
            if (steadyTraced.non2xx || steadyTraced.errors) throw new Error(`the traced gateway answered ${steadyTraced.non2xx} non-2xx and ${steadyTraced.errors} errors at ${FIXED_RPS} req/s`);
            rounds.push({ direct, floor: floor.result, proxied: proxied.result, floorCpuUs: floor.cpuUs, gatewayCpuUs: proxied.cpuUs, tracedCpuUs: tracedLoad.cpuUs, steadyDirect, steadyFloor, steadyProxied, steadyTraced });
          } finally {
            await traced.stop();
          }
        } finally {
          await gateway.stop();
          proxy.process.kill();
        }
      }
      if (!collector.received()) throw new Error('the traced gateway sent no spans');
      return figures(rounds);
    } finally {
      await collector.close();
      bare.process.kill();
      await deleteRedisKeys(testEnv(ns).REDIS_URL!, ns);
    }
  },
};

interface Round {
  direct: LoadResult;
  floor: LoadResult;
  proxied: LoadResult;
  floorCpuUs?: number;
  gatewayCpuUs?: number;
  tracedCpuUs?: number;
  steadyDirect: LoadResult;
  steadyFloor: LoadResult;
  steadyProxied: LoadResult;
  steadyTraced: LoadResult;
}

function figures(rounds: Round[]): Figure[] {
  const m = (f: (r: Round) => number | undefined) => median(rounds.map(f).filter((v): v is number => v !== undefined));
  const out: Figure[] = [];
  const gatewayCpu = m((r) => r.gatewayCpuUs);
  const floorCpu = m((r) => r.floorCpuUs);
  if (Number.isFinite(gatewayCpu) && Number.isFinite(floorCpu)) {
    const ratio = m((r) => (r.gatewayCpuUs !== undefined && r.floorCpuUs ? r.gatewayCpuUs / r.floorCpuUs : undefined));
    out.push(
      { benchmark: 'gateway', metric: 'CPU per request', value: Math.round(gatewayCpu), unit: `µs (bare proxy ${Math.round(floorCpu)} µs)` },
      { benchmark: 'gateway', metric: 'CPU per request ratio', value: ratio, unit: 'x', baseline: 'bare node:http proxy', target: '<= 2', pass: ratio <= 2 },
    );
  }
  const tracedCpu = m((r) => r.tracedCpuUs);
  if (Number.isFinite(tracedCpu) && Number.isFinite(gatewayCpu)) {
    out.push({
      benchmark: 'gateway',
      metric: 'CPU per request, traced (OTLP exporter on)',
      value: Math.round(tracedCpu),
      unit: `µs (${m((r) => (r.tracedCpuUs !== undefined && r.gatewayCpuUs ? r.tracedCpuUs / r.gatewayCpuUs : undefined)).toFixed(2)}x the untraced gateway's; every request sampled)`,
    });
  }
  out.push({ benchmark: 'gateway', metric: `added p99 at ${FIXED_RPS} req/s, traced`, value: m((r) => r.steadyTraced.p99 - r.steadyDirect.p99), unit: 'ms (OTLP exporter on; no target)' });
  const addedP99 = m((r) => r.steadyProxied.p99 - r.steadyDirect.p99);
  out.push(
    {
      benchmark: 'gateway',
      metric: `p99 at ${FIXED_RPS} req/s`,
      value: m((r) => r.steadyProxied.p99),
      unit: `ms (direct ${m((r) => r.steadyDirect.p99).toFixed(2)}, bare proxy ${m((r) => r.steadyFloor.p99).toFixed(2)}; p50 ${m((r) => r.steadyProxied.p50).toFixed(2)} / ${m((r) => r.steadyDirect.p50).toFixed(2)} / ${m((r) => r.steadyFloor.p50).toFixed(2)} ms)`,
    },
    { benchmark: 'gateway', metric: `added p99 at ${FIXED_RPS} req/s`, value: addedP99, unit: 'ms', baseline: 'the service called directly', target: '<= 2 ms', pass: addedP99 <= 2 },
    { benchmark: 'gateway', metric: 'req/s (32 connections)', value: Math.round(m((r) => r.proxied.rps)), unit: `req/s (bare proxy ${Math.round(m((r) => r.floor.rps))}, bare server ${Math.round(m((r) => r.direct.rps))})` },
    { benchmark: 'gateway', metric: 'req/s ratio', value: m((r) => r.proxied.rps / r.direct.rps), unit: 'x', baseline: 'bare Node server (info: a bare proxy reaches ~0.3)' },
  );
  return out;
}

/** An OTLP/HTTP endpoint that takes spans and drops them: the exporter's work is measured, not a collector's. */
async function spanSink(): Promise<{ url: string; received(): number; close(): Promise<void> }> {
  let exports = 0;
  const server = http.createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      exports++;
      res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}`, received: () => exports, close: () => new Promise((resolve) => server.close(() => resolve())) };
}

/** A helper program of the benchmark in a process of its own; it sends its port once it listens. */
async function child(file: string, args: string[], options: { execArgv?: string[] } = {}): Promise<{ url: string; pid: number; process: ChildProcess }> {
  const proc = fork(file, args, { stdio: 'inherit', ...(options.execArgv ? { execArgv: options.execArgv } : {}) });
  const port = await new Promise<number>((resolve, reject) => {
    proc.once('message', (m: { port: number }) => resolve(m.port));
    proc.once('exit', (code) => reject(new Error(`${path.basename(file)} exited (${code})`)));
  });
  return { url: `http://127.0.0.1:${port}`, pid: proc.pid!, process: proc };
}

/** The built gateway with this environment, once its health probe answers. */
async function builtGateway(env: Record<string, string | undefined>): Promise<{ url: string; metricsUrl: string; pid: number; stop(): Promise<void> }> {
  const port = await freePort();
  const metricsPort = await freePort();
  const [node, ...args] = nodeCommand('gateway');
  const proc = spawn(node, args, {
    env: { PATH: process.env.PATH, ...env, PORT: String(port), METRICS_PORT: String(metricsPort), HOST: '127.0.0.1', NODE_ENV: 'test' },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const exited = new Promise<void>((resolve) => proc.once('exit', () => resolve()));
  const url = `http://127.0.0.1:${port}`;
  await eventually(
    () => fetch(`${url}/health`).then((r) => r.status, () => 0),
    (status) => status === 200 || proc.exitCode !== null,
    30_000,
    50,
  );
  if (proc.exitCode !== null) throw new Error(`the gateway exited (${proc.exitCode})`);
  return {
    url,
    metricsUrl: `http://127.0.0.1:${metricsPort}`,
    pid: proc.pid!,
    stop: async () => {
      proc.kill('SIGTERM');
      await exited;
    },
  };
}

/** Runs a load and the CPU time this process's main thread spent per request meanwhile. */
async function measuredCpu(pid: number, run: () => Promise<LoadResult>): Promise<{ result: LoadResult; cpuUs?: number }> {
  const before = cpuMs(pid);
  const result = await run();
  const after = cpuMs(pid);
  return { result, cpuUs: before === undefined || after === undefined || !result.requests ? undefined : ((after - before) * 1000) / result.requests };
}

/** CPU time (user + system) of a process's main thread, from /proc (Linux, 10 ms ticks); undefined elsewhere. */
function cpuMs(pid: number): number | undefined {
  try {
    const fields = fs.readFileSync(`/proc/${pid}/task/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return undefined;
  }
}

function median(values: number[]): number {
  if (!values.length) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
}
