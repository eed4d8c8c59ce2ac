/**
 * What an operator adds to see inside a running Postwright: the ServiceMonitors and KEDA
 * components (each overlay built with them, through deploy-check, and the objects held against
 * each other: a ServiceMonitor finds its program's metrics port, KEDA scales the consumers on
 * queues the code declares and replaces the base's autoscalers), and deploy/k8s/observability (the
 * alerts and the dashboard: every alert carries its severity, summary, description and a runbook
 * that docs/operations.md has, and every metric an alert or a panel reads is one a program
 * registers).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { collectDefaultMetrics, Registry } from 'prom-client';
import { kustomizeBuild, type K8sObject } from '../src/testing/deploy-check';

const root = path.resolve(__dirname, '../..');
const source = path.join(root, 'deploy/k8s');
const components = ['../../components/servicemonitors', '../../components/keda'];

type Labels = Record<string, string>;
const programs = ['gateway', 'auth', 'content', 'linkedin', 'scheduler', 'billing'] as const;
type Program = (typeof programs)[number];
/** where each program serves GET /metrics: the gateway on its own listener, the services on their port */
const metricsPort: Record<Program, { name: string; number: number }> = {
  gateway: { name: 'metrics', number: 9091 },
  auth: { name: 'http', number: 3000 },
  content: { name: 'http', number: 3000 },
  linkedin: { name: 'http', number: 3000 },
  scheduler: { name: 'http', number: 3000 },
  billing: { name: 'http', number: 3000 },
};
/** the consumers KEDA scales on their queue's depth, and the range of the base's autoscaler they keep */
const scaledByKeda: Program[] = ['linkedin', 'scheduler'];
/** the namespace the base's network policies name as Prometheus's */
const MONITORING_NAMESPACE = 'monitoring';

/* ------------------------------------------------------------------------------------------ */

/** What each build is: an overlay with the two components, or the observability folder. */
interface Variant {
  name: string;
  overlay?: 'production' | 'sandbox';
  /** the Secret from secrets-file (a generated name with a hash) rather than the overlay's own way */
  secretsFile?: boolean;
}
const variants: Variant[] = [
  { name: 'production with servicemonitors and keda', overlay: 'production' },
  { name: 'sandbox with servicemonitors and keda', overlay: 'sandbox' },
  { name: 'sandbox with servicemonitors, keda and its secrets-file', overlay: 'sandbox', secretsFile: true },
  { name: 'production with servicemonitors, keda and its secrets-file', overlay: 'production', secretsFile: true },
];

let temp: string;
const builds: Record<string, { ok: true; objects: K8sObject[] } | { ok: false; error: string }> = {};

/** The keys of a secrets.env.example (KEY= lines). */
function exampleKeys(file: string): string[] {
  return fs
    .readFileSync(file, 'utf8')
    .split('\n')
    .map((line) => /^([A-Z][A-Z0-9_]*)=/.exec(line)?.[1])
    .filter((k): k is string => Boolean(k));
}

/**
 * A copy of the overlay listing the two components (and secrets-file in place of the overlay's
 * own Secret, with a secrets.env written from the example), as an operator edits it.
 */
function overlayWith(variant: Variant): string {
  const folder = path.join(temp, 'overlays', variant.name.replace(/\W+/g, '-'));
  fs.cpSync(path.join(temp, 'overlays', variant.overlay!), folder, { recursive: true });
  const file = path.join(folder, 'kustomization.yaml');
  let text = fs.readFileSync(file, 'utf8');
  if (!/^components:\n/m.test(text)) throw new Error(`overlays/${variant.overlay}/kustomization.yaml has no components: list`);
  if (variant.secretsFile) {
    // the overlay's own Secret (an ExternalSecret, or none) gives way to the generated one
    text = text.replace(/^ {2}- \.\.\/\.\.\/components\/external-secrets$/m, '').replace(/^ {2}# - secrets-file$/m, '');
    text = text.replace(/^components:\n/m, 'components:\n  - secrets-file\n');
    const keys = exampleKeys(path.join(folder, 'secrets.env.example'));
    fs.writeFileSync(path.join(folder, 'secrets-file/secrets.env'), keys.map((k) => `${k}=value-of-${k.toLowerCase()}\n`).join(''));
  }
  fs.writeFileSync(file, text.replace(/^components:\n/m, `components:\n${components.map((c) => `  - ${c}\n`).join('')}`));
  return folder;
}

function objectsOf(name: string): K8sObject[] {
  const result = builds[name];
  if (!result) throw new Error(`no build named ${name}`);
  if (!result.ok) throw new Error(result.error);
  return result.objects;
}
const all = (objects: K8sObject[], kind: string) => objects.filter((o) => o.kind === kind);
const find = (objects: K8sObject[], kind: string, name: string) => {
  const found = objects.find((o) => o.kind === kind && o.metadata.name === name);
  if (!found) throw new Error(`no ${kind} ${name}`);
  return found;
};
const selects = (selector: Labels | undefined, labels: Labels | undefined) =>
  Boolean(selector) && Object.entries(selector!).every(([k, v]) => labels?.[k] === v);

beforeAll(() => {
  temp = fs.mkdtempSync(path.join(os.tmpdir(), 'postwright-observability-'));
  // an operator's real secrets.env never leaves the working tree
  fs.cpSync(source, temp, { recursive: true, filter: (src) => path.basename(src) !== 'secrets.env' });
  const dirs: Record<string, string> = { observability: path.join(temp, 'observability') };
  for (const variant of variants) dirs[variant.name] = overlayWith(variant);
  // one build each, so that a refused one fails its own tests alone
  for (const [name, dir] of Object.entries(dirs)) {
    const result = kustomizeBuild([dir]);
    builds[name] = result.ok ? { ok: true, objects: result.objects[dir] ?? [] } : { ok: false, error: result.error };
  }
}, 600_000);

afterAll(() => {
  if (temp) fs.rmSync(temp, { recursive: true, force: true });
});

/* ------------------------------------------------------------------------------------------ */

describe('components/servicemonitors and components/keda', () => {
  test.each(variants.map((v) => v.name))('when %s is built, then deploy-check accepts every object', (name) => {
    const kinds = new Set(objectsOf(name).map((o) => o.kind));
    for (const kind of ['ServiceMonitor', 'ScaledObject', 'TriggerAuthentication', 'Deployment']) expect(kinds).toContain(kind);
  });

  test.each(variants.map((v) => v.name))('when %s is built, then each program has a ServiceMonitor that finds its metrics port, which Prometheus\'s namespace may reach', (name) => {
    const objects = objectsOf(name);
    const monitors = all(objects, 'ServiceMonitor');
    expect(monitors.map((m) => m.metadata.name).sort()).toEqual([...programs].sort());
    for (const program of programs) {
      const monitor = find(objects, 'ServiceMonitor', program);
      const services = all(objects, 'Service').filter((s) => selects(monitor.spec.selector.matchLabels, s.metadata.labels));
      expect([program, services.map((s) => s.metadata.name)]).toEqual([program, [program]]);
      const service = services[0];
      // the alerts and the dashboard select on part_of, which the ServiceMonitor takes from this label
      expect(service.metadata.labels?.['app.kubernetes.io/part-of']).toBe('postwright');
      expect(monitor.spec.endpoints).toEqual([expect.objectContaining({ port: metricsPort[program].name, path: '/metrics' })]);

      // the Service's port leads to the container port the program listens on for /metrics
      const servicePort = service.spec.ports.find((p: { name?: string }) => p.name === metricsPort[program].name);
      expect([program, servicePort?.port]).toEqual([program, metricsPort[program].number]);
      const pods = find(objects, 'Deployment', program).spec.template;
      const containerPort = pods.spec.containers
        .flatMap((c: { ports?: Array<{ name?: string; containerPort: number }> }) => c.ports ?? [])
        .find((p: { name?: string; containerPort: number }) => p.name === servicePort.targetPort || p.containerPort === servicePort.targetPort);
      expect([program, containerPort?.containerPort]).toEqual([program, metricsPort[program].number]);

      // a network policy lets the monitoring namespace in on that port (everything else is denied)
      const open = all(objects, 'NetworkPolicy').some(
        (policy) =>
          selects(policy.spec.podSelector.matchLabels, pods.metadata.labels) ||
          (policy.spec.podSelector.matchExpressions ?? []).some(
            (e: { key: string; operator: string; values?: string[] }) => e.operator === 'In' && e.values?.includes(pods.metadata.labels[e.key]),
          )
            ? (policy.spec.ingress ?? []).some(
                (rule: { from?: Array<{ namespaceSelector?: { matchLabels?: Labels } }>; ports?: Array<{ port?: string | number }> }) =>
                  rule.from?.some((peer) => peer.namespaceSelector?.matchLabels?.['kubernetes.io/metadata.name'] === MONITORING_NAMESPACE) &&
                  rule.ports?.some((p) => p.port === containerPort.name || p.port === containerPort.containerPort),
              )
            : false,
      );
      expect([program, open]).toEqual([program, true]);
    }
    // the gateway's public port is never scraped: /metrics is not there
    expect(find(objects, 'ServiceMonitor', 'gateway').spec.endpoints.map((e: { port: string }) => e.port)).not.toContain('http');
  });

  test.each(variants.map((v) => v.name))('when %s is built, then KEDA scales the consumers in place of the base\'s autoscalers, within their range', (name) => {
    const objects = objectsOf(name);
    const hpaTargets = all(objects, 'HorizontalPodAutoscaler').map((h) => h.spec.scaleTargetRef.name);
    // KEDA makes its own autoscaler: a second one for the same Deployment would fight it
    expect(hpaTargets.filter((t) => scaledByKeda.includes(t as Program))).toEqual([]);
    expect(hpaTargets.sort()).toEqual(['billing', 'content', 'gateway']);
    expect(all(objects, 'ScaledObject').map((s) => s.metadata.name).sort()).toEqual([...scaledByKeda].sort());
    for (const program of scaledByKeda) {
      const scaled = find(objects, 'ScaledObject', program);
      expect(scaled.spec.scaleTargetRef).toEqual({ apiVersion: 'apps/v1', kind: 'Deployment', name: program });
      find(objects, 'Deployment', program);
      expect([scaled.spec.minReplicaCount, scaled.spec.maxReplicaCount]).toEqual([2, 4]);
      // named as the base's, so that on a cluster where it runs KEDA takes it over
      expect(scaled.spec.advanced.horizontalPodAutoscalerConfig.name).toBe(program);
      expect(scaled.metadata.annotations?.['scaledobject.keda.sh/transfer-hpa-ownership']).toBe('true');
      expect(scaled.spec.triggers.map((t: { type: string }) => t.type).sort()).toEqual(['cpu', 'rabbitmq']);
    }
  });

  test.each(variants.map((v) => v.name))('when %s is built, then the queues KEDA watches are those the consumers declare, read with the AMQP_URL their pods get', (name) => {
    const objects = objectsOf(name);
    for (const program of scaledByKeda) {
      const consumers = consumerQueues(program);
      for (const trigger of find(objects, 'ScaledObject', program).spec.triggers.filter((t: { type: string }) => t.type === 'rabbitmq')) {
        expect([program, consumers]).toEqual([program, expect.arrayContaining([trigger.metadata.queueName])]);
        expect(trigger.metadata).toMatchObject({ protocol: 'amqp', mode: 'QueueLength' });
        const auth = find(objects, 'TriggerAuthentication', trigger.authenticationRef.name);
        const fromSecret = auth.spec.secretTargetRef.find((r: { parameter: string }) => r.parameter === 'host');
        // the Secret and key the program's own container reads AMQP_URL from (a generated Secret's hashed name included)
        const env = find(objects, 'Deployment', program).spec.template.spec.containers[0].env.find((e: { name: string }) => e.name === 'AMQP_URL');
        expect({ name: fromSecret.name, key: fromSecret.key }).toEqual(env.valueFrom.secretKeyRef);
      }
    }
    const variant = variants.find((v) => v.name === name)!;
    const generated = all(objects, 'Secret').map((s) => s.metadata.name);
    if (variant.secretsFile) expect(generated).toEqual([expect.stringMatching(/^postwright-secrets-[a-z0-9]+$/)]);
  });
});

/**
 * The queues a service consumes, as its code declares them: `<service>.<name>` for each
 * `consume('<name>', ...)` under services/<service>/src (NAMESPACE, empty in the overlays, would
 * prefix them).
 */
function consumerQueues(program: Program): string[] {
  const queues = sourceFiles(path.join(root, 'services', program, 'src')).flatMap((file) =>
    [...fs.readFileSync(file, 'utf8').matchAll(/messaging\.consume\(\s*'([^']+)'/g)].map((m) => `${program}.${m[1]}`),
  );
  if (queues.length === 0) throw new Error(`no messaging.consume('...') under services/${program}/src: the pattern needs updating`);
  return queues;
}

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [full] : [];
  });
}

/* ------------------------------------------------------------------------------------------ */

interface AlertRule {
  alert?: string;
  record?: string;
  expr: string;
  for?: string;
  labels?: Labels;
  annotations?: Labels;
}

const rules = (): AlertRule[] =>
  all(objectsOf('observability'), 'PrometheusRule').flatMap((r) => r.spec.groups.flatMap((g: { rules: AlertRule[] }) => g.rules));
const alerts = () => rules().filter((r) => r.alert);

interface Panel {
  title: string;
  type: string;
  panels?: Panel[];
  targets?: Array<{ expr?: string }>;
}
function dashboards(): Array<{ title: string; uid: string; panels: Panel[] }> {
  const maps = all(objectsOf('observability'), 'ConfigMap').filter((c) => c.metadata.labels?.grafana_dashboard === '1');
  return maps.flatMap((c) => Object.values(c.data ?? {}).map((json) => JSON.parse(json)));
}
const panelsOf = (panels: Panel[]): Panel[] => panels.flatMap((p) => [p, ...panelsOf(p.panels ?? [])]);
const dashboardQueries = () => dashboards().flatMap((d) => panelsOf(d.panels).flatMap((p) => (p.targets ?? []).map((t) => t.expr ?? '')));

/** GitHub's anchor of a Markdown heading: lower case, punctuation dropped, spaces to hyphens. */
const anchorOf = (heading: string) =>
  heading
    .trim()
    .toLowerCase()
    .replace(/[^\w\- ]/g, '')
    .replace(/ /g, '-');
const operationsDoc = () => fs.readFileSync(path.join(root, 'docs/operations.md'), 'utf8');
const headingAnchors = () => [...operationsDoc().matchAll(/^#{1,6} (.+)$/gm)].map((m) => anchorOf(m[1]));

/**
 * The metrics the programs register, by name and type, read from their code: each `counter(`,
 * `histogram(` or `gaugeAtScrape(` call's name (or the constant holding it) and the request
 * histogram; and prom-client's default process metrics, which every program collects.
 */
function registeredMetrics(): Map<string, string> {
  const registered = new Map<string, string>();
  const dirs = [path.join(root, 'platform/src'), path.join(root, 'gateway/src'), ...fs.readdirSync(path.join(root, 'services')).map((s) => path.join(root, 'services', s, 'src'))];
  const files = dirs.filter((d) => fs.existsSync(d)).flatMap(sourceFiles).filter((f) => !f.includes(`${path.sep}testing${path.sep}`));
  const constants = new Map<string, string>();
  for (const file of files) {
    const text = fs.readFileSync(file, 'utf8');
    for (const m of text.matchAll(/const ([A-Z][A-Z0-9_]*)\s*=\s*'((?:postwright|http)_[a-z0-9_]+)'/g)) constants.set(m[1], m[2]);
  }
  for (const file of files) {
    const text = fs.readFileSync(file, 'utf8');
    for (const m of text.matchAll(/\.(counter|histogram|gaugeAtScrape)(?:<[^>(]*>)?\(\s*(?:'((?:postwright|http)_[a-z0-9_]+)'|([A-Z][A-Z0-9_]*)\b)/g)) {
      const name = m[2] ?? constants.get(m[3]);
      if (name) registered.set(name, m[1] === 'gaugeAtScrape' ? 'gauge' : m[1]);
    }
    for (const m of text.matchAll(/new (Counter|Histogram|Gauge)\(\{\s*name:\s*'((?:postwright|http)_[a-z0-9_]+)'/g)) registered.set(m[2], m[1].toLowerCase());
  }
  const defaults = new Registry();
  collectDefaultMetrics({ register: defaults });
  for (const metric of defaults.getMetricsAsArray()) registered.set(metric.name, (metric as unknown as { type: string }).type);
  return registered;
}

/** The metric names a query reads: Postwright's, the request histogram's, the process metrics and `up`. */
function metricsIn(expr: string): string[] {
  const names = [...expr.matchAll(/\b((?:postwright|http|process|nodejs)_[a-z0-9_]+|up)\b(?=\s*(?:\{|\[|\)|$|\s|offset))/g)].map((m) => m[1]);
  return [...new Set(names)];
}

describe('deploy/k8s/observability', () => {
  test('when it is built, then deploy-check accepts the PrometheusRule (every rule parsed as Prometheus does) and the dashboard\'s ConfigMap (every query parsed)', () => {
    const objects = objectsOf('observability');
    expect(objects.map((o) => `${o.kind}/${o.metadata.name}`).sort()).toEqual(['ConfigMap/postwright-dashboard', 'PrometheusRule/postwright']);
    const map = find(objects, 'ConfigMap', 'postwright-dashboard');
    // Grafana's sidecar loads ConfigMaps by this label; a stable name so that no old copy lingers
    expect(map.metadata.labels).toMatchObject({ grafana_dashboard: '1' });
    expect(Object.keys(map.data ?? {})).toEqual(['postwright-dashboard.json']);
    expect(dashboards()).toEqual([expect.objectContaining({ title: 'Postwright', uid: 'postwright' })]);
  });

  test('when the alerts are read, then each has a severity, a summary, a description and a runbook in docs/operations.md', () => {
    const anchors = headingAnchors();
    expect(alerts().length).toBeGreaterThan(0);
    for (const alert of alerts()) {
      expect([alert.alert, alert.labels?.severity]).toEqual([alert.alert, expect.stringMatching(/^(critical|warning)$/)]);
      for (const annotation of ['summary', 'description', 'runbook_url']) expect([alert.alert, annotation, alert.annotations?.[annotation]]).toEqual([alert.alert, annotation, expect.any(String)]);
      expect(alert.annotations!.runbook_url).toBe(`docs/operations.md#${alert.alert!.toLowerCase()}`);
      expect([alert.alert, anchors]).toEqual([alert.alert, expect.arrayContaining([alert.alert!.toLowerCase()])]);
    }
    // and no runbook for an alert that no longer exists
    const names = alerts().map((a) => a.alert!.toLowerCase());
    expect(anchors.filter((a) => a.startsWith('postwright') && !names.includes(a))).toEqual([]);
  });

  test('when the alerts are read, then the on-call person is told of late posts, failing publishes, dead letters, LinkedIn\'s 429s, JWKS failures, 5xx per route, a program down or absent, outboxes and queues piling up', () => {
    const expected: Record<string, string> = {
      PostwrightScheduledPostsLate: 'postwright_schedule_lateness_seconds',
      PostwrightPublishFailing: 'postwright_publish_total',
      PostwrightDeadLetters: 'postwright_dead_letters_total',
      PostwrightLinkedInRateLimited: 'postwright_linkedin_requests_total',
      PostwrightJwksFetchFailing: 'postwright_jwks_fetch_failures_total',
      PostwrightHighErrorRatio: 'http_request_duration_seconds_count',
      PostwrightProgramDown: 'up',
      PostwrightProgramAbsent: 'up',
      PostwrightOutboxBacklog: 'postwright_outbox_depth',
      PostwrightQueueBacklog: 'postwright_queue_messages',
    };
    for (const [name, metric] of Object.entries(expected)) {
      const alert = alerts().find((a) => a.alert === name);
      expect([name, alert?.expr]).toEqual([name, expect.stringContaining(metric)]);
    }
    // the 5xx ratio is per route, within each program and namespace
    expect(alerts().find((a) => a.alert === 'PostwrightHighErrorRatio')?.expr).toMatch(/by \(namespace, service, route\)/);
  });

  test('when the alerts and the dashboard\'s queries are read, then every metric they name is one a program registers, histograms read as histograms', () => {
    const registered = registeredMetrics();
    const used = [...rules().map((r) => r.expr), ...dashboardQueries()].flatMap(metricsIn);
    const unknown: string[] = [];
    for (const name of new Set(used)) {
      if (name === 'up') continue;
      const histogramPart = /^(.+)_(bucket|count|sum)$/.exec(name);
      if (histogramPart && registered.get(histogramPart[1]) === 'histogram') continue;
      if (!registered.has(name)) unknown.push(name);
    }
    expect(unknown).toEqual([]);
    // and every Postwright metric is read somewhere: an alert or a panel
    const read = new Set(used.map((n) => n.replace(/_(bucket|count|sum)$/, '')));
    expect([...registered.keys()].filter((n) => n.startsWith('postwright_') && !read.has(n))).toEqual([]);
  });

  test('when the late-posts alert counts posts over 60 s, then 60 is a bucket of the lateness histogram', () => {
    const alert = alerts().find((a) => a.alert === 'PostwrightScheduledPostsLate')!;
    const le = /postwright_schedule_lateness_seconds_bucket\{le="([\d.]+)"\}/.exec(alert.expr)?.[1];
    expect(le).toBe('60');
    const file = sourceFiles(path.join(root, 'services/scheduler/src')).find((f) => fs.readFileSync(f, 'utf8').includes("'postwright_schedule_lateness_seconds'"));
    const buckets = /BUCKETS\s*=\s*\[([^\]]+)\]/.exec(fs.readFileSync(file!, 'utf8'))?.[1].split(',').map(Number);
    expect(buckets).toContain(Number(le));
  });

  test('when the dashboard is read, then it shows requests and latency per program and route, generation, publish outcomes, schedule lateness, queue depth, dead letters and outbox depth', () => {
    const queries = dashboardQueries();
    const shows = (pattern: RegExp) => queries.some((q) => pattern.test(q));
    expect(shows(/sum by \(service, route\) \(rate\(http_request_duration_seconds_count/)).toBe(true);
    expect(shows(/histogram_quantile\(0\.95, sum by \(service, route, le\) \(rate\(http_request_duration_seconds_bucket/)).toBe(true);
    for (const metric of [
      'postwright_generation_duration_seconds_bucket',
      'postwright_publish_total',
      'postwright_schedule_lateness_seconds_bucket',
      'postwright_queue_messages',
      'postwright_dead_letters_total',
      'postwright_outbox_depth',
    ]) {
      expect([metric, shows(new RegExp(`\\b${metric}\\b`))]).toEqual([metric, true]);
    }
    // every panel has a title, and the namespace variable scopes every query
    const panels = dashboards().flatMap((d) => panelsOf(d.panels)).filter((p) => p.type !== 'row');
    expect(panels.filter((p) => !p.title)).toEqual([]);
    expect(queries.filter((q) => !q.includes('namespace="$namespace"'))).toEqual([]);
  });
});
