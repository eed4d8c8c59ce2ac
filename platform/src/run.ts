/** main.ts helper: starts, and stops cleanly on SIGTERM/SIGINT; `afterStop` (e.g. sending the last spans) runs before the exit. */
export async function runMain(name: string, start: () => Promise<{ stop(): Promise<void>; drainMs?: number }>, afterStop?: () => Promise<void>): Promise<void> {
  let running: { stop(): Promise<void>; drainMs?: number };
  try {
    running = await start();
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    process.stderr.write(`${name} could not start: ${message}\n`);
    process.exit(1);
  }
  const shutdown = (signal: string) => {
    process.stderr.write(`${name}: ${signal} received, shutting down\n`);
    // requests under way get their drain time, and the connections a few seconds more to close
    const force = setTimeout(() => process.exit(1), (running.drainMs ?? 5_000) + 5_000);
    force.unref();
    running.stop().then(
      () => Promise.resolve(afterStop?.()).then(() => process.exit(0), () => process.exit(0)),
      () => process.exit(1),
    );
  };
  process.once('SIGTERM', () => shutdown('SIGTERM'));
  process.once('SIGINT', () => shutdown('SIGINT'));
}
