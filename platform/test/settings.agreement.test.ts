/**
 * One name for one setting everywhere: docs/configuration.md, .env.example, the compose
 * file and the Kubernetes overlays all speak of the variables the programs' config schemas read
 * (compose and Kubernetes environments are held against each schema in docker-compose.test.ts
 * and k8s.test.ts; this file covers what people read and copy: docs/configuration.md and .env.example).
 */
import fs from 'node:fs';
import path from 'node:path';
import { configSchemaKeys } from '../src/testing';

const root = path.resolve(__dirname, '../..');
const read = (file: string) => fs.readFileSync(path.join(root, file), 'utf8');

const PROGRAMS = [
  'gateway',
  'services/auth',
  'services/content',
  'services/linkedin',
  'services/scheduler',
  'services/billing',
  'services/linkedin-sandbox',
  'services/billing-sandbox',
];
/** what `npm start`'s launcher reads (platform/src/stack): not a program's setting */
const LAUNCHER = [
  'PORT',
  'AUTH_PORT',
  'CONTENT_PORT',
  'LINKEDIN_PORT',
  'SCHEDULER_PORT',
  'BILLING_PORT',
  'LINKEDIN_SANDBOX_PORT',
  'BILLING_SANDBOX_PORT',
  'FERRETDB_PORT',
  'MAILPIT_SMTP_PORT',
  'MAILPIT_PORT',
  'POSTWRIGHT_DATA_DIR',
  'STARTUP_TIMEOUT_MS',
];
/** the guides beside docs/configuration.md that document settings too */
const GUIDES = ['docs/linkedin.md', 'docs/billing.md'].filter((file) => fs.existsSync(path.join(root, file)));


const schemaKeys = new Set(PROGRAMS.flatMap((dir) => configSchemaKeys(require(path.join(root, dir, 'src/config.ts')).configSchema)));
const envExample = [...read('.env.example').matchAll(/^([A-Z][A-Z0-9_]*)=/gm)].map((m) => m[1]);
const composeVariables = [...new Set([...read('docker-compose.yml').matchAll(/\$\{([A-Z][A-Z0-9_]*)/g)].map((m) => m[1]))];

/** The setting names of docs/configuration.md: the first cell of every table row. */
function documentedSettings(): string[] {
  return read('docs/configuration.md')
    .split('\n')
    .filter((line) => line.startsWith('| `'))
    .flatMap((line) => [...line.split('|')[1].matchAll(/`([A-Z][A-Z0-9_]*)`/g)].map((m) => m[1]));
}

describe('setting names', () => {
  test('when docs/configuration.md lists a setting, then a program or the launcher reads a variable of that name', () => {
    const names = documentedSettings();
    expect(names.length).toBeGreaterThan(40);
    expect(names.filter((n) => !schemaKeys.has(n) && !LAUNCHER.includes(n))).toEqual([]);
  });

  test('when a program reads a setting, then docs/configuration.md or a sandbox guide documents it', () => {
    const documented = [read('docs/configuration.md'), ...GUIDES.map(read)].join('\n');
    expect([...schemaKeys].filter((name) => !documented.includes(`\`${name}\``))).toEqual([]);
  });

  test('when .env.example lists a variable, then docker-compose.yml uses it, and it lists every variable compose uses', () => {
    expect(envExample.filter((name) => name !== 'COMPOSE_PROFILES' && !composeVariables.includes(name))).toEqual([]);
    expect(composeVariables.filter((name) => !envExample.includes(name))).toEqual([]);
  });
});
