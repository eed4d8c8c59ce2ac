/**
 * The compiled programs (platform/scripts/build.js): what each one loads at start, and that
 * every way of running them (npm start, docker compose, the image) uses the same node flags.
 */
import fs from 'node:fs';
import path from 'node:path';
import { buildIfNeeded, entry, NODE_FLAGS, nodeFlags, ROOT } from '../scripts/build';

/** the modules a compiled program requires at its top level or anywhere below */
function requiredModules(name: string): string[] {
  const code = fs.readFileSync(entry(name).outfile, 'utf8');
  return [...new Set([...code.matchAll(/require\("([^"]+)"\)/g)].map((m) => m[1]))];
}

describe('compiled programs', () => {
  beforeAll(() => {
    buildIfNeeded();
  });

  test.each(['gateway', 'linkedin-sandbox'])('when %s is compiled, then it loads neither the MongoDB nor the RabbitMQ driver', (name) => {
    expect(requiredModules(name).filter((m) => /^(mongoose|mongodb|amqplib|amqp-connection-manager)$/.test(m))).toEqual([]);
  });

  test('when the launcher is compiled, then it loads no npm package (only Node and build.js)', () => {
    expect(requiredModules('launcher').filter((m) => !m.startsWith('node:') && m !== '../../scripts/build')).toEqual([]);
  });

  test('when the content service is compiled, then the openai SDK is loaded only where a model is configured', () => {
    const code = fs.readFileSync(entry('content').outfile, 'utf8');
    // esbuild turns the lazy require into a module initialised on first use
    expect(code).toMatch(/var init_openai_generator = __esm\(/);
    expect(code.indexOf('require("openai")')).toBeGreaterThan(code.indexOf('var init_openai_generator = __esm('));
  });

  test('when npm start runs, then the launcher gets the same node flags as the programs it starts', () => {
    const pkg = JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as { scripts: Record<string, string> };
    expect(pkg.scripts.start).toBe(`node ${NODE_FLAGS.join(' ')} platform/scripts/start.js`);
  });

  test('when the image starts without a command, then it runs the compiled gateway with the same node flags', () => {
    const cmd = /^CMD (\[.*\])$/m.exec(fs.readFileSync(path.join(ROOT, 'Dockerfile'), 'utf8'))?.[1];
    expect(JSON.parse(cmd ?? 'null')).toEqual(['node', ...nodeFlags('gateway'), 'gateway/dist/main.js']);
  });
});
