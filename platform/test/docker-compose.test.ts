/**
 * docker-compose.yml cannot run on a machine without a Docker engine, so it is checked here as
 * `docker compose config` checks it: loaded by the Compose specification loader (compose-go,
 * through deploy/check) with an .env made by `npm run secrets -- env`, then held against every
 * program's own config schema and production rules, the Dockerfile's targets, and what a safe
 * deployment must be (secrets required, only the gateway published, health checks, scaling).
 */
import { createPublicKey } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { z } from 'zod';
import { nodeFlags } from '../scripts/build';
import { fill } from '../scripts/secrets';
import { composeConfig, deployCheckBinary, type ComposeProject } from '../src/testing/deploy-check';
import { configSchemaKeys } from '../src/testing';
import { dockerfileStages, imageCommand } from '../src/testing/dockerfile';

const root = path.resolve(__dirname, '../..');
const composeFile = path.join(root, 'docker-compose.yml');
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'postwright-compose-'));

/** compose service -> workspace of the program it runs (its Dockerfile target has the service's name) */
const PROGRAMS: Array<[string, string]> = [
  ['gateway', 'gateway'],
  ['auth', 'services/auth'],
  ['content', 'services/content'],
  ['linkedin', 'services/linkedin'],
  ['scheduler', 'services/scheduler'],
  ['billing', 'services/billing'],
  ['linkedin-sandbox', 'services/linkedin-sandbox'],
  ['billing-sandbox', 'services/billing-sandbox'],
];
const SERVICES = ['auth', 'content', 'linkedin', 'scheduler', 'billing'];
const INFRASTRUCTURE = ['mongo', 'redis', 'rabbitmq'];
/** the programs that check access tokens: each is given the public key(s) */
const TOKEN_VERIFIERS = ['gateway', ...SERVICES];
/** the services that send email */
const MAIL_SENDERS = ['auth', 'linkedin', 'scheduler'];
/** what `npm run secrets -- env` generates, and the email settings .env.example gives: compose must refuse to start without any of them */
const SECRETS = [
  'INTERNAL_TOKEN',
  'TOKEN_ENCRYPTION_KEY',
  'JWT_PRIVATE_KEY',
  'MONGO_PASSWORD',
  'REDIS_PASSWORD',
  'RABBITMQ_PASSWORD',
  'STRIPE_SECRET_KEY',
  'STRIPE_WEBHOOK_SECRET',
  'LINKEDIN_CLIENT_SECRET',
  'SMTP_URL',
  'MAIL_FROM',
];
/** the Mailpit version npm start and the tests build: compose's image must be the same */
const MAILPIT_VERSION = /VERSION="\$\{MAILPIT_VERSION:-(v[\d.]+)\}"/.exec(fs.readFileSync(path.join(root, 'platform/scripts/install-mailpit.sh'), 'utf8'))?.[1];
/** a real Stripe account's key and signing secret, as an operator pastes them */
const REAL_STRIPE = { STRIPE_SECRET_KEY: `sk_live_${'a1B2c3D4e5F6g7H8'.repeat(3)}`, STRIPE_WEBHOOK_SECRET: `whsec_${'Zy9Xw8Vu7Ts6Rq5P'.repeat(2)}` };

/** An .env as `npm run secrets -- env` writes it, with lines changed (null removes one). */
function envFile(changes: Record<string, string | null> = {}): string {
  let { text } = fill(fs.readFileSync(path.join(root, '.env.example'), 'utf8'));
  for (const [key, value] of Object.entries(changes)) {
    const line = new RegExp(`^${key}=.*$`, 'm');
    text = value === null ? text.replace(line, '') : line.test(text) ? text.replace(line, `${key}=${value}`) : `${text}\n${key}=${value}\n`;
  }
  const file = path.join(fs.mkdtempSync(path.join(tmp, 'env-')), '.env');
  fs.writeFileSync(file, text);
  return file;
}

const envFiles = new WeakMap<ComposeProject, string>();

function load(file = composeFile, changes: Record<string, string | null> = {}): ComposeProject {
  const env = envFile(changes);
  const result = composeConfig({ file, envFile: env });
  if (!result.ok) throw new Error(result.error);
  envFiles.set(result.project, env);
  return result.project;
}

/** The .env a loaded project was made with. */
function envFileOf(loaded: ComposeProject): string {
  const file = envFiles.get(loaded);
  if (!file) throw new Error('not a project load() made');
  return file;
}

/** The secrets a compose file lets start without: each one missing from .env must stop compose. */
function secretsNotRequired(file: string): string[] {
  return SECRETS.filter((secret) => {
    const result = composeConfig({ file, envFile: envFile({ [secret]: null }) });
    return result.ok || !result.error.includes(secret);
  });
}


let project: ComposeProject;
beforeAll(() => {
  deployCheckBinary(); // the first run builds the Go tool
  project = load();
}, 600_000);
afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }));

describe('docker-compose.yml', () => {
  test('when loaded with an .env from `npm run secrets -- env`, then compose accepts it with every program, Mailpit and the real infrastructure images', () => {
    expect(Object.keys(project.services).sort()).toEqual([...INFRASTRUCTURE, ...PROGRAMS.map(([name]) => name), 'mailpit'].sort());
    expect(project.services.mongo.image).toMatch(/^mongo:/);
    expect(project.services.redis.image).toMatch(/^redis:/);
    expect(project.services.rabbitmq.image).toMatch(/^rabbitmq:/);
    expect(MAILPIT_VERSION).toBeDefined();
    expect(project.services.mailpit.image).toBe(`axllent/mailpit:${MAILPIT_VERSION}`);
  });

  test.each(PROGRAMS)('when %s starts in compose, then its environment passes its config schema and production rules, naming nothing unknown', (name, dir) => {
    const env = project.services[name].environment ?? {};
    const { configSchema, readConfig } = require(path.join(root, dir, 'src/config.ts')) as {
      configSchema: z.ZodType;
      readConfig: (env: Record<string, string | undefined>) => unknown;
    };
    expect(env.NODE_ENV).toBe('production');
    const given = Object.fromEntries(Object.entries(env).map(([k, v]) => [k, v ?? undefined]));
    expect(() => readConfig(given)).not.toThrow();
    const known = configSchemaKeys(configSchema);
    expect(Object.keys(env).filter((k) => !known.includes(k))).toEqual([]);
  });

  test('when .env lacks any one secret, then compose refuses to start and names it', () => {
    expect(secretsNotRequired(composeFile)).toEqual([]);
  });

  test('when the programs check access tokens, then each is given the public key of the signing key that `npm run secrets -- env` made, and none fetches it', () => {
    const publicKeyIn = (setting: string | null | undefined) => createPublicKey(String(setting).replace(/\\n/g, '\n')).export({ type: 'spki', format: 'pem' });
    const signing = project.services.auth.environment?.JWT_PRIVATE_KEY;
    expect(signing).toMatch(/^-----BEGIN PRIVATE KEY-----\\n/);
    for (const name of TOKEN_VERIFIERS) {
      const env = project.services[name].environment ?? {};
      expect([name, publicKeyIn(env.JWT_PUBLIC_KEY)]).toEqual([name, publicKeyIn(signing)]);
      const { readConfig } = require(path.join(root, Object.fromEntries(PROGRAMS)[name], 'src/config.ts'));
      expect(readConfig(env).JWT_PUBLIC_KEY).toBeTruthy();
    }
    for (const name of ['linkedin-sandbox', 'billing-sandbox']) expect(project.services[name].environment?.JWT_PUBLIC_KEY).toBeUndefined();
  });

  test('when .env has no JWT_PUBLIC_KEY (written before it existed), then compose still starts every program and their configs read it as unset (the auth service\'s JWKS)', () => {
    const older = load(composeFile, { JWT_PUBLIC_KEY: null });
    for (const name of TOKEN_VERIFIERS) {
      const env = older.services[name].environment ?? {};
      expect([name, env.JWT_PUBLIC_KEY]).toEqual([name, '']);
      const { readConfig } = require(path.join(root, Object.fromEntries(PROGRAMS)[name], 'src/config.ts'));
      expect([name, readConfig(env).JWT_PUBLIC_KEY]).toEqual([name, undefined]);
    }
  });

  test('when a compose file gives a secret a default, then the check finds it', () => {
    const defaulted = path.join(tmp, 'defaulted.yml');
    const text = fs.readFileSync(composeFile, 'utf8').replace(/\$\{INTERNAL_TOKEN:\?[^}]*\}/g, '${INTERNAL_TOKEN:-a-development-token-nobody-changes}');
    fs.writeFileSync(defaulted, text);
    expect(secretsNotRequired(defaulted)).toEqual(['INTERNAL_TOKEN']);
  });

  test('when a compose file has a field compose does not know, then the loader refuses it', () => {
    const broken = path.join(tmp, 'unknown-field.yml');
    fs.writeFileSync(broken, fs.readFileSync(composeFile, 'utf8').replace('  gateway:\n', '  gateway:\n    stop_grace_periode: 10s\n'));
    const result = composeConfig({ file: broken, envFile: envFile() });
    expect(result.ok).toBe(false);
    expect(result.ok ? '' : result.error).toMatch(/stop_grace_periode/);
  });

  test('when running, then only the gateway is published on the host, the sandboxes and Mailpit\'s inbox on loopback alone, and no service has a fixed name (so each scales)', () => {
    const published = Object.entries(project.services).flatMap(([name, s]) => (s.ports ?? []).map((p) => ({ name, ...p })));
    expect(published).toEqual([
      expect.objectContaining({ name: 'billing-sandbox', target: 3000, published: '8091', host_ip: '127.0.0.1' }),
      // loopback unless .env says otherwise (POSTWRIGHT_BIND)
      expect.objectContaining({ name: 'gateway', target: 3000, published: '8080', host_ip: '127.0.0.1' }),
      expect.objectContaining({ name: 'linkedin-sandbox', target: 3000, published: '8090', host_ip: '127.0.0.1' }),
      // the inbox (web UI and API) alone: its SMTP port stays on the compose network
      expect.objectContaining({ name: 'mailpit', target: 8025, published: '8025', host_ip: '127.0.0.1' }),
    ]);
    for (const service of Object.values(project.services)) expect(service.container_name).toBeUndefined();
  });

  test('when starting, then every program checks GET /ready, the services wait for healthy infrastructure and the gateway for healthy services', () => {
    for (const [name] of PROGRAMS) expect(project.services[name].healthcheck?.test).toEqual(['CMD', 'node', '/app/healthcheck.js']);
    expect(fs.readFileSync(path.join(root, 'platform/scripts/healthcheck.js'), 'utf8')).toMatch(/process\.argv\[2\] \?\? '\/ready'/);
    for (const infra of [...INFRASTRUCTURE, 'mailpit']) expect(project.services[infra].healthcheck?.test?.length).toBeGreaterThan(0);
    for (const name of SERVICES) {
      for (const infra of INFRASTRUCTURE) expect(project.services[name].depends_on?.[infra]?.condition).toBe('service_healthy');
    }
    for (const name of [...SERVICES, 'redis']) expect(project.services.gateway.depends_on?.[name]?.condition).toBe('service_healthy');
    expect(project.services.linkedin.stop_grace_period).toBe('1m5s');
  });

  test('when stopped, then the gateway and the content service get 60 s, more than their 50 s drain for a stream under way', () => {
    const { GATEWAY_DRAIN_MS } = require(path.join(root, 'gateway/src/server.ts')) as { GATEWAY_DRAIN_MS: number };
    const content = require(path.join(root, 'services/content/src/config.ts')).readConfig(project.services.content.environment);
    for (const [name, drainMs] of [['gateway', GATEWAY_DRAIN_MS], ['content', content.GENERATION_TIMEOUT_MS + 5_000]] as const) {
      expect([name, drainMs]).toEqual([name, 50_000]);
      expect([name, project.services[name].stop_grace_period]).toEqual([name, '1m0s']);
    }
  });

  test('when .env says where to publish the gateway and how many proxies are in front, then it is published there and trusts that many; by default loopback and none', () => {
    const { readConfig } = require(path.join(root, 'gateway/src/config.ts'));
    expect(readConfig(project.services.gateway.environment).TRUST_PROXY).toBe(0);
    const open = load(composeFile, { POSTWRIGHT_BIND: '0.0.0.0', POSTWRIGHT_PORT: '80', TRUST_PROXY: '1' });
    expect(open.services.gateway.ports).toEqual([expect.objectContaining({ host_ip: '0.0.0.0', published: '80', target: 3000 })]);
    expect(readConfig(open.services.gateway.environment).TRUST_PROXY).toBe(1);
    // the services trust the gateway alone, whatever is in front of it
    for (const name of SERVICES) expect([name, open.services[name].environment?.TRUST_PROXY]).toEqual([name, '1']);
  });

  test('when .env turns on the tls profile, then Caddy serves POSTWRIGHT_DOMAIN on 80 and 443 in front of the healthy gateway, which stays on loopback and trusts it, and streams pass as written', () => {
    expect(project.services.caddy).toBeUndefined();
    const tls = load(composeFile, { COMPOSE_PROFILES: 'sandbox,tls', POSTWRIGHT_DOMAIN: 'postwright.example.com', PUBLIC_URL: 'https://postwright.example.com', TRUST_PROXY: '1' });
    const caddy = tls.services.caddy;
    expect(caddy.image).toMatch(/^caddy:2(\.|$)/);
    expect(caddy.profiles).toEqual(['tls']);
    expect(caddy.ports?.map((p) => `${p.host_ip ?? ''}:${p.published}:${p.target}/${p.protocol}`).sort()).toEqual([':443:443/tcp', ':443:443/udp', ':80:80/tcp']);
    expect(caddy.depends_on?.gateway?.condition).toBe('service_healthy');
    expect(caddy.environment?.POSTWRIGHT_DOMAIN).toBe('postwright.example.com');
    // its certificates survive a restart
    expect(caddy.volumes?.map((v) => v.target).sort()).toEqual(['/config', '/data']);
    expect(caddy.configs).toEqual([{ source: 'caddyfile', target: '/etc/caddy/Caddyfile' }]);
    expect(tls.configs?.caddyfile).toMatchObject({ file: path.join(root, 'Caddyfile') });
    const caddyfile = fs.readFileSync(path.join(root, 'Caddyfile'), 'utf8').replace(/#.*$/gm, '').replace(/\s+/g, ' ').trim();
    expect(caddyfile).toBe('{$POSTWRIGHT_DOMAIN} { reverse_proxy gateway:3000 { flush_interval -1 } }');
    // an empty domain would start Caddy on a Caddyfile it cannot read: it stops with the reason instead
    expect(caddy.command?.join(' ')).toMatch(/test -n "\$POSTWRIGHT_DOMAIN" \|\| .*set POSTWRIGHT_DOMAIN in \.env.*exec caddy run --config \/etc\/caddy\/Caddyfile/);

    const gateway = tls.services.gateway;
    expect(gateway.ports).toEqual([expect.objectContaining({ host_ip: '127.0.0.1', target: 3000 })]);
    const config = require(path.join(root, 'gateway/src/config.ts')).readConfig(gateway.environment);
    expect(config.TRUST_PROXY).toBe(1);
    expect(config.PUBLIC_URL.origin).toBe('https://postwright.example.com');
  });

  test('when every profile runs, then each container has memory, CPU and process limits and a rotated log', () => {
    const all = load(composeFile, { COMPOSE_PROFILES: 'sandbox,tls', POSTWRIGHT_DOMAIN: 'postwright.example.com' });
    expect(Object.keys(all.services)).toContain('caddy');
    for (const [name, service] of Object.entries(all.services)) {
      const limits = (service.deploy as { resources?: { limits?: { cpus?: number; memory?: string; pids?: number } } } | undefined)?.resources?.limits;
      expect([name, limits?.cpus, Number(limits?.memory), limits?.pids]).toEqual([name, expect.any(Number), expect.any(Number), expect.any(Number)]);
      expect([name, Number(limits?.memory) >= 128 * 2 ** 20, (limits?.pids ?? 0) >= 64]).toEqual([name, true, true]);
      expect([name, service.logging]).toEqual([name, { driver: 'json-file', options: { 'max-size': '10m', 'max-file': '5' } }]);
    }
  });

  test('when Redis starts, then its password is in a config file it reads, not on any command line, in its environment or in its health check', () => {
    const password = /^REDIS_PASSWORD=(.+)$/m.exec(fs.readFileSync(envFileOf(project), 'utf8'))?.[1];
    expect(password).toMatch(/^[A-Za-z0-9]{16,}$/);
    const redis = project.services.redis;
    expect(redis.command).toEqual(['redis-server', '/usr/local/etc/redis/redis.conf']);
    expect(redis.configs).toEqual([{ source: 'redis-conf', target: '/usr/local/etc/redis/redis.conf' }]);
    expect((project.configs?.['redis-conf'] as { content?: string }).content).toBe(`appendonly yes\nrequirepass ${password}\n`);
    expect(redis.environment ?? {}).toEqual({});
    expect(redis.healthcheck?.test?.join(' ')).toContain("sed -n 's/^requirepass //p' /usr/local/etc/redis/redis.conf");
    for (const [name, service] of Object.entries(project.services)) {
      const shown = JSON.stringify([service.command, service.entrypoint, service.healthcheck]);
      expect([name, shown.includes(password!)]).toEqual([name, false]);
    }
  });

  test('when the sandbox runs in compose, then the LinkedIn service calls it by its internal name with the client secret both were given while the browser is sent to its public address, and its test controls are off', () => {
    const linkedin = project.services.linkedin.environment ?? {};
    expect(linkedin.LINKEDIN_MODE).toBe('sandbox');
    expect(linkedin.LINKEDIN_SANDBOX_URL).toBe('http://linkedin-sandbox:3000');
    expect(linkedin.LINKEDIN_SANDBOX_PUBLIC_URL).toBe('http://localhost:8090');
    const { readConfig } = require(path.join(root, 'services/linkedin/src/config.ts'));
    const settings = readConfig(linkedin).linkedin;
    expect(settings.authUrl).toBe('http://localhost:8090/oauth/v2/authorization');
    expect(settings.tokenUrl).toBe('http://linkedin-sandbox:3000/oauth/v2/accessToken');
    expect(settings.apiUrl).toBe('http://linkedin-sandbox:3000');
    expect(settings.webUrl).toBe('http://localhost:8090');
    const sandbox = require(path.join(root, 'services/linkedin-sandbox/src/config.ts')).readConfig(project.services['linkedin-sandbox'].environment);
    expect(sandbox.control).toBe(false);
    expect(sandbox.publicUrl).toBe('http://localhost:8090');
    // generated by `npm run secrets -- env`, never the sandbox app's built-in one
    expect(settings.clientSecret).toMatch(/^[\w-]{43}$/);
    expect(sandbox.SANDBOX_CLIENT_SECRET).toBe(settings.clientSecret);
    expect(sandbox.SANDBOX_CLIENT_ID).toBe(settings.clientId);
  });

  test('when the billing sandbox runs in compose, then the billing service calls it by its internal name with the key and signing secret it was given, and it posts events to the gateway', () => {
    const billing = project.services.billing.environment ?? {};
    const sandboxEnv = project.services['billing-sandbox'].environment ?? {};
    expect(billing.STRIPE_API_URL).toBe('http://billing-sandbox:3000');
    // generated by `npm run secrets -- env`, never the sandbox's well-known pair
    expect(billing.STRIPE_SECRET_KEY).toMatch(/^sk_test_[0-9a-f]{48}$/);
    expect(billing.STRIPE_WEBHOOK_SECRET).toMatch(/^whsec_[0-9a-f]{48}$/);
    const { readConfig } = require(path.join(root, 'services/billing/src/config.ts'));
    expect(readConfig(billing).stripe).toMatchObject({ apiUrl: 'http://billing-sandbox:3000', secretKey: billing.STRIPE_SECRET_KEY, webhookSecret: billing.STRIPE_WEBHOOK_SECRET });
    const sandbox = require(path.join(root, 'services/billing-sandbox/src/config.ts')).readConfig(sandboxEnv);
    expect(sandbox.SANDBOX_SECRET_KEY).toBe(billing.STRIPE_SECRET_KEY);
    expect(sandbox.SANDBOX_WEBHOOK_SECRET).toBe(billing.STRIPE_WEBHOOK_SECRET);
    // Stripe's events reach the product through the gateway's route, as on the internet
    expect(sandbox.webhookUrl).toBe('http://gateway:3000/api/billing/webhook');
    expect(project.services.gateway.environment?.BILLING_URL).toBe('http://billing:3000');
    expect(sandbox.publicUrl).toBe('http://localhost:8091');
    expect(sandbox.productUrl).toBe(project.services.billing.environment?.PUBLIC_URL);
    expect(sandbox.control).toBe(false);
  });

  test('when .env says real Stripe and no sandbox profile, then the billing sandbox does not run and the billing service calls api.stripe.com with the account keys', () => {
    const live = load(composeFile, { COMPOSE_PROFILES: null, LINKEDIN_MODE: 'live', LINKEDIN_CLIENT_ID: '86abcdef', LINKEDIN_CLIENT_SECRET: 'WPL_AP1.a-real-looking.secret==', STRIPE_API_URL: '', ...REAL_STRIPE });
    expect(live.services['billing-sandbox']).toBeUndefined();
    const { readConfig } = require(path.join(root, 'services/billing/src/config.ts'));
    expect(readConfig(live.services.billing.environment).stripe).toMatchObject({ apiUrl: 'https://api.stripe.com', secretKey: REAL_STRIPE.STRIPE_SECRET_KEY });
  });

  test('when .env gives a live Stripe key but still points at the billing sandbox, then the billing service refuses to start', () => {
    const mixed = load(composeFile, REAL_STRIPE);
    const { readConfig } = require(path.join(root, 'services/billing/src/config.ts'));
    let problems: string[] = [];
    try {
      readConfig(mixed.services.billing.environment);
    } catch (error) {
      problems = (error as { problems?: string[] }).problems ?? [String(error)];
    }
    expect(problems).toEqual([expect.stringMatching(/^STRIPE_API_URL: a live key is only sent to https:\/\/api\.stripe\.com/)]);
  });

  test('when the sandbox profile runs Mailpit, then the services that send email reach it by its compose name with one sender and the product\'s address for their links, it accepts their login, and no other program gets the email settings', () => {
    for (const name of MAIL_SENDERS) {
      const env = project.services[name].environment ?? {};
      expect([name, env.SMTP_URL, env.MAIL_FROM]).toEqual([name, 'smtp://mailpit:1025', project.services.auth.environment?.MAIL_FROM]);
    }
    expect(project.services.auth.environment?.MAIL_FROM).toMatch(/^Postwright <no-reply@[\w.-]+>$/);
    // the emailed links open the product's own address
    for (const name of MAIL_SENDERS) expect([name, project.services[name].environment?.PUBLIC_URL]).toEqual([name, project.services.gateway.environment?.PUBLIC_URL]);
    for (const [name] of PROGRAMS.filter(([n]) => !MAIL_SENDERS.includes(n))) {
      expect([name, Object.keys(project.services[name].environment ?? {}).filter((k) => k === 'SMTP_URL' || k === 'MAIL_FROM')]).toEqual([name, []]);
    }
    const mailpit = project.services.mailpit;
    expect(mailpit.profiles).toEqual(['sandbox']);
    expect(mailpit.environment).toMatchObject({ MP_SMTP_AUTH_ACCEPT_ANY: 'true', MP_SMTP_AUTH_ALLOW_INSECURE: 'true', MP_DISABLE_VERSION_CHECK: 'true' });
    expect(mailpit.healthcheck?.test).toEqual(['CMD', '/mailpit', 'readyz']);
    expect(mailpit.read_only).toBe(true);
    expect(mailpit.cap_drop).toEqual(['ALL']);
  });

  test('when .env gives an email provider\'s SMTP server and no sandbox profile, then Mailpit does not run and the services send through that server', () => {
    const provider = 'smtps://postwright:Jx7vQ2mL9pR4tW8z@smtp.provider.test:465';
    const live = load(composeFile, { COMPOSE_PROFILES: null, LINKEDIN_MODE: 'live', LINKEDIN_CLIENT_ID: '86abcdef', LINKEDIN_CLIENT_SECRET: 'WPL_AP1.a-real-looking.secret==', SMTP_URL: provider, MAIL_FROM: 'Postwright <no-reply@postwright.io>' });
    expect(live.services.mailpit).toBeUndefined();
    for (const name of MAIL_SENDERS) expect([name, live.services[name].environment?.SMTP_URL]).toEqual([name, provider]);
  });

  test('when `npm run secrets -- env` fills an example that says live LinkedIn, then it leaves the client secret for the LinkedIn app\'s own', () => {
    const example = fs.readFileSync(path.join(root, '.env.example'), 'utf8');
    expect(example).toMatch(/^LINKEDIN_MODE=sandbox$/m);
    expect(fill(example).generated).toContain('LINKEDIN_CLIENT_SECRET');
    const live = fill(example.replace(/^LINKEDIN_MODE=sandbox$/m, 'LINKEDIN_MODE=live'));
    expect(live.generated).not.toContain('LINKEDIN_CLIENT_SECRET');
    expect(live.missing).toContain('LINKEDIN_CLIENT_SECRET');
    expect(live.text).toMatch(/^LINKEDIN_CLIENT_SECRET=$/m);
  });

  test('when .env says live LinkedIn and no sandbox profile, then the sandbox does not run and the LinkedIn service takes the app credentials', () => {
    const live = load(composeFile, { COMPOSE_PROFILES: null, LINKEDIN_MODE: 'live', LINKEDIN_CLIENT_ID: '86abcdef', LINKEDIN_CLIENT_SECRET: 'WPL_AP1.a-real-looking.secret==' });
    expect(live.services['linkedin-sandbox']).toBeUndefined();
    const { readConfig } = require(path.join(root, 'services/linkedin/src/config.ts'));
    expect(readConfig(live.services.linkedin.environment).linkedin).toMatchObject({ mode: 'live', clientId: '86abcdef', authUrl: 'https://www.linkedin.com/oauth/v2/authorization' });
  });

  test.each(PROGRAMS)('when compose builds %s, then it is its own Dockerfile target: its bundle run on node with the launcher flags, as the node user, with a health check', (name, dir) => {
    const service = project.services[name];
    expect(service.build?.target).toBe(name);
    expect(service.image).toBe(`postwright/${name}:local`);
    expect(service.command ?? null).toBeNull(); // the image's CMD
    const stages = dockerfileStages();
    const target = stages.get(name);
    expect(target?.base).toBe('runtime');
    expect(imageCommand(stages, name)).toEqual(['node', ...nodeFlags(name), `${dir}/dist/main.js`]);
    expect(target?.instructions).toContainEqual({ keyword: 'COPY', args: `--from=${name}-deps /app/node_modules node_modules` });
    const runtime = (stages.get('runtime')?.instructions ?? []).map((i) => `${i.keyword} ${i.args}`);
    expect(runtime).toContain('USER node');
    expect(runtime.some((l) => l.startsWith('HEALTHCHECK') && l.includes('/app/healthcheck.js'))).toBe(true);
  });
});
