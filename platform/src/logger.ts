import pino, { type Logger } from 'pino';
import { currentRequestId } from './context';

export type { Logger };

export function createLogger(service: string, level: string = process.env.LOG_LEVEL ?? 'info'): Logger {
  return pino({
    name: service,
    level,
    base: { service },
    // every line written inside a request or event handler carries its request id
    mixin() {
      const requestId = currentRequestId();
      return requestId ? { requestId } : {};
    },
    redact: {
      paths: ['req.headers.authorization', 'req.headers.cookie', 'req.headers["x-internal-token"]', '*.password', '*.refreshToken', '*.accessToken'],
      censor: '[redacted]',
    },
  });
}
