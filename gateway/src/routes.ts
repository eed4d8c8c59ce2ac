import { apiOperations } from '@postwright/contracts';
import { AppError } from '@postwright/platform';
import type { GatewayConfig } from './config';

export interface Upstream {
  name: 'auth' | 'content' | 'linkedin' | 'scheduler' | 'billing';
  /** public path prefixes routed to it, unchanged */
  prefixes: string[];
  url: string;
}

export function upstreams(config: GatewayConfig): Upstream[] {
  return [
    { name: 'auth', prefixes: ['/api/auth', '/api/users', '/api/admin'], url: config.AUTH_URL },
    { name: 'content', prefixes: ['/api/content', '/api/insights'], url: config.CONTENT_URL },
    { name: 'linkedin', prefixes: ['/api/linkedin'], url: config.LINKEDIN_URL },
    { name: 'scheduler', prefixes: ['/api/calendar'], url: config.SCHEDULER_URL },
    { name: 'billing', prefixes: ['/api/billing'], url: config.BILLING_URL },
  ];
}

/**
 * Routes that need no access token: the operations the contracts' route table marks `auth: false`
 * (logout among them: it must work with an expired token), and the API's own documentation.
 */
export const PUBLIC_ROUTES: Array<{ method: string; path: string }> = [
  ...apiOperations.filter((operation) => !operation.auth).map((operation) => ({ method: operation.method.toUpperCase(), path: operation.path })),
  { method: 'GET', path: '/api/openapi.json' },
  { method: 'GET', path: '/api/docs' },
];

export function isPublic(method: string, path: string): boolean {
  const normalised = path.replace(/\/+$/, '') || '/';
  return PUBLIC_ROUTES.some((r) => r.method === method && r.path === normalised);
}

/** The service whose public prefix the path is under, if any (case matters, as in the services' routes). */
export function upstreamFor(services: Upstream[], path: string): Upstream | undefined {
  for (const upstream of services) for (const prefix of upstream.prefixes) if (matchesPrefix(path, prefix)) return upstream;
  return undefined;
}

/**
 * Internal APIs are for services only, whatever the prefix or spelling: the refusal for a path
 * that names one (404, as if it did not exist) or cannot be read (a bad percent-encoding), or
 * nothing.
 */
export function internalPathRefusal(method: string | undefined, path: string): AppError | undefined {
  let p: string;
  try {
    p = decodeURIComponent(path).toLowerCase().replace(/\/+/g, '/');
  } catch {
    return AppError.badRequest('Malformed URL', undefined, 'REQUEST.MALFORMED_URL');
  }
  if (p.startsWith('/api/internal') || p.startsWith('/internal') || /\/internal(\/|$)/.test(p) || p.includes('.well-known')) {
    return AppError.of('ROUTE.NOT_FOUND', { message: `No route for ${method} ${path}` });
  }
  return undefined;
}

export function matchesPrefix(path: string, prefix: string): boolean {
  return path === prefix || path.startsWith(`${prefix}/`) || path.startsWith(`${prefix}?`);
}

/** Identity and internal headers a client must never be able to set. */
export function isForbiddenIncomingHeader(name: string): boolean {
  const h = name.toLowerCase();
  return h.startsWith('x-user') || h.startsWith('x-internal') || h.startsWith('x-auth') || h === 'x-forwarded-user' || h === 'x-remote-user';
}

/**
 * Headers by which a client (or a proxy) says who the client is. Only the gateway sets them for
 * the services; a client's own are dropped.
 */
export function isForwardingHeader(name: string): boolean {
  const h = name.toLowerCase();
  return h.startsWith('x-forwarded-') || h === 'forwarded' || h === 'x-real-ip' || h === 'x-client-ip' || h === 'true-client-ip' || h === 'cf-connecting-ip';
}
