import type { Request } from 'express';
import type { Logger } from '@postwright/platform';
import type { SandboxConfig } from '../config';
import type { SandboxState } from '../state';
import type { Timers } from '../timers';

/** What the API routes are given. */
export interface ApiDeps {
  state: SandboxState;
  config: SandboxConfig;
  timers: Timers;
  logger: Logger;
}

/**
 * The origin a browser knows the sandbox by: SANDBOX_PUBLIC_URL when set (in compose the billing
 * service calls the sandbox by a name no browser can reach), else the one this request came to.
 */
export function publicOrigin(req: Request, config: Pick<SandboxConfig, 'publicUrl'>): string {
  return config.publicUrl ?? `${req.protocol}://${req.get('host')}`;
}
