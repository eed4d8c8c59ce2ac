/**
 * docker-compose.yml cannot run on a machine without a Docker engine, so it is kept honest
 * here: every app service's environment must satisfy that service's own config schema,
 * name no variable the schema does not know, and wait for healthy infrastructure.
 */
import fs from 'node:fs';
import path from 'node:path';
import { parse } from 'yaml';
import { NODE_FLAGS } from '../scripts/build';
import type { z } from 'zod';

const root = path.resolve(__dirname, '../..');
const compose = parse(fs.readFileSync(path.join(root, 'docker-compose.yml'), 'utf8'), { merge: true }) as {
  services: Record<string, { environment?: Record<string, string>; command?: string[]; depends_on?: Record<string, { condition: string }>; healthcheck?: unknown; image?: string }>;
};

/** Resolves ${VAR:-default} the way compose does with an empty environment. */
function interpolate(env: Record<string, string>): Record<string, string> {
  return Object.fromEntries(
    Object.entries(env)
      .map(([k, v]) => [k, String(v).replace(/\$\{[A-Z0-9_]+:-([^}]*)\}/g, '$1')] as const)
      .filter(([, v]) => v !== ''),
  );
}

/** The object schema's keys, also behind .transform()/.pipe() (zod 4 pipes keep their input). */
function knownKeys(schema: unknown): string[] {
  let current = schema as { shape?: Record<string, unknown>; def?: { type?: string; in?: unknown } };
  for (let depth = 0; depth < 5 && !current.shape && current.def?.type === 'pipe'; depth++) current = current.def.in as typeof current;
  if (!current.shape) throw new Error('config schema is not an object schema');
  return Object.keys(current.shape);
}

const apps: Array<[string, string]> = [
  ['auth', 'services/auth'],
  ['content', 'services/content'],
  ['linkedin', 'services/linkedin'],
  ['linkedin-sandbox', 'services/linkedin-sandbox'],
  ['scheduler', 'services/scheduler'],
  ['gateway', 'gateway'],
];

describe('docker-compose.yml', () => {
  test('when read, then it has MongoDB, Redis and RabbitMQ with health checks', () => {
    for (const infra of ['mongo', 'redis', 'rabbitmq']) {
      expect(compose.services[infra]).toBeDefined();
      expect(compose.services[infra].healthcheck).toBeDefined();
    }
    expect(compose.services.mongo.image).toMatch(/^mongo:/);
  });

  test.each(apps)('when %s starts in compose, then its environment satisfies its config schema exactly', (name, dir) => {
    const service = compose.services[name];
    expect(service).toBeDefined();
    // the compiled program, run as npm start runs it (platform/scripts/build.js)
    expect(service.command).toEqual(['node', ...NODE_FLAGS, `${dir}/dist/main.js`]);
    const { configSchema } = require(path.join(root, dir, 'src/config.ts')) as { configSchema: z.ZodType };
    const env = interpolate(service.environment ?? {});
    const result = configSchema.safeParse(env);
    expect(result.success ? [] : result.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`)).toEqual([]);
    const known = knownKeys(configSchema);
    expect(Object.keys(env).filter((k) => !known.includes(k))).toEqual([]);
  });

  test('when an app service depends on infrastructure, then it waits for it to be healthy', () => {
    for (const [name] of apps.filter(([n]) => n !== 'linkedin-sandbox' && n !== 'gateway')) {
      const deps = compose.services[name].depends_on ?? {};
      for (const infra of ['mongo', 'redis', 'rabbitmq']) expect(deps[infra]?.condition).toBe('service_healthy');
    }
  });
});
