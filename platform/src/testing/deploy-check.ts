/**
 * deploy-check (deploy/check) for tests: a compose file loaded by compose-go, the library
 * behind `docker compose config`, and Kustomize overlays built by krusty, each object decoded
 * strictly into the Kubernetes API types (custom resources checked against their operator's CRD:
 * schema and CEL rules), then held to the API server's validation rules, Pod Security
 * `restricted` and the operators' webhooks (Prometheus rules parsed, KEDA's autoscaler
 * conflicts). Neither needs a Docker engine nor a cluster, so tests see what `docker compose`
 * and `kubectl apply -k` would accept or refuse.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { ROOT, TOOLS_DIR } from '../stack/infra';

/** A service as `docker compose config --format json` prints it (normalized: long forms). */
export interface ComposeService {
  image?: string;
  build?: { context?: string; dockerfile?: string; target?: string; args?: Record<string, string | null>; [key: string]: unknown };
  command?: string[] | null;
  entrypoint?: string[] | null;
  /** interpolated, env_file merged in; null for a variable named without a value and not set */
  environment?: Record<string, string | null>;
  healthcheck?: {
    test?: string[];
    interval?: string;
    timeout?: string;
    retries?: number;
    start_period?: string;
    start_interval?: string;
    disable?: boolean;
  };
  depends_on?: Record<string, { condition: string; required?: boolean; restart?: boolean }>;
  /** published is a string ("8080", or a range) as compose normalizes it */
  ports?: Array<{ target: number; published?: string; host_ip?: string; protocol?: string; mode?: string }>;
  profiles?: string[];
  volumes?: Array<{ type: string; source?: string; target: string; read_only?: boolean; [key: string]: unknown }>;
  networks?: Record<string, unknown>;
  restart?: string;
  [key: string]: unknown;
}

/** The project as `docker compose config --format json` prints it: only the enabled services. */
export interface ComposeProject {
  name: string;
  services: Record<string, ComposeService>;
  networks?: Record<string, unknown>;
  volumes?: Record<string, unknown>;
  secrets?: Record<string, unknown>;
  configs?: Record<string, unknown>;
  [key: string]: unknown;
}

/** A Kubernetes object as Kustomize emitted it (already checked against its API type or CRD). */
export interface K8sObject {
  apiVersion: string;
  kind: string;
  metadata: {
    name: string;
    namespace?: string;
    labels?: Record<string, string>;
    annotations?: Record<string, string>;
    [key: string]: unknown;
  };
  spec?: any;
  data?: Record<string, string>;
  [key: string]: any;
}

let installed: string | undefined;

/** Builds the tool on first use (minutes: Go modules and compile), then returns its path. */
export function deployCheckBinary(): string {
  if (installed) return installed;
  const bin = path.join(TOOLS_DIR, 'bin', 'deploy-check');
  // the script returns at once when the binary matches the sources (go.mod, go.sum, the Go files, the CRDs)
  const result = spawnSync('bash', [path.join(ROOT, 'platform/scripts/install-deploy-check.sh')], { stdio: ['ignore', 'inherit', 'inherit'] });
  if (result.status !== 0 || !fs.existsSync(bin)) {
    throw new Error('deploy-check could not be built (it needs Go): run bash platform/scripts/install-deploy-check.sh to see why');
  }
  installed = bin;
  return bin;
}

/** Runs the tool; a non-zero exit is a finding about the files, returned with its stderr. */
function run(args: string[]): { ok: true; stdout: string } | { ok: false; error: string } {
  const result = spawnSync(deployCheckBinary(), args, { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  if (result.error) throw result.error;
  if (result.status !== 0) return { ok: false, error: result.stderr.trim() || `deploy-check exited with ${result.status ?? result.signal}` };
  return { ok: true, stdout: result.stdout };
}

/**
 * `docker compose --project-name postwright --env-file <envFile> [--profile ...] -f <file> config`,
 * with the env file as the only environment (the process environment is not used).
 */
export function composeConfig(options: { file: string; envFile: string; profiles?: string[] }): { ok: true; project: ComposeProject } | { ok: false; error: string } {
  const profiles = (options.profiles ?? []).flatMap((p) => ['--profile', p]);
  const result = run(['compose', '--file', options.file, '--env-file', options.envFile, ...profiles]);
  return result.ok ? { ok: true, project: JSON.parse(result.stdout) as ComposeProject } : result;
}

/**
 * `kustomize build` of each overlay, every object checked; objects by overlay as given, or every
 * problem of every overlay, one a line: `<overlay>: <Kind>/<name>: <field>: <what is wrong>`.
 */
export function kustomizeBuild(dirs: string[]): { ok: true; objects: Record<string, K8sObject[]> } | { ok: false; error: string } {
  const result = run(['kustomize', ...dirs]);
  return result.ok ? { ok: true, objects: JSON.parse(result.stdout) as Record<string, K8sObject[]> } : result;
}
