import { z } from 'zod';

export const dependencyStateSchema = z.enum(['up', 'down']);

/** GET /ready of a service. */
export const readinessSchema = z.object({
  status: z.enum(['ok', 'unavailable']),
  service: z.string(),
  checks: z.record(z.string(), dependencyStateSchema),
  /** what the service wants its operator to see, without changing its readiness (e.g. a warning) */
  details: z.record(z.string(), z.unknown()).optional(),
});
export type Readiness = z.infer<typeof readinessSchema>;

/** GET /api/health through the gateway. */
export const gatewayHealthSchema = z.object({
  status: z.enum(['ok', 'degraded']),
  services: z.record(z.string(), z.enum(['ok', 'unavailable'])),
});
export type GatewayHealth = z.infer<typeof gatewayHealthSchema>;
