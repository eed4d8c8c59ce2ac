import http from 'node:http';
import https from 'node:https';
import type { GatewayHealth } from '@postwright/contracts';

type ServiceState = GatewayHealth['services'][string];

/** A /ready body is a few hundred bytes; anything far larger is not one. */
const MAX_BODY = 64 * 1024;

/**
 * What a service's GET /ready says of it: `unavailable` when it is not ready (503, shutting
 * down) or does not answer within `timeoutMs`; `degraded` when it serves but its body's checks
 * name a dependency that is down (its status stays 200 then); else `ok`. Plain node:http on the
 * gateway's upstream agent, as probe() does.
 */
export function serviceReadiness(url: URL, timeoutMs: number, agent?: http.Agent): Promise<ServiceState> {
  return new Promise((resolve) => {
    const req = (url.protocol === 'https:' ? https : http).get(url, { agent, signal: AbortSignal.timeout(timeoutMs) }, (res) => {
      if (res.statusCode !== 200) {
        res.resume();
        return resolve('unavailable');
      }
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => {
        body += chunk;
        if (body.length > MAX_BODY) res.destroy();
      });
      // cut short (too long, or past the timeout): no verdict from it; after 'end' this changes nothing
      res.on('error', () => resolve('unavailable'));
      res.on('close', () => resolve('unavailable'));
      res.on('end', () => resolve(aCheckDown(body) ? 'degraded' : 'ok'));
    });
    req.on('error', () => resolve('unavailable'));
  });
}

/** The body's `checks` name a dependency that is not up (a ready answer without checks names none). */
function aCheckDown(body: string): boolean {
  try {
    const checks = (JSON.parse(body) as { checks?: unknown }).checks;
    return typeof checks === 'object' && checks !== null && Object.values(checks).some((state) => state !== 'up');
  } catch {
    return false;
  }
}
