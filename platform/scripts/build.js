// @ts-check
/**
 * Compiles every program of the stack (the gateway, the four services, the LinkedIn sandbox,
 * the FerretDB write serializer and the `npm start` launcher) from TypeScript to one plain
 * JavaScript file each, so they run on `node` alone: a TypeScript loader in every process
 * (tsx) costs about 40 MB of memory each and slows every start. Built on demand: whatever is
 * missing or older than its sources is rebuilt before anything starts (`npm start`, the e2e
 * journeys, the benchmarks), so a fresh clone and an edited source both just work. Tests that
 * import the sources in-process do not use these files.
 *
 * - dist/ mirrors src/ (gateway/src/main.ts -> gateway/dist/main.js, platform/src/stack/start.ts
 *   -> platform/dist/stack/start.js), so code that finds files relative to __dirname (the web
 *   app, .data, the repository root) finds the same files from either.
 * - Our workspaces (@postwright/*) are compiled in and tree-shaken: platform and contracts
 *   declare "sideEffects": false, so a program that never opens MongoDB or RabbitMQ (the gateway,
 *   the sandbox) does not load their drivers. npm packages stay external, loaded from
 *   node_modules at run time: bundling them too would be no smaller and build far slower.
 * - Source maps (run with --enable-source-maps) keep stack traces pointing at the .ts lines.
 *
 * `node platform/scripts/build.js [--force]` builds ahead of time (the Dockerfile does).
 */
const fs = require('node:fs');
const path = require('node:path');

const ROOT = path.resolve(__dirname, '../..');

/** @typedef {{ name: string; workspace: string; source: string; outfile: string }} Entry */

/** @type {Entry[]} */
const ENTRIES = [
  ['gateway', 'gateway', 'src/main.ts'],
  ['auth', 'services/auth', 'src/main.ts'],
  ['billing', 'services/billing', 'src/main.ts'],
  ['billing-sandbox', 'services/billing-sandbox', 'src/main.ts'],
  ['content', 'services/content', 'src/main.ts'],
  ['linkedin', 'services/linkedin', 'src/main.ts'],
  ['linkedin-sandbox', 'services/linkedin-sandbox', 'src/main.ts'],
  ['scheduler', 'services/scheduler', 'src/main.ts'],
  ['write-serializer', 'platform', 'src/stack/write-serializer.main.ts'],
  ['launcher', 'platform', 'src/stack/start.ts'],
].map(([name, workspace, source]) => ({
  name,
  workspace,
  source: path.join(ROOT, workspace, source),
  outfile: path.join(ROOT, workspace, source.replace(/^src\//, 'dist/').replace(/\.ts$/, '.js')),
}));

/**
 * How every compiled program runs (package.json's start script gives the launcher the same
 * flags, and the Dockerfile's targets their programs: nodeFlags(name)).
 *
 * --max-semi-space-size=2: V8 sizes the young generation for throughput on big heaps and lets
 * it grow to 32 MB (two 16 MB semi-spaces) during start-up; a service whose whole live heap is
 * 20 to 25 MB then holds that garbage until V8's memory reducer gets to it, a minute or more
 * later; with 2 MB semi-spaces an idle service gives it back within a minute. Not used:
 * --optimize-for-size (little memory saved, but twice the CPU per request) and
 * --max-old-space-size (changes nothing at idle; a cap only turns a burst into a crash).
 */
const NODE_FLAGS = ['--enable-source-maps', '--max-semi-space-size=2'];

/**
 * The gateway's young generation is 8 MB: every request of the product goes through it, and
 * with 2 MB the requests in flight are still alive when the young generation fills, so they are
 * promoted to the old generation and collected there again, at a cost in pauses and CPU on every
 * request; 8 MB avoids that at the same idle memory. The services keep 2 MB: their bursts are
 * bound by the database, not by garbage collection, and 8 MB in every program would cost the
 * stack memory at idle.
 */
const GATEWAY_FLAGS = ['--enable-source-maps', '--max-semi-space-size=8'];

/** The node flags of a compiled program. */
/** @param {string} name */
function nodeFlags(name) {
  return name === 'gateway' ? GATEWAY_FLAGS : NODE_FLAGS;
}

/** @param {string} name */
function entry(name) {
  const found = ENTRIES.find((e) => e.name === name);
  if (!found) throw new Error(`No program named ${name}`);
  return found;
}

/** @param {string} dir @param {Map<string, number>} cache @returns {number} */
function newestMtime(dir, cache) {
  const known = cache.get(dir);
  if (known !== undefined) return known;
  let newest = 0;
  if (fs.existsSync(dir)) {
    for (const item of fs.readdirSync(dir, { withFileTypes: true })) {
      if (item.name === 'node_modules' || item.name === 'dist') continue;
      const full = path.join(dir, item.name);
      newest = Math.max(newest, item.isDirectory() ? newestMtime(full, cache) : fs.statSync(full).mtimeMs);
    }
  }
  cache.set(dir, newest);
  return newest;
}

/** The newest change an entry is built from: its workspace, the shared workspaces, this file. */
/** @param {Entry} e @param {Map<string, number>} cache */
function sourcesMtime(e, cache) {
  return Math.max(
    newestMtime(path.join(ROOT, e.workspace, 'src'), cache),
    newestMtime(path.join(ROOT, 'platform', 'src'), cache),
    newestMtime(path.join(ROOT, 'contracts', 'src'), cache),
    fs.statSync(__filename).mtimeMs,
  );
}


/**
 * Builds the programs (all by default) that are missing or older than their sources.
 * Safe to run from several processes at once: each output appears whole (write, then rename).
 * @param {{ names?: string[]; force?: boolean; log?: (message: string) => void }} [options]
 * @returns {string[]} the names of the programs built
 */
function buildIfNeeded(options = {}) {
  const cache = new Map();
  const wanted = (options.names ?? ENTRIES.map((e) => e.name)).map(entry).filter((e) => fs.existsSync(e.source));
  const stale = wanted
    .map((e) => ({ e, sources: sourcesMtime(e, cache) }))
    // an output is dated as its sources (below), give or take the rounding of file times
    .filter(({ e, sources }) => options.force || !fs.existsSync(e.outfile) || fs.statSync(e.outfile).mtimeMs < sources - 1);
  if (!stale.length) return [];
  options.log?.(`compiling ${stale.map(({ e }) => e.name).join(', ')}...`);
  // one short-lived esbuild process per build, waited for at once; the default for the sync API,
  // a worker thread with a service process, would leave the launcher a zombie per build
  const workerThreads = process.env.ESBUILD_WORKER_THREADS;
  process.env.ESBUILD_WORKER_THREADS = '0';
  const esbuild = require('esbuild');
  if (workerThreads === undefined) delete process.env.ESBUILD_WORKER_THREADS;
  else process.env.ESBUILD_WORKER_THREADS = workerThreads;
  let result;
  try {
    result = esbuild.buildSync({
      entryPoints: stale.map(({ e }) => ({ in: e.source, out: path.relative(ROOT, e.outfile).replace(/\.js$/, '') })),
      outdir: ROOT,
      bundle: true,
      platform: 'node',
      target: 'node20',
      format: 'cjs',
      sourcemap: 'linked',
      sourcesContent: false,
      // npm packages load from node_modules; our workspaces (aliased to their folders) are compiled in
      packages: 'external',
      alias: Object.fromEntries(['contracts', 'platform'].map((w) => [`@postwright/${w}`, path.join(ROOT, w)])),
      // this file runs as it is: the launcher finds it at the same relative path from dist/
      external: ['../../scripts/build'],
      write: false,
      logLevel: 'silent',
    });
  } catch (error) {
    const messages = /** @type {{ errors?: import('esbuild').Message[] }} */ (error).errors ?? [];
    const text = [...new Set(messages.map((m) => `${m.location ? `${m.location.file}:${m.location.line}: ` : ''}${m.text}`))].join('\n');
    throw new Error(`The TypeScript of ${stale.map(({ e }) => e.name).join(', ')} did not compile:\n${text || String(error)}`);
  } finally {
    // in case esbuild was loaded before, in its worker-thread mode: its service process would
    // otherwise stay for the life of this process (about 40 MB)
    void esbuild.stop();
  }
  // maps first, so a program never appears before its map; each file appears whole
  const files = [...result.outputFiles].sort((a, b) => Number(b.path.endsWith('.map')) - Number(a.path.endsWith('.map')));
  for (const file of files) {
    fs.mkdirSync(path.dirname(file.path), { recursive: true });
    const tmp = `${file.path}.${process.pid}.tmp`;
    fs.writeFileSync(tmp, file.contents);
    fs.renameSync(tmp, file.path);
  }
  // dated as the sources it was built from: a source edited during the build makes it stale
  for (const { e, sources } of stale) fs.utimesSync(e.outfile, new Date(), new Date(sources));
  return stale.map(({ e }) => e.name);
}

/** The command that runs a compiled program: [node, ...flags, file]. */
/** @param {string} name */
function nodeCommand(name) {
  // POSTWRIGHT_CPU_PROF=<folder>: every program writes a V8 CPU profile there when it exits
  const profile = process.env.POSTWRIGHT_CPU_PROF ? ['--cpu-prof', `--cpu-prof-dir=${process.env.POSTWRIGHT_CPU_PROF}`] : [];
  return [process.execPath, ...nodeFlags(name), ...profile, entry(name).outfile];
}

module.exports = { ROOT, ENTRIES, NODE_FLAGS, nodeFlags, entry, buildIfNeeded, nodeCommand };

if (require.main === module) {
  const built = buildIfNeeded({ force: process.argv.includes('--force'), log: (m) => process.stdout.write(`${m}\n`) });
  process.stdout.write(built.length ? `built: ${built.join(', ')}\n` : 'everything is up to date\n');
}
