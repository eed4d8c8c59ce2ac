/**
 * deploy/k8s cannot be applied on a machine without a cluster, so it is kept honest here: the
 * overlays are built with the real kustomize library, with each ingress controller component
 * and as a checkout holds them (no secrets.env), and every object is decoded strictly into the
 * Kubernetes API types (deploy-check); then the objects are checked against one another
 * (Services, routes, autoscalers, disruption budgets and network policies find their pods; the
 * network policies let through the calls the programs' settings make and nothing else) and
 * against each program's own config schema (every variable a pod gets is one the program reads,
 * and the schema accepts the whole environment).
 */
import { spawnSync } from 'node:child_process';
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
        serviceAccountName?: string;
        automountServiceAccountToken?: boolean;
        volumes?: Array<{ name: string; emptyDir?: { sizeLimit?: string } }>;
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
  spec: { minAvailable?: number | string; maxUnavailable?: number | string; selector?: Selector; unhealthyPodEvictionPolicy?: string };
}
interface NetworkPolicyPeer {
  podSelector?: Selector;
  namespaceSelector?: Selector;
  ipBlock?: { cidr: string; except?: string[] };
}
interface NetworkPolicyRule {
  ports?: Array<{ port?: number | string; protocol?: string }>;
}
interface NetworkPolicy extends Obj {
  spec: {
    podSelector: Selector;
    policyTypes?: string[];
    ingress?: Array<NetworkPolicyRule & { from?: NetworkPolicyPeer[] }>;
    egress?: Array<NetworkPolicyRule & { to?: NetworkPolicyPeer[] }>;
  };
}
interface Ingress extends Obj {
  spec: {
    ingressClassName?: string;
    tls?: Array<{ hosts?: string[]; secretName?: string }>;
    rules?: Array<{ host?: string; http?: { paths: Array<IngressPath> } }>;
  };
}

interface IngressPath {
  path?: string;
  pathType?: string;
  backend: { service?: { name: string; port: { name?: string; number?: number } } };
}
interface Gateway extends Obj {
  spec: {
    gatewayClassName: string;
    listeners: Array<{ name: string; protocol: string; port: number; hostname?: string; tls?: { mode?: string; certificateRefs?: Array<{ name: string; kind?: string }> } }>;
  };
}
interface HttpRoute extends Obj {
  spec: {
    parentRefs?: Array<{ name: string; sectionName?: string; kind?: string }>;
    hostnames?: string[];
    rules: Array<{
      matches?: Array<{ path?: { type?: string; value?: string } }>;
      backendRefs?: Array<{ name: string; port?: number; kind?: string }>;
      filters?: Array<{ type: string; requestRedirect?: { scheme?: string; statusCode?: number } }>;
      timeouts?: { request?: string; backendRequest?: string };
    }>;
  };
}
interface ExternalSecret extends Obj {
  spec: {
    secretStoreRef: { kind: string; name: string };
    target?: { name?: string; creationPolicy?: string };
    data?: unknown[];
    dataFrom?: Array<{ extract?: { key: string } }>;
  };
}
interface ServiceAccount extends Obj {
  automountServiceAccountToken?: boolean;
}

/** What a public address serves, from an Ingress or from an HTTPRoute and its Gateway. */
interface RoutePath {
  type: 'Exact' | 'Prefix';
  path: string;
  service: string;
  port: { name?: string; number?: number };
}
interface PublicRoute {
  kind: 'Ingress' | 'HTTPRoute';
  name: string;
  hosts: string[];
  tls: Array<{ hosts: string[]; secretName?: string }>;
  paths: RoutePath[];
  /** the whole request's limit (HTTPRoute timeouts.request), in seconds */
  timeoutSeconds?: number;
}

/**
 * Whether a route's path serves a request's path, as Kubernetes and the Gateway API define it:
 * Exact is the whole path; Prefix matches whole path elements (`/a/b` serves `/a/b` and `/a/b/c`,
 * not `/a/bc`).
 */
function routeServes(rule: RoutePath, requestPath: string): boolean {
  if (rule.type === 'Exact') return requestPath === rule.path;
  const prefix = rule.path.replace(/\/+$/, '');
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

/** A Gateway API duration (`120s`, `1m30s`) in seconds. */
function seconds(duration: string): number {
  const parts = [...duration.matchAll(/(\d+)(ms|h|m|s)/g)];
  if (parts.map((p) => p[0]).join('') !== duration) throw new Error(`not a duration: ${duration}`);
  const unit: Record<string, number> = { h: 3600, m: 60, s: 1, ms: 0.001 };
  return parts.reduce((sum, [, n, u]) => sum + Number(n) * unit[u], 0);
}

/** A resource quantity (`64Mi`, `1Gi`, `500M`) in bytes. */
function bytes(quantity: string): number {
  const match = /^(\d+(?:\.\d+)?)(Ki|Mi|Gi|Ti|k|M|G|T)?$/.exec(quantity);
  if (!match) throw new Error(`not a quantity: ${quantity}`);
  const unit: Record<string, number> = { Ki: 2 ** 10, Mi: 2 ** 20, Gi: 2 ** 30, Ti: 2 ** 40, k: 1e3, M: 1e6, G: 1e9, T: 1e12 };
  return Number(match[1]) * (match[2] ? unit[match[2]] : 1);
}

/** Every public address of a build: its Ingresses, and its HTTPRoutes that send to a backend (not the redirect). */
function publicRoutes(built: Built): PublicRoute[] {
  const ingresses = built.all<Ingress>('Ingress').map(
    (i): PublicRoute => ({
      kind: 'Ingress',
      name: i.metadata.name,
      hosts: (i.spec.rules ?? []).map((r) => r.host ?? ''),
      tls: (i.spec.tls ?? []).map((t) => ({ hosts: t.hosts ?? [], secretName: t.secretName })),
      paths: (i.spec.rules ?? []).flatMap((r) =>
        (r.http?.paths ?? []).map((p) => ({
          type: p.pathType === 'Exact' ? 'Exact' : 'Prefix',
          path: p.path ?? '/',
          service: p.backend.service?.name ?? '',
          port: p.backend.service?.port ?? {},
        })),
      ),
    }),
  );
  const gateways = built.all<Gateway>('Gateway');
  const routes = built
    .all<HttpRoute>('HTTPRoute')
    .filter((r) => r.spec.rules.some((rule) => rule.backendRefs?.length))
    .map((r): PublicRoute => {
      const listeners = (r.spec.parentRefs ?? []).map((ref) => gateways.find((g) => g.metadata.name === ref.name)?.spec.listeners.find((l) => l.name === ref.sectionName));
      const timeouts = r.spec.rules.map((rule) => rule.timeouts?.request).filter((t): t is string => Boolean(t));
      return {
        kind: 'HTTPRoute',
        name: r.metadata.name,
        hosts: r.spec.hostnames ?? [],
        tls: listeners.filter((l) => l?.protocol === 'HTTPS').map((l) => ({ hosts: l?.hostname ? [l.hostname] : [], secretName: l?.tls?.certificateRefs?.[0]?.name })),
        paths: r.spec.rules.flatMap((rule) =>
          (rule.matches ?? [{ path: { type: 'PathPrefix', value: '/' } }]).map((m) => ({
            type: m.path?.type === 'Exact' ? 'Exact' : 'Prefix',
            path: m.path?.value ?? '/',
            service: rule.backendRefs?.[0]?.name ?? '',
            port: { number: rule.backendRefs?.[0]?.port },
          })),
        ),
        timeoutSeconds: timeouts.length ? Math.min(...timeouts.map(seconds)) : undefined,
      };
    });
  return [...ingresses, ...routes];
}

/* ------------------------------------------------------------------------------------------ *
 * Network policies, evaluated as a network plugin enforces them.                               *
 * ------------------------------------------------------------------------------------------ */

/** A pod (its namespace, labels and named ports) or an address outside the cluster. */
type Endpoint = { namespace: string; labels: Labels; ports?: Record<string, number> } | { ip: string };

const ipNumber = (ip: string) => ip.split('.').reduce((n, part) => n * 256 + Number(part), 0);
function inCidr(ip: string, cidr: string): boolean {
  const [base, bits] = cidr.split('/');
  const size = 2 ** (32 - Number(bits));
  return Math.floor(ipNumber(ip) / size) === Math.floor(ipNumber(base) / size);
}

const policyTypes = (p: NetworkPolicy) => p.spec.policyTypes ?? ['Ingress', ...(p.spec.egress ? ['Egress'] : [])];

function peerMatches(peer: NetworkPolicyPeer, policyNamespace: string, other: Endpoint): boolean {
  if (peer.ipBlock) return 'ip' in other && inCidr(other.ip, peer.ipBlock.cidr) && !(peer.ipBlock.except ?? []).some((c) => inCidr(other.ip, c));
  if ('ip' in other) return false;
  const namespaceOk = peer.namespaceSelector ? matches(peer.namespaceSelector, { 'kubernetes.io/metadata.name': other.namespace }) : other.namespace === policyNamespace;
  return namespaceOk && (peer.podSelector ? matches(peer.podSelector, other.labels) : true);
}

/**
 * Whether a connection from one endpoint to another's port is let through: by the source's
 * egress policies and the destination's ingress policies, or by one side alone (a named port is
 * the destination pod's). Pods of other namespaces and outside addresses have no policies here:
 * their side lets everything through.
 */
function connects(built: Built, namespace: string, from: Endpoint, to: Endpoint, port: number, protocol = 'TCP', sides: Array<'Egress' | 'Ingress'> = ['Egress', 'Ingress']): boolean {
  const policies = built.all<NetworkPolicy>('NetworkPolicy');
  const destinationPorts = 'ip' in to ? {} : (to.ports ?? {});
  const portMatches = (rule: NetworkPolicyRule) =>
    !rule.ports?.length ||
    rule.ports.some((p) => (p.protocol ?? 'TCP') === protocol && (p.port === undefined || p.port === port || (typeof p.port === 'string' && destinationPorts[p.port] === port)));
  const side = (pod: Endpoint, type: 'Ingress' | 'Egress', other: Endpoint) => {
    if ('ip' in pod || pod.namespace !== namespace) return true;
    const selecting = policies.filter((p) => policyTypes(p).includes(type) && matches(p.spec.podSelector, pod.labels));
    if (!selecting.length) return true;
    return selecting.some((p) =>
      type === 'Ingress'
        ? (p.spec.ingress ?? []).some((rule) => (!rule.from?.length || rule.from.some((peer) => peerMatches(peer, namespace, other))) && portMatches(rule))
        : (p.spec.egress ?? []).some((rule) => (!rule.to?.length || rule.to.some((peer) => peerMatches(peer, namespace, other))) && portMatches(rule)),
    );
  };
  return (!sides.includes('Egress') || side(from, 'Egress', to)) && (!sides.includes('Ingress') || side(to, 'Ingress', from));
}

/** A Deployment's pod as an endpoint: its labels and its containers' named ports. */
function podOf(d: Deployment, namespace: string): Endpoint {
  const ports = Object.fromEntries(d.spec.template.spec.containers.flatMap((c) => c.ports ?? []).map((p) => [p.name ?? '', p.containerPort]));
  return { namespace, labels: podLabels(d), ports };
}

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

/** the services behind the gateway */
const services: Program[] = ['auth', 'content', 'linkedin', 'scheduler', 'billing'];
/** how long each program may drain after SIGTERM: a streamed generation passes through the gateway and content (up to 45 s), linkedin finishes a publish */
const drainSeconds: Record<Program, number> = { gateway: 55, content: 55, linkedin: 55, auth: 10, scheduler: 10, billing: 10, 'linkedin-sandbox': 10, 'billing-sandbox': 10 };
/** the outside services each program calls, at public addresses: HTTPS (LinkedIn, the model, Stripe) and SMTP */
const httpsCallers: Program[] = ['linkedin', 'content', 'billing'];
/** the data services: their ports and the programs that use them */
const dataServices: Record<string, { ports: number[]; clients: Program[] }> = {
  mongodb: { ports: [27017], clients: services },
  redis: { ports: [6379, 6380], clients: ['gateway', ...services] },
  rabbitmq: { ports: [5672, 5671], clients: services },
};
/** where the overlays' data-services.yaml says the data services are (placeholders an operator replaces) */
const dataPlaces: Endpoint[] = [{ namespace: 'postwright-data', labels: { app: 'database' } }, { ip: '192.0.2.10' }];
/** an address on the internet, and the ones a pod must never reach there */
const publicAddress = '93.184.215.14';
const forbiddenAddresses = ['169.254.169.254', '10.0.0.1', '172.16.0.10', '192.168.1.1', '100.64.0.1'];

/** the ingress controllers, each a component, and the namespace its proxies connect from */
type Controller = 'traefik' | 'envoy-gateway';
const controllers: Controller[] = ['traefik', 'envoy-gateway'];
const controllerNamespace: Record<Controller, string> = { traefik: 'traefik', 'envoy-gateway': 'envoy-gateway-system' };
/** the overlay's file of public addresses each controller takes: Ingresses, or a Gateway and HTTPRoutes */
const routesFile: Record<Controller, string> = { traefik: 'ingress.yaml', 'envoy-gateway': 'gateway-api.yaml' };
/** each overlay as checked in: its controller and where its Secret comes from */
const checkedIn: Record<Overlay, { controller: Controller; secret: 'external-secrets' | 'none' }> = {
  production: { controller: 'envoy-gateway', secret: 'external-secrets' },
  sandbox: { controller: 'traefik', secret: 'none' },
};
const namespaceOf: Record<Overlay, string> = { production: 'postwright', sandbox: 'postwright-sandbox' };
const instanceOf: Record<Overlay, string> = { production: 'postwright', sandbox: 'postwright-sandbox' };
const overlays: Overlay[] = ['production', 'sandbox'];

/** one overlay with one controller, its Secret generated from secrets.env: what the checks of a running app read */
interface Variant {
  overlay: Overlay;
  controller: Controller;
  name: string;
}
const variants: Variant[] = overlays.flatMap((overlay) => controllers.map((controller) => ({ overlay, controller, name: `${overlay} with ${controller}` })));

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

/**
 * An overlay's kustomization.yaml using the given controller's component and public addresses,
 * and its secrets-file component for the Secret.
 */
function withComponents(text: string, controller: Controller, file: string): string {
  const swaps: Array<[RegExp, string]> = [
    [/^ {2}- \.\.\/\.\.\/components\/(?:traefik|envoy-gateway)$/m, `  - ../../components/${controller}`],
    [/^ {2}- (?:ingress|gateway-api)\.yaml$/m, `  - ${routesFile[controller]}`],
    [/^ {2}(?:# )?- (?:\.\.\/\.\.\/components\/external-secrets|secrets-file)$/m, '  - secrets-file'],
  ];
  return swaps.reduce((text, [line, replacement]) => {
    if (!line.test(text)) throw new Error(`${file} has no line ${line}: k8s.test.ts switches the components with it`);
    return text.replace(line, replacement);
  }, text);
}

/**
 * A copy of deploy/k8s in a temporary folder: as a checkout holds it (no secrets.env), or with
 * each overlay's secrets-file/secrets.env written from its example and, beside each overlay, a
 * copy of it per controller (`<overlay>-with-<controller>`) that generates its Secret from it.
 */
function copyOf(options: { secrets: boolean }): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'postwright-k8s-'));
  temps.push(dir);
  // an operator's real secrets.env never leaves the working tree
  fs.cpSync(source, dir, { recursive: true, filter: (src) => path.basename(src) !== 'secrets.env' });
  if (!options.secrets) return dir;
  for (const overlay of overlays) {
    const folder = path.join(dir, 'overlays', overlay);
    const keys = exampleKeys(path.join(folder, 'secrets.env.example'));
    const secrets = secretsOf(overlay);
    const missing = keys.filter((k) => !(k in secrets));
    if (missing.length) throw new Error(`no fake value for ${missing.join(', ')}: add one to fakeSecrets in k8s.test.ts`);
    fs.writeFileSync(path.join(folder, 'secrets-file/secrets.env'), keys.map((k) => `${k}=${secrets[k]}\n`).join(''));
    for (const controller of controllers) {
      const variant = path.join(dir, 'overlays', `${overlay}-with-${controller}`);
      fs.cpSync(folder, variant, { recursive: true });
      const file = path.join(variant, 'kustomization.yaml');
      fs.writeFileSync(file, withComponents(fs.readFileSync(file, 'utf8'), controller, `overlays/${overlay}/kustomization.yaml`));
    }
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
/** each build by name: the base, every variant, each overlay as checked in, the other components */
const builds: Record<string, { ok: true; built: Built } | { ok: false; error: string }> = {};
/** a build's objects; a build kustomize or the decoder refused fails the test with their message */
function built(name: string): Built {
  const result = builds[name];
  if (!result) throw new Error(`no build named ${name}`);
  if (!result.ok) throw new Error(result.error);
  return result.built;
}
const asCheckedIn = (overlay: Overlay) => `${overlay} as checked in`;
/** the components of deploy/k8s/components other than the controllers and the ExternalSecret: each built into the production overlay */
const otherComponents = fs
  .readdirSync(path.join(source, 'components'))
  .filter((name) => fs.existsSync(path.join(source, 'components', name, 'kustomization.yaml')))
  .filter((name) => !(controllers as string[]).includes(name) && name !== 'external-secrets');
const withComponent = (component: string) => `production with components/${component}`;

beforeAll(() => {
  const copy = copyOf({ secrets: true });
  const clean = copyOf({ secrets: false });
  const dirs: Record<string, string> = { base: path.join(copy, 'base') };
  for (const v of variants) dirs[v.name] = path.join(copy, 'overlays', `${v.overlay}-with-${v.controller}`);
  for (const overlay of overlays) dirs[asCheckedIn(overlay)] = path.join(clean, 'overlays', overlay);
  for (const component of otherComponents) {
    const file = path.join(clean, 'overlays/production/kustomization.yaml');
    const variant = path.join(clean, 'overlays', `production-with-${component}`);
    fs.cpSync(path.dirname(file), variant, { recursive: true });
    fs.writeFileSync(path.join(variant, 'kustomization.yaml'), fs.readFileSync(file, 'utf8').replace(/^components:\n/m, `components:\n  - ../../components/${component}\n`));
    dirs[withComponent(component)] = variant;
  }
  // one build each, so that a refused one fails its own tests alone
  for (const [name, dir] of Object.entries(dirs)) {
    const result = kustomizeBuild([dir]);
    builds[name] = result.ok ? { ok: true, built: new Built((result.objects[dir] ?? []) as unknown as Obj[]) } : { ok: false, error: result.error };
  }
}, 600_000);

afterAll(() => {
  for (const dir of temps) fs.rmSync(dir, { recursive: true, force: true });
});

describe('deploy/k8s', () => {
  test.each(['base', ...variants.map((v) => v.name), ...overlays.map(asCheckedIn), ...otherComponents.map(withComponent)])(
    'when %s is built, then kustomize and the strict decoding into the API types accept every object',
    (name) => {
      expect(built(name).objects.length).toBeGreaterThan(0);
    },
  );

  test('when the base is built, then it holds no Secret, no public address and no annotation of any controller, and sets no namespace (the overlays and components do)', () => {
    const base = built('base');
    expect(base.all('Secret')).toEqual([]);
    expect(base.objects.filter((o) => ['Ingress', 'Gateway', 'HTTPRoute'].includes(o.kind))).toEqual([]);
    expect(base.objects.filter((o) => o.metadata.annotations)).toEqual([]);
    expect(base.objects.filter((o) => o.metadata.namespace)).toEqual([]);
    expect(fs.readFileSync(path.join(source, 'base/kustomization.yaml'), 'utf8')).not.toMatch(/secretGenerator/);
  });

  test.each(overlays)(
    'when the %s overlay is built as checked in (no secrets.env), then it renders with its own controller, production takes its Secret from an ExternalSecret, the sandbox from the operator',
    (overlay) => {
      const b = built(asCheckedIn(overlay));
      expect(b.all('Secret')).toEqual([]);
      // the pods read the Secret under its own name: nothing renames it (no generator's hash)
      const references = b
        .all<Deployment>('Deployment')
        .flatMap((d) => d.spec.template.spec.containers.flatMap((c) => c.env ?? []))
        .map((e) => e.valueFrom?.secretKeyRef?.name)
        .filter(Boolean);
      expect(references.length).toBeGreaterThan(0);
      expect([...new Set(references)]).toEqual(['postwright-secrets']);
      const { controller, secret } = checkedIn[overlay];
      if (controller === 'traefik') {
        expect(b.all<Ingress>('Ingress').map((i) => i.spec.ingressClassName)).toEqual(publicPrograms[overlay].map(() => 'traefik'));
      } else {
        expect([b.all('Ingress').length, b.get<Gateway>('Gateway', 'postwright')?.spec.gatewayClassName]).toEqual([0, 'eg']);
      }
      const externalSecrets = b.all<ExternalSecret>('ExternalSecret');
      if (secret === 'none') {
        expect(externalSecrets).toEqual([]);
        return;
      }
      expect(externalSecrets).toHaveLength(1);
      const [es] = externalSecrets;
      expect(es.apiVersion).toBe('external-secrets.io/v1');
      expect(es.spec.target).toMatchObject({ name: 'postwright-secrets', creationPolicy: 'Owner' });
      expect(es.spec.secretStoreRef.kind).toBe('ClusterSecretStore');
      expect(es.spec.secretStoreRef.name).toBeTruthy();
      // every key of the store's secret, so the keys are secrets.env.example's
      expect(es.spec.dataFrom).toEqual([{ extract: { key: expect.any(String) } }]);
      // the Secret keeps its name when it changes: Reloader rolls the pods where it runs
      for (const d of b.all<Deployment>('Deployment')) expect([d.metadata.name, d.metadata.annotations?.['secret.reloader.stakater.com/reload']]).toEqual([d.metadata.name, 'postwright-secrets']);
    },
  );

  test('when the overlays are built, then each lives in its own namespace, created with the restricted Pod Security Standard', () => {
    const builds = [...variants.map((v) => [v.name, v.overlay] as const), ...overlays.map((o) => [asCheckedIn(o), o] as const)];
    for (const [name, overlay] of builds) {
      const namespace = namespaceOf[overlay];
      const objects = built(name).objects;
      expect([name, objects.filter((o) => o.kind !== 'Namespace' && o.metadata.namespace !== namespace)]).toEqual([name, []]);
      const ns = built(name).get('Namespace', namespace);
      expect([name, ns?.metadata.labels?.['pod-security.kubernetes.io/enforce']]).toEqual([name, 'restricted']);
    }
  });

  test('when the secrets.env.example files are read, then they name every secret a program needs and give no value', () => {
    for (const overlay of overlays) {
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

  test.each(overlays)(
    'when `npm run secrets -- k8s` is run for the %s overlay, then it writes secrets-file/secrets.env (mode 0600), says how the overlay reads it, and the overlay so switched generates the Secret from it',
    (overlay) => {
      const copy = copyOf({ secrets: false });
      const folder = path.join(copy, 'overlays', overlay);
      const run = spawnSync(process.execPath, [path.join(root, 'platform/scripts/secrets.js'), 'k8s', folder], { cwd: copy, encoding: 'utf8' });
      expect(run.stderr).toBe('');
      expect(run.status).toBe(0);
      const file = path.join(folder, 'secrets-file/secrets.env');
      expect(fs.statSync(file).mode & 0o777).toBe(0o600);
      expect(run.stdout).toContain('Wrote overlays/' + overlay + '/secrets-file/secrets.env');
      // the overlay as checked in does not read the file: the script says what to do
      expect(run.stdout).toContain('list `- secrets-file` under components');
      expect(run.stdout).toContain(`kubectl -n ${namespaceOf[overlay]} create secret generic postwright-secrets --from-env-file=overlays/${overlay}/secrets-file/secrets.env`);

      const settings = path.join(folder, 'kustomization.yaml');
      fs.writeFileSync(settings, withComponents(fs.readFileSync(settings, 'utf8'), 'traefik', settings));
      const rerun = spawnSync(process.execPath, [path.join(root, 'platform/scripts/secrets.js'), 'k8s', folder, '--force'], { cwd: copy, encoding: 'utf8' });
      expect(rerun.status).toBe(0);
      expect(rerun.stdout).not.toContain('secrets-file` under components');
      const result = kustomizeBuild([folder]);
      if (!result.ok) throw new Error(result.error);
      const switched = new Built(result.objects[folder] as unknown as Obj[]);
      const secrets = switched.all<Secret>('Secret');
      expect(secrets.map((s) => s.metadata.name)).toEqual([expect.stringMatching(/^postwright-secrets-[a-z0-9]+$/)]);
      expect(Object.keys(secrets[0].data ?? {}).sort()).toEqual(exampleKeys(path.join(folder, 'secrets.env.example')).sort());
      // the generator's hashed name reaches every pod: a changed secrets.env rolls them
      const references = switched
        .all<Deployment>('Deployment')
        .flatMap((d) => d.spec.template.spec.containers.flatMap((c) => c.env ?? []))
        .map((e) => e.valueFrom?.secretKeyRef?.name)
        .filter(Boolean);
      expect([...new Set(references)]).toEqual([secrets[0].metadata.name]);
    },
    120_000,
  );
});

describe.each(controllers)("the sandbox overlay's LinkedIn sandbox with %s", (controller) => {
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
  const publicPaths = () => publicRoutes(built(`sandbox with ${controller}`)).find((r) => r.name === 'linkedin-sandbox')?.paths ?? [];
  const served = (requestPath: string) => publicPaths().some((p) => routeServes(p, requestPath));

  test('when its public route is read, then it serves only what a browser asks for (the consent page and its form, profile pictures, a post\'s page) and never the token endpoint, the API, the test controls or the probes', () => {
    expect(publicPaths().map((p) => `${p.type} ${p.path}`)).toEqual([
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

describe.each(variants)('the $name', ({ overlay, controller, name }) => {
  const programs = programsOf[overlay];
  const b = () => built(name);
  const namespace = namespaceOf[overlay];

  test('when built, then it has a Deployment, a ServiceAccount and a Service for each program and component, and nothing else runs', () => {
    const running = [...programs, ...componentsOf[overlay]].sort();
    expect(b().all('Deployment').map((d) => d.metadata.name).sort()).toEqual(running);
    expect(b().all('Service').map((s) => s.metadata.name).sort()).toEqual(running);
    // each its own identity, none with an API token
    const accounts = b().all<ServiceAccount>('ServiceAccount');
    expect(accounts.map((s) => s.metadata.name).sort()).toEqual(running);
    for (const account of accounts) expect([account.metadata.name, account.automountServiceAccountToken]).toEqual([account.metadata.name, false]);
    // MongoDB, Redis and RabbitMQ are external
    expect(b().objects.filter((o) => ['StatefulSet', 'DaemonSet', 'Pod', 'Job', 'CronJob', 'ReplicaSet'].includes(o.kind))).toEqual([]);
  });

  test.each(programsOf[overlay])(
    'when the %s Deployment is read, then it has its probes, resources, its own identity, a locked-down non-root container and time to drain',
    (program) => {
      const d = b().deployment(program);
      const pod = d.spec.template.spec;
      expect(pod.containers).toHaveLength(1);
      const [c] = pod.containers;
      expect(c.name).toBe(program);
      // the overlay's registry and tag replaced the base's image name
      expect(c.image).toMatch(new RegExp(`/postwright/${program}:[\\w.-]+$`));
      // the gateway serves /metrics on a port of its own, never on the public one
      expect(c.ports).toEqual(program === 'gateway' ? [{ name: 'http', containerPort: 3000 }, { name: 'metrics', containerPort: 9091 }] : [{ name: 'http', containerPort: 3000 }]);

      expect(c.readinessProbe?.httpGet).toEqual({ path: '/ready', port: 'http' });
      expect(c.livenessProbe?.httpGet).toEqual({ path: '/health', port: 'http' });
      expect(c.startupProbe?.httpGet).toEqual({ path: '/health', port: 'http' });

      for (const kind of ['requests', 'limits'] as const) {
        expect(c.resources?.[kind]?.cpu).toBeTruthy();
        expect(c.resources?.[kind]?.memory).toBeTruthy();
        expect(c.resources?.[kind]?.['ephemeral-storage']).toBeTruthy();
      }
      // the emptyDir volumes count against the pod's ephemeral storage, beside its logs
      const scratch = (pod.volumes ?? []).reduce((sum, v) => sum + bytes(v.emptyDir?.sizeLimit ?? '0'), 0);
      expect(bytes(c.resources?.limits?.['ephemeral-storage'] ?? '0')).toBeGreaterThan(scratch);
      expect(bytes(c.resources?.requests?.['ephemeral-storage'] ?? '0')).toBeLessThanOrEqual(bytes(c.resources?.limits?.['ephemeral-storage'] ?? '0'));

      expect(pod.serviceAccountName).toBe(program);
      const security = { ...pod.securityContext, ...c.securityContext };
      expect(security.runAsNonRoot).toBe(true);
      expect(security.runAsUser).toBe(1000);
      expect(security.readOnlyRootFilesystem).toBe(true);
      expect(security.allowPrivilegeEscalation).toBe(false);
      expect(security.capabilities?.drop).toEqual(['ALL']);
      expect(security.seccompProfile?.type).toBe('RuntimeDefault');
      expect(pod.automountServiceAccountToken).toBe(false);

      // the endpoints drop the pod before SIGTERM; then the program drains (up to 50 s where a
      // stream or a publish may be under way) and closes, with a margin before SIGKILL
      expect(c.lifecycle?.preStop?.exec?.command).toEqual(['/bin/sleep', '5']);
      expect(pod.terminationGracePeriodSeconds).toBeGreaterThanOrEqual(5 + drainSeconds[program] + 5);
      if (drainSeconds[program] > 10) expect(pod.terminationGracePeriodSeconds).toBe(65);

      // the selector is the name alone, so the other labels may change without replacing the Deployment
      expect(d.spec.selector).toEqual({ matchLabels: { 'app.kubernetes.io/name': program } });
      expect(podLabels(d)).toMatchObject({
        'app.kubernetes.io/name': program,
        'app.kubernetes.io/part-of': 'postwright',
        'app.kubernetes.io/instance': instanceOf[overlay],
        // the release: the image's tag
        'app.kubernetes.io/version': /:([\w.-]+)$/.exec(c.image ?? '')?.[1],
      });
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
      if (program === 'gateway') expect(Number(env.METRICS_PORT)).toBe(c.ports?.find((p) => p.name === 'metrics')?.containerPort);
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

  test('when the public URLs are read, then they are the hosts of the public routes, served over TLS', () => {
    const envOf = (program: Program) => resolveEnv(b(), b().deployment(program).spec.template.spec.containers[0]).env;
    const hostsOf = (name: string) => {
      const route = publicRoutes(b()).find((r) => r.name === name);
      expect(route).toBeDefined();
      const hosts = route?.hosts ?? [];
      expect((route?.tls ?? []).flatMap((t) => t.hosts).sort()).toEqual([...hosts].sort());
      for (const tls of route?.tls ?? []) expect(tls.secretName).toBeTruthy();
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
    expect(pod.serviceAccountName).toBe('mailpit');
    expect(bytes(c.resources?.limits?.['ephemeral-storage'] ?? '0')).toBeGreaterThan((pod.volumes ?? []).reduce((sum, v) => sum + bytes(v.emptyDir?.sizeLimit ?? '0'), 0));
    // not of this release: its version is its image's
    expect(podLabels(d)['app.kubernetes.io/version']).toBe(MAILPIT_VERSION);
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
    const route = publicRoutes(b()).find((r) => r.name === 'mailpit');
    expect(route?.hosts).toHaveLength(1);
    expect(route?.tls.flatMap((tls) => tls.hosts)).toEqual(route?.hosts);
    expect(route?.paths.map((p) => [p.service, p.port.name ?? p.port.number])).toEqual([['mailpit', controller === 'traefik' ? 'http' : 8025]]);

    // SMTP from the services that send email alone; the inbox from anyone (the browser, through the controller)
    const mailpit = podOf(d, namespace);
    const smtpCallers = b()
      .all<Deployment>('Deployment')
      .filter((other) => connects(b(), namespace, podOf(other, namespace), mailpit, 1025))
      .map((other) => other.metadata.name);
    expect(smtpCallers.sort()).toEqual([...mailSenders].sort());
    expect(connects(b(), namespace, { namespace: 'elsewhere', labels: {} }, mailpit, 1025)).toBe(false);
    expect(connects(b(), namespace, { ip: publicAddress }, mailpit, 8025)).toBe(true);
  });

  test("when a public route is read, then it sends to an existing Service on its http port (never the gateway's metrics)", () => {
    const routes = publicRoutes(b());
    expect(routes.map((r) => r.name).sort()).toEqual(publicPrograms[overlay].slice().sort());
    for (const route of routes) {
      expect(route.paths.length).toBeGreaterThan(0);
      for (const p of route.paths) {
        const service = b().get<Service>('Service', p.service);
        expect(service).toBeDefined();
        const port = service?.spec.ports.find((port) => port.name === p.port.name || port.port === p.port.number);
        expect([route.name, port?.name]).toEqual([route.name, 'http']);
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

  test('when the disruption budgets are read, then every program with 2 or more replicas has one that selects its pods and lets an unready pod be evicted', () => {
    const pdbs = b().all<Pdb>('PodDisruptionBudget');
    for (const pdb of pdbs) {
      const pods = b().all<Deployment>('Deployment').filter((d) => matches(pdb.spec.selector, podLabels(d)));
      expect(pods.map((d) => d.metadata.name)).toEqual([pdb.metadata.name]);
      expect(pdb.spec.minAvailable).toBe(1);
      // a pod that is not ready never holds up a node's drain
      expect(pdb.spec.unhealthyPodEvictionPolicy).toBe('AlwaysAllow');
    }
    const several = programs.filter((p) => {
      const plan = scaling[p];
      return ('min' in plan ? plan.min : plan.replicas) >= 2;
    });
    expect(pdbs.map((p) => p.metadata.name).sort()).toEqual(several.slice().sort());
  });

  test('when the network policies are read, then all ingress and all egress are denied by default, and nothing is left of the placeholders the controller component and the overlay fill in', () => {
    const policies = b().all<NetworkPolicy>('NetworkPolicy');
    const denyAll = (type: 'Ingress' | 'Egress') =>
      policies.filter((p) => Object.keys(p.spec.podSelector).length === 0 && policyTypes(p).includes(type) && !(type === 'Ingress' ? p.spec.ingress : p.spec.egress)?.length);
    expect([denyAll('Ingress').length, denyAll('Egress').length]).toEqual([1, 1]);
    expect(JSON.stringify(b().objects)).not.toMatch(/set-by-the-ingress-component|set-in-the-overlay/);
  });

  test('when connections come in, then the gateway takes them from the controller\'s proxies alone, the services from the app\'s own pods, the sandboxes\' pages from anyone, cert-manager\'s solver from the controller, Prometheus its metrics, and no pod anything on another port', () => {
    const deployments = b().all<Deployment>('Deployment');
    const proxies: Endpoint = { namespace: controllerNamespace[controller], labels: { 'app.kubernetes.io/name': 'proxy' } };
    const elsewhere: Endpoint = { namespace: 'elsewhere', labels: { 'app.kubernetes.io/name': 'anything' } };
    const internet: Endpoint = { ip: publicAddress };
    const prometheus: Endpoint = { namespace: 'monitoring', labels: { 'app.kubernetes.io/name': 'prometheus' } };
    const inbound = (from: Endpoint, to: Endpoint, port: number) => connects(b(), namespace, from, to, port, 'TCP', ['Ingress']);
    for (const d of deployments) {
      const name = d.metadata.name;
      const pod = podOf(d, namespace);
      const http = 'ports' in pod ? (pod.ports?.http ?? 0) : 0;
      const isPublic = publicPrograms[overlay].includes(name as Program | Component);
      // the gateway believes the hop in front about the client's address: only the controller's proxies may be that hop
      const openToAll = isPublic && name !== 'gateway';
      expect([name, inbound(elsewhere, pod, http), inbound(internet, pod, http), inbound(proxies, pod, http)]).toEqual([name, openToAll, openToAll, isPublic]);
      for (const other of deployments) {
        const expected = name === 'gateway' ? gatewayCallers[overlay].includes(other.metadata.name as Program) : true;
        expect([other.metadata.name, name, inbound(podOf(other, namespace), pod, http)]).toEqual([other.metadata.name, name, expected]);
      }
      if ((services as string[]).includes(name)) expect([name, inbound(prometheus, pod, http)]).toEqual([name, true]);
      // no port but the declared ones, from anywhere (9229: a debugger's)
      for (const from of [elsewhere, internet, proxies, prometheus, ...deployments.map((o) => podOf(o, namespace))]) expect([name, inbound(from, pod, 9229)]).toEqual([name, false]);
    }
    // the gateway's metrics to Prometheus alone; its public port not to Prometheus
    const gateway = podOf(b().deployment('gateway'), namespace);
    expect([inbound(prometheus, gateway, 9091), inbound(prometheus, gateway, 3000), inbound(proxies, gateway, 9091), inbound(elsewhere, gateway, 9091)]).toEqual([true, false, false, false]);
    // cert-manager's HTTP-01 solver pod answers Let's Encrypt through the controller
    const solver: Endpoint = { namespace, labels: { 'acme.cert-manager.io/http01-solver': 'true' }, ports: {} };
    expect([inbound(proxies, solver, 8089), inbound(elsewhere, solver, 8089), inbound(internet, solver, 8089)]).toEqual([true, false, false]);
  });

  test('when connections go out, then every pod resolves names, reaches the data services it uses where the overlay says they are, and of the internet only the ports its outside services listen on, never a private or metadata address', () => {
    const outbound = (from: Endpoint, to: Endpoint, port: number, protocol = 'TCP') => connects(b(), namespace, from, to, port, protocol, ['Egress']);
    const kubeDns: Endpoint = { namespace: 'kube-system', labels: { 'k8s-app': 'kube-dns' } };
    const internet: Endpoint = { ip: publicAddress };
    for (const d of b().all<Deployment>('Deployment')) {
      const name = d.metadata.name as Program;
      const pod = podOf(d, namespace);
      expect([name, outbound(pod, kubeDns, 53, 'UDP'), outbound(pod, kubeDns, 53, 'TCP'), outbound(pod, { ip: '8.8.8.8' }, 53, 'UDP')]).toEqual([name, true, true, false]);
      for (const address of forbiddenAddresses) for (const port of [80, 443, 465, 587]) expect([name, address, port, outbound(pod, { ip: address }, port)]).toEqual([name, address, port, false]);
      expect([name, 'https', outbound(pod, internet, 443)]).toEqual([name, 'https', httpsCallers.includes(name)]);
      for (const port of [465, 587]) expect([name, port, outbound(pod, internet, port)]).toEqual([name, port, mailSenders.includes(name)]);
      for (const port of [80, 8080, 27017, 6379]) expect([name, port, outbound(pod, internet, port)]).toEqual([name, port, false]);
      for (const [service, { ports, clients }] of Object.entries(dataServices)) {
        for (const place of dataPlaces) {
          for (const port of ports) expect([name, service, port, outbound(pod, place, port)]).toEqual([name, service, port, clients.includes(name)]);
        }
      }
    }
  });

  test('when a program calls another by the address its settings give, then the policies let the call through, and no call between the app\'s pods that no setting makes', () => {
    const deployments = b().all<Deployment>('Deployment');
    const called = new Set<string>();
    for (const d of deployments) {
      const { env } = resolveEnv(b(), d.spec.template.spec.containers[0]);
      for (const value of Object.values(env)) {
        // a bare name and its port, then the path or the end: not a password that starts with digits (smtps://user:0pass@host)
        for (const [, host, port] of value.matchAll(/\b(?:https?|smtps?):\/\/(?:[^@/\s]*@)?([a-z0-9-]+):(\d+)(?=\/|\s|$)/g)) {
          const service = b().get<Service>('Service', host);
          const servicePort = service?.spec.ports.find((p) => p.port === Number(port));
          const target = deployments.find((other) => matches({ matchLabels: service?.spec.selector }, podLabels(other)));
          const containerPort = target?.spec.template.spec.containers.flatMap((c) => c.ports ?? []).find((p) => p.name === servicePort?.targetPort)?.containerPort;
          expect([d.metadata.name, value, containerPort]).toEqual([d.metadata.name, value, expect.any(Number)]);
          called.add(`${d.metadata.name} -> ${target?.metadata.name}:${containerPort}`);
        }
      }
    }
    const allowed = deployments.flatMap((from) =>
      deployments.flatMap((to) =>
        to.spec.template.spec.containers
          .flatMap((c) => c.ports ?? [])
          .filter((p) => connects(b(), namespace, podOf(from, namespace), podOf(to, namespace), p.containerPort))
          .map((p) => `${from.metadata.name} -> ${to.metadata.name}:${p.containerPort}`),
      ),
    );
    expect(allowed.sort()).toEqual([...called].sort());
  });

  test(`when the public routes are read, then they are the controller's own, with no annotation of another controller, and their streams may last 120 s`, () => {
    const ingresses = b().all<Ingress>('Ingress');
    const gateways = b().all<Gateway>('Gateway');
    const routes = b().all<HttpRoute>('HTTPRoute');
    // cert-manager's is the only annotation: nothing of one controller is left for another
    for (const o of [...ingresses, ...gateways, ...routes]) expect([o.kind, o.metadata.name, Object.keys(o.metadata.annotations ?? {})]).toEqual([o.kind, o.metadata.name, o.kind === 'HTTPRoute' ? [] : ['cert-manager.io/cluster-issuer']]);
    if (controller === 'traefik') {
      expect([gateways, routes]).toEqual([[], []]);
      for (const ingress of ingresses) expect([ingress.metadata.name, ingress.spec.ingressClassName]).toEqual([ingress.metadata.name, 'traefik']);
      return;
    }
    expect(ingresses).toEqual([]);
    expect(gateways.map((g) => [g.metadata.name, g.spec.gatewayClassName])).toEqual([['postwright', 'eg']]);
    const [gateway] = gateways;
    const http = gateway.spec.listeners.filter((l) => l.protocol === 'HTTP');
    expect(http.map((l) => [l.port, l.hostname])).toEqual([[80, undefined]]);
    for (const listener of gateway.spec.listeners.filter((l) => l.protocol !== 'HTTP')) {
      expect([listener.name, listener.protocol, listener.port, listener.tls?.mode]).toEqual([listener.name, 'HTTPS', 443, 'Terminate']);
      expect(listener.hostname).toBeTruthy();
      expect(listener.tls?.certificateRefs?.map((ref) => ref.name)).toEqual([expect.any(String)]);
    }
    for (const route of routes) {
      for (const ref of route.spec.parentRefs ?? []) {
        expect([route.metadata.name, ref.name]).toEqual([route.metadata.name, 'postwright']);
        const listener = gateway.spec.listeners.find((l) => l.name === ref.sectionName);
        expect([route.metadata.name, listener?.name]).toEqual([route.metadata.name, ref.sectionName]);
        // a route with a host sits on that host's HTTPS listener
        if (route.spec.hostnames) expect([route.metadata.name, listener?.hostname && route.spec.hostnames.includes(listener.hostname)]).toEqual([route.metadata.name, true]);
      }
    }
    // plain HTTP answers with a redirect to HTTPS (and cert-manager's challenges)
    const redirect = routes.find((r) => r.spec.rules.some((rule) => rule.filters?.some((f) => f.type === 'RequestRedirect')));
    expect(redirect?.spec.parentRefs).toEqual([{ name: 'postwright', sectionName: http[0].name }]);
    expect(redirect?.spec.rules[0].filters?.[0].requestRedirect).toEqual({ scheme: 'https', statusCode: 301 });
    // a streamed generation lasts up to 45 s; Envoy's own limit would be 15 s
    expect(publicRoutes(b()).find((r) => r.name === 'gateway')?.timeoutSeconds).toBeGreaterThanOrEqual(120);
  });

  test('when the labels are read, then every object carries the instance and the version beside part-of, and the Services and budgets still select by name alone', () => {
    for (const o of b().objects) {
      expect([o.kind, o.metadata.name, o.metadata.labels?.['app.kubernetes.io/part-of'], o.metadata.labels?.['app.kubernetes.io/instance']]).toEqual([o.kind, o.metadata.name, 'postwright', instanceOf[overlay]]);
      expect([o.kind, o.metadata.name, o.metadata.labels?.['app.kubernetes.io/version']]).toEqual([o.kind, o.metadata.name, expect.stringMatching(/^v?\d+\.\d+\.\d+$/)]);
    }
    for (const service of b().all<Service>('Service')) expect(Object.keys(service.spec.selector ?? {})).toEqual(['app.kubernetes.io/name']);
    for (const pdb of b().all<Pdb>('PodDisruptionBudget')) expect(pdb.spec.selector).toEqual({ matchLabels: { 'app.kubernetes.io/name': pdb.metadata.name } });
  });
});

describe('deploy-check', () => {
  /** A fresh copy with one Deployment changed; the overlay built from it must fail. */
  function buildBroken(file: string, edit: Parameters<typeof editDeployment>[2]): string {
    const dir = copyOf({ secrets: false });
    editDeployment(dir, file, edit);
    const result = kustomizeBuild([path.join(dir, 'overlays/sandbox')]);
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
