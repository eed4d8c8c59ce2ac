import type { NextFunction, Request, Response } from 'express';
import { matchesPrefix } from './routes';

/** The container's own probes answer at any host name: they come by the pod's address. */
const PROBES = new Set(['/health', '/ready']);

function hostOf(url: URL): string {
  return url.host.toLowerCase();
}

/**
 * `Host` as the browser wrote it, with the public scheme's default port dropped as URL.host does.
 * Only the name and port are compared: behind a TLS-terminating proxy the gateway sees plain http.
 */
function requestHost(raw: string | undefined, publicProtocol: string): string {
  const host = (raw ?? '').trim().toLowerCase();
  const defaultPort = publicProtocol === 'https:' ? ':443' : ':80';
  return host.endsWith(defaultPort) ? host.slice(0, -defaultPort.length) : host;
}

/**
 * A product has one public origin: a page asked for by any other host name is sent to
 * PUBLIC_URL before anything else happens. Sessions are per origin, and LinkedIn returns the member
 * to the one redirect URI registered for it, so a session begun at http://127.0.0.1:8080 would come
 * back from LinkedIn to http://localhost:8080 logged out. 307, not 301: a browser would keep a
 * permanent redirect even after PUBLIC_URL changed. The API is left alone (the app calls it on its
 * own origin; a script elsewhere gets its answer or CORS's refusal), and so are the probes.
 */
export function canonicalHost(publicUrl: URL | undefined) {
  if (!publicUrl) return (_req: Request, _res: Response, next: NextFunction) => next();
  const canonical = hostOf(publicUrl);
  const origin = publicUrl.origin;
  return (req: Request, res: Response, next: NextFunction) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return next();
    if (matchesPrefix(req.path, '/api') || PROBES.has(req.path)) return next();
    if (requestHost(req.headers.host, publicUrl.protocol) === canonical) return next();
    res.setHeader('cache-control', 'no-store');
    res.redirect(307, origin + req.originalUrl);
  };
}
