/**
 * Writes docs/configuration.md from what the settings say of themselves: each program's config
 * schema (src/config.ts: every key's zod description, its default, `.meta({ unset })` where the
 * schema has none) and the launcher's settings (platform/src/stack/settings.ts).
 *
 *   npm run docs:config
 *
 * platform/test/settings.agreement.test.ts fails when the page is not what this writes.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { z } from 'zod';
import { LOCAL_SECRET_NAMES } from '../src/stack/secrets';
import { LAUNCHER_SETTINGS } from '../src/stack/settings';

const ROOT = path.resolve(__dirname, '../..');
export const CONFIGURATION_DOC = 'docs/configuration.md';

interface Program {
  /** the workspace folder: its src/config.ts exports configSchema */
  dir: string;
  /** the short name the "Read by" column uses */
  name: string;
  title: string;
  /** prose under the title */
  note?: string;
  /** prose after the table */
  after?: string;
}

export const PROGRAMS: Program[] = [
  { dir: 'gateway', name: 'gateway', title: 'Gateway', note: 'The only public entry: the API, the web app and the probes.' },
  {
    dir: 'services/auth',
    name: 'auth',
    title: 'Auth service',
    after: '`npm run create-admin -- <email> [--super]` makes an existing account ADMIN (or SUPER_ADMIN).',
  },
  { dir: 'services/content', name: 'content', title: 'Content service', note: 'Using a real model: [generation.md](generation.md).' },
  { dir: 'services/linkedin', name: 'linkedin', title: 'LinkedIn service', note: 'Connecting a real LinkedIn app: [linkedin.md](linkedin.md).' },
  { dir: 'services/scheduler', name: 'scheduler', title: 'Scheduler service' },
  { dir: 'services/billing', name: 'billing', title: 'Billing service', note: 'Taking payments with real Stripe: [billing.md](billing.md).' },
  {
    dir: 'services/linkedin-sandbox',
    name: 'linkedin-sandbox',
    title: 'LinkedIn sandbox',
    note: "A local double of LinkedIn's sign-in and API; how it behaves, its faults and test controls: [linkedin.md](linkedin.md#the-sandbox).",
  },
  { dir: 'services/billing-sandbox', name: 'billing-sandbox', title: 'Billing sandbox', note: "A local double of Stripe's API, Checkout and customer portal." },
];
const SERVICES = ['auth', 'content', 'linkedin', 'scheduler', 'billing'];

export interface Setting {
  name: string;
  /** the Default cell, in Markdown */
  default: string;
  /** the Meaning cell, in Markdown */
  meaning: string;
}

const INTRO = `# Configuration

<!-- Written by \`npm run docs:config\` from the programs' config schemas (src/config.ts) and the launcher's settings (platform/src/stack/settings.ts): edit those, then run it. -->

Every process reads its configuration in one place (\`src/config.ts\`, a zod schema) and refuses
to start listing every bad variable. \`npm start\` sets the service URLs, ports and secrets for
you; everything below can be overridden in the environment. An empty variable counts as unset
(compose passes \`OPENAI_API_KEY: \${OPENAI_API_KEY:-}\` as an empty string when \`.env\` leaves it
empty).
`;

const OUTRO = `## Production refusals

With \`NODE_ENV=production\` (as the images set it), every program refuses to start on a
configuration that only suits a developer's machine, and lists every problem at once:

- a secret that is missing, a known or example value (one Postwright once shipped, or a
  placeholder such as \`change-me\`), too short or too repetitive: \`INTERNAL_TOKEN\` (services; 32
  characters or more) and \`TOKEN_ENCRYPTION_KEY\` (linkedin; 32 random bytes, base64);
- \`JWT_PRIVATE_KEY\` (auth) missing, or not an RSA key of 2048 bits or more. Production never
  generates one: every replica must sign with the same key, and a key made inside a container
  would die with it;
- a setting left to its local default: \`REDIS_URL\` (gateway and services), \`AMQP_URL\`
  (services), \`PUBLIC_URL\` (gateway, auth, linkedin, scheduler, billing, the sandboxes),
  \`SMTP_URL\` and \`MAIL_FROM\` (auth, linkedin, scheduler), \`SANDBOX_WEBHOOK_URL\` (billing
  sandbox). \`MONGO_URL\` has no default anywhere;
- a connection string (\`MONGO_URL\`, \`REDIS_URL\`, \`AMQP_URL\`, \`SMTP_URL\`) with a well-known password
  (\`guest:guest\`, \`changeme\`, \`password\`, ...);
- linkedin: no \`LINKEDIN_MODE\` while \`LINKEDIN_CLIENT_ID\` is unset (it would quietly talk to the
  sandbox); live mode with the sandbox's built-in client secret; sandbox mode without
  \`LINKEDIN_SANDBOX_URL\`, or without a generated \`LINKEDIN_CLIENT_SECRET\` (32 characters or
  more, the one the LinkedIn sandbox is given as \`SANDBOX_CLIENT_SECRET\`: it refuses its built-in
  one too);
- billing: no \`STRIPE_SECRET_KEY\` or \`STRIPE_WEBHOOK_SECRET\`, or the billing sandbox's built-in
  ones (the sandbox refuses them too); a live key with \`STRIPE_API_URL\` anywhere but
  api.stripe.com.

\`TRUST_PROXY=true\` is refused in any mode. \`npm start\` runs with \`NODE_ENV=development\` and needs
no keys: it makes its own once in \`.data/secrets.json\`.

## Traces

The gateway and the five services send traces with OpenTelemetry when an OTLP endpoint is set,
and load nothing of it otherwise. These are OpenTelemetry's own variables, read by its SDK as
documented there (not by our config schemas):

- \`OTEL_EXPORTER_OTLP_ENDPOINT\` (or \`OTEL_EXPORTER_OTLP_TRACES_ENDPOINT\`): the collector's
  OTLP/HTTP address, e.g. \`http://otel-collector:4318\`; unset, tracing is off.
- \`OTEL_SERVICE_NAME\`: the name spans carry; default the program's (\`gateway\`, \`content\`, ...).
- \`OTEL_TRACES_SAMPLER\`, \`OTEL_TRACES_SAMPLER_ARG\`: default \`parentbased_always_on\`; at scale,
  \`parentbased_traceidratio\` with a ratio such as \`0.1\`. The gateway continues the \`traceparent\`
  a caller sends, sampled flag included: to keep clients from choosing which of their requests
  are traced, give the gateway \`traceidratio\` (it decides alone; the services follow it).
- \`OTEL_EXPORTER_OTLP_HEADERS\` (a vendor's API key), \`OTEL_BSP_SCHEDULE_DELAY\` (how often spans
  are sent, 5000 ms), \`OTEL_SDK_DISABLED=true\` (off even with an endpoint).

A request's \`traceparent\` (W3C) is continued from the gateway through the services, the RabbitMQ
events it caused and their consumers, to the calls to LinkedIn, the model and Stripe; every log
line written inside a span carries \`trace_id\` and \`span_id\`.
`;

type Node = z.ZodType & { def: { type: string; in?: Node; innerType?: Node; defaultValue?: unknown } };

/** The object schema behind a program's configSchema (zod 4 pipes, from .transform(), keep their input). */
function objectShape(schema: unknown): Record<string, Node> {
  let current = schema as { shape?: Record<string, Node>; def?: { type?: string; in?: unknown } };
  for (let depth = 0; depth < 5 && !current.shape && current.def?.type === 'pipe'; depth++) current = current.def.in as typeof current;
  if (!current.shape) throw new Error('config schema is not an object schema');
  return current.shape;
}

/** The value the schema gives an unset variable, looking through optional, pipe (transform) and the like. */
function schemaDefault(field: Node): { value: unknown } | undefined {
  for (let node: Node | undefined = field; node; ) {
    const def: Node['def'] = node.def;
    if (def.type === 'default') return { value: def.defaultValue };
    node = def.type === 'pipe' ? def.in : def.innerType;
  }
  return undefined;
}

/** `900000` reads better with "(15 min)" beside it. */
function durationHint(name: string, value: number): string {
  const unit = name.endsWith('_MS') ? 1 : name.endsWith('_SECONDS') ? 1_000 : 0;
  const ms = value * unit;
  const sizes: Array<[number, string]> = [
    [86_400_000, ms === 86_400_000 ? 'day' : 'days'],
    [3_600_000, 'h'],
    [60_000, 'min'],
  ];
  const [size, word] = sizes.find(([size]) => ms >= size && ms % size === 0) ?? [0, ''];
  return size ? ` (${ms / size} ${word})` : '';
}

function formatDefault(name: string, value: unknown): string {
  if (value === '') return 'empty';
  if (typeof value === 'string' && path.isAbsolute(value) && value.startsWith(ROOT + path.sep)) return `\`${path.relative(ROOT, value)}\``;
  return `\`${String(value)}\`${typeof value === 'number' ? durationHint(name, value) : ''}`;
}

/** A program's settings as its config schema describes them; a key without a description is an error. */
export function describedSettings(schema: unknown): Setting[] {
  return Object.entries(objectShape(schema)).map(([name, field]) => {
    const meta = field.meta() ?? {};
    if (!meta.description) throw new Error(`${name} has no description: give it one in its config schema (.describe('...'))`);
    const fallback = schemaDefault(field);
    const defaultCell =
      typeof meta.unset === 'string'
        ? meta.unset
        : fallback
          ? formatDefault(name, fallback.value)
          : (LOCAL_SECRET_NAMES as readonly string[]).includes(name)
            ? 'none: generated into `.data/secrets.json` by `npm start`'
            : field.safeParse(undefined).success
              ? 'unset'
              : 'none (required)';
    return { name, default: defaultCell, meaning: meta.description };
  });
}

/** What `npm start` reads, from the launcher's own table. */
export function launcherSettings(): Setting[] {
  return Object.entries(LAUNCHER_SETTINGS).map(([name, s]) => ({
    name,
    default: 'unset' in s ? s.unset : formatDefault(name, s.default),
    meaning: s.description,
  }));
}

const cell = (text: string) => text.replace(/\|/g, '\\|').replace(/\s*\n\s*/g, ' ');

function table(columns: string[], rows: string[][]): string {
  return [`| ${columns.join(' | ')} |`, `| ${columns.map(() => '---').join(' | ')} |`, ...rows.map((row) => `| ${row.map(cell).join(' | ')} |`)].join('\n');
}

function readBy(names: string[]): string {
  const is = (list: string[]) => list.length === names.length && list.every((n) => names.includes(n));
  if (names.length === PROGRAMS.length) return 'every program';
  if (is(SERVICES)) return 'the five services';
  if (is(['gateway', ...SERVICES])) return 'the gateway and the services';
  return names.join(', ');
}

/** Every program's settings, read from its schema (the programs' config modules are loaded here). */
export function programSettings(): Map<Program, Setting[]> {
  return new Map(PROGRAMS.map((program) => [program, describedSettings(require(path.join(ROOT, program.dir, 'src/config.ts')).configSchema)]));
}

/** docs/configuration.md as the schemas say it. */
export function configurationDoc(): string {
  const settings = programSettings();
  // one row for a setting several programs read alike (same default and meaning)
  const readers = new Map<string, { setting: Setting; programs: string[] }>();
  for (const [program, list] of settings) {
    for (const setting of list) {
      const key = JSON.stringify(setting);
      const entry = readers.get(key) ?? { setting, programs: [] };
      entry.programs.push(program.name);
      readers.set(key, entry);
    }
  }
  const shared = [...readers.values()].filter((entry) => entry.programs.length > 1);
  const sharedKeys = new Set(shared.map((entry) => JSON.stringify(entry.setting)));
  const row = (s: Setting) => [`\`${s.name}\``, s.default, s.meaning];

  const sections = [
    INTRO,
    '## Shared settings\n\nSettings several programs read, alike in each:\n',
    table(
      ['Variable', 'Read by', 'Default', 'Meaning'],
      shared.map(({ setting, programs }) => [`\`${setting.name}\``, readBy(programs), setting.default, setting.meaning]),
    ),
    '\n## `npm start`\n\nThe launcher reads these and gives the programs their ports, addresses and secrets:\n',
    table(['Variable', 'Default', 'Meaning'], launcherSettings().map(row)),
  ];
  for (const [program, list] of settings) {
    const own = list.filter((s) => !sharedKeys.has(JSON.stringify(s)));
    sections.push(`\n## ${program.title}\n`);
    if (program.note) sections.push(`${program.note}\n`);
    sections.push(table(['Variable', 'Default', 'Meaning'], own.map(row)));
    if (program.after) sections.push(`\n${program.after}`);
  }
  sections.push(`\n${OUTRO}`);
  return sections.join('\n');
}

if (require.main === module) {
  fs.writeFileSync(path.join(ROOT, CONFIGURATION_DOC), configurationDoc());
  process.stdout.write(`wrote ${CONFIGURATION_DOC}\n`);
}
