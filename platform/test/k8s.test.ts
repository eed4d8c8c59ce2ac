/**
 * deploy/k8s cannot be applied on a machine without a cluster, so it is kept honest here: both
 * overlays are built with the real kustomize library and every object is decoded strictly into
 * the Kubernetes API types (deploy-check), then the objects are checked against one another
 * (Services, autoscalers, disruption budgets and network policies find their pods) and against
 * each program's own config schema (every variable a pod gets is one the program reads, and the
 * schema accepts the whole environment).
 */
import { createPublicKey, generateKeyPairSync, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseAllDocuments, type Document } from 'yaml';
import type { z } from 'zod';
import { fill, usesBillingSandbox, usesLinkedinSandbox, usesMailpit } from '../scripts/secrets';
import { kustomizeBuild } from '../src/testing/deploy-check';
import { configSchemaKeys } from '../src/testing';

const root = path.resolve(__dirname, '../..');
const source = path.join(root, 'deploy/k8s');

/* ------------------------------------------------------------------------------------------ *
 * The parts of the Kubernetes objects this test reads (deploy-check has already checked that  *
 * every object is a valid one, so these are narrow views, not validation).                    *
 * ------------------------------------------------------------------------------------------ */

type Labels = Record<string, string>;
interface Selector {
  matchLabels?: Labels;
  matchExpressions?: Array<{ key: string; operator: 'In' | 'NotIn' | 'Exists' | 'DoesNotExist'; values?: string[] }>;
}
interface Meta {
  name: string;
  namespace?: string;
  labels?: Labels;
  annotations?: Labels;
}
interface Obj {
  apiVersion: string;
  kind: string;
  metadata: Meta;
}
interface HttpProbe {
  httpGet?: { path?: string; port: number | string };
}
interface Container {
  name: string;
  image?: string;
  ports?: Array<{ name?: string; containerPort: number }>;
  env?: Array<{
    name: string;
    value?: string;
    valueFrom?: {
      configMapKeyRef?: { name: string; key: string; optional?: boolean };
      secretKeyRef?: { name: string; key: string; optional?: boolean };
    };
  }>;
  envFrom?: Array<{ prefix?: string; configMapRef?: { name: string; optional?: boolean }; secretRef?: { name: string; optional?: boolean } }>;
  readinessProbe?: HttpProbe;
  livenessProbe?: HttpProbe;
  startupProbe?: HttpProbe;
  lifecycle?: { preStop?: { exec?: { command?: string[] } } };
  resources?: { requests?: Labels; limits?: Labels };
  securityContext?: SecurityContext;
}
interface SecurityContext {
  runAsNonRoot?: boolean;
  runAsUser?: number;
  readOnlyRootFilesystem?: boolean;
  allowPrivilegeEscalation?: boolean;
  capabilities?: { drop?: string[] };
  seccompProfile?: { type: string };
}
interface Deployment extends Obj {
  spec: {
    replicas?: number;
    strategy?: { type?: string };
    selector: Selector;
    template: {
      metadata: { labels?: Labels };
      spec: {
        containers: Container[];
        terminationGracePeriodSeconds?: number;
        automountServiceAccountToken?: boolean;
        enableServiceLinks?: boolean;
        securityContext?: SecurityContext;
      };
    };
  };
}
interface Service extends Obj {
  spec: { selector?: Labels; ports: Array<{ name?: string; port: number; targetPort?: number | string }> };
}
interface ConfigMap extends Obj {
  data?: Labels;
}
interface Secret extends Obj {
  data?: Labels;
  stringData?: Labels;
}
interface Hpa extends Obj {
  spec: {
    scaleTargetRef: { apiVersion?: string; kind: string; name: string };
    minReplicas?: number;
    maxReplicas: number;
    metrics?: Array<{ type: string; resource?: { name: string; target: { type: string; averageUtilization?: number } } }>;
  };
}
interface Pdb extends Obj {
  spec: { minAvailable?: number | string; maxUnavailable?: number | string; selector?: Selector };
}
interface NetworkPolicyPeer {
  podSelector?: Selector;
  namespaceSelector?: Selector;
  ipBlock?: { cidr: string };
}
interface NetworkPolicy extends Obj {
  spec: {
    podSelector: Selector;
    policyTypes?: string[];
    ingress?: Array<{ from?: NetworkPolicyPeer[]; ports?: Array<{ port?: number | string; protocol?: string }> }>;
  };
}
interface Ingress extends Obj {
  spec: {
    tls?: Array<{ hosts?: string[]; secretName?: string }>;
    rules?: Array<{ host?: string; http?: { paths: Array<IngressPath> } }>;
  };
}

interface IngressPath {
  path?: string;
  pathType?: string;
  backend: { service?: { name: string; port: { name?: string; number?: number } } };
}

/**
 * Whether an Ingress path serves a request's path, as Kubernetes defines it: Exact is the whole
 * path; Prefix matches whole path elements (`/a/b` serves `/a/b` and `/a/b/c`, not `/a/bc`).
 */
function ingressServes(rule: IngressPath, requestPath: string): boolean {
  const path = rule.path ?? '/';
  if (rule.pathType === 'Exact') return requestPath === path;
  const prefix = path.replace(/\/+$/, '');
  return prefix === '' || requestPath === prefix || requestPath.startsWith(`${prefix}/`);
}

/** One overlay's objects, by kind. */
class Built {
  constructor(readonly objects: Obj[]) {}
  all<T extends Obj>(kind: string): T[] {
    return this.objects.filter((o) => o.kind === kind) as T[];
  }
  get<T extends Obj>(kind: string, name: string): T | undefined {
    return this.all<T>(kind).find((o) => o.metadata.name === name);
  }
  deployment(name: string): Deployment {
    const d = this.get<Deployment>('Deployment', name);
    if (!d) throw new Error(`no Deployment ${name}`);
    return d;
  }
}

function matches(selector: Selector | undefined, labels: Labels = {}): boolean {
  if (!selector) return false;
  for (const [k, v] of Object.entries(selector.matchLabels ?? {})) if (labels[k] !== v) return false;
  for (const e of selector.matchExpressions ?? []) {
    const has = e.key in labels;
    const inValues = has && (e.values ?? []).includes(labels[e.key]);
    if (e.operator === 'In' && !inValues) return false;
    if (e.operator === 'NotIn' && inValues) return false;
    if (e.operator === 'Exists' && !has) return false;
    if (e.operator === 'DoesNotExist' && has) return false;
  }
  return true;
}

const podLabels = (d: Deployment): Labels => d.spec.template.metadata.labels ?? {};

/**
 * The environment a container starts with, resolved as the kubelet does from the built
 * ConfigMaps and Secrets; `secretNames` are the variables that come from a Secret.
 */
function resolveEnv(built: Built, container: Container): { env: Record<string, string>; names: string[]; secretNames: string[]; problems: string[] } {
  const env: Record<string, string> = {};
  const secretNames: string[] = [];
  const problems: string[] = [];
  const secretValue = (name: string, key: string): string | undefined => {
    const secret = built.get<Secret>('Secret', name);
    if (!secret) return undefined;
    if (secret.stringData?.[key] !== undefined) return secret.stringData[key];
    const encoded = secret.data?.[key];
    return encoded === undefined ? undefined : Buffer.from(encoded, 'base64').toString('utf8');
  };
  for (const from of container.envFrom ?? []) {
    if (from.configMapRef) {
      const map = built.get<ConfigMap>('ConfigMap', from.configMapRef.name);
      if (!map && !from.configMapRef.optional) problems.push(`envFrom: no ConfigMap ${from.configMapRef.name}`);
      for (const [k, v] of Object.entries(map?.data ?? {})) env[`${from.prefix ?? ''}${k}`] = v;
    }
    if (from.secretRef) {
      const secret = built.get<Secret>('Secret', from.secretRef.name);
      if (!secret && !from.secretRef.optional) problems.push(`envFrom: no Secret ${from.secretRef.name}`);
      for (const k of Object.keys({ ...secret?.data, ...secret?.stringData })) {
        env[`${from.prefix ?? ''}${k}`] = secretValue(from.secretRef.name, k) ?? '';
        secretNames.push(`${from.prefix ?? ''}${k}`);
      }
    }
  }
  for (const e of container.env ?? []) {
    const cm = e.valueFrom?.configMapKeyRef;
    const sk = e.valueFrom?.secretKeyRef;
    if (cm) {
      const value = built.get<ConfigMap>('ConfigMap', cm.name)?.data?.[cm.key];
      if (value !== undefined) env[e.name] = value;
      else if (!cm.optional) problems.push(`${e.name}: no key ${cm.key} in ConfigMap ${cm.name}`);
    } else if (sk) {
      const value = secretValue(sk.name, sk.key);
      if (value !== undefined) {
        env[e.name] = value;
        secretNames.push(e.name);
      } else if (!sk.optional) problems.push(`${e.name}: no key ${sk.key} in Secret ${sk.name}`);
    } else {
      env[e.name] = e.value ?? '';
    }
  }
  // every name the container is given, even an optional one absent from its source
  const names = [...new Set([...Object.keys(env), ...(container.env ?? []).map((e) => e.name)])];
  return { env, names, secretNames, problems };
}


/** The keys of a secrets.env.example (KEY= lines; comments and blank lines skipped). */
function exampleKeys(file: string): string[] {
  return fs
    .readFileSync(file, 'utf8')
    .split('\n')
    .map((line) => /^([A-Z][A-Z0-9_]*)=/.exec(line)?.[1])
    .filter((k): k is string => Boolean(k));
}

/* ------------------------------------------------------------------------------------------ *
 * What each program is and needs.                                                             *
 * ------------------------------------------------------------------------------------------ */

type Program = 'gateway' | 'auth' | 'content' | 'linkedin' | 'scheduler' | 'billing' | 'linkedin-sandbox' | 'billing-sandbox';
type Overlay = 'production' | 'sandbox';

const workspaces: Record<Program, string> = {
  gateway: 'gateway',
  auth: 'services/auth',
  content: 'services/content',
  linkedin: 'services/linkedin',
  scheduler: 'services/scheduler',
  billing: 'services/billing',
  'linkedin-sandbox': 'services/linkedin-sandbox',
  'billing-sandbox': 'services/billing-sandbox',
};
const programsOf: Record<Overlay, Program[]> = {
  production: ['gateway', 'auth', 'content', 'linkedin', 'scheduler', 'billing'],
  sandbox: ['gateway', 'auth', 'content', 'linkedin', 'scheduler', 'billing', 'linkedin-sandbox', 'billing-sandbox'],
};
/** what an overlay runs beside the programs from an image of its maker's: Mailpit, the sandbox's SMTP server */
type Component = 'mailpit';
const componentsOf: Record<Overlay, Component[]> = { production: [], sandbox: ['mailpit'] };
/** the services that send email: they get the SMTP server (a secret) and the sender */
const mailSenders: Program[] = ['auth', 'linkedin', 'scheduler'];
const infraSecrets = ['MONGO_URL', 'REDIS_URL', 'AMQP_URL', 'INTERNAL_TOKEN'];
const stripeSecrets = ['STRIPE_SECRET_KEY', 'STRIPE_WEBHOOK_SECRET'];
/** the variables each program must get from the Secret (and nothing else but `optionalSecrets`) */
const requiredSecrets: Record<Overlay, Record<Program, string[]>> = {
  production: {
    gateway: ['REDIS_URL'],
    auth: [...infraSecrets, 'JWT_PRIVATE_KEY', 'SMTP_URL'],
    content: infraSecrets,
    linkedin: [...infraSecrets, 'TOKEN_ENCRYPTION_KEY', 'LINKEDIN_CLIENT_SECRET', 'SMTP_URL'],
    scheduler: [...infraSecrets, 'SMTP_URL'],
    billing: [...infraSecrets, ...stripeSecrets],
    'linkedin-sandbox': [],
    'billing-sandbox': [],
  },
  sandbox: {
    gateway: ['REDIS_URL'],
    auth: [...infraSecrets, 'JWT_PRIVATE_KEY', 'SMTP_URL'],
    content: infraSecrets,
    linkedin: [...infraSecrets, 'TOKEN_ENCRYPTION_KEY', 'LINKEDIN_CLIENT_SECRET', 'SMTP_URL'],
    scheduler: [...infraSecrets, 'SMTP_URL'],
    billing: [...infraSecrets, ...stripeSecrets],
    'billing-sandbox': ['SANDBOX_SECRET_KEY', 'SANDBOX_WEBHOOK_SECRET'],
    'linkedin-sandbox': ['SANDBOX_CLIENT_SECRET'],
  },
};
/** the variables each component gets from the Secret: Mailpit the login of its inbox */
const componentSecrets: Record<Component, string[]> = { mailpit: ['MP_UI_AUTH'] };
/**
 * a variable given under another name than its Secret key: the billing sandbox takes the billing
 * service's key and signing secret, the LinkedIn sandbox the linkedin service's client secret,
 * Mailpit its inbox's login in its own variable
 */
const secretKeyOf: Record<string, string> = {
  SANDBOX_SECRET_KEY: 'STRIPE_SECRET_KEY',
  SANDBOX_WEBHOOK_SECRET: 'STRIPE_WEBHOOK_SECRET',
  SANDBOX_CLIENT_SECRET: 'LINKEDIN_CLIENT_SECRET',
  MP_UI_AUTH: 'MAILPIT_UI_AUTH',
};
const keyOf = (variable: string) => secretKeyOf[variable] ?? variable;
/** the programs that check access tokens: they get the public key(s), optional so that an older secrets.env without it falls back to the JWKS */
const tokenVerifiers: Program[] = ['gateway', 'auth', 'content', 'linkedin', 'scheduler', 'billing'];
const optionalSecrets: Partial<Record<Program, string[]>> = {
  ...Object.fromEntries(tokenVerifiers.map((program) => [program, ['JWT_PUBLIC_KEY']])),
  content: ['JWT_PUBLIC_KEY', 'OPENAI_API_KEY'],
};
/** replicas: fixed, or the autoscaler's range */
const scaling: Record<Program, { replicas: number } | { min: number; max: number }> = {
  gateway: { min: 2, max: 10 },
  auth: { replicas: 2 },
  content: { min: 2, max: 6 },
  linkedin: { min: 2, max: 4 },
  scheduler: { min: 2, max: 4 },
  billing: { min: 2, max: 4 },
  'linkedin-sandbox': { replicas: 1 },
  'billing-sandbox': { replicas: 1 },
};
/** pods anyone may connect to; every other pod takes connections from the app's own pods only (Mailpit: its inbox port, behind its login) */
const publicPrograms: Record<Overlay, Array<Program | Component>> = { production: ['gateway'], sandbox: ['gateway', 'linkedin-sandbox', 'billing-sandbox', 'mailpit'] };
/** the app's own pods that may connect to the gateway (it otherwise takes the ingress controller's connections only): the billing sandbox posts its webhook events */
const gatewayCallers: Record<Overlay, Program[]> = { production: [], sandbox: ['billing-sandbox'] };
/** the programs whose state lives in memory: one pod, the old one stopped before the new one starts */
const sandboxes: Program[] = ['linkedin-sandbox', 'billing-sandbox'];

/** A real key, written on one line with \n escapes as secrets.env.example says. */
const { privateKey: signingKey, publicKey: verifyingKey } = generateKeyPairSync('rsa', {
  modulusLength: 2048,
  publicKeyEncoding: { type: 'spki', format: 'pem' },
  privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
});
/** The one PEM public key a setting written on one line with \n escapes holds. */
const publicKeyIn = (setting: unknown) => createPublicKey(String(setting).replace(/\\n/g, '\n')).export({ type: 'spki', format: 'pem' });
/** generated, as an operator's are: production refuses known, short or repetitive secrets */
const random = (bytes: number) => randomBytes(bytes).toString('base64url');
const fakeSecrets: Record<string, string> = {
  MONGO_URL: `mongodb+srv://postwright:${random(18)}@mongo.internal.test/?retryWrites=true`,
  REDIS_URL: `rediss://default:${random(18)}@redis.internal.test:6380`,
  AMQP_URL: `amqps://postwright:${random(18)}@rabbitmq.internal.test:5671/postwright`,
  INTERNAL_TOKEN: random(32),
  JWT_PRIVATE_KEY: signingKey.trim().replace(/\n/g, '\\n'),
  JWT_PUBLIC_KEY: verifyingKey.trim().replace(/\n/g, '\\n'),
  TOKEN_ENCRYPTION_KEY: randomBytes(32).toString('base64'),
  LINKEDIN_CLIENT_SECRET: random(24),
  OPENAI_API_KEY: `sk-${random(36)}`,
  // a test key, as the billing sandbox takes only those
  STRIPE_SECRET_KEY: `sk_test_${randomBytes(24).toString('hex')}`,
  STRIPE_WEBHOOK_SECRET: `whsec_${randomBytes(24).toString('hex')}`,
  // an email provider's, with its credentials
  SMTP_URL: `smtps://postwright:${random(18)}@smtp.provider.test:465`,
  MAILPIT_UI_AUTH: `postwright:${randomBytes(24).toString('hex')}`,
};
/** what one overlay's secrets.env holds differently: production talks to Stripe itself, with a live key; the sandbox sends its emails to Mailpit */
const overlaySecrets: Record<Overlay, Record<string, string>> = {
  production: { STRIPE_SECRET_KEY: `sk_live_${randomBytes(24).toString('hex')}` },
  sandbox: { SMTP_URL: 'smtp://mailpit:1025' },
};
/** the Mailpit version npm start and the tests build: the overlay's image must be the same */
const MAILPIT_VERSION = /VERSION="\$\{MAILPIT_VERSION:-(v[\d.]+)\}"/.exec(fs.readFileSync(path.join(root, 'platform/scripts/install-mailpit.sh'), 'utf8'))?.[1];
const secretsOf = (overlay: Overlay): Record<string, string> => ({ ...fakeSecrets, ...overlaySecrets[overlay] });

/** A copy of deploy/k8s in a temporary folder, each overlay's secrets.env written from its example. */
function copyWithSecrets(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'postwright-k8s-'));
  // an operator's real secrets.env never leaves the working tree
  fs.cpSync(source, dir, { recursive: true, filter: (src) => path.basename(src) !== 'secrets.env' });
  for (const overlay of Object.keys(programsOf) as Overlay[]) {
    const keys = exampleKeys(path.join(dir, 'overlays', overlay, 'secrets.env.example'));
    const secrets = secretsOf(overlay);
    const missing = keys.filter((k) => !(k in secrets));
    if (missing.length) throw new Error(`no fake value for ${missing.join(', ')}: add one to fakeSecrets in k8s.test.ts`);
    fs.writeFileSync(path.join(dir, 'overlays', overlay, 'secrets.env'), keys.map((k) => `${k}=${secrets[k]}\n`).join(''));
  }
  return dir;
}

/** Changes one Deployment of the base in a copy (comments and layout kept). */
function editDeployment(dir: string, file: string, edit: (doc: Document) => void): void {
  const full = path.join(dir, 'base', file);
  const docs = parseAllDocuments(fs.readFileSync(full, 'utf8'));
  if (!Array.isArray(docs)) throw new Error(`${file} is not YAML`);
  const doc = docs.find((d) => d.get('kind') === 'Deployment');
  if (!doc) throw new Error(`no Deployment in ${file}`);
  edit(doc);
  fs.writeFileSync(full, docs.map((d) => d.toString()).join(''));
}

/* ------------------------------------------------------------------------------------------ */

const temps: string[] = [];
let copy: string;
let built: Record<Overlay | 'base', Built>;

beforeAll(() => {
  copy = copyWithSecrets();
  temps.push(copy);
  const dirs = { production: path.join(copy, 'overlays/production'), sandbox: path.join(copy, 'overlays/sandbox'), base: path.join(copy, 'base') };
  const result = kustomizeBuild(Object.values(dirs));
  // every test fails with kustomize's or the decoder's message
  if (!result.ok) throw new Error(result.error);
  const objectsOf = (dir: string) => (result.objects[dir] ?? []) as unknown as Obj[];
  built = { production: new Built(objectsOf(dirs.production)), sandbox: new Built(objectsOf(dirs.sandbox)), base: new Built(objectsOf(dirs.base)) };
}, 600_000);

afterAll(() => {
  for (const dir of temps) fs.rmSync(dir, { recursive: true, force: true });
});

describe('deploy/k8s', () => {
  test('when both overlays and the base are built, then kustomize and the strict decoding into the API types accept every object', () => {
    for (const overlay of ['production', 'sandbox', 'base'] as const) expect(built[overlay].objects.length).toBeGreaterThan(0);
  });

  test('when the base is built, then it holds no Secret and sets no namespace (the overlays do)', () => {
    expect(built.base.all('Secret')).toEqual([]);
    expect(built.base.objects.filter((o) => o.metadata.namespace)).toEqual([]);
    expect(fs.readFileSync(path.join(source, 'base/kustomization.yaml'), 'utf8')).not.toMatch(/secretGenerator/);
  });

  test('when the overlays are built, then each lives in its own namespace, created with the restricted Pod Security Standard', () => {
    for (const [overlay, namespace] of [['production', 'postwright'], ['sandbox', 'postwright-sandbox']] as const) {
      const objects = built[overlay].objects;
      expect(objects.filter((o) => o.kind !== 'Namespace' && o.metadata.namespace !== namespace)).toEqual([]);
      const ns = built[overlay].get('Namespace', namespace);
      expect(ns?.metadata.labels?.['pod-security.kubernetes.io/enforce']).toBe('restricted');
    }
  });

  test('when the secrets.env.example files are read, then they name every secret a program needs and give no value', () => {
    for (const overlay of ['production', 'sandbox'] as const) {
      const file = path.join(source, 'overlays', overlay, 'secrets.env.example');
      const keys = exampleKeys(file);
      const needed = new Set(
        Object.values(requiredSecrets[overlay])
          .flat()
          .concat(Object.values(optionalSecrets).flat(), componentsOf[overlay].flatMap((c) => componentSecrets[c]))
          .map(keyOf),
      );
      expect(keys.sort()).toEqual([...needed].sort());
      const lines = fs.readFileSync(file, 'utf8').split('\n');
      expect(lines.filter((l) => /^[A-Z][A-Z0-9_]*=./.test(l))).toEqual([]);
      // a comment on each key: the line before it
      for (const key of keys) expect(lines[lines.findIndex((l) => l.startsWith(`${key}=`)) - 1]).toMatch(/^#/);
    }
  });

  test('when `npm run secrets -- k8s` fills an overlay, then only the sandbox overlay gets generated Stripe values, a LinkedIn client secret, Mailpit\'s address and its inbox\'s login, and production names its Stripe keys, LinkedIn secret and SMTP server as left for the operator', () => {
    for (const overlay of ['production', 'sandbox'] as const) {
      const dir = path.join(source, 'overlays', overlay);
      const settings = fs.readFileSync(path.join(dir, 'kustomization.yaml'), 'utf8');
      const billingSandbox = usesBillingSandbox(settings);
      const linkedinSandbox = usesLinkedinSandbox(settings);
      const mailpit = usesMailpit(settings);
      expect([overlay, billingSandbox, linkedinSandbox, mailpit]).toEqual([overlay, overlay === 'sandbox', overlay === 'sandbox', overlay === 'sandbox']);
      const { text, generated, missing } = fill(fs.readFileSync(path.join(dir, 'secrets.env.example'), 'utf8'), { billingSandbox, linkedinSandbox, mailpit });
      const value = (key: string) => new RegExp(`^${key}=(.*)$`, 'm').exec(text)?.[1];
      // the verifiers' key is the signing key's public half, on one line as well
      expect(generated).toEqual(expect.arrayContaining(['JWT_PRIVATE_KEY', 'JWT_PUBLIC_KEY']));
      expect(value('JWT_PUBLIC_KEY')).toMatch(/^-----BEGIN PUBLIC KEY-----\\n[^\n]+\\n-----END PUBLIC KEY-----$/);
      expect(publicKeyIn(value('JWT_PUBLIC_KEY'))).toBe(publicKeyIn(value('JWT_PRIVATE_KEY')));
      if (overlay === 'sandbox') {
        expect(generated).toEqual(expect.arrayContaining(['STRIPE_SECRET_KEY', 'STRIPE_WEBHOOK_SECRET', 'LINKEDIN_CLIENT_SECRET', 'SMTP_URL', 'MAILPIT_UI_AUTH']));
        expect(value('STRIPE_SECRET_KEY')).toMatch(/^sk_test_[0-9a-f]{48}$/);
        expect(value('STRIPE_WEBHOOK_SECRET')).toMatch(/^whsec_[0-9a-f]{48}$/);
        // 32 random bytes: what the LinkedIn sandbox's production rules ask of SANDBOX_CLIENT_SECRET
        expect(value('LINKEDIN_CLIENT_SECRET')).toMatch(/^[\w-]{43}$/);
        expect(value('SMTP_URL')).toBe('smtp://mailpit:1025');
        expect(value('MAILPIT_UI_AUTH')).toMatch(/^postwright:[0-9a-f]{48}$/);
      } else {
        expect(missing).toEqual(expect.arrayContaining(['STRIPE_SECRET_KEY', 'STRIPE_WEBHOOK_SECRET', 'LINKEDIN_CLIENT_SECRET', 'SMTP_URL']));
        expect([value('STRIPE_SECRET_KEY'), value('STRIPE_WEBHOOK_SECRET'), value('LINKEDIN_CLIENT_SECRET'), value('SMTP_URL')]).toEqual(['', '', '', '']);
      }
    }
  });

  test('when `npm run secrets` fills a file that already holds JWT_PRIVATE_KEY, then JWT_PUBLIC_KEY is derived from that key, which stays as it was', () => {
    const example = fs.readFileSync(path.join(source, 'overlays/production/secrets.env.example'), 'utf8');
    const { text, generated } = fill(example.replace(/^JWT_PRIVATE_KEY=$/m, `JWT_PRIVATE_KEY=${fakeSecrets.JWT_PRIVATE_KEY}`));
    expect(generated).toContain('JWT_PUBLIC_KEY');
    expect(generated).not.toContain('JWT_PRIVATE_KEY');
    expect(/^JWT_PRIVATE_KEY=(.*)$/m.exec(text)?.[1]).toBe(fakeSecrets.JWT_PRIVATE_KEY);
    expect(/^JWT_PUBLIC_KEY=(.*)$/m.exec(text)?.[1]).toBe(fakeSecrets.JWT_PUBLIC_KEY);
  });
});

describe("the sandbox overlay's LinkedIn sandbox", () => {
  const sandboxSrc = path.join(root, 'services/linkedin-sandbox/src');
  /** every route the sandbox answers (test controls included), as METHOD and a path with its parameters filled in */
  function sandboxRoutes(): string[] {
    const routes: string[] = ['GET /health', 'GET /ready'];
    const record = (method: string) => (route: string) => void routes.push(`${method} ${route.replace(/:\w+/g, 'x')}`);
    const router = { get: record('GET'), post: record('POST'), put: record('PUT'), patch: record('PATCH'), delete: record('DELETE'), use: () => undefined };
    const { SandboxState } = require(path.join(sandboxSrc, 'state.ts'));
    const state = new SandboxState();
    const config = require(path.join(sandboxSrc, 'config.ts')).readConfig({ NODE_ENV: 'test' });
    const settings = { fast: true, rejectDuplicates: true, memberDailyCallLimit: null };
    require(path.join(sandboxSrc, 'routes/oauth.ts')).oauthRoutes(router, state, config);
    require(path.join(sandboxSrc, 'routes/api.ts')).apiRoutes(router, state, config, settings);
    require(path.join(sandboxSrc, 'routes/control.ts')).controlRoutes(router, state, settings);
    require(path.join(sandboxSrc, 'routes/feed.ts')).feedRoutes(router, state);
    return routes;
  }
  const publicPaths = () => {
    const ingress = built.sandbox.get<Ingress>('Ingress', 'linkedin-sandbox');
    return (ingress?.spec.rules ?? []).flatMap((r) => r.http?.paths ?? []);
  };
  const served = (requestPath: string) => publicPaths().some((p) => ingressServes(p, requestPath));

  test('when its Ingress is read, then it serves only what a browser asks for (the consent page and its form, profile pictures, a post\'s page) and never the token endpoint, the API, the test controls or the probes', () => {
    expect(publicPaths().map((p) => `${p.pathType} ${p.path}`)).toEqual([
      'Exact /oauth/v2/authorization',
      'Exact /oauth/v2/authorization/decision',
      'Prefix /media/profile',
      'Prefix /feed/update',
    ]);
    const routes = sandboxRoutes();
    expect(routes).toEqual(expect.arrayContaining(['POST /oauth/v2/accessToken', 'GET /v2/userinfo', 'POST /rest/posts']));
    expect(routes.filter((route) => served(route.split(' ')[1])).sort()).toEqual(
      ['GET /oauth/v2/authorization', 'POST /oauth/v2/authorization/decision', 'GET /media/profile/x', 'GET /feed/update/x'].sort(),
    );
    // whatever else a browser might try: the feed of everyone's posts, a hashtag's, the root
    for (const other of ['/', '/feed', '/feed/hashtag/x', '/oauth/v2/authorizationx', '/media/other']) expect([other, served(other)]).toEqual([other, false]);
  });

  test('when a browser is sent to the sandbox, then every address it goes to is public: the consent page the product links to, what that page loads and posts, the pictures and post links the product shows', () => {
    const { consentPage } = require(path.join(sandboxSrc, 'pages.ts'));
    const page: string = consentPage({ id: 'r1', clientId: 'postwright-sandbox', redirectUri: 'https://postwright.test/linkedin/callback', state: 's', scopes: ['openid'], expiresAt: 0 }, 'Postwright');
    const references = [...page.matchAll(/\b(?:src|href|action)="([^"]+)"/g)].map((m) => m[1]);
    expect(references).toEqual(['/oauth/v2/authorization/decision']);
    const publicUrl = 'https://linkedin-sandbox.test';
    const { readConfig } = require(path.join(root, 'services/linkedin/src/config.ts'));
    const linkedin = readConfig({ NODE_ENV: 'test', MONGO_URL: 'mongodb://db.test/x', INTERNAL_TOKEN: 'x'.repeat(32), LINKEDIN_SANDBOX_URL: 'http://linkedin-sandbox:3000', LINKEDIN_SANDBOX_PUBLIC_URL: publicUrl }).linkedin;
    const { LinkedinApi } = require(path.join(root, 'services/linkedin/src/lib/linkedin-api.ts'));
    const addresses = [
      linkedin.authUrl,
      new URL(references[0], linkedin.authUrl).toString(),
      new LinkedinApi(linkedin).postUrl('urn:li:share:7200000000000000001'),
      // a member's picture, as the sandbox gives it out (userinfo, the profile)
      new URL(new (require(path.join(sandboxSrc, 'state.ts')).SandboxState)().upsertMember({ givenName: 'Dana', familyName: 'Reyes', email: 'dana@example.com', withPicture: true }).picture, publicUrl).toString(),
    ];
    for (const address of addresses) {
      expect(address.startsWith(`${publicUrl}/`)).toBe(true);
      expect([address, served(new URL(address).pathname)]).toEqual([address, true]);
    }
  });
});

describe.each(['production', 'sandbox'] as const)('the %s overlay', (overlay) => {
  const programs = programsOf[overlay];
  const b = () => built[overlay];

  test('when built, then it has a Deployment and a Service for each program and component, and nothing else runs', () => {
    const running = [...programs, ...componentsOf[overlay]].sort();
    expect(b().all('Deployment').map((d) => d.metadata.name).sort()).toEqual(running);
    expect(b().all('Service').map((s) => s.metadata.name).sort()).toEqual(running);
    // MongoDB, Redis and RabbitMQ are external
    expect(b().objects.filter((o) => ['StatefulSet', 'DaemonSet', 'Pod', 'Job', 'CronJob', 'ReplicaSet'].includes(o.kind))).toEqual([]);
  });

  test.each(programsOf[overlay])(
    'when the %s Deployment is read, then it has its probes, resources, a locked-down non-root container and time to drain',
    (program) => {
      const d = b().deployment(program);
      const pod = d.spec.template.spec;
      expect(pod.containers).toHaveLength(1);
      const [c] = pod.containers;
      expect(c.name).toBe(program);
      // the overlay's registry and tag replaced the base's image name
      expect(c.image).toMatch(new RegExp(`/postwright/${program}:[\\w.-]+$`));
      expect(c.ports).toEqual([{ name: 'http', containerPort: 3000 }]);

      expect(c.readinessProbe?.httpGet).toEqual({ path: '/ready', port: 'http' });
      expect(c.livenessProbe?.httpGet).toEqual({ path: '/health', port: 'http' });
      expect(c.startupProbe?.httpGet).toEqual({ path: '/health', port: 'http' });

      for (const kind of ['requests', 'limits'] as const) {
        expect(c.resources?.[kind]?.cpu).toBeTruthy();
        expect(c.resources?.[kind]?.memory).toBeTruthy();
      }

      const security = { ...pod.securityContext, ...c.securityContext };
      expect(security.runAsNonRoot).toBe(true);
      expect(security.runAsUser).toBe(1000);
      expect(security.readOnlyRootFilesystem).toBe(true);
      expect(security.allowPrivilegeEscalation).toBe(false);
      expect(security.capabilities?.drop).toEqual(['ALL']);
      expect(security.seccompProfile?.type).toBe('RuntimeDefault');
      expect(pod.automountServiceAccountToken).toBe(false);

      // the endpoints drop the pod before SIGTERM; then the program drains (linkedin: up to 55 s)
      expect(c.lifecycle?.preStop?.exec?.command).toEqual(['/bin/sleep', '5']);
      const drain = program === 'linkedin' ? 55 : 10;
      expect(pod.terminationGracePeriodSeconds).toBeGreaterThanOrEqual(5 + drain + 5);
      if (program === 'linkedin') expect(pod.terminationGracePeriodSeconds).toBeGreaterThanOrEqual(60);

      expect(matches(d.spec.selector, podLabels(d))).toBe(true);
      expect(podLabels(d)).toMatchObject({ 'app.kubernetes.io/name': program, 'app.kubernetes.io/part-of': 'postwright' });
    },
  );

  test.each(programsOf[overlay])(
    'when %s starts with the environment the overlay gives it, then its config schema knows every variable and accepts them all',
    (program) => {
      const [c] = b().deployment(program).spec.template.spec.containers;
      const { env, names, problems } = resolveEnv(b(), c);
      expect(problems).toEqual([]);
      const { configSchema, readConfig } = require(path.join(root, workspaces[program], 'src/config.ts')) as {
        configSchema: z.ZodType;
        readConfig(env: Record<string, string | undefined>): Record<string, unknown>;
      };
      const known = configSchemaKeys(configSchema);
      expect(names.filter((n) => !known.includes(n))).toEqual([]);

      // as the program reads it at start: the schema, and with NODE_ENV=production its production rules
      let config: Record<string, unknown> = {};
      let refusals: string[] = [];
      try {
        config = readConfig(env);
      } catch (error) {
        refusals = (error as { problems?: string[] }).problems ?? [String(error)];
      }
      expect(refusals).toEqual([]);
      expect(config).toMatchObject({ NODE_ENV: 'production', HOST: '0.0.0.0', PORT: 3000, LOG_LEVEL: 'info' });
      if ('AUTH_URL' in env) expect(env.AUTH_URL).toBe('http://auth:3000');
      if (program === 'auth') expect(config.JWT_PRIVATE_KEY).toBe(signingKey.trim());
      // the key its tokens are checked with, given rather than fetched from the auth service
      if (tokenVerifiers.includes(program)) expect([program, publicKeyIn(config.JWT_PUBLIC_KEY)]).toEqual([program, verifyingKey]);
      else expect('JWT_PUBLIC_KEY' in env).toBe(false);
      if (program === 'linkedin') {
        const linkedin = config.linkedin as { mode: string; clientSecret: string; redirectUri: string };
        expect(linkedin.mode).toBe(overlay === 'production' ? 'live' : 'sandbox');
        // the app's secret; in the sandbox overlay the generated one the LinkedIn sandbox is given too
        expect(linkedin.clientSecret).toBe(fakeSecrets.LINKEDIN_CLIENT_SECRET);
        expect(linkedin.redirectUri).toMatch(/^https:\/\/.+\/linkedin\/callback$/);
      }
      if (program === 'billing') {
        // production: Stripe itself, with the live key; the sandbox overlay: the billing sandbox inside the cluster
        const stripe = config.stripe as { apiUrl: string; secretKey: string; webhookSecret: string };
        expect(stripe).toEqual({
          ...stripe,
          apiUrl: overlay === 'production' ? 'https://api.stripe.com' : 'http://billing-sandbox:3000',
          secretKey: secretsOf(overlay).STRIPE_SECRET_KEY,
          webhookSecret: secretsOf(overlay).STRIPE_WEBHOOK_SECRET,
        });
        expect(config.publicUrl).toMatch(/^https:\/\//);
      }
      if (program === 'billing-sandbox') {
        expect(config).toMatchObject({ SANDBOX_SECRET_KEY: secretsOf(overlay).STRIPE_SECRET_KEY, SANDBOX_WEBHOOK_SECRET: secretsOf(overlay).STRIPE_WEBHOOK_SECRET });
      }
      if (program === 'linkedin-sandbox') expect(config).toMatchObject({ SANDBOX_CLIENT_SECRET: secretsOf(overlay).LINKEDIN_CLIENT_SECRET });
    },
  );

  test.each(programsOf[overlay])('when %s gets its secrets, then it gets every one it needs from the Secret and no other', (program) => {
    const [c] = b().deployment(program).spec.template.spec.containers;
    const { secretNames } = resolveEnv(b(), c);
    // optional ones are given too (the fake secrets.env has them)
    expect(secretNames.sort()).toEqual([...requiredSecrets[overlay][program], ...(optionalSecrets[program] ?? [])].sort());
    // one key at a time: never the whole Secret; a variable under another name reads the key it stands for
    expect((c.envFrom ?? []).filter((f) => f.secretRef)).toEqual([]);
    for (const e of c.env ?? []) if (e.valueFrom?.secretKeyRef) expect([e.name, e.valueFrom.secretKeyRef.key]).toEqual([e.name, keyOf(e.name)]);
    for (const optional of optionalSecrets[program] ?? []) {
      expect(c.env?.find((e) => e.name === optional)?.valueFrom?.secretKeyRef?.optional).toBe(true);
    }
  });

  test('when secrets.env has no JWT_PUBLIC_KEY (written before it existed) or leaves it empty, then every program still starts, and the verifiers read the JWKS', () => {
    /** the overlay built from a secrets.env whose JWT_PUBLIC_KEY line is missing (null) or says this */
    const builtWith = (publicKey: string | null) =>
      new Built(
        b().objects.map((o) => {
          if (o.kind !== 'Secret') return o;
          const data = Object.fromEntries(Object.entries((o as Secret).data ?? {}).filter(([key]) => key !== 'JWT_PUBLIC_KEY'));
          return { ...o, data: publicKey === null ? data : { ...data, JWT_PUBLIC_KEY: Buffer.from(publicKey).toString('base64') } };
        }),
      );
    for (const older of [builtWith(null), builtWith('')]) {
      for (const program of programs) {
        const { env, problems } = resolveEnv(older, older.deployment(program).spec.template.spec.containers[0]);
        expect([program, problems]).toEqual([program, []]);
        const { readConfig } = require(path.join(root, workspaces[program], 'src/config.ts')) as { readConfig(env: Record<string, string | undefined>): Record<string, unknown> };
        expect([program, readConfig(env).JWT_PUBLIC_KEY]).toEqual([program, undefined]);
      }
    }
  });

  test('when a ConfigMap is read, then it holds no secret', () => {
    const secretKeys = new Set([...Object.keys(fakeSecrets), ...Object.keys(secretKeyOf)]);
    for (const map of b().all<ConfigMap>('ConfigMap')) expect(Object.keys(map.data ?? {}).filter((k) => secretKeys.has(k))).toEqual([]);
  });

  test('when the public URLs are read, then they are the Ingress hosts, served over TLS', () => {
    const envOf = (program: Program) => resolveEnv(b(), b().deployment(program).spec.template.spec.containers[0]).env;
    const hostsOf = (name: string) => {
      const ingress = b().get<Ingress>('Ingress', name);
      expect(ingress).toBeDefined();
      const hosts = (ingress?.spec.rules ?? []).map((r) => r.host);
      expect((ingress?.spec.tls ?? []).flatMap((t) => t.hosts ?? []).sort()).toEqual([...hosts].sort());
      for (const tls of ingress?.spec.tls ?? []) expect(tls.secretName).toBeTruthy();
      return hosts;
    };
    const publicUrl = new URL(envOf('linkedin').PUBLIC_URL);
    expect(publicUrl.protocol).toBe('https:');
    expect(hostsOf('gateway')).toEqual([publicUrl.host]);
    if (overlay === 'sandbox') {
      const sandbox = envOf('linkedin-sandbox');
      expect(sandbox.PUBLIC_URL).toBe(envOf('linkedin').PUBLIC_URL);
      expect(envOf('linkedin').LINKEDIN_SANDBOX_PUBLIC_URL).toBe(sandbox.SANDBOX_PUBLIC_URL);
      expect(envOf('linkedin').LINKEDIN_SANDBOX_URL).toBe('http://linkedin-sandbox:3000');
      expect(hostsOf('linkedin-sandbox')).toEqual([new URL(sandbox.SANDBOX_PUBLIC_URL).host]);
      // the test control routes stay off
      expect('SANDBOX_CONTROL' in sandbox).toBe(false);

      const billingSandbox = envOf('billing-sandbox');
      expect(billingSandbox.PUBLIC_URL).toBe(envOf('linkedin').PUBLIC_URL);
      expect(hostsOf('billing-sandbox')).toEqual([new URL(billingSandbox.SANDBOX_PUBLIC_URL).host]);
      expect(new URL(billingSandbox.SANDBOX_PUBLIC_URL).protocol).toBe('https:');
      expect(envOf('billing').STRIPE_API_URL).toBe('http://billing-sandbox:3000');
      // its events go to the product's webhook through the gateway, which the network policies let it reach
      expect(billingSandbox.SANDBOX_WEBHOOK_URL).toBe('http://gateway:3000/api/billing/webhook');
      expect('SANDBOX_CONTROL' in billingSandbox).toBe(false);
    } else {
      expect('STRIPE_API_URL' in envOf('billing')).toBe(false);
    }
    // Checkout and the portal send the browser back to the product's own address, and so do the emailed links
    expect(envOf('billing').PUBLIC_URL).toBe(envOf('linkedin').PUBLIC_URL);
    expect(envOf('auth').PUBLIC_URL).toBe(envOf('linkedin').PUBLIC_URL);
    expect(envOf('scheduler').PUBLIC_URL).toBe(envOf('linkedin').PUBLIC_URL);
    expect(envOf('gateway').BILLING_URL).toBe('http://billing:3000');
  });

  test('when the email settings are read, then the services that send email get the SMTP server from the Secret and one sender from a ConfigMap, and no other program gets either', () => {
    const envOf = (program: Program) => resolveEnv(b(), b().deployment(program).spec.template.spec.containers[0]);
    const senders = mailSenders.map(envOf);
    for (const { env, secretNames } of senders) {
      expect(env.SMTP_URL).toBe(secretsOf(overlay).SMTP_URL);
      expect(secretNames).toContain('SMTP_URL');
      expect(env.MAIL_FROM).toMatch(/^Postwright <no-reply@[\w.-]+>$/);
    }
    expect(new Set(senders.map(({ env }) => env.MAIL_FROM)).size).toBe(1);
    for (const program of programs.filter((p) => !mailSenders.includes(p))) {
      expect([program, envOf(program).names.filter((n) => n === 'SMTP_URL' || n === 'MAIL_FROM')]).toEqual([program, []]);
    }
    // the sandbox's emails stay in its Mailpit; production's go to the operator's provider
    if (overlay === 'sandbox') expect(senders[0].env.SMTP_URL).toBe('smtp://mailpit:1025');
    else expect(new URL(senders[0].env.SMTP_URL).hostname).not.toBe('mailpit');
  });

  test('when Mailpit is read, then only the sandbox runs it: the pinned image, locked down, one pod, its inbox behind the login from the Secret, and its SMTP port open to the services that send email alone', () => {
    if (!componentsOf[overlay].includes('mailpit')) {
      expect(b().objects.filter((o) => o.metadata.name === 'mailpit')).toEqual([]);
      return;
    }
    const d = b().deployment('mailpit');
    const pod = d.spec.template.spec;
    expect(pod.containers).toHaveLength(1);
    const [c] = pod.containers;
    expect(MAILPIT_VERSION).toBeDefined();
    expect(c.image).toBe(`axllent/mailpit:${MAILPIT_VERSION}`);
    expect(c.ports).toEqual([
      { name: 'smtp', containerPort: 1025 },
      { name: 'http', containerPort: 8025 },
    ]);
    expect(c.startupProbe?.httpGet).toEqual({ path: '/readyz', port: 'http' });
    expect(c.readinessProbe?.httpGet).toEqual({ path: '/readyz', port: 'http' });
    expect(c.livenessProbe?.httpGet).toEqual({ path: '/livez', port: 'http' });
    for (const kind of ['requests', 'limits'] as const) {
      expect(c.resources?.[kind]?.cpu).toBeTruthy();
      expect(c.resources?.[kind]?.memory).toBeTruthy();
    }
    const security = { ...pod.securityContext, ...c.securityContext };
    expect(security.runAsNonRoot).toBe(true);
    expect(security.runAsUser).toBeGreaterThan(0);
    expect(security.readOnlyRootFilesystem).toBe(true);
    expect(security.allowPrivilegeEscalation).toBe(false);
    expect(security.capabilities?.drop).toEqual(['ALL']);
    expect(security.seccompProfile?.type).toBe('RuntimeDefault');
    expect(pod.automountServiceAccountToken).toBe(false);
    // else the Service named mailpit would hand it MAILPIT_PORT=tcp://... and the like
    expect(pod.enableServiceLinks).toBe(false);
    expect([d.spec.replicas, d.spec.strategy?.type]).toEqual([1, 'Recreate']);
    expect(matches(d.spec.selector, podLabels(d))).toBe(true);

    const { env, secretNames, problems } = resolveEnv(b(), c);
    expect(problems).toEqual([]);
    expect(secretNames).toEqual(componentSecrets.mailpit);
    expect(env.MP_UI_AUTH).toBe(fakeSecrets.MAILPIT_UI_AUTH);
    expect(env).toMatchObject({ MP_SMTP_AUTH_ACCEPT_ANY: 'true', MP_SMTP_AUTH_ALLOW_INSECURE: 'true', MP_DISABLE_VERSION_CHECK: 'true' });
    // what SMTP_URL names
    expect(b().get<Service>('Service', 'mailpit')?.spec.ports).toEqual([
      { name: 'smtp', port: 1025, targetPort: 'smtp' },
      { name: 'http', port: 8025, targetPort: 'http' },
    ]);
    const ingress = b().get<Ingress>('Ingress', 'mailpit');
    const hosts = (ingress?.spec.rules ?? []).map((r) => r.host);
    expect(hosts).toHaveLength(1);
    expect((ingress?.spec.tls ?? []).flatMap((t) => t.hosts ?? [])).toEqual(hosts);
    expect((ingress?.spec.rules ?? []).flatMap((r) => r.http?.paths ?? []).map((p) => p.backend.service)).toEqual([{ name: 'mailpit', port: { name: 'http' } }]);

    const rules = b()
      .all<NetworkPolicy>('NetworkPolicy')
      .filter((p) => matches(p.spec.podSelector, podLabels(d)))
      .flatMap((p) => p.spec.ingress ?? []);
    for (const rule of rules) expect(rule.ports?.length === 1 && ['smtp', 'http'].includes(String(rule.ports[0].port))).toBe(true);
    const smtpRules = rules.filter((rule) => rule.ports?.[0].port === 'smtp');
    // every SMTP rule names its peers, pods of this namespace by label
    for (const rule of smtpRules) {
      expect(rule.from?.length).toBeGreaterThan(0);
      for (const peer of rule.from ?? []) expect([peer.podSelector !== undefined, peer.namespaceSelector, peer.ipBlock]).toEqual([true, undefined, undefined]);
    }
    const smtpCallers = b()
      .all<Deployment>('Deployment')
      .filter((other) => smtpRules.some((rule) => rule.from?.some((peer) => matches(peer.podSelector, podLabels(other)))))
      .map((other) => other.metadata.name);
    expect(smtpCallers.sort()).toEqual([...mailSenders].sort());
  });

  test('when an Ingress is read, then its backends are existing Services and their ports', () => {
    const ingresses = b().all<Ingress>('Ingress');
    expect(ingresses.map((i) => i.metadata.name).sort()).toEqual(publicPrograms[overlay].slice().sort());
    for (const ingress of ingresses) {
      for (const p of (ingress.spec.rules ?? []).flatMap((r) => r.http?.paths ?? [])) {
        const backend = p.backend.service;
        const service = backend && b().get<Service>('Service', backend.name);
        expect(service).toBeDefined();
        expect(service?.spec.ports.some((port) => port.name === backend?.port.name || port.port === backend?.port.number)).toBe(true);
      }
    }
  });

  test('when a Service is read, then it selects the pods of its Deployment and targets their named port', () => {
    for (const service of b().all<Service>('Service')) {
      const pods = b().all<Deployment>('Deployment').filter((d) => matches({ matchLabels: service.spec.selector }, podLabels(d)));
      expect(pods.map((d) => d.metadata.name)).toEqual([service.metadata.name]);
      for (const port of service.spec.ports) {
        expect(typeof port.targetPort).toBe('string');
        expect(pods[0].spec.template.spec.containers.some((c) => c.ports?.some((p) => p.name === port.targetPort))).toBe(true);
      }
    }
  });

  test('when the replicas are read, then the autoscalers scale existing Deployments by CPU and the fixed ones are as planned', () => {
    const hpas = b().all<Hpa>('HorizontalPodAutoscaler');
    const scaled = programs.filter((p) => 'min' in scaling[p]);
    expect(hpas.map((h) => h.spec.scaleTargetRef.name).sort()).toEqual(scaled.slice().sort());
    for (const hpa of hpas) {
      const target = hpa.spec.scaleTargetRef;
      expect(target.kind).toBe('Deployment');
      expect(target.apiVersion).toBe('apps/v1');
      const d = b().get<Deployment>('Deployment', target.name);
      expect(d).toBeDefined();
      const plan = scaling[target.name as Program] as { min: number; max: number };
      expect([hpa.spec.minReplicas, hpa.spec.maxReplicas]).toEqual([plan.min, plan.max]);
      expect(hpa.spec.metrics).toEqual([{ type: 'Resource', resource: { name: 'cpu', target: { type: 'Utilization', averageUtilization: expect.any(Number) } } }]);
      // the autoscaler owns the count: an apply must not reset it
      expect(d?.spec.replicas).toBeUndefined();
    }
    for (const program of programs.filter((p) => 'replicas' in scaling[p])) {
      expect(b().deployment(program).spec.replicas).toBe((scaling[program] as { replicas: number }).replicas);
    }
    // its state lives in memory: one pod, and the old one stops before the new one starts
    for (const sandbox of programs.filter((p) => sandboxes.includes(p))) expect([sandbox, b().deployment(sandbox).spec.strategy?.type]).toEqual([sandbox, 'Recreate']);
  });

  test('when the disruption budgets are read, then every program with 2 or more replicas has one that selects its pods', () => {
    const pdbs = b().all<Pdb>('PodDisruptionBudget');
    for (const pdb of pdbs) {
      const pods = b().all<Deployment>('Deployment').filter((d) => matches(pdb.spec.selector, podLabels(d)));
      expect(pods.map((d) => d.metadata.name)).toEqual([pdb.metadata.name]);
      expect(pdb.spec.minAvailable).toBe(1);
    }
    const several = programs.filter((p) => {
      const plan = scaling[p];
      return ('min' in plan ? plan.min : plan.replicas) >= 2;
    });
    expect(pdbs.map((p) => p.metadata.name).sort()).toEqual(several.slice().sort());
  });

  test('when the network policies are read, then all ingress is denied by default and only the public programs take traffic from outside the app', () => {
    const policies = b().all<NetworkPolicy>('NetworkPolicy');
    const defaultDeny = policies.filter(
      (p) => Object.keys(p.spec.podSelector).length === 0 && (p.spec.policyTypes ?? []).includes('Ingress') && !(p.spec.ingress ?? []).length,
    );
    expect(defaultDeny).toHaveLength(1);

    const appPods = b().all<Deployment>('Deployment').map(podLabels);
    /** a peer is inside the app when it is pods of this namespace chosen by label (no other namespace, no address range) */
    const insideApp = (peer: NetworkPolicyPeer) =>
      !peer.namespaceSelector && !peer.ipBlock && Object.keys(peer.podSelector?.matchLabels ?? {}).length + (peer.podSelector?.matchExpressions ?? []).length > 0;
    for (const program of programs) {
      const labels = podLabels(b().deployment(program));
      const rules = policies.filter((p) => matches(p.spec.podSelector, labels) && (p.spec.policyTypes ?? ['Ingress']).includes('Ingress')).flatMap((p) => p.spec.ingress ?? []);
      // reachable at all, and only on the http port
      expect(rules.length).toBeGreaterThan(0);
      for (const rule of rules) expect(rule.ports?.map((p) => p.port)).toEqual(['http']);
      const fromOutside = rules.some((rule) => !rule.from?.length || rule.from.some((peer) => !insideApp(peer)));
      expect([program, fromOutside]).toEqual([program, publicPrograms[overlay].includes(program)]);
      // the gateway (and the services calling one another) can reach every internal program
      if (!fromOutside) {
        const gateway = podLabels(b().deployment('gateway'));
        expect(rules.some((rule) => rule.from?.some((peer) => matches(peer.podSelector, gateway)))).toBe(true);
        expect(appPods.every((pod) => rules.some((rule) => rule.from?.some((peer) => matches(peer.podSelector, pod))))).toBe(true);
      }
    }

    // of the app's own pods, only those that must may reach the gateway: it believes the hop in front about the client's address
    const gatewayRules = policies.filter((p) => matches(p.spec.podSelector, podLabels(b().deployment('gateway')))).flatMap((p) => p.spec.ingress ?? []);
    const callers = programs.filter((program) =>
      gatewayRules.some((rule) => rule.from?.some((peer) => insideApp(peer) && matches(peer.podSelector, podLabels(b().deployment(program))))),
    );
    expect(callers).toEqual(gatewayCallers[overlay]);
  });
});

describe('deploy-check', () => {
  /** A fresh copy with one Deployment changed; the overlay built from it must fail. */
  function buildBroken(file: string, edit: Parameters<typeof editDeployment>[2]): string {
    const dir = copyWithSecrets();
    temps.push(dir);
    editDeployment(dir, file, edit);
    const result = kustomizeBuild([path.join(dir, 'overlays/production')]);
    expect(result.ok).toBe(false);
    return result.ok ? '' : result.error;
  }

  test('when a Deployment has a misspelt field, then the build fails naming the field and the object', () => {
    const error = buildBroken('auth.yaml', (doc) => {
      doc.setIn(['spec', 'template', 'spec', 'containers', 0, 'readinessProbe', 'httpGett'], { path: '/ready', port: 'http' });
    });
    expect(error).toMatch(/Deployment\/auth: .*unknown field "spec\.template\.spec\.containers\[0\]\.readinessProbe\.httpGett"/);
  }, 120_000);

  test('when a Deployment has a value of the wrong type, then the build fails naming the field and the object', () => {
    const error = buildBroken('linkedin.yaml', (doc) => {
      doc.setIn(['spec', 'template', 'spec', 'terminationGracePeriodSeconds'], 'sixty-five');
    });
    expect(error).toMatch(/Deployment\/linkedin: .*string .*spec\.template\.spec\.terminationGracePeriodSeconds of type int64/);
  }, 120_000);
});
