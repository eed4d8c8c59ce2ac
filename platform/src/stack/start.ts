/**
 * `npm start`: one process tree that brings up the whole product at http://localhost:8080:
 * infrastructure (embedded FerretDB unless MONGO_URL is set; Redis and RabbitMQ must answer),
 * the built web app, the four services, the LinkedIn sandbox and the gateway. Ctrl-C stops
 * everything it started.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { canConnect, checkRabbit, checkRedis, DATA_DIR, ensureMongo, ROOT, waitFor } from './infra';
import { localSecrets } from './secrets';

const env = process.env;
const num = (name: string, fallback: number) => Number(env[name] ?? fallback);

const ports = {
  gateway: num('PORT', 8080),
  auth: num('AUTH_PORT', 4001),
  content: num('CONTENT_PORT', 4002),
  linkedin: num('LINKEDIN_PORT', 4003),
  scheduler: num('SCHEDULER_PORT', 4004),
  sandbox: num('LINKEDIN_SANDBOX_PORT', 8090),
};
const publicUrl = env.PUBLIC_URL ?? `http://localhost:${ports.gateway}`;
const children: Array<{ name: string; proc: ChildProcess }> = [];
let shuttingDown = false;

function log(message: string) {
  process.stdout.write(`[postwright] ${message}\n`);
}

function fail(message: string): never {
  process.stderr.write(`\n[postwright] ${message}\n\n`);
  void shutdown(1);
  throw new Error(message);
}

async function alreadyRunning(): Promise<void> {
  const pidFile = path.join(DATA_DIR, 'postwright.pid');
  if (fs.existsSync(pidFile)) {
    const pid = Number(fs.readFileSync(pidFile, 'utf8'));
    let alive = false;
    try {
      process.kill(pid, 0);
      alive = pid !== process.pid;
    } catch {
      alive = false;
    }
    if (alive) {
      process.stderr.write(`Postwright is already running (pid ${pid}) at ${publicUrl}. Stop it with Ctrl-C in its terminal, or: kill ${pid}\n`);
      process.exit(1);
    }
  }
  if (await canConnect('127.0.0.1', ports.gateway)) {
    process.stderr.write(`Port ${ports.gateway} is already in use. Stop what is using it, or choose another: PORT=8081 npm start\n`);
    process.exit(1);
  }
  fs.mkdirSync(DATA_DIR, { recursive: true });
  fs.writeFileSync(pidFile, String(process.pid));
  process.on('exit', () => {
    try {
      if (Number(fs.readFileSync(pidFile, 'utf8')) === process.pid) fs.unlinkSync(pidFile);
    } catch {
      /* already gone */
    }
  });
}

function newestMtime(dir: string): number {
  let newest = 0;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name === 'dist') continue;
    const full = path.join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(full) : fs.statSync(full).mtimeMs);
  }
  return newest;
}

function buildWebIfNeeded() {
  const webDir = path.join(ROOT, 'web');
  if (!fs.existsSync(path.join(webDir, 'index.html'))) return;
  const built = path.join(webDir, 'dist', 'index.html');
  const stale =
    !fs.existsSync(built) ||
    fs.statSync(built).mtimeMs < Math.max(newestMtime(path.join(webDir, 'src')), newestMtime(path.join(ROOT, 'contracts', 'src')));
  if (!stale && env.POSTWRIGHT_REBUILD_WEB !== '1') return;
  log('building the web app...');
  const result = spawnSync('npm', ['run', 'build', '-w', 'web'], { cwd: ROOT, stdio: 'inherit' });
  if (result.status !== 0) fail('The web app did not build; see the output above.');
}

function startProcess(name: string, workspace: string, childEnv: NodeJS.ProcessEnv) {
  const entry = path.join(ROOT, workspace, 'src', 'main.ts');
  if (!fs.existsSync(entry)) return;
  const proc = spawn(process.execPath, ['--import', 'tsx', entry], {
    cwd: path.join(ROOT, workspace),
    env: childEnv,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const prefix = `[${name}] `;
  const pipe = (stream: NodeJS.ReadableStream | null, out: NodeJS.WriteStream) => {
    let buffered = '';
    stream?.on('data', (chunk: Buffer) => {
      buffered += chunk.toString();
      const lines = buffered.split('\n');
      buffered = lines.pop() ?? '';
      for (const line of lines) out.write(prefix + line + '\n');
    });
  };
  pipe(proc.stdout, process.stdout);
  pipe(proc.stderr, process.stderr);
  proc.on('exit', (code, signal) => {
    if (shuttingDown) return;
    process.stderr.write(`[postwright] ${name} stopped (${signal ?? `exit code ${code}`}); stopping everything.\n`);
    void shutdown(1);
  });
  children.push({ name, proc });
}

async function shutdown(code: number) {
  if (shuttingDown) return;
  shuttingDown = true;
  const running = children.filter((c) => c.proc.exitCode === null && c.proc.signalCode === null);
  for (const c of running) c.proc.kill('SIGTERM');
  await Promise.race([
    Promise.all(running.map((c) => new Promise((r) => c.proc.once('exit', r)))),
    new Promise((r) => setTimeout(r, 10_000)),
  ]);
  for (const c of running) if (c.proc.exitCode === null) c.proc.kill('SIGKILL');
  process.exit(code);
}

async function main() {
  await alreadyRunning();
  process.once('SIGINT', () => {
    log('stopping...');
    void shutdown(0);
  });
  process.once('SIGTERM', () => void shutdown(0));

  let mongoUrl: string;
  try {
    const mongo = await ensureMongo({ detached: false });
    mongoUrl = mongo.url;
    for (const proc of mongo.processes) children.push({ name: 'ferretdb', proc });
    log(env.MONGO_URL ? `MongoDB: ${mongoUrl.replace(/\/\/[^@]*@/, '//***@')}` : `MongoDB: embedded FerretDB at ${mongoUrl}`);
    await checkRedis();
    await checkRabbit();
  } catch (error) {
    fail(error instanceof Error ? error.message : String(error));
  }
  buildWebIfNeeded();

  const secrets = localSecrets(DATA_DIR);
  const url = (p: number) => `http://127.0.0.1:${p}`;
  const common: NodeJS.ProcessEnv = {
    ...env,
    NODE_ENV: env.NODE_ENV ?? 'development',
    MONGO_URL: mongoUrl!,
    ...secrets,
    PUBLIC_URL: publicUrl,
    AUTH_URL: url(ports.auth),
    CONTENT_URL: url(ports.content),
    LINKEDIN_URL: url(ports.linkedin),
    SCHEDULER_URL: url(ports.scheduler),
    LINKEDIN_SANDBOX_URL: env.LINKEDIN_SANDBOX_URL ?? `http://localhost:${ports.sandbox}`,
    POSTWRIGHT_DATA_DIR: DATA_DIR,
  };
  if (!env.LINKEDIN_CLIENT_ID) startProcess('linkedin-sandbox', 'services/linkedin-sandbox', { ...common, PORT: String(ports.sandbox) });
  startProcess('auth', 'services/auth', { ...common, PORT: String(ports.auth) });
  startProcess('content', 'services/content', { ...common, PORT: String(ports.content) });
  startProcess('linkedin', 'services/linkedin', { ...common, PORT: String(ports.linkedin) });
  startProcess('scheduler', 'services/scheduler', { ...common, PORT: String(ports.scheduler) });
  startProcess('gateway', 'gateway', { ...common, PORT: String(ports.gateway), HOST: env.HOST ?? '0.0.0.0' });

  const healthy = await waitFor(async () => {
    try {
      return (await fetch(`http://127.0.0.1:${ports.gateway}/api/health`, { signal: AbortSignal.timeout(2_000) })).ok;
    } catch {
      return false;
    }
  }, num('STARTUP_TIMEOUT_MS', 90_000), 300);
  if (!healthy) fail(`The stack did not become healthy; see the output above (GET ${publicUrl}/api/health).`);
  log(`Postwright is running at ${publicUrl}`);
}

void main().catch(() => undefined);
