import { startTracing } from './tracing';

/**
 * A program's main: tracing first, when configured, so that its instrumentations are in place
 * before the modules they hook (http, express, ioredis, amqplib, mongodb) are loaded; then the
 * program, loaded by `load` (dynamic imports, so nothing it needs is loaded earlier), run by
 * runMain: it stops cleanly on SIGTERM and sends the last spans before it exits.
 */
export function runProgram(name: string, load: () => Promise<() => Promise<{ stop(): Promise<void>; drainMs?: number }>>): void {
  void startTracing(name)
    .catch((error: unknown) => {
      // a program without traces still serves: say why and go on
      process.stderr.write(`${name}: tracing could not start: ${error instanceof Error ? error.message : String(error)}\n`);
      return undefined;
    })
    .then(async (tracing) => {
      const [{ runMain }, start] = await Promise.all([import('./service'), load()]);
      await runMain(name, start, tracing && (() => tracing.shutdown()));
    });
}
