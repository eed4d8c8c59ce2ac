// Loaded on demand by auth-api.ts (keeps zod out of the landing page's first load).
export { authResponseSchema, userResponseSchema } from '@postwright/contracts';
