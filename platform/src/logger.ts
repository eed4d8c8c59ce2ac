import pino, { type Logger } from 'pino';
import { currentRequestId } from './context';
import { traceIds } from './tracing';

export type { Logger };

/** A program's logger: JSON lines on stdout, or on `destination` (tests read them). */
export function createLogger(service: string, level: string = process.env.LOG_LEVEL ?? 'info', destination?: pino.DestinationStream): Logger {
  const options: pino.LoggerOptions = {
    name: service,
    level,
    base: { service },
    // every line written inside a request or event handler carries its request id, and inside a
    // span (tracing on) its trace and span ids, so a trace's log lines can be found from it
    mixin() {
      const requestId = currentRequestId();
      const ids = traceIds();
      return requestId ? { requestId, ...ids } : { ...ids };
    },
    redact: {
      paths: ['req.headers.authorization', 'req.headers.cookie', 'req.headers["x-internal-token"]', '*.password', '*.refreshToken', '*.accessToken'],
      censor: '[redacted]',
    },
  };
  return destination ? pino(options, destination) : pino(options);
}
