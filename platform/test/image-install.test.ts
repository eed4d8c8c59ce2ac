/**
 * Each image's install step, done as the Dockerfile does it (no Docker engine needed): its deps
 * stage on a clean copy of the package files, then the image put together from what that stage
 * installed and the program's compiled bundle, and started. The steps are read from the
 * Dockerfile, so this follows it when it changes. It catches what only `docker build` and a
 * started container would otherwise show: a lock out of step with a package.json (npm ci refuses
 * it), and a package a program needs that its workspaces do not list as production dependencies
 * (in development it is there anyway, hoisted from another workspace or a devDependency).
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import { builtinModules } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { buildIfNeeded, ROOT } from '../scripts/build';
import { dockerfileStages, imageCommand, stageBaseImage, stageInstructions } from '../src/testing/dockerfile';

const PROGRAMS = ['gateway', 'auth', 'content', 'linkedin', 'scheduler', 'billing', 'linkedin-sandbox', 'billing-sandbox'];
/** what only building and testing need: none of it belongs in an image */
const DEV_TOOLING = ['jest', 'typescript', 'esbuild', '@swc/core', 'vite'];
/** the web app, built by `npm run build -w web`: the gateway serves it, but loads without it */
const WEB_DIST = path.join(ROOT, 'web/dist');

const stages = dockerfileStages();
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'postwright-image-install-'));
const instructions = (name: string) => stageInstructions(stages, name);

/** A path of a stage, relative to its WORKDIR (the folder that stands for it here). */
function inWorkdir(stage: string, file: string): string {
  const workdir = instructions(stage).filter((i) => i.keyword === 'WORKDIR').at(-1)?.args ?? '/';
  const relative = path.posix.relative(workdir, path.posix.resolve(workdir, file));
  if (relative.startsWith('..')) throw new Error(`${stage}: ${file} is outside its WORKDIR ${workdir}`);
  return file.endsWith('/') ? `${relative}/` : relative; // COPY's "into this folder"
}

/** COPY [--from=stage] <source>... <dest> */
function parseCopy(args: string): { from?: string; sources: string[]; dest: string } {
  const words = args.split(/\s+/);
  const paths = words.filter((w) => !w.startsWith('--'));
  return { from: words.find((w) => w.startsWith('--from='))?.slice('--from='.length), sources: paths.slice(0, -1), dest: paths.at(-1) ?? '' };
}

/** Copies as COPY does: into a folder when the destination ends with / or there are several sources. */
function copy(sources: string[], dest: string, into: string, { move = false } = {}): void {
  const intoFolder = dest.endsWith('/') || sources.length > 1;
  for (const source of sources) {
    const target = path.join(into, dest, intoFolder ? path.basename(source) : '');
    fs.mkdirSync(path.dirname(target), { recursive: true });
    // symlinks as they are: npm links the workspaces into node_modules
    if (move) fs.renameSync(source, target);
    else fs.cpSync(source, target, { recursive: true, verbatimSymlinks: true });
  }
}

function run(command: string, args: string[], options: { cwd: string; env: NodeJS.ProcessEnv }): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { ...options, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.once('error', reject);
    child.once('close', (code) => resolve({ code, stdout, stderr }));
  });
}

/**
 * The machine's environment (npm needs PATH and HOME; its cache keeps this fast) without what
 * npm sets for the scripts it runs: under `npm test` or `npx jest`, npm_config_local_prefix names
 * this repository as the project, and npm ci would install there instead of in the copy.
 */
function installEnv(): NodeJS.ProcessEnv {
  return Object.fromEntries(Object.entries(process.env).filter(([key]) => !/^(npm_|INIT_CWD$)/i.test(key)));
}

/** Builds a stage that installs (a deps stage) in a fresh folder: its COPYs from the repository, then its RUNs. */
async function buildStage(name: string, dir: string): Promise<string> {
  fs.mkdirSync(dir, { recursive: true });
  for (const { keyword, args } of instructions(name)) {
    if (keyword === 'COPY') {
      const { from, sources, dest } = parseCopy(args);
      if (from) throw new Error(`${name}: COPY --from=${from} is not an install step`);
      copy(sources.map((s) => path.join(ROOT, s)), inWorkdir(name, dest), dir);
    } else if (keyword === 'RUN') {
      const { code, stdout, stderr } = await run('sh', ['-c', args], { cwd: dir, env: installEnv() });
      if (code !== 0) throw new Error(`${name}: \`${args}\` exited with ${code}:\n${stdout}${stderr}`);
    }
  }
  return dir;
}

/** Puts a program's image together as its final target does; answers the folder that is its WORKDIR. */
async function assembleImage(program: string): Promise<string> {
  const image = path.join(tmp, program, 'image');
  fs.mkdirSync(image, { recursive: true });
  for (const { args } of instructions(program).filter((i) => i.keyword === 'COPY')) {
    const { from, sources, dest } = parseCopy(args);
    const target = inWorkdir(program, dest);
    if (!from) {
      copy(sources.map((s) => path.join(ROOT, s)), target, image);
    } else if (from === 'build') {
      // the build stage is the repository (COPY . .) with the bundles built in place
      const files = sources.map((s) => path.join(ROOT, inWorkdir(from, s)));
      copy(files.filter((f) => f !== WEB_DIST && fs.existsSync(f)), target, image);
    } else {
      // any other stage (the deps stage) is built here for this image alone: moved, not copied
      const stage = await buildStage(from, path.join(tmp, program, from));
      copy(sources.map((s) => path.join(stage, inWorkdir(from, s))), target, image, { move: true });
    }
  }
  return image;
}

/** The packages a bundle requires (our workspaces are compiled in; npm packages stay external). */
function requiredPackages(bundle: string): string[] {
  // require() of what loads at start, import() of what loads only when configured (the tracing SDK)
  const specifiers = [...fs.readFileSync(bundle, 'utf8').matchAll(/(?:require|import)\("([^"]+)"\)/g)].map((m) => m[1]);
  return [...new Set(specifiers)].filter((s) => !s.startsWith('.') && !s.startsWith('/') && !s.startsWith('node:') && !builtinModules.includes(s));
}

beforeAll(() => {
  buildIfNeeded({ names: PROGRAMS });
}, 120_000);

afterAll(() => {
  fs.rmSync(tmp, { recursive: true, force: true });
});

describe('image install', () => {
  test.each(PROGRAMS)(
    'when the %s image installs its dependencies from a clean copy of the package files, then npm ci accepts the lock and the program loads with them alone',
    async (program) => {
      const image = await assembleImage(program);
      const [command, ...args] = imageCommand(stages, program);
      const bundle = path.join(image, inWorkdir(program, args.at(-1) ?? ''));

      // every package the bundle requires, even one it loads only when configured (content's openai),
      // resolved by node from the bundle's folder to a file of the image, not one found further up
      const packages = requiredPackages(bundle);
      expect(packages.length).toBeGreaterThan(0); // else the pattern no longer matches esbuild's output
      const resolve = `console.log(JSON.stringify(${JSON.stringify(packages)}.map((p) => {
        try { return require.resolve(p, { paths: [${JSON.stringify(path.dirname(bundle))}] }); } catch { return p + ': not found'; }
      })))`;
      const resolved = await run(process.execPath, ['-e', resolve], { cwd: image, env: { PATH: process.env.PATH } });
      expect((JSON.parse(resolved.stdout) as string[]).filter((file) => !file.startsWith(image + path.sep))).toEqual([]);

      // the image's command, on an empty production configuration with tracing asked for: it loads
      // everything, the tracing SDK too, then refuses
      const started = await run(command, args, { cwd: image, env: { NODE_ENV: 'production', PATH: process.env.PATH, OTEL_EXPORTER_OTLP_ENDPOINT: 'http://127.0.0.1:9' } });
      expect(started.stderr).not.toContain('Cannot find module');
      expect(started.stderr).not.toContain('tracing could not start');
      expect(started.stderr).toContain('could not start: Invalid configuration');
      expect(started.code).toBe(1);

      expect(DEV_TOOLING.filter((name) => fs.existsSync(path.join(image, 'node_modules', name)))).toEqual([]);
    },
    180_000,
  );

  test('when the images are built, then every stage is on Node 24 slim, the one line .ci/run tests besides the machine\'s, and package.json supports it', () => {
    for (const name of stages.keys()) expect([name, stageBaseImage(stages, name)]).toEqual([name, 'node:24-bookworm-slim']);
    const ci = fs.readFileSync(path.join(ROOT, '.ci/run'), 'utf8');
    expect(ci).toContain('bash platform/scripts/install-node24.sh');
    expect(ci).toMatch(/PATH="\$PWD\/\.tools\/node24\/bin:\$PATH" .*jest/);
    expect(fs.readFileSync(path.join(ROOT, 'platform/scripts/install-node24.sh'), 'utf8')).toMatch(/NODE24_VERSION:-24\.\d+\.\d+\}/);
    const { engines } = JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as { engines: { node: string } };
    expect(engines.node).toBe('^20.19.0 || ^24.0.0');
  });

  test('when a program\'s image runs, then it has node but no package manager (npm, npx, corepack, yarn), and keeps the shell and /bin/sleep (the Kubernetes preStop)', () => {
    const removed = instructions('runtime')
      .filter((i) => i.keyword === 'RUN')
      .flatMap((i) => /^rm -rf (.*)$/.exec(i.args)?.[1].split(/\s+/) ?? []);
    for (const tool of ['npm', 'npx', 'corepack', 'yarn', 'yarnpkg']) expect([tool, removed.includes(`/usr/local/bin/${tool}`)]).toEqual([tool, true]);
    for (const lib of ['npm', 'corepack']) expect(removed).toContain(`/usr/local/lib/node_modules/${lib}`);
    expect(removed).toContain('/opt/yarn-v*');
    // nothing else: node, the shell and coreutils stay
    expect(removed.filter((p) => !/^\/usr\/local\/(bin\/(npm|npx|corepack|yarn|yarnpkg)|lib\/node_modules\/(npm|corepack))$|^\/opt\/yarn-v\*$/.test(p))).toEqual([]);
    // the build and install stages keep npm: they run npm ci
    expect(instructions('build').some((i) => i.keyword === 'RUN' && i.args.startsWith('npm ci'))).toBe(true);
    expect(instructions('runtime').filter((i) => i.keyword === 'RUN').map((i) => i.args.split(' ')[0])).toEqual(['rm']);
  });

  test('when the build stage installs every dependency, then it runs the same npm ci as .ci/run', () => {
    const installs = (stages.get('build')?.instructions ?? []).filter((i) => i.keyword === 'RUN' && /^npm ci\b/.test(i.args)).map((i) => i.args);
    expect(installs).toHaveLength(1);
    const ciLines = fs.readFileSync(path.join(ROOT, '.ci/run'), 'utf8').split('\n').map((l) => l.trim());
    expect(ciLines).toContain(installs[0]);
  });
});
