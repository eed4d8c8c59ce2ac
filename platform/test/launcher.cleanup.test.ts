/**
 * `npm start` run as a user runs it (node platform/scripts/start.js from the repository root),
 * with a start that fails: it must leave no process behind, the embedded FerretDB and Mailpit
 * included. Each run has its own ports, data folder and namespace, so it runs beside a
 * developer's stack and other suites; MONGO_URL and SMTP_URL are unset so the launcher starts
 * its own FerretDB and Mailpit.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { NODE_FLAGS, ROOT } from '../scripts/build';
import { DEFAULT_AMQP_URL, DEFAULT_REDIS_URL } from '../src/defaults';
import { waitFor } from '../src/stack/infra';
import { freePort } from '../src/stack/launch';

/** the first run compiles every program and builds the web app */
const TEST_TIMEOUT_MS = 240_000;
/** a launcher still running then is killed (its whole process group), so a hung one fails the test instead of outliving it */
const LAUNCHER_LIMIT_MS = 200_000;
/** how long the processes of a failed start may take to be gone once the launcher exited */
const GONE_WITHIN_MS = 30_000;

function canListen(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = net.createServer();
    server.once('error', () => resolve(false));
    server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
  });
}

/** `count` distinct free ports, the last one p such that p + 1 is free too (FerretDB listens on FERRETDB_PORT + 1) */
async function distinctFreePorts(count: number): Promise<number[]> {
  const ports = new Set<number>();
  for (let attempt = 0; ports.size < count; attempt++) {
    if (attempt > 100) throw new Error('no free ports found');
    const port = await freePort();
    if (ports.has(port) || ports.has(port + 1)) continue;
    if (ports.size === count - 1 && !(port < 65535 && (await canListen(port + 1)))) continue;
    ports.add(port);
  }
  return [...ports];
}

interface Run {
  dataDir: string;
  namespace: string;
  /** every port this run uses or points at */
  ports: number[];
  /** ports nothing listens on */
  closed: { redis: number; rabbit: number };
  env: NodeJS.ProcessEnv;
}

async function newRun(env: (closed: { redis: number; rabbit: number }) => NodeJS.ProcessEnv): Promise<Run> {
  const [gateway, auth, content, linkedin, scheduler, sandbox, billing, billingSandbox, mailSmtp, mailHttp, redis, rabbit, ferretdb] = await distinctFreePorts(13);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'postwright-launcher-'));
  const namespace = `launcher_${Math.random().toString(36).slice(2, 8)}_`;
  const inherited = { ...process.env };
  // the launcher must start its own embedded FerretDB and Mailpit
  delete inherited.MONGO_URL;
  delete inherited.SMTP_URL;
  delete inherited.MAILPIT_URL;
  return {
    dataDir,
    namespace,
    ports: [gateway, auth, content, linkedin, scheduler, sandbox, billing, billingSandbox, mailSmtp, mailHttp, redis, rabbit, ferretdb, ferretdb + 1],
    closed: { redis, rabbit },
    env: {
      ...inherited,
      PORT: String(gateway),
      AUTH_PORT: String(auth),
      CONTENT_PORT: String(content),
      LINKEDIN_PORT: String(linkedin),
      SCHEDULER_PORT: String(scheduler),
      LINKEDIN_SANDBOX_PORT: String(sandbox),
      BILLING_PORT: String(billing),
      BILLING_SANDBOX_PORT: String(billingSandbox),
      MAILPIT_SMTP_PORT: String(mailSmtp),
      MAILPIT_PORT: String(mailHttp),
      FERRETDB_PORT: String(ferretdb),
      POSTWRIGHT_DATA_DIR: dataDir,
      NAMESPACE: namespace,
      HOST: '127.0.0.1',
      ...env({ redis, rabbit }),
    },
  };
}

/** Runs `npm start`'s command in a process group of its own; resolves when it has exited and its output ended. */
function runLauncher(run: Run): Promise<{ pid: number; code: number | null; signal: NodeJS.Signals | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [...NODE_FLAGS, 'platform/scripts/start.js'], { cwd: ROOT, env: run.env, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const limit = setTimeout(() => child.pid && process.kill(-child.pid, 'SIGKILL'), LAUNCHER_LIMIT_MS);
    child.once('error', reject);
    child.once('close', (code, signal) => {
      clearTimeout(limit);
      resolve({ pid: child.pid ?? 0, code, signal, stdout, stderr });
    });
  });
}

/** The live processes of a run: in the launcher's process group, or naming the run's data folder or ports (command line or environment). */
function processesOf(run: Run, launcherPid: number): Array<{ pid: number; command: string }> {
  const found: Array<{ pid: number; command: string }> = [];
  const portPattern = new RegExp(`(^|\\D)(${run.ports.join('|')})(\\D|$)`);
  for (const entry of fs.readdirSync('/proc')) {
    const pid = Number(entry);
    if (!Number.isInteger(pid) || pid === process.pid) continue;
    try {
      const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
      // after "pid (command)": state, parent pid, process group
      const [state, , group] = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      // a zombie has ended and only waits to be reaped
      if (state === 'Z') continue;
      const command = fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').join(' ').trim();
      let environ: string[] = [];
      try {
        environ = fs.readFileSync(`/proc/${pid}/environ`, 'utf8').split('\0');
      } catch {
        /* not ours to read */
      }
      if (
        Number(group) === launcherPid ||
        command.includes(run.dataDir) ||
        portPattern.test(command) ||
        environ.includes(`POSTWRIGHT_DATA_DIR=${run.dataDir}`) ||
        environ.includes(`NAMESPACE=${run.namespace}`)
      ) {
        found.push({ pid, command });
      }
    } catch {
      /* ended while being read */
    }
  }
  return found;
}

/** Waits (bounded) until no process of the run is left; returns those still there. */
async function leftAfter(run: Run, launcherPid: number): Promise<string[]> {
  await waitFor(async () => processesOf(run, launcherPid).length === 0, GONE_WITHIN_MS, 100);
  return processesOf(run, launcherPid).map((p) => `${p.pid}: ${p.command}`);
}

/** Whatever a failed test left behind is stopped, so it does not outlive the test run. */
function cleanUp(run: Run, launcherPid: number | undefined): void {
  if (launcherPid) {
    for (const p of processesOf(run, launcherPid)) {
      try {
        process.kill(p.pid, 'SIGKILL');
      } catch {
        /* already gone */
      }
    }
  }
  fs.rmSync(run.dataDir, { recursive: true, force: true });
}

/**
 * Runs the launcher to its failure and checks what every failed start owes: it exits by itself
 * with a failure (a number above 0, not a signal), leaves no process and no pid file behind.
 * Answers what it said, and whether the embedded FerretDB and Mailpit had started.
 */
async function failedStart(env: Parameters<typeof newRun>[0]): Promise<{ stderr: string; closed: Run['closed']; ferretdbStarted: boolean; mailpitStarted: boolean }> {
  const run = await newRun(env);
  let pid: number | undefined;
  try {
    const result = await runLauncher(run);
    pid = result.pid;
    expect(await leftAfter(run, pid)).toEqual([]);
    expect(result.code).toBeGreaterThan(0);
    expect(fs.existsSync(path.join(run.dataDir, 'postwright.pid'))).toBe(false);
    // FerretDB's and Mailpit's command lines name the data folder, which the scan above looks for
    return {
      stderr: result.stderr,
      closed: run.closed,
      ferretdbStarted: fs.existsSync(path.join(run.dataDir, 'ferretdb', 'ferretdb.log')),
      mailpitStarted: fs.existsSync(path.join(run.dataDir, 'mailpit', 'mailpit.db')),
    };
  } finally {
    cleanUp(run, pid);
  }
}

/** the servers the test run uses (the local ones unless the environment says otherwise) */
const localServers = () => ({ REDIS_URL: process.env.REDIS_URL ?? DEFAULT_REDIS_URL, AMQP_URL: process.env.AMQP_URL ?? DEFAULT_AMQP_URL });

describe('npm start that fails', () => {
  test(
    'when Mailpit\'s inbox port is taken, then it refuses before starting anything, naming MAILPIT_PORT',
    async () => {
      const run = await newRun(localServers);
      const taken = net.createServer();
      await new Promise<void>((resolve) => taken.listen(Number(run.env.MAILPIT_PORT), '127.0.0.1', resolve));
      let pid: number | undefined;
      try {
        const result = await runLauncher(run);
        pid = result.pid;
        expect(result.code).toBe(1);
        expect(result.stderr).toContain(`Port ${run.env.MAILPIT_PORT} (mailHttp) is already in use. Stop what is using it, or choose another port with MAILPIT_PORT=...`);
        expect(await leftAfter(run, pid)).toEqual([]);
      } finally {
        taken.close();
        cleanUp(run, pid);
      }
    },
    TEST_TIMEOUT_MS,
  );

  test(
    'when neither Redis nor RabbitMQ answers, then it names both with the command that starts each, and leaves no process behind',
    async () => {
      const { stderr, closed } = await failedStart(({ redis, rabbit }) => ({ REDIS_URL: `redis://127.0.0.1:${redis}`, AMQP_URL: `amqp://guest:guest@127.0.0.1:${rabbit}` }));
      expect(stderr).toContain(
        `Redis does not answer at 127.0.0.1:${closed.redis} (REDIS_URL). Start it: redis-server --daemonize yes (with Docker: README, "Servers for npm start")`,
      );
      expect(stderr).toContain(
        `RabbitMQ does not answer at 127.0.0.1:${closed.rabbit} (AMQP_URL). Start it: rabbitmq-server -detached (with Docker: README, "Servers for npm start")`,
      );
    },
    TEST_TIMEOUT_MS,
  );

  test(
    'when the stack does not become healthy in time after FerretDB and Mailpit started, then it stops everything it started, FerretDB and Mailpit included',
    async () => {
      // a startup timeout of 1 ms makes the launcher give up right after starting FerretDB, Mailpit and the programs
      const { stderr, ferretdbStarted, mailpitStarted } = await failedStart(() => ({ ...localServers(), STARTUP_TIMEOUT_MS: '1' }));
      expect(stderr).toContain('The stack did not become healthy in time');
      expect(ferretdbStarted).toBe(true);
      expect(mailpitStarted).toBe(true);
    },
    TEST_TIMEOUT_MS,
  );

  test(
    'when a program stops while the stack starts, then it stops everything it started, FerretDB and Mailpit included',
    async () => {
      // a log level no program accepts: they exit at once on their configuration, after FerretDB and Mailpit started
      const { stderr, ferretdbStarted, mailpitStarted } = await failedStart(() => ({ ...localServers(), LOG_LEVEL: 'not-a-level' }));
      expect(stderr).toMatch(/stopped while starting \(exit code 1\)/);
      expect(ferretdbStarted).toBe(true);
      expect(mailpitStarted).toBe(true);
    },
    TEST_TIMEOUT_MS,
  );
});
