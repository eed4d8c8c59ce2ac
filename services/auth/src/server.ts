import { startService, type RunningService } from '@postwright/platform';
import type { AuthConfig } from './config';

export type AuthService = RunningService<AuthConfig>;

/** Starts the auth service; PORT 0 picks a free port (tests run it in-process). */
export function start(config: AuthConfig): Promise<AuthService> {
  return startService({
    name: 'auth',
    config,
    port: config.PORT,
    routes() {
      // feature modules mount their routes here
    },
  });
}
