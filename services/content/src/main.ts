import { runProgram } from '@postwright/platform/src/run';

// the program is loaded after tracing has started (when configured), so its modules are instrumented
runProgram('content', async () => {
  const [{ readConfig }, { start }] = await Promise.all([import('./config'), import('./server')]);
  return () => start(readConfig());
});
