import type { GatewayConfig } from './config';

export interface Upstream {
  name: 'auth' | 'content' | 'linkedin' | 'scheduler';
  /** public path prefixes routed to it, unchanged */
  prefixes: string[];
  url: string;
}

export function upstreams(config: GatewayConfig): Upstream[] {
  return [
    { name: 'auth', prefixes: ['/api/auth', '/api/users', '/api/admin'], url: config.AUTH_URL },
    { name: 'content', prefixes: ['/api/content'], url: config.CONTENT_URL },
    { name: 'linkedin', prefixes: ['/api/linkedin'], url: config.LINKEDIN_URL },
    { name: 'scheduler', prefixes: ['/api/calendar'], url: config.SCHEDULER_URL },
  ];
}

/** Routes that need no access token. Logout is here because it must work with an expired one. */
export const PUBLIC_ROUTES: Array<{ method: string; path: string }> = [
  { method: 'POST', path: '/api/auth/signup' },
  { method: 'POST', path: '/api/auth/login' },
  { method: 'POST', path: '/api/auth/refresh' },
  { method: 'POST', path: '/api/auth/logout' },
  { method: 'GET', path: '/api/health' },
  { method: 'GET', path: '/api/openapi.json' },
  { method: 'GET', path: '/api/docs' },
];

export function isPublic(method: string, path: string): boolean {
  const normalised = path.replace(/\/+$/, '') || '/';
  return PUBLIC_ROUTES.some((r) => r.method === method && r.path === normalised);
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
