import { startService, type RunningService } from '@postwright/platform';
import type { LinkedinConfig } from './config';

export type LinkedinService = RunningService<LinkedinConfig>;

/** Starts the linkedin service; PORT 0 picks a free port (tests run it in-process). */
export function start(config: LinkedinConfig): Promise<LinkedinService> {
  return startService({
    name: 'linkedin',
    config,
    port: config.PORT,
    routes() {
      // feature modules mount their routes here
    },
  });
}
