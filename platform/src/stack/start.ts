/**
 * `npm start`: one process tree that brings up the whole product at http://localhost:8080.
 * Infrastructure (embedded FerretDB unless MONGO_URL is set, Mailpit unless SMTP_URL is; Redis
 * and RabbitMQ must answer), the built web app, the services, the LinkedIn sandbox and the
 * gateway. Ctrl-C stops it all.
 */
import fs from 'node:fs';
import path from 'node:path';
import { probe } from '../probe';
import { canConnect, DATA_DIR } from './infra';
import { buildWebIfNeeded, launchStack, type RunningStack } from './launch';
import { LAUNCHER_SETTINGS, type LauncherSetting } from './settings';

const env = process.env;
const num = (name: LauncherSetting) => Number(env[name] ?? LAUNCHER_SETTINGS[name].default);
const ports = {
  gateway: num('PORT'),
  auth: num('AUTH_PORT'),
  content: num('CONTENT_PORT'),
  linkedin: num('LINKEDIN_PORT'),
  scheduler: num('SCHEDULER_PORT'),
  billing: num('BILLING_PORT'),
  sandbox: num('LINKEDIN_SANDBOX_PORT'),
  billingSandbox: num('BILLING_SANDBOX_PORT'),
  mailSmtp: num('MAILPIT_SMTP_PORT'),
  mailHttp: num('MAILPIT_PORT'),
};
/** an SMTP server of the developer's own; unset, the emails go to the stack's Mailpit */
const smtpUrl = env.SMTP_URL || undefined;
const publicUrl = env.PUBLIC_URL ?? `http://localhost:${ports.gateway}`;
const pidFile = path.join(DATA_DIR, 'postwright.pid');

function say(message: string) {
  process.stdout.write(`[postwright] ${message}\n`);
}

async function refuseSecondInstance(): Promise<void> {
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
  for (const [name, port] of Object.entries(ports)) {
    if (smtpUrl && (name === 'mailSmtp' || name === 'mailHttp')) continue;
    if (await canConnect('127.0.0.1', port)) {
      const variable = {
        gateway: 'PORT',
        auth: 'AUTH_PORT',
        content: 'CONTENT_PORT',
        linkedin: 'LINKEDIN_PORT',
        scheduler: 'SCHEDULER_PORT',
        billing: 'BILLING_PORT',
        sandbox: 'LINKEDIN_SANDBOX_PORT',
        billingSandbox: 'BILLING_SANDBOX_PORT',
        mailSmtp: 'MAILPIT_SMTP_PORT',
        mailHttp: 'MAILPIT_PORT',
      }[name];
      process.stderr.write(`Port ${port} (${name}) is already in use. Stop what is using it, or choose another port with ${variable}=...\n`);
      process.exit(1);
    }
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

async function main() {
  await refuseSecondInstance();
  let stack: RunningStack | undefined;
  let stopping = false;
  const stop = async (code: number) => {
    if (stopping) return;
    stopping = true;
    say('stopping...');
    await stack?.stop();
    process.exit(code);
  };
  process.once('SIGINT', () => void stop(0));
  process.once('SIGTERM', () => void stop(0));
  try {
    buildWebIfNeeded(env.POSTWRIGHT_REBUILD_WEB === '1');
    stack = await launchStack({
      ports,
      publicUrl,
      output: 'inherit',
      detachedDatabase: false,
      smtpUrl,
      mailDatabase: path.join(DATA_DIR, 'mailpit', 'mailpit.db'),
      healthTimeoutMs: num('STARTUP_TIMEOUT_MS'),
      onUnexpectedExit: (name, code, signal) => {
        process.stderr.write(`[postwright] ${name} stopped (${signal ?? `exit code ${code}`}); stopping everything.\n`);
        void stop(1);
      },
    });
  } catch (error) {
    // the message may name several problems, one a line (every missing server, for one)
    const lines = (error instanceof Error ? error.message : String(error)).split('\n');
    process.stderr.write(`\n${lines.map((line) => `[postwright] ${line}\n`).join('')}\n`);
    // launchStack has already stopped whatever it started; this exit also removes the pid file
    await stop(1);
    return;
  }
  say(`Postwright is running at ${publicUrl}`);
  say(`The gateway's Prometheus metrics: ${stack?.metricsUrl}/metrics`);
  if (!smtpUrl) {
    const inbox = `http://localhost:${ports.mailHttp}`;
    say(`Emails go to Mailpit: ${inbox}`);
    // the Mailpit built from its Go module has no web UI (platform/scripts/install-mailpit.sh says why)
    if (stack?.mailUrl && (await probe(`${stack.mailUrl}/dist/app.js`, 2_000)) === 404) {
      say(`  (this Mailpit has no web UI: the messages are at ${inbox}/api/v1/messages, one as a page at ${inbox}/view/<ID>.html)`);
    }
  }
  if (!env.STRIPE_SECRET_KEY) say(`Payments go to the billing sandbox (Stripe's double) at ${stack?.billingSandboxUrl}: pay with the test card 4242 4242 4242 4242`);
}

void main();
