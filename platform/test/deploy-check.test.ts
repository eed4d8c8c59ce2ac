/**
 * deploy-check (deploy/check) is how CI validates docker-compose.yml and the Kustomize
 * overlays without a Docker engine or a cluster: these tests prove it refuses what
 * `docker compose`, the Kubernetes API server (its validation and Pod Security admission) and the
 * operators' CRDs and webhooks refuse, on small files of their own.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parse, stringify } from 'yaml';
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

/** Valid, and meets Pod Security's restricted level, as every pod of the overlays must. */
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
      securityContext:
        runAsNonRoot: true
        seccompProfile: { type: RuntimeDefault }
      containers:
        - name: gateway
          image: postwright:test
          imagePullPolicy: IfNotPresent
          ports: [{ containerPort: 3000 }]
          livenessProbe:
            httpGet: { path: /health, port: 3000 }
          resources:
            requests: { cpu: 100m, memory: 128Mi, ephemeral-storage: 128Mi }
            limits: { cpu: "1", memory: 384Mi, ephemeral-storage: 256Mi }
          securityContext:
            allowPrivilegeEscalation: false
            capabilities: { drop: [ALL] }
`;

/** The Deployment with a change made to its parsed form. */
function deployment(change: (d: any) => void): string {
  const d = parse(DEPLOYMENT);
  change(d);
  return stringify(d);
}

const INGRESS = `
apiVersion: networking.k8s.io/v1
kind: Ingress
metadata: { name: gateway }
spec:
  ingressClassName: traefik
  rules:
    - host: postwright.example.com
      http:
        paths:
          - path: /
            pathType: Prefix
            backend: { service: { name: gateway, port: { number: 80 } } }
`;

const HPA = `
apiVersion: autoscaling/v2
kind: HorizontalPodAutoscaler
metadata: { name: gateway }
spec:
  scaleTargetRef: { apiVersion: apps/v1, kind: Deployment, name: gateway }
  minReplicas: 2
  maxReplicas: 4
  metrics:
    - type: Resource
      resource: { name: cpu, target: { type: Utilization, averageUtilization: 70 } }
`;

const SERVICE_MONITOR = `
apiVersion: monitoring.coreos.com/v1
kind: ServiceMonitor
metadata: { name: gateway }
spec:
  selector: { matchLabels: { app: gateway } }
  endpoints: [{ port: metrics, path: /metrics, interval: 30s }]
`;

const PROMETHEUS_RULE = `
apiVersion: monitoring.coreos.com/v1
kind: PrometheusRule
metadata: { name: gateway }
spec:
  groups:
    - name: gateway
      rules:
        - alert: GatewayDown
          expr: sum by (namespace) (up{job="gateway"}) == 0
          for: 2m
          labels: { severity: critical }
          annotations: { summary: "No gateway answers in {{ $labels.namespace }}" }
`;

const SCALED_OBJECT = `
apiVersion: keda.sh/v1alpha1
kind: ScaledObject
metadata: { name: gateway }
spec:
  scaleTargetRef: { name: gateway }
  minReplicaCount: 2
  maxReplicaCount: 4
  triggers:
    - type: rabbitmq
      metadata: { protocol: amqp, queueName: gateway.jobs, mode: QueueLength, value: "100" }
      authenticationRef: { name: rabbitmq }
    - type: cpu
      metricType: Utilization
      metadata: { value: "70" }
---
apiVersion: keda.sh/v1alpha1
kind: TriggerAuthentication
metadata: { name: rabbitmq }
spec:
  secretTargetRef: [{ parameter: host, name: secrets, key: AMQP_URL }]
`;

const EXTERNAL_SECRET = `
apiVersion: external-secrets.io/v1
kind: ExternalSecret
metadata: { name: secrets }
spec:
  refreshInterval: 1h
  secretStoreRef: { kind: ClusterSecretStore, name: vault }
  target: { name: secrets }
  dataFrom: [{ extract: { key: postwright } }]
`;

const HTTP_ROUTE = `
apiVersion: gateway.networking.k8s.io/v1
kind: HTTPRoute
metadata: { name: gateway }
spec:
  parentRefs: [{ name: public }]
  hostnames: [postwright.example.com]
  rules:
    - matches: [{ path: { type: PathPrefix, value: / } }]
      backendRefs: [{ name: gateway, port: 80 }]
`;

const TRAEFIK_MIDDLEWARE = `
apiVersion: traefik.io/v1alpha1
kind: Middleware
metadata: { name: gateway }
spec:
  buffering: { maxRequestBodyBytes: 1048576 }
`;

/** A ConfigMap Grafana's sidecar loads as a dashboard. */
function dashboard(expr: string): string {
  const json = JSON.stringify({ title: 'Gateway', panels: [{ title: 'Requests', type: 'timeseries', targets: [{ expr }] }] });
  return stringify({ apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'dashboard', labels: { grafana_dashboard: '1' } }, data: { 'gateway.json': json } });
}

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

/** Builds an overlay of the documents that must fail, and returns its problems, one a line. */
function problemsOf(dir: string, ...documents: string[]): string[] {
  const folder = overlay(dir, ...documents);
  const result = kustomizeBuild([folder]);
  if (result.ok) throw new Error(`${dir}: expected deploy-check to refuse it`);
  return result.error.split('\n').map((line) => line.slice(folder.length + 2));
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

describe('deploy-check kustomize: what the API server validates beyond the types', () => {
  test('when an Ingress path has no type or one Kubernetes does not know, then the build fails naming the path', () => {
    const ingress = parse(INGRESS);
    const paths = ingress.spec.rules[0].http.paths;
    paths.push({ ...paths[0], path: '/api', pathType: 'Regex' }, { ...paths[0], path: '/static' });
    delete paths[2].pathType;
    const problems = problemsOf('r-path-type', DEPLOYMENT, SERVICE, stringify(ingress));
    expect(problems).toEqual([
      'Ingress/gateway: spec.rules[0].http.paths[1].pathType: Unsupported value: "Regex": supported values: "Exact", "ImplementationSpecific", "Prefix"',
      'Ingress/gateway: spec.rules[0].http.paths[2].pathType: Required value: pathType must be specified',
    ]);
  });

  test('when a Prefix path is not a clean absolute path, then the build fails', () => {
    const problems = problemsOf('r-path-value', DEPLOYMENT, SERVICE, INGRESS.replace('- path: /', '- path: api//v1'));
    expect(problems).toEqual(['Ingress/gateway: spec.rules[0].http.paths[0].path: Invalid value: "api//v1": must be an absolute path']);
  });

  test('when a container requests more cpu, memory or ephemeral storage than its limit, then the build fails for each', () => {
    const problems = problemsOf(
      'r-requests',
      deployment((d) => {
        d.spec.template.spec.containers[0].resources.requests = { cpu: '1500m', memory: '512Mi', 'ephemeral-storage': '1Gi' };
      }),
      SERVICE,
    );
    expect(problems).toEqual([
      'Deployment/gateway: spec.template.spec.containers[0].resources.requests[cpu]: Invalid value: "1500m": must be less than or equal to cpu limit of 1',
      'Deployment/gateway: spec.template.spec.containers[0].resources.requests[ephemeral-storage]: Invalid value: "1Gi": must be less than or equal to ephemeral-storage limit of 256Mi',
      'Deployment/gateway: spec.template.spec.containers[0].resources.requests[memory]: Invalid value: "512Mi": must be less than or equal to memory limit of 384Mi',
    ]);
  });

  test('when a workload selector does not select its own pods, then the build fails', () => {
    const problems = problemsOf(
      'r-selector',
      deployment((d) => {
        d.spec.template.metadata.labels = { app: 'gatway' };
      }),
      SERVICE,
    );
    expect(problems).toEqual(['Deployment/gateway: spec.template.metadata.labels: Invalid value: {"app":"gatway"}: `selector` does not match template `labels`']);
  });

  test('when an autoscaler allows fewer than one replica or a maximum below its minimum, then the build fails', () => {
    const crossed = problemsOf('r-hpa-crossed', DEPLOYMENT, HPA.replace('minReplicas: 2', 'minReplicas: 6'));
    expect(crossed).toEqual(['HorizontalPodAutoscaler/gateway: spec.maxReplicas: Invalid value: 4: must be greater than or equal to `minReplicas`']);
    const zero = problemsOf('r-hpa-zero', DEPLOYMENT, HPA.replace('minReplicas: 2', 'minReplicas: 0'));
    expect(zero).toEqual(['HorizontalPodAutoscaler/gateway: spec.minReplicas: Invalid value: 0: must be greater than or equal to 1']);
  });

  test('when an image pull policy is not one Kubernetes knows, then the build fails naming the container', () => {
    const problems = problemsOf('r-pull-policy', DEPLOYMENT.replace('imagePullPolicy: IfNotPresent', 'imagePullPolicy: Sometimes'), SERVICE);
    expect(problems).toEqual(['Deployment/gateway: spec.template.spec.containers[0].imagePullPolicy: Unsupported value: "Sometimes": supported values: "Always", "IfNotPresent", "Never"']);
  });
});

describe('deploy-check kustomize: Pod Security restricted for every pod template', () => {
  const violation = (what: string) => `Deployment/gateway: spec.template.spec: Forbidden: violates PodSecurity "restricted:latest": ${what}`;

  test('when a pod runs as root may escalate, keeps capabilities or has no seccomp profile, then the build fails for each', () => {
    const problems = problemsOf(
      'pss-container',
      deployment((d) => {
        d.spec.template.spec.securityContext = { runAsNonRoot: false, seccompProfile: { type: 'Unconfined' } };
        d.spec.template.spec.containers[0].securityContext = { allowPrivilegeEscalation: true, capabilities: { add: ['SYS_ADMIN'] } };
      }),
      SERVICE,
    );
    expect(problems).toEqual([
      violation('allowPrivilegeEscalation != false (container "gateway" must set securityContext.allowPrivilegeEscalation=false)'),
      violation('unrestricted capabilities (container "gateway" must set securityContext.capabilities.drop=["ALL"]; container "gateway" must not include "SYS_ADMIN" in securityContext.capabilities.add)'),
      violation('runAsNonRoot != true (pod must not set securityContext.runAsNonRoot=false)'),
      violation('seccompProfile (pod must not set securityContext.seccompProfile.type to "Unconfined")'),
    ]);
  });

  test('when a pod uses the host namespaces, a privileged container or a hostPath volume, then the build fails for each', () => {
    const problems = problemsOf(
      'pss-host',
      deployment((d) => {
        const spec = d.spec.template.spec;
        Object.assign(spec, { hostNetwork: true, hostPID: true, hostIPC: true, volumes: [{ name: 'docker', hostPath: { path: '/var/run/docker.sock' } }] });
        spec.containers[0].securityContext.privileged = true;
        spec.containers[0].volumeMounts = [{ name: 'docker', mountPath: '/var/run/docker.sock' }];
      }),
      SERVICE,
    );
    expect(problems).toEqual([
      violation('host namespaces (hostNetwork=true, hostPID=true, hostIPC=true)'),
      violation('privileged (container "gateway" must not set securityContext.privileged=true)'),
      violation('restricted volume types (volume "docker" uses restricted volume type "hostPath")'),
    ]);
  });

  test('when an init container breaks the level, then the build fails naming it', () => {
    const problems = problemsOf(
      'pss-init',
      deployment((d) => {
        d.spec.template.spec.initContainers = [{ name: 'migrate', image: 'postwright:test' }];
      }),
      SERVICE,
    );
    expect(problems).toEqual([
      violation('allowPrivilegeEscalation != false (container "migrate" must set securityContext.allowPrivilegeEscalation=false)'),
      violation('unrestricted capabilities (container "migrate" must set securityContext.capabilities.drop=["ALL"])'),
    ]);
  });

  test('when a container drops every capability and adds back only NET_BIND_SERVICE, with ConfigMap, Secret and emptyDir volumes, then the pod meets the level', () => {
    const dir = overlay(
      'pss-allowed',
      deployment((d) => {
        const spec = d.spec.template.spec;
        spec.containers[0].securityContext.capabilities.add = ['NET_BIND_SERVICE'];
        spec.volumes = [
          { name: 'tmp', emptyDir: { sizeLimit: '64Mi' } },
          { name: 'config', configMap: { name: 'settings' } },
          { name: 'secret', secret: { secretName: 'secrets' } },
        ];
      }),
      SERVICE,
    );
    const result = kustomizeBuild([dir]);
    if (!result.ok) throw new Error(result.error);
    expect(result.objects[dir].map((o) => o.kind).sort()).toEqual(['Deployment', 'Service']);
  });
});

describe('deploy-check kustomize: the operators\' custom resources', () => {
  test('when ServiceMonitor, PrometheusRule, ScaledObject, TriggerAuthentication, ExternalSecret, HTTPRoute and Traefik Middleware are valid, then they come back', () => {
    const dir = overlay('crd-valid', DEPLOYMENT, SERVICE, SERVICE_MONITOR, PROMETHEUS_RULE, SCALED_OBJECT, EXTERNAL_SECRET, HTTP_ROUTE, TRAEFIK_MIDDLEWARE);
    const result = kustomizeBuild([dir]);
    if (!result.ok) throw new Error(result.error);
    expect(result.objects[dir].map((o) => o.kind).sort()).toEqual([
      'Deployment',
      'ExternalSecret',
      'HTTPRoute',
      'Middleware',
      'PrometheusRule',
      'ScaledObject',
      'Service',
      'ServiceMonitor',
      'TriggerAuthentication',
    ]);
    // as kustomize emitted them: the schema's defaults are for checking only
    const route = result.objects[dir].find((o) => o.kind === 'HTTPRoute');
    expect(route?.spec.parentRefs).toEqual([{ name: 'public' }]);
  });

  test('when a custom resource has a field its CRD does not know or a value its schema refuses, then the build fails naming it', () => {
    const problems = problemsOf(
      'crd-schema',
      DEPLOYMENT,
      SERVICE,
      SERVICE_MONITOR.replace('path: /metrics', 'path: /metrics, portt: http, scheme: ftp'),
      EXTERNAL_SECRET.replace('target: { name: secrets }', 'target: { name: secrets, creationPolicy: Sometimes }'),
    );
    // as on the API server, a value the schema refuses leaves the CEL rules unchecked, and says so
    const unchecked = 'some validation rules (x-kubernetes-validations) were not checked because the object was invalid; correct the existing errors to complete validation';
    expect(problems).toEqual([
      'ServiceMonitor/gateway: strict decoding error: unknown field "spec.endpoints[0].portt"',
      'ServiceMonitor/gateway: spec.endpoints[0].scheme: Unsupported value: "ftp": supported values: "http", "https"',
      `ServiceMonitor/gateway: ${unchecked}`,
      'ExternalSecret/secrets: spec.target.creationPolicy: Unsupported value: "Sometimes": supported values: "Owner", "Orphan", "Merge", "None"',
      `ExternalSecret/secrets: ${unchecked}`,
    ]);
  });

  test('when an HTTPRoute breaks one of its CRD\'s CEL rules, then the build fails with the rule\'s message', () => {
    const problems = problemsOf('crd-cel', DEPLOYMENT, SERVICE, HTTP_ROUTE.replace('value: /', 'value: api'));
    expect(problems).toEqual(["HTTPRoute/gateway: spec.rules[0].matches[0].path: Invalid value: value must be an absolute path and start with '/' when type one of ['Exact', 'PathPrefix']"]);
  });

  test('when a PrometheusRule has an expression Prometheus cannot parse or a bad template, then the build fails naming the rule', () => {
    const rule = PROMETHEUS_RULE.replace('== 0', '== 0)').replace('{{ $labels.namespace }}', '{{ $labels.namespace ');
    const problems = problemsOf('crd-promql', DEPLOYMENT, SERVICE, rule);
    expect(problems).toEqual([
      expect.stringMatching(/^PrometheusRule\/gateway: spec\.groups: .*group "gateway", rule 1, "GatewayDown": could not parse expression: .*unexpected right parenthesis/),
      'PrometheusRule/gateway: spec.groups: group "gateway", rule 1, "GatewayDown": annotation "summary": template: __alert_GatewayDown:1: unclosed action',
    ]);
  });

  test('when a ScaledObject\'s bounds cross, or its Deployment already has an autoscaler, or its cpu trigger finds no cpu request, then the build fails', () => {
    const crossed = problemsOf('keda-bounds', DEPLOYMENT, SERVICE, SCALED_OBJECT.replace('minReplicaCount: 2', 'minReplicaCount: 5'));
    expect(crossed).toEqual(['ScaledObject/gateway: spec: Invalid value: minReplicaCount must be less than or equal to maxReplicaCount']);
    const doubled = problemsOf('keda-hpa', DEPLOYMENT, SERVICE, HPA, SCALED_OBJECT);
    expect(doubled).toEqual([
      "ScaledObject/gateway: spec.scaleTargetRef: the workload 'gateway' of kind Deployment is already managed by the hpa 'gateway' (delete that HorizontalPodAutoscaler: KEDA makes its own)",
    ]);
    const unrequested = problemsOf(
      'keda-cpu',
      deployment((d) => {
        delete d.spec.template.spec.containers[0].resources;
      }),
      SERVICE,
      SCALED_OBJECT,
    );
    expect(unrequested).toEqual(["ScaledObject/gateway: spec.triggers[1]: the scaledobject has a cpu trigger but the container gateway doesn't have the cpu request defined"]);
  });

  test('when a Grafana dashboard is not JSON or has a query that is not PromQL, then the build fails naming the panel', () => {
    expect(problemsOf('dashboard-promql', dashboard('sum by (route) (rate(http_request_duration_seconds_count{namespace="$namespace"}[$__rate_interval])'))).toEqual([
      expect.stringMatching(/^ConfigMap\/dashboard: data\[gateway\.json\]: panels\[0\] "Requests" targets\[0\]\.expr: .*unclosed left parenthesis/),
    ]);
    const notJson = stringify({ apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'dashboard', labels: { grafana_dashboard: '1' } }, data: { 'gateway.json': '{"title": ' } });
    expect(problemsOf('dashboard-json', notJson)).toEqual([expect.stringMatching(/^ConfigMap\/dashboard: data\[gateway\.json\]: not a dashboard's JSON/)]);
  });

  test('when a kind belongs to no CRD deploy-check knows, then the build still fails', () => {
    const problems = problemsOf('crd-unknown', SERVICE, SERVICE_MONITOR.replace('kind: ServiceMonitor', 'kind: ServiceMonitr'));
    expect(problems).toEqual([expect.stringContaining('ServiceMonitr/gateway: no kind "ServiceMonitr" is registered for version "monitoring.coreos.com/v1"')]);
  });
});

describe('deploy-check kustomize: every problem at once', () => {
  test('when several objects break several rules, then one run names every object and field', () => {
    const problems = problemsOf(
      'all-at-once',
      deployment((d) => {
        const container = d.spec.template.spec.containers[0];
        container.imagePullPolicy = 'Sometimes';
        container.resources.requests.memory = '1Gi';
        container.securityContext.allowPrivilegeEscalation = true;
      }),
      SERVICE,
      INGRESS.replace('pathType: Prefix', 'pathType: Regex'),
      HPA.replace('maxReplicas: 4', 'maxReplicas: 1'),
      SERVICE_MONITOR.replace('interval: 30s', 'interval: half-a-minute'),
    );
    expect(problems.map((p) => p.replace(/: (Unsupported|Invalid|Forbidden|Required).*$/, '')).sort()).toEqual([
      'Deployment/gateway: spec.template.spec',
      'Deployment/gateway: spec.template.spec.containers[0].imagePullPolicy',
      'Deployment/gateway: spec.template.spec.containers[0].resources.requests[memory]',
      'HorizontalPodAutoscaler/gateway: spec.maxReplicas',
      'Ingress/gateway: spec.rules[0].http.paths[0].pathType',
      'ServiceMonitor/gateway: spec.endpoints[0].interval',
    ]);
  });
});

describe('deploy-check kustomize: the repository\'s own files', () => {
  test('when the overlays as checked in and deploy/k8s/observability are built, then every rule accepts them', () => {
    const root = path.resolve(__dirname, '../..');
    const dirs = ['overlays/production', 'overlays/sandbox', 'observability'].map((d) => path.join(root, 'deploy/k8s', d));
    const result = kustomizeBuild(dirs);
    if (!result.ok) throw new Error(result.error);
    for (const dir of dirs) expect([dir, result.objects[dir].length > 0]).toEqual([dir, true]);
    // every pod template of both overlays met Pod Security's restricted level to get here
    expect(dirs.slice(0, 2).flatMap((dir) => result.objects[dir].filter((o) => o.kind === 'Deployment')).length).toBeGreaterThanOrEqual(12);
  });
});
