/**
 * `npm start`: compiles whatever changed since the last run (platform/scripts/build.js), then
 * runs the launcher (platform/src/stack/start.ts) compiled, in this very process, so no
 * process of the stack pays for a TypeScript loader. package.json's start script gives this
 * process the same node flags as the programs it starts (build.js NODE_FLAGS).
 */
const { buildIfNeeded, entry } = require('./build');

try {
  buildIfNeeded({ log: (message) => process.stdout.write(`[postwright] ${message}\n`) });
} catch (error) {
  process.stderr.write(`\n[postwright] ${error instanceof Error ? error.message : String(error)}\n\n`);
  process.exit(1);
}
require(entry('launcher').outfile);
