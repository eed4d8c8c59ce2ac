import { testEnv } from '@postwright/platform/src/testing';
import { readConfig } from '../../src/config';
import { start, type RunningGateway } from '../../src/server';

/** The gateway alone in a test namespace, every service route pointed at one stand-in upstream, no web app. */
export function startGatewayBefore(ns: string, upstreamUrl: string, extra: Record<string, string> = {}): Promise<RunningGateway> {
  return start(
    readConfig({
      ...testEnv(ns),
      AUTH_URL: upstreamUrl,
      CONTENT_URL: upstreamUrl,
      LINKEDIN_URL: upstreamUrl,
      SCHEDULER_URL: upstreamUrl,
      WEB_DIST: '/nonexistent',
      ...extra,
    }),
  );
}
