/**
 * One name for one setting everywhere: docs/configuration.md, .env.example, the compose
 * file and the Kubernetes overlays all speak of the variables the programs' config schemas read
 * (compose and Kubernetes environments are held against each schema in docker-compose.test.ts
 * and k8s.test.ts; this file covers what people read and copy: docs/configuration.md, written
 * from the schemas, the guides beside it, and .env.example).
 */
import fs from 'node:fs';
import path from 'node:path';
import { CONFIGURATION_DOC, configurationDoc, programSettings } from '../scripts/config-docs';
import { LAUNCHER_SETTINGS } from '../src/stack/settings';

const root = path.resolve(__dirname, '../..');
const read = (file: string) => fs.readFileSync(path.join(root, file), 'utf8');

/** the guides beside docs/configuration.md that document settings too */
const GUIDES = ['docs/linkedin.md', 'docs/billing.md'].filter((file) => fs.existsSync(path.join(root, file)));

const settings = programSettings();
const schemaKeys = new Set([...settings.values()].flatMap((list) => list.map((s) => s.name)));
const known = new Set([...schemaKeys, ...Object.keys(LAUNCHER_SETTINGS)]);
const envExample = [...read('.env.example').matchAll(/^([A-Z][A-Z0-9_]*)=/gm)].map((m) => m[1]);
const composeVariables = [...new Set([...read('docker-compose.yml').matchAll(/\$\{([A-Z][A-Z0-9_]*)/g)].map((m) => m[1]))];

/** The setting names a page documents: the first cell of every table row, and `NAME=value` in its text. */
function documentedSettings(text: string): string[] {
  const rows = text
    .split('\n')
    .filter((line) => line.startsWith('| `'))
    .flatMap((line) => [...line.split('|')[1].matchAll(/`([A-Z][A-Z0-9_]*)`/g)].map((m) => m[1]));
  // OTEL_* are OpenTelemetry's own, read by its SDK
  const assignments = [...text.matchAll(/`([A-Z][A-Z0-9_]*)=[^`]*`/g)].map((m) => m[1]).filter((name) => !name.startsWith('OTEL_'));
  return [...rows, ...assignments];
}

/** Where two texts first differ, as a line of each, so the failure says what changed. */
function firstDifference(actual: string, expected: string): string {
  const a = actual.split('\n');
  const e = expected.split('\n');
  const line = a.findIndex((text, i) => text !== e[i]);
  const at = line === -1 ? a.length : line;
  return `line ${at + 1}:\n  in the file:     ${a[at] ?? '(end of file)'}\n  from the schemas: ${e[at] ?? '(end of file)'}`;
}

describe('setting names', () => {
  test('when a program reads a setting, then its config schema describes it (so docs/configuration.md documents it)', () => {
    // programSettings throws on a key without a description; every key has a row
    expect(schemaKeys.size).toBeGreaterThan(40);
    const documented = new Set(documentedSettings(read(CONFIGURATION_DOC)));
    expect([...known].filter((name) => !documented.has(name))).toEqual([]);
  });

  test('when docs/configuration.md is read, then it is what the config schemas and the launcher say (else run `npm run docs:config`)', () => {
    const actual = read(CONFIGURATION_DOC);
    const expected = configurationDoc();
    if (actual !== expected) {
      throw new Error(`${CONFIGURATION_DOC} is not what the config schemas say: run \`npm run docs:config\` and commit it.\nFirst difference at ${firstDifference(actual, expected)}`);
    }
  });

  test('when docs/configuration.md or a guide (docs/linkedin.md, docs/billing.md) documents a setting, then a program or the launcher reads a variable of that name', () => {
    for (const file of [CONFIGURATION_DOC, ...GUIDES]) {
      const names = documentedSettings(read(file));
      expect({ file, unknown: names.filter((name) => !known.has(name)) }).toEqual({ file, unknown: [] });
    }
  });

  test('when .env.example lists a variable, then docker-compose.yml uses it, and it lists every variable compose uses', () => {
    expect(envExample.filter((name) => name !== 'COMPOSE_PROFILES' && !composeVariables.includes(name))).toEqual([]);
    expect(composeVariables.filter((name) => !envExample.includes(name))).toEqual([]);
  });
});
