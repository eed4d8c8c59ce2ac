/**
 * deploy-check (deploy/check) is how CI validates docker-compose.yml and the Kustomize
 * overlays without a Docker engine or a cluster: these tests prove it refuses what
 * `docker compose` and the Kubernetes API server refuse, on small files of their own.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { composeConfig, deployCheckBinary, kustomizeBuild } from '../src/testing/deploy-check';

let tmp: string;

/** Writes files under the temp dir and returns the folder's path. */
function write(dir: string, files: Record<string, string>): string {
  const folder = path.join(tmp, dir);
  fs.mkdirSync(folder, { recursive: true });
  for (const [name, content] of Object.entries(files)) fs.writeFileSync(path.join(folder, name), content);
  return folder;
}

const COMPOSE = `
services:
  api:
    image: postwright:test
    build: { context: ., target: runtime }
    command: ["node", "gateway/dist/main.js"]
    environment:
      SECRET: \${SECRET:?set it}
      LOG_LEVEL: \${LOG_LEVEL:-info}
    ports: ["127.0.0.1:8080:3000"]
    depends_on:
      redis: { condition: service_healthy }
  redis:
    image: redis:7
    healthcheck: { test: ["CMD", "redis-cli", "ping"], interval: 5s, retries: 10 }
  seed:
    image: postwright:test
    profiles: [tools]
`;

function compose(dir: string, composeFile: string, env: string) {
  const folder = write(dir, { 'docker-compose.yml': composeFile, 'test.env': env });
  return (profiles?: string[]) => composeConfig({ file: path.join(folder, 'docker-compose.yml'), envFile: path.join(folder, 'test.env'), profiles });
}

const KUSTOMIZATION = 'apiVersion: kustomize.config.k8s.io/v1beta1\nkind: Kustomization\nnamespace: postwright\nresources: [app.yaml]\n';

const DEPLOYMENT = `
apiVersion: apps/v1
kind: Deployment
metadata: { name: gateway }
spec:
  replicas: 2
  selector: { matchLabels: { app: gateway } }
  template:
    metadata: { labels: { app: gateway } }
    spec:
      containers:
        - name: gateway
          image: postwright:test
          ports: [{ containerPort: 3000 }]
          livenessProbe:
            httpGet: { path: /health, port: 3000 }
`;

const SERVICE = `
apiVersion: v1
kind: Service
metadata: { name: gateway }
spec:
  selector: { app: gateway }
  ports: [{ port: 80, targetPort: 3000 }]
`;

function overlay(dir: string, ...documents: string[]): string {
  return write(dir, { 'kustomization.yaml': KUSTOMIZATION, 'app.yaml': documents.join('\n---\n') });
}

beforeAll(() => {
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'deploy-check-'));
  // the first run builds the tool: Go modules and compile take minutes on a small machine
  deployCheckBinary();
}, 600_000);

afterAll(() => {
  if (tmp) fs.rmSync(tmp, { recursive: true, force: true });
});

describe('deploy-check compose', () => {
  test('when a service has a field compose does not know, then loading fails naming it', () => {
    const result = compose('unknown-field', COMPOSE.replace('    ports:', '    restartt: always\n    ports:'), 'SECRET=s3cret\n')();
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.error).toMatch(/services\.api.*restartt/);
  });

  test('when a field has the wrong type, then loading fails', () => {
    const result = compose('wrong-type', COMPOSE.replace('profiles: [tools]', 'profiles: tools'), 'SECRET=s3cret\n')();
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.error).toMatch(/services\.seed\.profiles/);
  });

  test('when a required variable is missing from the env file, then loading fails with its message', () => {
    // set in this process: the tool must not look at the process environment
    process.env.SECRET = 'from-the-shell';
    try {
      const result = compose('missing-secret', COMPOSE, 'LOG_LEVEL=debug\n')();
      expect(result.ok).toBe(false);
      if (!result.ok) expect(result.error).toContain('required variable SECRET is missing a value: set it');
    } finally {
      delete process.env.SECRET;
    }
  });

  test('when the file is valid, then the normalized project comes back with its environment interpolated', () => {
    const result = compose('valid', COMPOSE, 'SECRET=s3cret\n')();
    if (!result.ok) throw new Error(result.error);
    const { project } = result;
    expect(project.name).toBe('postwright');
    expect(Object.keys(project.services).sort()).toEqual(['api', 'redis']);
    const api = project.services.api;
    expect(api.environment).toEqual({ SECRET: 's3cret', LOG_LEVEL: 'info' });
    expect(api.command).toEqual(['node', 'gateway/dist/main.js']);
    expect(api.build?.target).toBe('runtime');
    expect(api.ports).toEqual([expect.objectContaining({ target: 3000, published: '8080', host_ip: '127.0.0.1' })]);
    expect(api.depends_on?.redis.condition).toBe('service_healthy');
    expect(project.services.redis.healthcheck).toMatchObject({ test: ['CMD', 'redis-cli', 'ping'], interval: '5s', retries: 10 });
  });

  test('when a profile is enabled, by flag or by COMPOSE_PROFILES in the env file, then its services are in the project', () => {
    const byFlag = compose('profile-flag', COMPOSE, 'SECRET=s3cret\n')(['tools']);
    const byEnv = compose('profile-env', COMPOSE, 'SECRET=s3cret\nCOMPOSE_PROFILES=tools\n')();
    for (const result of [byFlag, byEnv]) {
      if (!result.ok) throw new Error(result.error);
      expect(result.project.services.seed?.profiles).toEqual(['tools']);
    }
  });
});

describe('deploy-check kustomize', () => {
  test('when a Deployment has a field Kubernetes does not know, then the build fails naming it', () => {
    const dir = overlay('k-unknown-field', DEPLOYMENT.replace('httpGet:', 'httpGett:'), SERVICE);
    const result = kustomizeBuild([dir]);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.error).toContain(`${dir}: Deployment/gateway: strict decoding error: unknown field "spec.template.spec.containers[0].livenessProbe.httpGett"`);
  });

  test('when a field has the wrong type, then the build fails naming it', () => {
    const dir = overlay('k-wrong-type', DEPLOYMENT.replace('replicas: 2', 'replicas: "two"'), SERVICE);
    const result = kustomizeBuild([dir]);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.error).toMatch(/Deployment\/gateway: .*spec\.replicas of type int32/);
  });

  test('when a kind is unknown to Kubernetes, then the build fails', () => {
    const dir = overlay('k-unknown-kind', SERVICE, 'apiVersion: example.com/v1\nkind: Widget\nmetadata: { name: gadget }\n');
    const result = kustomizeBuild([dir]);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.error).toContain('Widget/gadget: no kind "Widget" is registered');
  });

  test('when several objects of several overlays are wrong, then every problem is reported', () => {
    const first = overlay('k-many-1', DEPLOYMENT.replace('replicas: 2', 'replicas: "two"'), SERVICE.replace('selector:', 'selectr:'));
    const second = overlay('k-many-2', DEPLOYMENT.replace('containerPort:', 'containerPrt:'));
    const result = kustomizeBuild([first, second]);
    expect(result.ok).toBe(false);
    // one line a problem: "<overlay>: <Kind>/<name>: <what is wrong>"
    const where = result.ok ? [] : result.error.split('\n').map((line) => line.split(': ').slice(0, 2).join(': '));
    expect(where.sort()).toEqual([`${first}: Deployment/gateway`, `${first}: Service/gateway`, `${second}: Deployment/gateway`]);
  });

  test('when the Deployment and the Service are valid, then the built objects come back', () => {
    const dir = overlay('k-valid', DEPLOYMENT, SERVICE);
    const result = kustomizeBuild([dir]);
    if (!result.ok) throw new Error(result.error);
    const objects = result.objects[dir];
    expect(objects.map((o) => `${o.kind}/${o.metadata.name}`).sort()).toEqual(['Deployment/gateway', 'Service/gateway']);
    expect(objects.every((o) => o.metadata.namespace === 'postwright')).toBe(true);
    const deployment = objects.find((o) => o.kind === 'Deployment');
    expect(deployment?.spec.template.spec.containers[0].livenessProbe).toEqual({ httpGet: { path: '/health', port: 3000 } });
  });
});
