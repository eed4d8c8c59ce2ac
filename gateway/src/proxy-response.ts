import type { IncomingMessage, ServerResponse } from 'node:http';
import { pipeline } from 'node:stream';
import zlib from 'node:zlib';

/**
 * JSON answers of at least this many bytes go out compressed when the client takes it: below it
 * the answer fits in one or two TCP segments either way, and compressing would cost CPU for
 * nothing (the same threshold as Express's `compression`).
 */
const COMPRESS_MIN_BYTES = 1024;

/** Headers that describe one connection, not the answer: the gateway's connection to the client has its own. */
const HOP_BY_HOP = new Set(['connection', 'keep-alive', 'proxy-authenticate', 'proxy-authorization', 'te', 'trailer', 'transfer-encoding', 'upgrade']);

/**
 * Sends a service's answer on to the client (http-proxy-middleware's `selfHandleResponse`: the
 * proxy engine makes the upstream request, this writes what comes back). Status and headers as the
 * service wrote them, without its connection's own headers; the body streamed through as it
 * arrives (an event stream is never held back), compressed with brotli or gzip when it is JSON of
 * COMPRESS_MIN_BYTES or more and the client says it takes one.
 */
export function forwardResponse(proxyRes: IncomingMessage, req: IncomingMessage, res: ServerResponse): void {
  if (res.headersSent || res.destroyed) {
    proxyRes.resume();
    return;
  }
  res.statusCode = proxyRes.statusCode ?? 502;
  if (proxyRes.statusMessage) res.statusMessage = proxyRes.statusMessage;
  const headers = proxyRes.headers;
  // and any header the service's Connection header names as its connection's own
  const named = headers.connection ? new Set(headers.connection.toLowerCase().split(',').map((n) => n.trim())) : undefined;
  for (const name in headers) {
    const value = headers[name];
    if (value === undefined || HOP_BY_HOP.has(name) || named?.has(name)) continue;
    // the gateway's own Vary (Origin, for CORS) and the service's both hold
    if (name === 'vary' && res.hasHeader('vary')) res.setHeader('vary', `${String(res.getHeader('vary'))}, ${String(value)}`);
    else res.setHeader(name, value);
  }
  if (!compressible(proxyRes, req)) {
    relay(proxyRes, res);
    return;
  }
  // a cache must keep the encodings apart, whichever this client takes
  res.setHeader('vary', appendVary(res.getHeader('vary')));
  const encoding = acceptedEncoding(req.headers['accept-encoding']);
  const length = Number(headers['content-length'] ?? NaN);
  if (encoding === undefined || length < COMPRESS_MIN_BYTES) {
    relay(proxyRes, res);
    return;
  }
  res.removeHeader('content-length');
  res.setHeader('content-encoding', encoding);
  const compressor =
    encoding === 'br'
      ? // quality 4: for answers made per request, most of brotli's gain at gzip's speed (11, for files built once, is ~100x slower)
        zlib.createBrotliCompress({ params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: Number.isFinite(length) ? length : 0 } })
      : zlib.createGzip({ level: 6 });
  // a client gone or a service that broke off: the whole chain is torn down, nothing left open
  pipeline(proxyRes, compressor, res, () => undefined);
}

/**
 * The body as it arrives, each chunk written at once (an event stream is never held back), with
 * backpressure: what `pipe` does for one source and one destination, without its bookkeeping
 * (a dozen listeners and closures a request, on the gateway's hottest path). A client that leaves
 * ends the service's answer too, so a service still writing (a post being generated) hears of it.
 */
function relay(from: IncomingMessage, to: ServerResponse): void {
  from.on('data', (chunk: Buffer) => {
    if (!to.write(chunk) && !to.destroyed) {
      from.pause();
      to.once('drain', () => from.resume());
    }
  });
  from.once('end', () => to.end());
  to.once('close', () => {
    if (!from.complete) from.destroy();
  });
}

/**
 * JSON the service did not encode itself, with a body, and nothing saying it must pass unchanged.
 * Other types pass as written: an event stream must reach the client event by event.
 */
function compressible(proxyRes: IncomingMessage, req: IncomingMessage): boolean {
  const type = proxyRes.headers['content-type'];
  if (!type || !/^application\/(?:[\w.+-]+\+)?json\b/i.test(type)) return false;
  if (proxyRes.headers['content-encoding'] || req.method === 'HEAD') return false;
  const status = proxyRes.statusCode ?? 0;
  if (status === 204 || status === 304 || status < 200) return false;
  return !/\bno-transform\b/i.test(String(proxyRes.headers['cache-control'] ?? ''));
}

/** The encoding to answer in, from Accept-Encoding: brotli when taken, else gzip, else none. `q=0` refuses one. */
function acceptedEncoding(header: string | string[] | undefined): 'br' | 'gzip' | undefined {
  if (!header) return undefined;
  const taken = new Set<string>();
  for (const part of String(header).toLowerCase().split(',')) {
    const [name, ...params] = part.split(';').map((p) => p.trim());
    const q = params.find((p) => p.startsWith('q='));
    if (name && !(q && Number(q.slice(2)) === 0)) taken.add(name);
  }
  if (taken.has('br')) return 'br';
  if (taken.has('gzip') || taken.has('*')) return 'gzip';
  return undefined;
}

function appendVary(current: number | string | string[] | undefined): string {
  const value = Array.isArray(current) ? current.join(', ') : current === undefined ? '' : String(current);
  if (/(?:^|,)\s*(?:\*|accept-encoding)\s*(?:,|$)/i.test(value)) return value;
  return value ? `${value}, Accept-Encoding` : 'Accept-Encoding';
}
