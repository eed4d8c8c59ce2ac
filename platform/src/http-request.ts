import http from 'node:http';
import https from 'node:https';

export interface HttpAnswer {
  status: number;
  /** header names in lower case */
  headers: http.IncomingHttpHeaders;
  text: string;
}

/** A call that got no answer: `code` is the socket's error code (ECONNREFUSED...), `timedOut` when the time ran out. */
export class HttpRequestError extends Error {
  constructor(
    message: string,
    readonly code: string | undefined,
    readonly timedOut: boolean,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = 'HttpRequestError';
  }
}

/**
 * Keep-alive agents without a cap on sockets: a burst of scheduled posts keeps many calls in flight
 * to the same host, and each waits for an answer, not for a socket. Idle sockets
 * beyond `maxFreeSockets` are closed.
 */
const agents = {
  'http:': new http.Agent({ keepAlive: true, maxSockets: Infinity, maxFreeSockets: 256 }),
  'https:': new https.Agent({ keepAlive: true, maxSockets: Infinity, maxFreeSockets: 256 }),
};

/**
 * One HTTP call on node:http with a keep-alive agent, for the services' hot calls (internal APIs,
 * LinkedIn's posts), because the same call through fetch costs several times the CPU (web
 * streams, abort signals and their timers per call).
 */
export function httpRequest(
  url: URL | string,
  options: { method: string; headers?: Record<string, string>; body?: string; timeoutMs: number },
): Promise<HttpAnswer> {
  const target = typeof url === 'string' ? new URL(url) : url;
  const client = target.protocol === 'https:' ? https : http;
  const agent = agents[target.protocol as keyof typeof agents];
  return new Promise<HttpAnswer>((resolve, reject) => {
    let settled = false;
    const fail = (error: HttpRequestError) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      reject(error);
    };
    const headers: Record<string, string | number> = { ...options.headers };
    if (options.body !== undefined) headers['content-length'] = Buffer.byteLength(options.body);
    const req = client.request(target, { method: options.method, headers, agent }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        resolve({ status: res.statusCode ?? 0, headers: res.headers, text: Buffer.concat(chunks).toString('utf8') });
      });
      res.on('error', (err: NodeJS.ErrnoException) => fail(new HttpRequestError(err.message, err.code, false, { cause: err })));
      res.on('aborted', () => fail(new HttpRequestError('the connection closed before the answer was complete', 'ECONNRESET', false)));
    });
    const timer = setTimeout(() => {
      fail(new HttpRequestError(`no answer within ${options.timeoutMs} ms`, undefined, true));
      req.destroy();
    }, options.timeoutMs);
    req.on('error', (err: NodeJS.ErrnoException) => fail(new HttpRequestError(err.message, err.code, false, { cause: err })));
    req.end(options.body);
  });
}
