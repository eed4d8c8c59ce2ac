import { z } from 'zod';

export const dependencyStateSchema = z.enum(['up', 'down']);

/**
 * GET /ready of a program: whether this process can serve. 200 `ok` (every dependency up) or
 * `degraded` (serving; requests that need a dependency that is down get a 503 of their own);
 * 503 `unavailable` once it is shutting down. `checks` informs and never makes it 503.
 */
export const readinessSchema = z.object({
  status: z.enum(['ok', 'degraded', 'unavailable']),
  service: z.string(),
  checks: z.record(z.string(), dependencyStateSchema),
  /** what the service wants its operator to see, without changing its readiness (e.g. a warning) */
  details: z.record(z.string(), z.unknown()).optional(),
});
export type Readiness = z.infer<typeof readinessSchema>;

/**
 * GET /api/health through the gateway: each service `ok`, `degraded` (it serves, but a dependency
 * of its is down, as its /ready checks say) or `unavailable` (not ready, or no answer).
 */
export const gatewayHealthSchema = z.object({
  status: z.enum(['ok', 'degraded']),
  services: z.record(z.string(), z.enum(['ok', 'degraded', 'unavailable'])),
});
export type GatewayHealth = z.infer<typeof gatewayHealthSchema>;
