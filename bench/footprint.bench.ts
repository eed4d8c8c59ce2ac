/**
 * Footprint: `npm start` itself, on free ports, with a data folder of its own (so a fresh
 * embedded FerretDB, as on a new machine) and a namespace of its own on the shared Redis and
 * RabbitMQ. Measured: the time from `npm start` to "Postwright is running"; the resident
 * memory (RSS, /proc/<pid>/status) of every process of its tree 10 s after that and after
 * BENCH_IDLE_SEC of idling; then Ctrl-C (SIGINT to the process group) and whether anything is
 * left running.
 *
 * The stack (the figure with the target): the launcher (the FerretDB write serializer runs
 * inside it), FerretDB, the gateway and the five services. Beside it, not counted: the
 * LinkedIn and billing sandboxes and Mailpit (they stand in for LinkedIn, Stripe and the mail server, outside the product) and npm's own process
 * (`npm start` waits in it; `node platform/scripts/start.js` runs the same stack without it).
 * RSS counts a page shared by several processes (the node binary, most of a bare Node
 * process) once in each; PSS splits it between them, so the PSS sum is what the stack takes
 * from the machine. Baseline, same run: a bare `node` HTTP server, the floor of every Node
 * process.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { buildIfNeeded } from '@postwright/platform/scripts/build';
import { buildWebIfNeeded, freePort } from '@postwright/platform/src/stack/launch';
import { cleanupNamespace } from '@postwright/platform/src/testing';
import type { Benchmark, Figure } from './lib';

// V8 gives back the garbage of start-up only once its memory reducer runs in an idle process:
// 10 to 60 s after start here, at the latest 2 minutes after the last GC (its watchdog). The
// figure is the settled memory; the one 10 s after start is shown beside it.
const IDLE_SEC = Number(process.env.BENCH_IDLE_SEC ?? 120);
const EARLY_SEC = 10;
const ROOT = path.resolve(__dirname, '..');
const MB = 1024 * 1024;
/**
 * The stack's budget: 500 MB for seven processes (launcher, FerretDB, gateway, four services),
 * the same per process for the eight it runs with the billing service.
 */
const STACK_BUDGET_MB = Math.floor((500 / 7) * 8);

function statusKb(pid: number, field: string): number {
  try {
    const m = new RegExp(`${field}:\\s+(\\d+) kB`).exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'));
    return m ? Number(m[1]) * 1024 : 0;
  } catch {
    return 0;
  }
}

function pss(pid: number): number {
  try {
    const m = /^Pss:\s+(\d+) kB/m.exec(fs.readFileSync(`/proc/${pid}/smaps_rollup`, 'utf8'));
    return m ? Number(m[1]) * 1024 : 0;
  } catch {
    return 0;
  }
}

function cmdline(pid: number): string {
  try {
    return fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').replace(/\0/g, ' ').trim();
  } catch {
    return '';
  }
}

function alive(pid: number): boolean {
  try {
    return !/^\S+ \(.*\) Z/.test(fs.readFileSync(`/proc/${pid}/stat`, 'utf8'));
  } catch {
    return false;
  }
}

/** `root` and every process below it */
function processTree(root: number): number[] {
  const children = new Map<number, number[]>();
  for (const entry of fs.readdirSync('/proc').filter((d) => /^\d+$/.test(d))) {
    try {
      const stat = fs.readFileSync(`/proc/${entry}/stat`, 'utf8');
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      children.set(ppid, [...(children.get(ppid) ?? []), Number(entry)]);
    } catch {
      /* gone */
    }
  }
  const tree: number[] = [];
  for (const queue = [root]; queue.length; ) {
    const pid = queue.shift()!;
    tree.push(pid);
    queue.push(...(children.get(pid) ?? []));
  }
  return tree;
}

/** what a process of the tree is, from its command line */
function role(cmd: string): string {
  if (/^(\/bin\/)?sh /.test(cmd)) return 'sh';
  if (/platform\/scripts\/start\.js/.test(cmd)) return 'launcher';
  if (/\/ferretdb /.test(cmd + ' ')) return 'ferretdb';
  const program = /(?:^|\/)([\w-]+)\/dist\/(?:stack\/)?([\w.-]+)\.js/.exec(cmd);
  if (program) return program[2] === 'main' ? program[1] : program[2].replace(/\.main$/, '');
  if (/^npm\b/.test(cmd) || /\bnpm-cli\.js\b/.test(cmd)) return 'npm';
  return path.basename(cmd.split(' ')[0] || 'unknown');
}

/** RSS of the processes whose command line matches (the shared servers) */
function rssMatching(pattern: RegExp): number {
  return fs
    .readdirSync('/proc')
    .filter((d) => /^\d+$/.test(d) && pattern.test(cmdline(Number(d))))
    .reduce((sum, pid) => sum + statusKb(Number(pid), 'VmRSS'), 0);
}

function canListen(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = net.createServer().once('error', () => resolve(false));
    server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
  });
}

/** a bare `node` HTTP server: time until it answers, and its idle RSS */
async function bareNode(): Promise<{ startMs: number; rss: number }> {
  const t0 = performance.now();
  const script = "require('node:http').createServer((q,s)=>s.end('ok')).listen(0,'127.0.0.1',function(){console.log(this.address().port)})";
  const proc = spawn(process.execPath, ['-e', script], { stdio: ['ignore', 'pipe', 'inherit'] });
  const port = await new Promise<number>((resolve, reject) => {
    proc.stdout!.once('data', (d: Buffer) => resolve(Number(d.toString().trim())));
    proc.once('exit', () => reject(new Error('bare node exited')));
  });
  await (await fetch(`http://127.0.0.1:${port}/`)).text();
  const startMs = performance.now() - t0;
  await new Promise((r) => setTimeout(r, 2_000));
  const rss = statusKb(proc.pid!, 'VmRSS');
  proc.kill('SIGKILL');
  return { startMs, rss };
}

export const footprintBenchmark: Benchmark = {
  name: 'footprint',
  description: `npm start on free ports with a fresh data folder: time to healthy, RSS of every process after ${IDLE_SEC} s idle, Ctrl-C`,
  async run() {
    buildWebIfNeeded();
    // what the first start after an install (or after an edit) adds: compiling the programs
    const c0 = performance.now();
    buildIfNeeded({ force: true });
    const compileMs = performance.now() - c0;
    const bare = await bareNode();

    let ferretPort = await freePort();
    while (!(await canListen(ferretPort + 1))) ferretPort = await freePort();
    const namespace = `bench${Date.now().toString(36)}_`;
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pw-bench-footprint-'));
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      PORT: String(await freePort()),
      AUTH_PORT: String(await freePort()),
      CONTENT_PORT: String(await freePort()),
      LINKEDIN_PORT: String(await freePort()),
      SCHEDULER_PORT: String(await freePort()),
      BILLING_PORT: String(await freePort()),
      LINKEDIN_SANDBOX_PORT: String(await freePort()),
      BILLING_SANDBOX_PORT: String(await freePort()),
      MAILPIT_PORT: String(await freePort()),
      MAILPIT_SMTP_PORT: String(await freePort()),
      FERRETDB_PORT: String(ferretPort),
      POSTWRIGHT_DATA_DIR: dataDir,
      NAMESPACE: namespace,
      LOG_LEVEL: 'warn',
      // its queues expire after the run (the only difference test makes)
      NODE_ENV: 'test',
    };
    delete env.MONGO_URL; // the embedded FerretDB, started by npm start as on a new machine

    const t0 = performance.now();
    const npm = spawn('npm', ['start'], { cwd: ROOT, env, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    npm.stdout!.on('data', (d: Buffer) => (output += d.toString()));
    npm.stderr!.on('data', (d: Buffer) => (output += d.toString()));
    const figures: Figure[] = [];
    let tree: number[] = [];
    try {
      const deadline = Date.now() + 120_000;
      while (!output.includes('Postwright is running at')) {
        if (npm.exitCode !== null || Date.now() > deadline) throw new Error(`npm start did not become healthy:\n${output.slice(-2_000)}`);
        await new Promise((r) => setTimeout(r, 50));
      }
      const startMs = performance.now() - t0;
      const outside = new Set(['npm', 'sh', 'linkedin-sandbox', 'billing-sandbox', 'mailpit']);
      const sample = () => {
        tree = processTree(npm.pid!);
        return tree.map((pid) => ({ pid, role: role(cmdline(pid)), rss: statusKb(pid, 'VmRSS'), pss: pss(pid) })).filter((p) => p.rss > 0);
      };
      const sum = (ps: Array<{ rss: number; pss: number }>, key: 'rss' | 'pss') => ps.reduce((s, p) => s + p[key], 0);
      await new Promise((r) => setTimeout(r, EARLY_SEC * 1000));
      const early = sum(sample().filter((p) => !outside.has(p.role)), 'rss');
      await new Promise((r) => setTimeout(r, Math.max(0, IDLE_SEC - EARLY_SEC) * 1000));

      const measured = sample();
      const stack = measured.filter((p) => !outside.has(p.role));
      const mb = (bytes: number) => Math.round(bytes / MB);
      const nodeProcesses = stack.filter((p) => p.role !== 'ferretdb').length;
      const total = sum(stack, 'rss');
      const of = (r: string) => measured.filter((p) => p.role === r);
      figures.push(
        {
          benchmark: 'footprint',
          metric: 'npm start to healthy',
          value: Number((startMs / 1000).toFixed(1)),
          unit: 's',
          baseline: `bare node HTTP server ${(bare.startMs / 1000).toFixed(2)} s`,
          target: '<= 20 s',
          pass: startMs <= 20_000,
        },
        {
          benchmark: 'footprint',
          metric: 'compiling every program (first start, or after an edit)',
          value: Number((compileMs / 1000).toFixed(1)),
          unit: 's (included in a first npm start, not in the time above)',
        },
        {
          benchmark: 'footprint',
          metric: `idle RSS of the stack, ${stack.length} processes, after ${IDLE_SEC} s`,
          value: mb(total),
          unit: `MB (${stack.map((p) => `${p.role === 'launcher' ? 'launcher + write serializer' : p.role} ${mb(p.rss)}`).join(', ')})`,
          baseline: `bare node ${mb(bare.rss)} MB x ${nodeProcesses} Node processes = ${mb(bare.rss * nodeProcesses)} MB`,
          target: `<= ${STACK_BUDGET_MB} MB`,
          pass: total <= STACK_BUDGET_MB * MB,
        },
        { benchmark: 'footprint', metric: `RSS of the stack ${EARLY_SEC} s after start`, value: mb(early), unit: 'MB (before V8 gives back the garbage of start-up)' },
        { benchmark: 'footprint', metric: 'idle PSS of the stack (shared pages counted once)', value: mb(sum(stack, 'pss')), unit: 'MB' },
        { benchmark: 'footprint', metric: 'LinkedIn sandbox RSS (stands in for LinkedIn; not counted)', value: mb(sum(of('linkedin-sandbox'), 'rss')), unit: 'MB' },
        { benchmark: 'footprint', metric: 'billing sandbox RSS (stands in for Stripe; not counted)', value: mb(sum(of('billing-sandbox'), 'rss')), unit: 'MB' },
        { benchmark: 'footprint', metric: 'Mailpit RSS (stands in for the mail server; not counted)', value: mb(sum(of('mailpit'), 'rss')), unit: 'MB' },
        { benchmark: 'footprint', metric: "npm's own process RSS (not counted)", value: mb(sum([...of('npm'), ...of('sh')], 'rss')), unit: 'MB' },
        { benchmark: 'footprint', metric: 'shared Redis and RabbitMQ RSS (not counted)', value: mb(rssMatching(/^(\S*\/)?redis-server|beam\.smp/)), unit: 'MB' },
      );
    } finally {
      // Ctrl-C: the terminal signals the whole foreground process group
      tree = [...new Set([...tree, ...processTree(npm.pid!)])];
      try {
        process.kill(-npm.pid!, 'SIGINT');
      } catch {
        /* already gone */
      }
      const deadline = Date.now() + 30_000;
      while (tree.some(alive) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 200));
      const left = tree.filter(alive);
      figures.push({
        benchmark: 'footprint',
        metric: 'processes left 30 s after Ctrl-C',
        value: left.length,
        unit: left.map((pid) => role(cmdline(pid))).join(', '),
        target: '0',
        pass: left.length === 0,
      });
      for (const pid of left) process.kill(pid, 'SIGKILL');
      fs.rmSync(dataDir, { recursive: true, force: true });
      await cleanupNamespace(namespace).catch(() => undefined);
    }
    return figures;
  },
};
