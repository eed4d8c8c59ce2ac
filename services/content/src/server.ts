import { startService, type RunningService } from '@postwright/platform';
import type { ContentConfig } from './config';

export type ContentService = RunningService<ContentConfig>;

/** Starts the content service; PORT 0 picks a free port (tests run it in-process). */
export function start(config: ContentConfig): Promise<ContentService> {
  return startService({
    name: 'content',
    config,
    port: config.PORT,
    routes() {
      // feature modules mount their routes here
    },
  });
}
