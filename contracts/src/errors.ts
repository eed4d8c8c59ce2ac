import { z } from 'zod';

/** Every non-2xx JSON body from the gateway and every service. */
export const errorBodySchema = z.object({
  error: z.string().min(1),
  code: z.string().optional(),
  details: z.record(z.string(), z.unknown()).optional(),
  requestId: z.string().optional(),
});
export type ErrorBody = z.infer<typeof errorBodySchema>;
