/**
 * Local infrastructure for `npm start` and `npm test`: MongoDB is MONGO_URL when set, else
 * an embedded FerretDB (MongoDB wire protocol over SQLite) built and started on demand;
 * Redis and RabbitMQ must answer at REDIS_URL / AMQP_URL (defaults: the local servers); the
 * SMTP server is SMTP_URL when set, else a local Mailpit built and started on demand.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { buildIfNeeded, nodeCommand } from '../../scripts/build';
import { DEFAULT_AMQP_URL, DEFAULT_REDIS_URL } from '../defaults';
import { probe } from '../probe';
import { startWriteSerializer } from './write-serializer';
import { ensurePrivateDir } from './secrets';
import { LAUNCHER_SETTINGS } from './settings';

export const ROOT = path.resolve(__dirname, '../../..');
export const DATA_DIR = process.env.POSTWRIGHT_DATA_DIR ?? path.join(ROOT, LAUNCHER_SETTINGS.POSTWRIGHT_DATA_DIR.default);
export const TOOLS_DIR = process.env.POSTWRIGHT_TOOLS_DIR ?? path.join(ROOT, '.tools');
export const FERRETDB_PORT = Number(process.env.FERRETDB_PORT ?? LAUNCHER_SETTINGS.FERRETDB_PORT.default);

export function canConnect(host: string, port: number, timeoutMs = 1_000): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect({ host, port });
    const done = (ok: boolean) => {
      socket.destroy();
      resolve(ok);
    };
    socket.setTimeout(timeoutMs, () => done(false));
    socket.once('connect', () => done(true));
    socket.once('error', () => done(false));
  });
}

export async function waitFor(check: () => Promise<boolean>, timeoutMs: number, intervalMs = 200): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await check()) return true;
    await new Promise((r) => setTimeout(r, intervalMs));
  }
  return false;
}

function hostPort(url: string, fallbackPort: number): { host: string; port: number } {
  const u = new URL(url);
  return { host: u.hostname || '127.0.0.1', port: Number(u.port || fallbackPort) };
}

export async function checkRedis(url = process.env.REDIS_URL ?? DEFAULT_REDIS_URL): Promise<void> {
  const { host, port } = hostPort(url, 6379);
  if (!(await canConnect(host, port))) {
    throw new Error(
      `Redis does not answer at ${host}:${port} (REDIS_URL). Start it: redis-server --daemonize yes (with Docker: README, "Servers for npm start")`,
    );
  }
}

export async function checkRabbit(url = process.env.AMQP_URL ?? DEFAULT_AMQP_URL): Promise<void> {
  const { host, port } = hostPort(url, 5672);
  if (!(await canConnect(host, port))) {
    throw new Error(
      `RabbitMQ does not answer at ${host}:${port} (AMQP_URL). Start it: rabbitmq-server -detached (with Docker: README, "Servers for npm start")`,
    );
  }
}

export async function checkMongo(url = process.env.MONGO_URL): Promise<void> {
  // a mongodb+srv URL names a DNS record that the driver resolves, not a server to try here
  if (!url || url.startsWith('mongodb+srv:')) return;
  // mongodb://[user:password@]host[:port][,host[:port]...][/database][?options]: one member answering will do
  const hosts = url
    .replace(/^mongodb:\/\/([^@/]*@)?/, '')
    .split(/[/?]/)[0]
    .split(',')
    .map((h) => hostPort(`mongodb://${h}`, 27017));
  if (!(await Promise.all(hosts.map((h) => canConnect(h.host, h.port)))).includes(true)) {
    throw new Error(
      `MongoDB does not answer at ${hosts.map((h) => `${h.host}:${h.port}`).join(',')} (MONGO_URL). Start it (with Docker: README, "Servers for npm start"), or unset MONGO_URL to use the embedded FerretDB`,
    );
  }
}

/**
 * Checks every server the stack needs but does not start itself (Redis, RabbitMQ, and MongoDB
 * when MONGO_URL is set) before anything starts, so a missing one leaves nothing behind, and
 * names every missing one at once instead of one per attempt.
 */
export async function checkInfrastructure(): Promise<void> {
  const results = await Promise.allSettled([checkMongo(), checkRedis(), checkRabbit()]);
  const problems = results.flatMap((r) => (r.status === 'rejected' ? [r.reason instanceof Error ? r.reason.message : String(r.reason)] : []));
  if (problems.length) throw new Error(problems.join('\n'));
}

export function ferretdbBinary(): string {
  const bin = path.join(TOOLS_DIR, 'bin', 'ferretdb');
  // the script returns at once when the binary matches the version and local patches
  const result = spawnSync('bash', [path.join(ROOT, 'platform/scripts/install-ferretdb.sh')], { stdio: 'inherit' });
  if (result.status !== 0 || !fs.existsSync(bin)) {
    throw new Error(
      'MONGO_URL is not set and the embedded FerretDB could not be built (it needs Go). Install Go, or run MongoDB yourself and set MONGO_URL (README, "Servers for npm start")',
    );
  }
  return bin;
}

export interface EmbeddedMongo {
  url: string;
  /** the processes this call started (FerretDB, the write serializer when it runs on its own), when not detached */
  processes: Array<{ name: string; proc: ChildProcess }>;
  /** stops what this call started inside this process (the write serializer of npm start) */
  close(): Promise<void>;
}

/**
 * Returns MONGO_URL, or the URL of the embedded FerretDB, starting it when it is not yet
 * running: FerretDB on an internal port behind the write serializer on FERRETDB_PORT
 * (see write-serializer.ts for why). `detached` leaves both running after this process
 * exits (test runs reuse them: the serializer is a process of its own); otherwise they
 * belong to this process (npm start), and the serializer runs inside it, which spares a
 * whole Node process (about 45 MB) and stops with it.
 */
export async function ensureMongo(options: { detached: boolean }): Promise<EmbeddedMongo> {
  if (process.env.MONGO_URL) return { url: process.env.MONGO_URL, processes: [], close: async () => undefined };
  const url = `mongodb://127.0.0.1:${FERRETDB_PORT}/`;
  const internalPort = FERRETDB_PORT + 1;
  const processes: EmbeddedMongo['processes'] = [];
  let close: EmbeddedMongo['close'] = async () => undefined;
  // the embedded server has no login and listens on 127.0.0.1 only; its files are its owner's alone
  ensurePrivateDir(DATA_DIR);
  const dir = path.join(DATA_DIR, 'ferretdb');
  ensurePrivateDir(dir);
  const spawnLogged = (command: string, args: string[], logName: string) => {
    const log = fs.openSync(path.join(dir, logName), 'a');
    const child = spawn(command, args, { cwd: ROOT, detached: options.detached, stdio: ['ignore', log, log] });
    fs.closeSync(log);
    if (options.detached) child.unref();
    else processes.push({ name: path.basename(logName, '.log'), proc: child });
    return child;
  };

  if (!(await canConnect('127.0.0.1', internalPort))) {
    const bin = ferretdbBinary();
    const child = spawnLogged(
      bin,
      [
        '--handler=sqlite',
        // WAL (FerretDB's default) with synchronous=NORMAL: a commit no longer waits for an
        // fsync; a crash of the process loses nothing, a power cut may lose the last commits
        `--sqlite-url=file:${dir}/?_pragma=synchronous(normal)`,
        `--state-dir=${dir}`,
        `--listen-addr=127.0.0.1:${internalPort}`,
        // FERRETDB_DEBUG_ADDR=127.0.0.1:<port>: Go's pprof for profiling the embedded database (off by default)
        `--debug-addr=${process.env.FERRETDB_DEBUG_ADDR ?? '-'}`,
        '--telemetry=disable',
        '--log-level=warn',
      ],
      'ferretdb.log',
    );
    if (!(await waitFor(() => canConnect('127.0.0.1', internalPort), 20_000))) {
      child.kill('SIGKILL');
      throw new Error(`FerretDB did not start on port ${internalPort}; see ${path.join(dir, 'ferretdb.log')}`);
    }
  }
  if (!(await canConnect('127.0.0.1', FERRETDB_PORT))) {
    if (options.detached) {
      buildIfNeeded({ names: ['write-serializer'] });
      const [node, ...args] = nodeCommand('write-serializer');
      const child = spawnLogged(node, [...args, String(FERRETDB_PORT), String(internalPort)], 'write-serializer.log');
      if (!(await waitFor(() => canConnect('127.0.0.1', FERRETDB_PORT), 20_000))) {
        child.kill('SIGKILL');
        throw new Error(`The FerretDB write serializer did not start on port ${FERRETDB_PORT}; see ${path.join(dir, 'write-serializer.log')}`);
      }
    } else {
      const server = await startWriteSerializer({ listenHost: '127.0.0.1', listenPort: FERRETDB_PORT, upstreamHost: '127.0.0.1', upstreamPort: internalPort }).catch(
        (error: Error) => {
          for (const p of processes) p.proc.kill('SIGTERM');
          throw new Error(`The FerretDB write serializer did not start on port ${FERRETDB_PORT}: ${error.message}`);
        },
      );
      close = () =>
        new Promise((resolve) => {
          server.close(() => resolve());
          setTimeout(resolve, 2_000).unref(); // a client still connected does not hold up the stop
        });
    }
  }
  return { url, processes, close };
}

export function mailpitBinary(): string {
  const bin = path.join(TOOLS_DIR, 'bin', 'mailpit');
  // the script returns at once when the binary is of the pinned version
  const result = spawnSync('bash', [path.join(ROOT, 'platform/scripts/install-mailpit.sh')], { stdio: 'inherit' });
  if (result.status !== 0 || !fs.existsSync(bin)) {
    throw new Error(
      'SMTP_URL is not set and Mailpit, the local SMTP server that catches the emails, could not be built (it needs Go). Install Go, or set SMTP_URL to an SMTP server of your own',
    );
  }
  return bin;
}

export interface MailpitPorts {
  /** its SMTP server, on 127.0.0.1 */
  smtpPort: number;
  /** its inbox (web UI and API), on 127.0.0.1 */
  httpPort: number;
  /** the SQLite file it keeps the messages in; unset, a temporary file it deletes when it stops */
  database?: string;
}

/** Mailpit's command line: loopback only, any SMTP login accepted (an SMTP_URL may carry one), offline. */
export function mailpitCommand(options: MailpitPorts): [string, string[]] {
  return [
    mailpitBinary(),
    [
      '--smtp',
      `127.0.0.1:${options.smtpPort}`,
      '--listen',
      `127.0.0.1:${options.httpPort}`,
      ...(options.database ? ['--database', options.database] : []),
      '--smtp-auth-accept-any',
      '--smtp-auth-allow-insecure',
      // no reverse DNS of each client, no call to GitHub for a newer release: it must work offline
      '--smtp-disable-rdns',
      '--disable-version-check',
    ],
  ];
}

/** Whether a Mailpit answers on both ports: SMTP accepts connections and its HTTP side says it is ready. */
export async function mailpitReady(smtpPort: number, httpPort: number): Promise<boolean> {
  return (await canConnect('127.0.0.1', smtpPort)) && (await probe(`http://127.0.0.1:${httpPort}/readyz`, 1_000)) === 200;
}

/**
 * Starts Mailpit with its output going to `stdio` and answers once it serves both ports; a
 * Mailpit that does not is killed, and the error quotes the end of `logFile` when there is one.
 */
export async function spawnMailpit(
  options: MailpitPorts & { detached?: boolean; stdio: 'ignore' | 'pipe' | number; logFile?: string },
): Promise<ChildProcess> {
  const [bin, args] = mailpitCommand(options);
  const child = spawn(bin, args, { cwd: ROOT, detached: options.detached ?? false, stdio: ['ignore', options.stdio, options.stdio] });
  let exited = false;
  child.once('exit', () => (exited = true));
  child.once('error', () => (exited = true));
  const ready = await waitFor(async () => exited || (await mailpitReady(options.smtpPort, options.httpPort)), 20_000, 100);
  if (exited || !ready) {
    child.kill('SIGKILL');
    const log = options.logFile && fs.existsSync(options.logFile) ? `:\n${fs.readFileSync(options.logFile, 'utf8').slice(-1_000)}` : '';
    throw new Error(`Mailpit did not start on 127.0.0.1:${options.smtpPort} (SMTP) and 127.0.0.1:${options.httpPort} (inbox)${log}`);
  }
  return child;
}

export interface SharedMailpit {
  /** smtp://127.0.0.1:<SMTP port> */
  smtpUrl: string;
  /** http://127.0.0.1:<HTTP port>: its API */
  url: string;
}

/**
 * A Mailpit on these ports that outlives this process, as the embedded FerretDB of the tests
 * does: the one already there when both ports answer as Mailpit, else a new one, detached, with
 * its messages and log in `dir`.
 */
export async function ensureMailpit(options: { smtpPort: number; httpPort: number; dir: string }): Promise<SharedMailpit> {
  const { smtpPort, httpPort } = options;
  const urls = { smtpUrl: `smtp://127.0.0.1:${smtpPort}`, url: `http://127.0.0.1:${httpPort}` };
  if (await mailpitReady(smtpPort, httpPort)) return urls;
  for (const [port, what] of [
    [smtpPort, 'SMTP'],
    [httpPort, 'inbox'],
  ] as const) {
    if (await canConnect('127.0.0.1', port)) {
      throw new Error(`Port ${port}, where the tests' Mailpit takes its ${what}, is in use, and no Mailpit answers on ${smtpPort} (SMTP) and ${httpPort} (inbox) together.`);
    }
  }
  // the messages may hold sign-in links: their files are their owner's alone
  ensurePrivateDir(DATA_DIR);
  ensurePrivateDir(options.dir);
  const logFile = path.join(options.dir, 'mailpit.log');
  const log = fs.openSync(logFile, 'a');
  try {
    const child = await spawnMailpit({ smtpPort, httpPort, database: path.join(options.dir, 'mailpit.db'), detached: true, stdio: log, logFile });
    child.unref();
  } finally {
    fs.closeSync(log);
  }
  return urls;
}
