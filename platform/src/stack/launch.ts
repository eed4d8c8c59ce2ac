/**
 * Launches the whole product as child processes: the five services, the LinkedIn sandbox
 * (unless a real LinkedIn client is configured), the billing sandbox (unless a Stripe key is),
 * Mailpit (unless an SMTP server is given) and the gateway, on the given ports, and
 * waits for GET /api/health. Used by `npm start`, the e2e journeys and the benchmarks.
 * Each process runs its compiled program on plain node (see platform/scripts/build.js),
 * compiled first when missing or older than its sources.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { buildIfNeeded, ENTRIES, nodeCommand } from '../../scripts/build';
import { probe } from '../probe';
import { checkInfrastructure, DATA_DIR, ensureMongo, ROOT, spawnMailpit, waitFor } from './infra';
import { ensurePrivateDir, localSecrets } from './secrets';

export interface StackPorts {
  gateway: number;
  /** the gateway's metrics listener (METRICS_PORT); unset, METRICS_PORT from the environment, else a free port */
  gatewayMetrics?: number;
  auth: number;
  content: number;
  linkedin: number;
  scheduler: number;
  billing: number;
  sandbox: number;
  billingSandbox: number;
  /** Mailpit's SMTP server (when the stack runs its own) */
  mailSmtp: number;
  /** Mailpit's inbox: web UI and API (when the stack runs its own) */
  mailHttp: number;
}

export interface LaunchOptions {
  ports: StackPorts;
  publicUrl: string;
  /** passed to every process after the computed values (overrides them) */
  env?: NodeJS.ProcessEnv;
  /** where process output goes: 'inherit' prefixes lines on stdout/stderr; a folder gets one log file per process */
  output: 'inherit' | { dir: string };
  /** embedded database processes follow this stack (npm start) or outlive it (tests) */
  detachedDatabase: boolean;
  /** the SMTP server every program sends to; unset, a Mailpit of the stack's own on ports.mailSmtp and ports.mailHttp */
  smtpUrl?: string;
  /** the Mailpit API of that SMTP server, when it is one (RunningStack.mailUrl) */
  mailUrl?: string;
  /** the file the stack's own Mailpit keeps its messages in; unset, a temporary one gone when it stops */
  mailDatabase?: string;
  healthTimeoutMs?: number;
  /** called when a process dies on its own (not during stop) once the stack is up; before that, such a death fails the launch */
  onUnexpectedExit?: (name: string, code: number | null, signal: NodeJS.Signals | null) => void;
}

export interface ProcessHandle {
  name: string;
  proc: ChildProcess;
}

/** the embedded database's processes and Mailpit: stopped last, so that the programs can still write and send while they drain */
const INFRASTRUCTURE = new Set(['ferretdb', 'write-serializer', 'mailpit']);

export interface RunningStack {
  url: string;
  /** the gateway's Prometheus metrics listener (GET <metricsUrl>/metrics), apart from its public port */
  metricsUrl: string;
  sandboxUrl: string;
  /** the billing sandbox (Stripe's double) as a browser reaches it */
  billingSandboxUrl: string;
  /** the SMTP server the programs send to */
  smtpUrl: string;
  /** Mailpit's inbox and API (http://127.0.0.1:<port>), where the emails can be read; unset when the given SMTP server is no known Mailpit */
  mailUrl?: string;
  env: NodeJS.ProcessEnv;
  processes: ProcessHandle[];
  /** starts another instance of a service (e.g. a second scheduler replica) */
  startProcess(name: string, workspace: string, env?: NodeJS.ProcessEnv): ProcessHandle | undefined;
  stop(): Promise<void>;
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

export async function freePorts(): Promise<StackPorts> {
  return {
    gateway: await freePort(),
    gatewayMetrics: await freePort(),
    auth: await freePort(),
    content: await freePort(),
    linkedin: await freePort(),
    scheduler: await freePort(),
    billing: await freePort(),
    sandbox: await freePort(),
    billingSandbox: await freePort(),
    mailSmtp: await freePort(),
    mailHttp: await freePort(),
  };
}

function newestMtime(dir: string): number {
  if (!fs.existsSync(dir)) return 0;
  let newest = 0;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name === 'dist') continue;
    const full = path.join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(full) : fs.statSync(full).mtimeMs);
  }
  return newest;
}

/** What web/dist is built from: the app, its static files, the build's own code and settings, the contracts. */
const WEB_SOURCES = ['web/src', 'web/public', 'web/build-tools', 'web/index.html', 'web/vite.config.mts', 'web/package.json', 'contracts/src'];

function mtimeOf(file: string): number {
  if (!fs.existsSync(file)) return 0;
  return fs.statSync(file).isDirectory() ? newestMtime(file) : fs.statSync(file).mtimeMs;
}

/** Whether web/dist is missing or older than anything it is built from (WEB_SOURCES). */
export function webBuildIsStale(root = ROOT): boolean {
  const built = path.join(root, 'web', 'dist', 'index.html');
  if (!fs.existsSync(built)) return true;
  return fs.statSync(built).mtimeMs < Math.max(...WEB_SOURCES.map((source) => mtimeOf(path.join(root, source))));
}

/** Builds web/dist when it is stale (webBuildIsStale). */
export function buildWebIfNeeded(force = false): void {
  const webDir = path.join(ROOT, 'web');
  if (!fs.existsSync(path.join(webDir, 'index.html'))) return;
  if (!force && !webBuildIsStale()) return;
  process.stdout.write('[postwright] building the web app...\n');
  const result = spawnSync('npm', ['run', 'build', '-w', 'web'], { cwd: ROOT, stdio: ['ignore', 'inherit', 'inherit'] });
  if (result.status !== 0) throw new Error('The web app did not build; see the output above.');
}

/**
 * How long Ctrl-C waits for the programs to stop by themselves before killing them: longer
 * than the LinkedIn service's drain with default settings (4 x 10 s + 10 s), so a publish under
 * way finishes instead of leaving a post on LinkedIn that its item does not know of. Each program
 * exits as soon as its own work is done, so an idle stack stops at once.
 */
const STOP_GRACE_MS = 70_000;

/** A process's output: on this one's stdout/stderr, each line prefixed with its name, or in `<dir>/<name>.log`. */
function captureOutput(name: string, proc: ChildProcess, output: LaunchOptions['output']): void {
  if (output === 'inherit') {
    const prefix = `[${name}] `;
    for (const [stream, out] of [
      [proc.stdout, process.stdout],
      [proc.stderr, process.stderr],
    ] as const) {
      let buffered = '';
      stream?.on('data', (chunk: Buffer) => {
        buffered += chunk.toString();
        const lines = buffered.split('\n');
        buffered = lines.pop() ?? '';
        for (const line of lines) out.write(prefix + line + '\n');
      });
    }
  } else {
    fs.mkdirSync(output.dir, { recursive: true });
    const log = fs.createWriteStream(path.join(output.dir, `${name}.log`), { flags: 'a' });
    // both streams write to one file: neither may end it while the other still writes
    proc.stdout?.pipe(log, { end: false });
    proc.stderr?.pipe(log, { end: false });
    proc.once('close', () => log.end());
  }
}

export async function launchStack(options: LaunchOptions): Promise<RunningStack> {
  const { ports } = options;
  // before anything starts: a missing server then leaves nothing to clean up
  await checkInfrastructure();
  buildIfNeeded({ names: ENTRIES.filter((e) => e.workspace !== 'platform').map((e) => e.name), log: (m) => process.stdout.write(`[postwright] ${m}\n`) });
  const mongo = await ensureMongo({ detached: options.detachedDatabase });

  const processes: ProcessHandle[] = [...mongo.processes];
  let stopping = false;
  let up = false;
  let diedWhileStarting: string | undefined;

  const stop = async () => {
    stopping = true;
    const running = processes.filter((p) => p.proc.exitCode === null && p.proc.signalCode === null);
    // the gateway and services first, the database and Mailpit last
    const programs = running.filter((p) => !INFRASTRUCTURE.has(p.name));
    for (const p of programs) p.proc.kill('SIGTERM');
    let giveUp: NodeJS.Timeout | undefined;
    await Promise.race([
      Promise.all(programs.map((p) => new Promise((r) => (p.proc.exitCode !== null ? r(null) : p.proc.once('exit', r))))),
      new Promise((r) => (giveUp = setTimeout(r, STOP_GRACE_MS))),
    ]);
    // a pending timer would hold whoever stopped the stack (a test run) for the full grace
    clearTimeout(giveUp);
    for (const p of running) if (p.proc.exitCode === null && p.proc.signalCode === null) p.proc.kill(INFRASTRUCTURE.has(p.name) ? 'SIGTERM' : 'SIGKILL');
    await mongo.close();
  };

  // from here on, a failed launch stops what it started before it throws: FerretDB, the write
  // serializer and Mailpit of npm start would otherwise outlive the launcher, and so would the programs
  try {
    const secrets = localSecrets(DATA_DIR);
    const local = (p: number) => `http://127.0.0.1:${p}`;
    let smtpUrl = options.smtpUrl;
    let mailUrl = options.mailUrl;
    if (!smtpUrl) {
      if (options.mailDatabase) ensurePrivateDir(path.dirname(options.mailDatabase));
      const proc = await spawnMailpit({ smtpPort: ports.mailSmtp, httpPort: ports.mailHttp, database: options.mailDatabase, stdio: 'pipe' });
      processes.push({ name: 'mailpit', proc });
      captureOutput('mailpit', proc, options.output);
      smtpUrl = `smtp://127.0.0.1:${ports.mailSmtp}`;
      mailUrl = local(ports.mailHttp);
    }
    const sandboxUrl = process.env.LINKEDIN_SANDBOX_URL ?? options.env?.LINKEDIN_SANDBOX_URL ?? `http://localhost:${ports.sandbox}`;
    const billingSandboxUrl = process.env.BILLING_SANDBOX_URL ?? options.env?.BILLING_SANDBOX_URL ?? `http://localhost:${ports.billingSandbox}`;
    const common: NodeJS.ProcessEnv = {
      ...process.env,
      NODE_ENV: process.env.NODE_ENV ?? 'development',
      MONGO_URL: mongo.url,
      ...secrets,
      PUBLIC_URL: options.publicUrl,
      AUTH_URL: local(ports.auth),
      CONTENT_URL: local(ports.content),
      LINKEDIN_URL: local(ports.linkedin),
      SCHEDULER_URL: local(ports.scheduler),
      BILLING_URL: local(ports.billing),
      LINKEDIN_SANDBOX_URL: sandboxUrl,
      BILLING_SANDBOX_URL: billingSandboxUrl,
      SMTP_URL: smtpUrl,
      POSTWRIGHT_DATA_DIR: DATA_DIR,
      ...options.env,
    };

    const startProcess = (name: string, workspace: string, env: NodeJS.ProcessEnv = {}): ProcessHandle | undefined => {
      const program = ENTRIES.find((e) => e.workspace === workspace && e.source.endsWith(path.join('src', 'main.ts')));
      if (!program || !fs.existsSync(program.source)) return undefined;
      const [node, ...args] = nodeCommand(program.name);
      const proc = spawn(node, args, {
        cwd: path.join(ROOT, workspace),
        env: { ...common, ...env },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      captureOutput(name, proc, options.output);
      proc.on('exit', (code, signal) => {
        if (stopping) return;
        // before the stack is up there is no stack yet for onUnexpectedExit's caller to stop: the launch fails instead
        if (up) options.onUnexpectedExit?.(name, code, signal);
        else diedWhileStarting ??= `${name} stopped while starting (${signal ?? `exit code ${code}`}).`;
      });
      const handle = { name, proc };
      processes.push(handle);
      return handle;
    };

    const useSandbox = !(options.env?.LINKEDIN_CLIENT_ID ?? process.env.LINKEDIN_CLIENT_ID);
    if (useSandbox) startProcess('linkedin-sandbox', 'services/linkedin-sandbox', { PORT: String(ports.sandbox) });
    startProcess('auth', 'services/auth', { PORT: String(ports.auth) });
    startProcess('content', 'services/content', { PORT: String(ports.content) });
    startProcess('linkedin', 'services/linkedin', { PORT: String(ports.linkedin) });
    startProcess('scheduler', 'services/scheduler', { PORT: String(ports.scheduler) });
    // Stripe's double, unless a Stripe key is configured; it posts its signed events to the
    // product's webhook through the gateway, as Stripe does
    const useBillingSandbox = !(options.env?.STRIPE_SECRET_KEY ?? process.env.STRIPE_SECRET_KEY);
    if (useBillingSandbox) {
      startProcess('billing-sandbox', 'services/billing-sandbox', {
        PORT: String(ports.billingSandbox),
        SANDBOX_WEBHOOK_URL: `http://127.0.0.1:${ports.gateway}/api/billing/webhook`,
      });
    }
    startProcess('billing', 'services/billing', { PORT: String(ports.billing) });
    const metricsPort = ports.gatewayMetrics ?? (Number(options.env?.METRICS_PORT ?? process.env.METRICS_PORT) || (await freePort()));
    startProcess('gateway', 'gateway', {
      PORT: String(ports.gateway),
      METRICS_PORT: String(metricsPort),
      HOST: options.env?.HOST ?? process.env.HOST ?? '0.0.0.0',
      // the pages may show the sandbox's profile pictures and send the member to its consent page
      ...(useSandbox && !common.LINKEDIN_ORIGINS ? { LINKEDIN_ORIGINS: new URL(common.LINKEDIN_SANDBOX_PUBLIC_URL || sandboxUrl).origin } : {}),
    });

    const healthy = await waitFor(
      async () => diedWhileStarting !== undefined || (await probe(`http://127.0.0.1:${ports.gateway}/api/health`, 2_000)) === 200,
      options.healthTimeoutMs ?? 90_000,
      250,
    );
    if (diedWhileStarting) throw new Error(diedWhileStarting);
    if (!healthy) throw new Error(`The stack did not become healthy in time (GET ${options.publicUrl}/api/health).`);
    up = true;
    return { url: `http://127.0.0.1:${ports.gateway}`, metricsUrl: `http://127.0.0.1:${metricsPort}`, sandboxUrl, billingSandboxUrl, smtpUrl, mailUrl, env: common, processes, startProcess, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}
