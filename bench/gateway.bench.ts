/**
 * Gateway overhead: authenticated GET /api/content through the gateway (request id, helmet,
 * JWT check, rate limit, proxy) against a bare Node http server that returns the same JSON,
 * measured back to back in this run on this machine, BENCH_ROUNDS times (medians reported).
 *
 * Where each part runs, so that no side is measured with another's work on its event loop:
 * - autocannon runs in a worker thread (see `load` in lib.ts). On the servers' event loop it took
 *   the CPU the server needed, and more from the gateway, which handles twice the sockets.
 * - the bare server runs in a child process (bare-server.ts): it is the baseline, and the
 *   service behind the gateway, in a process of its own as the content service is in production.
 * - the gateway runs in this process, alone on its event loop.
 * The CPU time each server spends per request is reported too: unlike req/s, it hardly depends
 * on what else the machine is running.
 */
import { fork, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { issueTestToken, testEnv, testNamespace } from '@postwright/platform/src/testing';
import { readConfig } from '../gateway/src/config';
import { start } from '../gateway/src/server';
import { load, type Benchmark, type LoadResult } from './lib';

export const gatewayBenchmark: Benchmark = {
  name: 'gateway',
  description: 'authenticated GET /api/content through the gateway vs a bare Node http server',
  async run() {
    const bare = await bareServer();
    const ns = testNamespace();
    const gateway = await start(
      readConfig({
        ...testEnv(ns, { LOG_LEVEL: 'silent' }),
        AUTH_URL: bare.url,
        CONTENT_URL: bare.url,
        LINKEDIN_URL: bare.url,
        SCHEDULER_URL: bare.url,
        RATE_LIMIT_PER_MINUTE: '100000000',
        WEB_DIST: '/nonexistent',
      }),
    );
    const headers = { authorization: `Bearer ${issueTestToken({ sub: 'b'.repeat(24) })}` };
    try {
      await load(`${gateway.url}/api/content`, { headers, durationSec: 2 }); // warm-up
      const rounds: Array<{ direct: LoadResult; proxied: LoadResult; bareCpuUs?: number; gatewayCpuUs?: number }> = [];
      for (let i = 0; i < Number(process.env.BENCH_ROUNDS ?? 3); i++) {
        const bareCpu = cpuMs(bare.pid);
        const direct = await load(`${bare.url}/api/content`, { headers });
        const bareCpuUs = perRequestUs(bareCpu, cpuMs(bare.pid), direct);
        const gatewayCpu = cpuMs(process.pid);
        const proxied = await load(`${gateway.url}/api/content`, { headers });
        const gatewayCpuUs = perRequestUs(gatewayCpu, cpuMs(process.pid), proxied);
        if (proxied.non2xx || proxied.errors) throw new Error(`gateway answered ${proxied.non2xx} non-2xx and ${proxied.errors} errors`);
        rounds.push({ direct, proxied, bareCpuUs, gatewayCpuUs });
      }
      const ratio = median(rounds.map((r) => r.proxied.rps / r.direct.rps));
      const addedP99 = median(rounds.map((r) => r.proxied.p99 - r.direct.p99));
      const directP99 = median(rounds.map((r) => r.direct.p99));
      const figures = [
        { benchmark: 'gateway', metric: 'bare Node req/s', value: Math.round(median(rounds.map((r) => r.direct.rps))), unit: 'req/s' },
        { benchmark: 'gateway', metric: 'gateway req/s', value: Math.round(median(rounds.map((r) => r.proxied.rps))), unit: 'req/s' },
        { benchmark: 'gateway', metric: 'req/s ratio', value: ratio, unit: 'x', baseline: 'bare Node', target: '>= 0.5', pass: ratio >= 0.5 },
        { benchmark: 'gateway', metric: 'p99 bare / gateway', value: median(rounds.map((r) => r.proxied.p99)), unit: `ms (bare ${directP99} ms)` },
        { benchmark: 'gateway', metric: 'added p99', value: addedP99, unit: 'ms', baseline: 'bare Node p99', target: '<= 3 ms', pass: addedP99 <= 3 },
      ];
      const gatewayCpuUs = rounds.map((r) => r.gatewayCpuUs).filter((v) => v !== undefined);
      const bareCpuUs = rounds.map((r) => r.bareCpuUs).filter((v) => v !== undefined);
      if (gatewayCpuUs.length && bareCpuUs.length) {
        figures.push({ benchmark: 'gateway', metric: 'CPU per request', value: Math.round(median(gatewayCpuUs)), unit: `µs (bare ${Math.round(median(bareCpuUs))} µs)` });
      }
      return figures;
    } finally {
      await gateway.stop();
      bare.child.kill();
    }
  },
};

async function bareServer(): Promise<{ url: string; pid: number; child: ChildProcess }> {
  const child = fork(path.join(__dirname, 'bare-server.ts'), { stdio: 'inherit' });
  const port = await new Promise<number>((resolve, reject) => {
    child.once('message', (m: { port: number }) => resolve(m.port));
    child.once('exit', (code) => reject(new Error(`the bare server exited (${code})`)));
  });
  return { url: `http://127.0.0.1:${port}`, pid: child.pid!, child };
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

function perRequestUs(before: number | undefined, after: number | undefined, result: LoadResult): number | undefined {
  return before === undefined || after === undefined || !result.requests ? undefined : ((after - before) * 1000) / result.requests;
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
}
