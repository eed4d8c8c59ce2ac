// The local servers' addresses, apart from config.ts so the launcher can read them without
// loading zod (about 10 MB of memory for two strings).
export const DEFAULT_REDIS_URL = 'redis://127.0.0.1:6379';
export const DEFAULT_AMQP_URL = 'amqp://guest:guest@127.0.0.1:5672';
