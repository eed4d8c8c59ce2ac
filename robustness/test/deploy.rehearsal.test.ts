/**
 * A rehearsal of `docker compose up` without Docker: every program starts with exactly the
 * command its image runs (the Dockerfile target's CMD, from the folder that is the image's
 * /app) and exactly the environment its compose service gives it (docker-compose.yml loaded by
 * compose-go with an .env from `npm run secrets -- env`, so NODE_ENV=production and its
 * production rules apply), the `sandbox` profile's two sandboxes included, and a member goes
 * through the gateway: sign up, generate, connect LinkedIn in the sandbox, publish; then
 * verify the email and subscribe through Checkout in the billing sandbox, whose signed event
 * comes back through the gateway. The profile's Mailpit runs too, as the binary npm start builds
 * (the image's version) with its compose environment: the verification email of a signup
 * arrives in it, and its link verifies the address.
 *
 * What a container would have that this machine does not is mapped, and only that:
 * - compose's service names (auth:3000, linkedin-sandbox:3000, gateway:3000...) -> 127.0.0.2:<a
 *   free port each>, and the host's published ports (localhost:8080, localhost:8090,
 *   localhost:8091) -> 127.0.0.1:<the same port>: the internal and the public address of a
 *   program differ as in compose, so a URL that reaches the browser with the internal address
 *   shows;
 * - PORT 3000 -> that free port (HOST stays 0.0.0.0, as in compose); Mailpit's SMTP (mailpit:1025)
 *   -> 127.0.0.2:<a free port>, its published inbox (localhost:8025) -> 127.0.0.1:<another>, and
 *   its database -> a file of this run;
 * - MONGO_URL, REDIS_URL, AMQP_URL -> the test servers (a RabbitMQ user of this test's own,
 *   since production refuses the guest account);
 * - NAMESPACE is added (this run's databases, queues and keys), and SANDBOX_CONTROL=true for
 *   the LinkedIn sandbox alone: the test reads what LinkedIn received.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { SPEC_PRICES_CENTS, type AuthResponse, type BillingRedirectResponse, type ContentItem, type GenerateResponse, type PlansResponse, type SubscriptionResponse } from '@postwright/contracts';
import { buildIfNeeded } from '@postwright/platform/scripts/build';
import { fill } from '@postwright/platform/scripts/secrets';
import { canConnect, mailpitBinary, waitFor } from '@postwright/platform/src/stack/infra';
import { freePort } from '@postwright/platform/src/stack/launch';
import { cleanupNamespace, eventually, generateForm, http, testNamespace } from '@postwright/platform/src/testing';
import { composeConfig, type ComposeProject } from '@postwright/platform/src/testing/deploy-check';
import { dockerfileStages, imageCommand } from '@postwright/platform/src/testing/dockerfile';
import { allowConsent } from '@postwright/platform/src/testing/linkedin-consent';
import { linkIn, mailpitClient, type MailpitClient } from '@postwright/platform/src/testing/mailpit';
import { payCheckout } from '@postwright/platform/src/testing/stripe-pages';

const ROOT = path.resolve(__dirname, '../..');
/** every program of the compose project with the `sandbox` profile (.env.example's COMPOSE_PROFILES) */
const PROGRAMS = ['linkedin-sandbox', 'billing-sandbox', 'auth', 'content', 'linkedin', 'scheduler', 'billing', 'gateway'];
const INTERNAL_HOST = '127.0.0.2';
const PUBLIC_HOST = '127.0.0.1';

const ns = testNamespace();
const logs = fs.mkdtempSync(path.join(os.tmpdir(), 'postwright-rehearsal-'));
const rabbit = { user: `${ns}rehearsal`, password: randomBytes(18).toString('hex') };
const running: Array<{ name: string; proc: ChildProcess }> = [];
const ports: Record<string, number> = {};
/** Mailpit's SMTP and inbox ports on this machine */
const mailPorts = { smtp: 0, http: 0 };

function rabbitmqctl(...args: string[]): void {
  const result = spawnSync('rabbitmqctl', args, { encoding: 'utf8' });
  if (result.status !== 0) throw new Error(`rabbitmqctl ${args[0]}: ${result.error?.message ?? result.stderr}`);
}

/** A compose service's environment on this machine: the mapping the header describes. */
function localEnvironment(project: ComposeProject, name: string): Record<string, string> {
  const infrastructure: Record<string, string> = {
    MONGO_URL: process.env.MONGO_URL!,
    REDIS_URL: process.env.REDIS_URL ?? 'redis://127.0.0.1:6379',
    AMQP_URL: `amqp://${rabbit.user}:${rabbit.password}@127.0.0.1:${new URL(process.env.AMQP_URL ?? 'amqp://127.0.0.1:5672').port || 5672}`,
  };
  const addresses: Array<[string, string]> = [];
  for (const [service, def] of Object.entries(project.services)) {
    if (!(service in ports)) continue;
    addresses.push([`//${service}:3000`, `//${INTERNAL_HOST}:${ports[service]}`]);
    for (const p of def.ports ?? []) addresses.push([`//localhost:${p.published}`, `//${PUBLIC_HOST}:${ports[service]}`]);
  }
  addresses.push([`//mailpit:1025`, `//${INTERNAL_HOST}:${mailPorts.smtp}`]);
  for (const p of project.services.mailpit?.ports ?? []) addresses.push([`//localhost:${p.published}`, `//${PUBLIC_HOST}:${mailPorts.http}`]);
  const env: Record<string, string> = {};
  for (const [key, value] of Object.entries(project.services[name].environment ?? {})) {
    if (value === null) continue;
    if (key in infrastructure) env[key] = infrastructure[key];
    else if (key === 'PORT') env[key] = String(ports[name]);
    else env[key] = addresses.reduce((v, [from, to]) => v.split(from).join(to), value);
  }
  env.NAMESPACE = ns;
  if (name === 'linkedin-sandbox') env.SANDBOX_CONTROL = 'true';
  return env;
}

function start(name: string, env: Record<string, string>): void {
  const [command, ...args] = imageCommand(dockerfileStages(), name);
  const log = fs.openSync(path.join(logs, `${name}.log`), 'a');
  // exactly the compose environment: nothing of this process's leaks in
  const proc = spawn(command === 'node' ? process.execPath : command, args, { cwd: ROOT, env, stdio: ['ignore', log, log] });
  fs.closeSync(log);
  running.push({ name, proc });
}

/**
 * Mailpit as compose runs it: its environment, with the addresses and the database file of this
 * machine (the image listens on every interface; here SMTP on the internal address alone and the
 * inbox on the published one). Answers its environment, which its health check reads too.
 */
function startMailpit(project: ComposeProject): Record<string, string> {
  const env: Record<string, string> = {};
  for (const [key, value] of Object.entries(project.services.mailpit.environment ?? {})) if (value !== null) env[key] = value;
  env.MP_DATABASE = path.join(logs, 'mailpit.db');
  env.MP_SMTP_BIND_ADDR = `${INTERNAL_HOST}:${mailPorts.smtp}`;
  env.MP_UI_BIND_ADDR = `${PUBLIC_HOST}:${mailPorts.http}`;
  const log = fs.openSync(path.join(logs, 'mailpit.log'), 'a');
  const proc = spawn(mailpitBinary(), [], { cwd: logs, env, stdio: ['ignore', log, log] });
  fs.closeSync(log);
  running.push({ name: 'mailpit', proc });
  return env;
}

/** Mailpit's compose health check itself (`/mailpit readyz`, the image's binary being this one), until it passes, and its SMTP port open. */
async function mailpitHealthy(env: Record<string, string>): Promise<void> {
  const [, , ...args] = project.services.mailpit.healthcheck?.test ?? [];
  const check = () =>
    new Promise<boolean>((resolve) => {
      const child = spawn(mailpitBinary(), args, { env, stdio: 'ignore' });
      child.once('exit', (code) => resolve(code === 0));
    });
  if (!(await waitFor(async () => (await check()) && (await canConnect(INTERNAL_HOST, mailPorts.smtp)), 20_000, 250))) {
    throw new Error(`mailpit did not become healthy:\n${fs.readFileSync(path.join(logs, 'mailpit.log'), 'utf8').slice(-2_000)}`);
  }
}

/** The compose health check itself (`node /app/healthcheck.js`, i.e. GET /ready), until it passes. */
async function healthy(name: string): Promise<void> {
  const check = () =>
    new Promise<boolean>((resolve) => {
      const child = spawn(process.execPath, [path.join(ROOT, 'platform/scripts/healthcheck.js')], { env: { PORT: String(ports[name]) }, stdio: 'ignore' });
      child.once('exit', (code) => resolve(code === 0));
    });
  const exited = () => running.find((r) => r.name === name)?.proc.exitCode !== null;
  await eventually(check, (ok) => ok || exited(), 60_000, 250);
  if (exited() || !(await check())) throw new Error(`${name} did not become healthy:\n${fs.readFileSync(path.join(logs, `${name}.log`), 'utf8').slice(-2_000)}`);
}

let project: ComposeProject;
let gateway: string;
let sandbox: string;
let billingSandbox: string;
let inbox: MailpitClient;

beforeAll(async () => {
  const envFile = path.join(logs, '.env');
  fs.writeFileSync(envFile, fill(fs.readFileSync(path.join(ROOT, '.env.example'), 'utf8')).text);
  const loaded = composeConfig({ file: path.join(ROOT, 'docker-compose.yml'), envFile });
  if (!loaded.ok) throw new Error(loaded.error);
  project = loaded.project;
  const missing = [...PROGRAMS, 'mailpit'].filter((name) => !project.services[name]);
  if (missing.length) throw new Error(`not in the compose project with .env.example's profiles: ${missing.join(', ')}`);
  rabbitmqctl('add_user', rabbit.user, rabbit.password);
  rabbitmqctl('set_permissions', '-p', '/', rabbit.user, '.*', '.*', '.*');
  buildIfNeeded({ names: PROGRAMS });
  for (const name of PROGRAMS) ports[name] = await freePort();
  mailPorts.smtp = await freePort();
  mailPorts.http = await freePort();
  await mailpitHealthy(startMailpit(project));
  inbox = mailpitClient(`http://${PUBLIC_HOST}:${mailPorts.http}`);
  gateway = `http://${PUBLIC_HOST}:${ports.gateway}`;
  sandbox = `http://${PUBLIC_HOST}:${ports['linkedin-sandbox']}`;
  billingSandbox = `http://${PUBLIC_HOST}:${ports['billing-sandbox']}`;
  // in compose's order: the services once the infrastructure is healthy, the gateway once they are
  for (const name of PROGRAMS.filter((n) => n !== 'gateway')) start(name, localEnvironment(project, name));
  for (const name of PROGRAMS.filter((n) => n !== 'gateway')) await healthy(name);
  start('gateway', localEnvironment(project, 'gateway'));
  await healthy('gateway');
}, 180_000);

afterAll(async () => {
  for (const { proc } of running) proc.kill('SIGTERM');
  await Promise.all(running.map(({ proc }) => (proc.exitCode !== null ? null : new Promise((r) => proc.once('exit', r)))));
  await cleanupNamespace(ns);
  spawnSync('rabbitmqctl', ['delete_user', rabbit.user]);
  fs.rmSync(logs, { recursive: true, force: true });
}, 90_000);

describe('the compose deployment, rehearsed on this machine', () => {
  test('when every program runs with its compose command and environment, then each one starts in production and the gateway finds them all ready', async () => {
    for (const name of PROGRAMS) expect(localEnvironment(project, name).NODE_ENV).toBe('production');
    const health = await http(gateway, 'GET', '/api/health');
    expect(health.status).toBe(200);
    expect(health.body).toEqual({ status: 'ok', services: { auth: 'ok', content: 'ok', linkedin: 'ok', scheduler: 'ok', billing: 'ok' } });
  });

  test("when the LinkedIn sandbox is started with its compose environment but its built-in client secret, then it refuses to start, saying so", async () => {
    const env = { ...localEnvironment(project, 'linkedin-sandbox'), PORT: '0', SANDBOX_CLIENT_SECRET: 'postwright-sandbox-secret' };
    const [command, ...args] = imageCommand(dockerfileStages(), 'linkedin-sandbox');
    const proc = spawn(command === 'node' ? process.execPath : command, args, { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    proc.stdout?.on('data', (chunk) => (output += chunk));
    proc.stderr?.on('data', (chunk) => (output += chunk));
    const code = await new Promise<number | null>((resolve) => proc.once('exit', resolve));
    expect(code).not.toBe(0);
    expect(output).toMatch(/SANDBOX_CLIENT_SECRET: is a known or example value/);
  });

  test('when Mailpit runs with its compose environment, then it is the version of its compose image', async () => {
    const info = await http<{ Version: string }>(inbox.url, 'GET', '/api/v1/info');
    expect(project.services.mailpit.image).toBe(`axllent/mailpit:${info.body.Version}`);
  });

  test('when a member signs up through the gateway, then the verification email reaches the sandbox\'s Mailpit over SMTP_URL, from MAIL_FROM, its link at the product\'s public address', async () => {
    const email = `rehearsal-${randomBytes(4).toString('hex')}@example.com`;
    const signup = await http<AuthResponse>(gateway, 'POST', '/api/auth/signup', { body: { email, password: 'correct horse battery', firstName: 'Dana', lastName: 'Reyes' } });
    expect(signup.status).toBe(201);
    const mail = await inbox.waitForMessage(email, { timeoutMs: 20_000 });
    const from = project.services.auth.environment?.MAIL_FROM ?? '';
    expect(`${mail.From.Name} <${mail.From.Address}>`).toBe(from);
    // compose's PUBLIC_URL (http://localhost:8080), where the gateway is published
    expect(linkIn(mail, '/auth/verify-email').origin).toBe(gateway);
    // the message Mailpit kept is the one auth sent: a text part and an HTML one
    expect(mail.HTML).toContain('/auth/verify-email?token=');
  });

  test('when a member signs up, generates, connects LinkedIn in the sandbox and publishes through the gateway, then the post is on LinkedIn and the item says so', async () => {
    const email = `rehearsal-${randomBytes(4).toString('hex')}@example.com`;
    const signup = await http<AuthResponse>(gateway, 'POST', '/api/auth/signup', { body: { email, password: 'correct horse battery', firstName: 'Dana', lastName: 'Reyes' } });
    expect(signup.status).toBe(201);
    const token = signup.body.tokens.accessToken;

    const generated = await http<GenerateResponse>(gateway, 'POST', '/api/content/generate', { token, body: generateForm() });
    expect(generated.status).toBe(201);
    expect(generated.body.content.hooks).toHaveLength(5);
    const text = `Rehearsal ${randomBytes(4).toString('hex')}: ${generated.body.content.hooks[0]}`;
    const edited = await http(gateway, 'PUT', `/api/content/${generated.body.content.id}/edit`, { token, body: { editedContent: text, saveAsDraft: true } });
    expect(edited.status).toBe(200);

    // the browser is sent to the sandbox's public address, never to the service's internal one
    const begin = await http<{ authURL: string }>(gateway, 'GET', '/api/linkedin/auth-url', { token });
    expect(begin.status).toBe(200);
    expect(new URL(begin.body.authURL).origin).toBe(sandbox);
    const back = await allowConsent(begin.body.authURL, email);
    expect(back.origin).toBe(gateway);
    // the service exchanges the code at the sandbox's internal address
    const connected = await http(gateway, 'POST', '/api/linkedin/callback', { token, body: { code: back.searchParams.get('code'), state: back.searchParams.get('state') } });
    expect(connected.status).toBe(200);

    const published = await http(gateway, 'POST', '/api/linkedin/post', { token, body: { contentId: generated.body.content.id } });
    expect(published.status).toBe(200);
    const posts = await http<{ posts: Array<{ text?: string }> }>(sandbox, 'GET', '/__sandbox/posts');
    expect(posts.body.posts.filter((p) => p.text === text)).toHaveLength(1);
    const list = await eventually(
      () => http<{ content: ContentItem[] }>(gateway, 'GET', '/api/content', { token }),
      (res) => res.body.content?.some((c) => c.id === generated.body.content.id && c.status === 'published'),
    );
    const item = list.body.content.find((c) => c.id === generated.body.content.id);
    expect(item?.status).toBe('published');
  });

  test('when a member verifies the email with the link Mailpit holds, subscribes through the gateway and pays on the billing sandbox, then its signed event comes back through the gateway and the subscription is active', async () => {
    // the billing service reads the prices from the sandbox with the key both were given
    const plans = await http<PlansResponse>(gateway, 'GET', '/api/billing/plans');
    expect(plans.status).toBe(200);
    expect(Object.fromEntries(plans.body.plans.map((p) => [p.id, p.prices]))).toEqual(SPEC_PRICES_CENTS);

    const email = `rehearsal-${randomBytes(4).toString('hex')}@example.com`;
    const signup = await http<AuthResponse>(gateway, 'POST', '/api/auth/signup', { body: { email, password: 'correct horse battery', firstName: 'Dana', lastName: 'Reyes' } });
    expect(signup.status).toBe(201);
    const token = signup.body.tokens.accessToken;
    // a paid plan needs a verified address: the member follows the emailed link
    const link = linkIn(await inbox.waitForMessage(email, { timeoutMs: 20_000 }), '/auth/verify-email');
    const verified = await http(gateway, 'POST', '/api/auth/verify-email', { body: { token: link.searchParams.get('token') } });
    expect(verified.status).toBe(200);

    // the browser is sent to the sandbox's public address, and back to the product's
    const checkout = await http<BillingRedirectResponse>(gateway, 'POST', '/api/billing/checkout', { token, body: { plan: 'starter', interval: 'month' } });
    expect(checkout.status).toBe(200);
    expect(new URL(checkout.body.url).origin).toBe(billingSandbox);
    const paid = await payCheckout(checkout.body.url);
    expect(paid.status).toBe(303);
    expect(new URL(paid.location ?? '').origin).toBe(gateway);

    // the sandbox posts to gateway:3000/api/billing/webhook, signed with the secret billing checks
    const subscription = await eventually(
      () => http<SubscriptionResponse>(gateway, 'GET', '/api/billing/subscription', { token }),
      (res) => res.body.status === 'active',
      30_000,
      250,
    );
    expect(subscription.body).toMatchObject({ plan: 'starter', interval: 'month', status: 'active' });
  });

  test('when members have used the product through the gateway, then no program asked the auth service for its JWKS: each checks tokens with the JWT_PUBLIC_KEY compose gives it', () => {
    const requests = fs
      .readFileSync(path.join(logs, 'auth.log'), 'utf8')
      .split('\n')
      .filter((line) => line.includes('"req":'))
      .map((line) => (JSON.parse(line) as { req: { url: string } }).req.url);
    expect(requests).toContain('/api/auth/signup');
    expect(requests.filter((url) => url.includes('jwks'))).toEqual([]);
  });
});
