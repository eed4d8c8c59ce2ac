import http from 'node:http';
import https from 'node:https';

/**
 * The status code of GET `url`, or undefined when nothing answers within `timeoutMs`. Plain
 * node:http on purpose: the first fetch() of a process loads undici (about 15 MB of memory),
 * too much for a health check in a process that otherwise never needs it (the gateway, the
 * `npm start` launcher).
 */
export function probe(url: string | URL, timeoutMs: number, agent?: http.Agent): Promise<number | undefined> {
  const target = new URL(url);
  return new Promise((resolve) => {
    const req = (target.protocol === 'https:' ? https : http).get(target, { agent, signal: AbortSignal.timeout(timeoutMs) }, (res) => {
      res.resume();
      resolve(res.statusCode);
    });
    req.on('error', () => resolve(undefined));
  });
}
