/**
 * Footprint: the whole product launched as `npm start` launches it (launchStack: the four
 * services, the LinkedIn sandbox and the gateway as child processes) on free ports and in a
 * namespace of its own; time from launch to a healthy GET /api/health, then the resident
 * memory (RSS) of every process once idle. Baseline, same run: a bare `node --import tsx`
 * process (its start time and idle RSS). MongoDB/FerretDB, Redis and RabbitMQ are shared
 * infrastructure, reported beside the figure but not counted in it.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { buildWebIfNeeded, freePorts, launchStack } from '@postwright/platform/src/stack/launch';
import type { Benchmark } from './lib';

const IDLE_SEC = Number(process.env.BENCH_IDLE_SEC ?? 10);
const MB = 1024 * 1024;

function rssOf(pid: number | undefined): number {
  if (!pid) return 0;
  try {
    const m = /VmRSS:\s+(\d+) kB/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'));
    return m ? Number(m[1]) * 1024 : 0;
  } catch {
    return 0;
  }
}

/** RSS of processes whose command line matches, for the shared infrastructure */
function rssMatching(pattern: RegExp): number {
  let total = 0;
  for (const pid of fs.readdirSync('/proc').filter((d) => /^\d+$/.test(d))) {
    try {
      const cmd = fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').replace(/\0/g, ' ');
      if (pattern.test(cmd)) total += rssOf(Number(pid));
    } catch {
      /* gone */
    }
  }
  return total;
}

/** a bare `node --import tsx` process: time until it answers HTTP, and its idle RSS */
async function bareNode(): Promise<{ startMs: number; rss: number }> {
  const t0 = performance.now();
  const script = "require('node:http').createServer((q,s)=>s.end('ok')).listen(0,'127.0.0.1',function(){console.log(this.address().port)})";
  const proc = spawn(process.execPath, ['--import', 'tsx', '-e', script], { stdio: ['ignore', 'pipe', 'inherit'] });
  const port = await new Promise<number>((resolve, reject) => {
    proc.stdout!.once('data', (d: Buffer) => resolve(Number(d.toString().trim())));
    proc.once('exit', () => reject(new Error('bare node exited')));
  });
  await (await fetch(`http://127.0.0.1:${port}/`)).text();
  const startMs = performance.now() - t0;
  await new Promise((r) => setTimeout(r, 2_000));
  const rss = rssOf(proc.pid);
  proc.kill('SIGKILL');
  return { startMs, rss };
}

export const footprintBenchmark: Benchmark = {
  name: 'footprint',
  description: `the whole stack launched as npm start does: launch to healthy, then idle RSS after ${IDLE_SEC} s`,
  async run() {
    buildWebIfNeeded();
    const bare = await bareNode();
    const ports = await freePorts();
    const logs = fs.mkdtempSync(path.join(os.tmpdir(), 'pw-bench-footprint-'));
    const t0 = performance.now();
    const stack = await launchStack({
      ports,
      publicUrl: `http://127.0.0.1:${ports.gateway}`,
      output: { dir: logs },
      detachedDatabase: true,
      env: { NAMESPACE: `bench${Date.now().toString(36)}_`, LOG_LEVEL: 'warn', LINKEDIN_SANDBOX_URL: `http://127.0.0.1:${ports.sandbox}` },
    });
    const startMs = performance.now() - t0;
    try {
      await new Promise((r) => setTimeout(r, IDLE_SEC * 1000));
      const own = stack.processes.filter((p) => p.name !== 'ferretdb');
      const perProcess = own.map((p) => `${p.name} ${Math.round(rssOf(p.proc.pid) / MB)}`).join(', ');
      const total = own.reduce((sum, p) => sum + rssOf(p.proc.pid), 0);
      const infra = rssMatching(/ferretdb|redis-server|beam\.smp/);
      return [
        {
          benchmark: 'footprint',
          metric: 'launch to healthy',
          value: Number((startMs / 1000).toFixed(1)),
          unit: 's',
          baseline: `bare node+tsx process ${(bare.startMs / 1000).toFixed(2)} s`,
          target: '<= 20 s',
          pass: startMs <= 20_000,
        },
        {
          benchmark: 'footprint',
          metric: `idle RSS, ${own.length} processes`,
          value: Math.round(total / MB),
          unit: `MB (${perProcess})`,
          baseline: `bare node+tsx ${Math.round(bare.rss / MB)} MB x ${own.length} = ${Math.round((bare.rss * own.length) / MB)} MB`,
          target: '<= 500 MB',
          pass: total <= 500 * MB,
        },
        { benchmark: 'footprint', metric: 'shared infrastructure RSS (not counted)', value: Math.round(infra / MB), unit: 'MB (FerretDB, Redis, RabbitMQ)' },
      ];
    } finally {
      await stack.stop();
      fs.rmSync(logs, { recursive: true, force: true });
    }
  },
};
