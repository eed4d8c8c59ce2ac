import { startService, type RunningService } from '@postwright/platform';
import type { SchedulerConfig } from './config';

export type SchedulerService = RunningService<SchedulerConfig>;

/** Starts the scheduler service; PORT 0 picks a free port (tests run it in-process). */
export function start(config: SchedulerConfig): Promise<SchedulerService> {
  return startService({
    name: 'scheduler',
    config,
    port: config.PORT,
    routes() {
      // feature modules mount their routes here
    },
  });
}
