import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { EVENT_STREAM_TYPE } from '@postwright/contracts';

/** Headers that belong to one hop (the browser to this proxy, or this proxy to the gateway). */
const HOP_BY_HOP = ['connection', 'proxy-connection', 'keep-alive', 'transfer-encoding', 'te', 'trailer', 'upgrade', 'proxy-authorization'];

function endToEnd(headers: http.IncomingHttpHeaders): http.OutgoingHttpHeaders {
  const kept: http.OutgoingHttpHeaders = {};
  for (const [name, value] of Object.entries(headers)) if (value !== undefined && !HOP_BY_HOP.includes(name)) kept[name] = value;
  return kept;
}

export interface PacingProxy {
  /** for a browser context's `proxy.server` */
  url: string;
  close(): Promise<void>;
}

/**
 * A forward HTTP proxy for a browser context that passes everything through unchanged, except
 * that it hands an event stream's events on one at a time, `paceMs` apart, as a model writing a
 * post would produce them. The offline writer sends a whole post in one burst, and the browser's
 * own network throttling (DevTools) only delays a burst, it does not split it: one socket read
 * holds every event. The events, their order and their bytes are the server's.
 */
export async function startPacingProxy(paceMs: number): Promise<PacingProxy> {
  const server = http.createServer((req, res) => {
    // a browser sends a proxy the absolute URL
    const target = new URL(req.url ?? '/');
    const upstream = http.request(
      { host: target.hostname, port: target.port, path: `${target.pathname}${target.search}`, method: req.method, headers: endToEnd(req.headers) },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, endToEnd(answer.headers));
        if (!String(answer.headers['content-type'] ?? '').startsWith(EVENT_STREAM_TYPE)) {
          answer.pipe(res);
          return;
        }
        res.flushHeaders();
        const decoder = new TextDecoder();
        const queue: string[] = [];
        let pending = '';
        let ended = false;
        let timer: NodeJS.Timeout | null = null;
        const next = () => {
          timer = null;
          const event = queue.shift();
          if (event !== undefined) res.write(event);
          if (queue.length) timer = setTimeout(next, paceMs);
          else if (ended) res.end(pending);
        };
        answer.on('data', (chunk: Buffer) => {
          pending += decoder.decode(chunk, { stream: true });
          let end: number;
          while ((end = pending.indexOf('\n\n')) >= 0) {
            queue.push(pending.slice(0, end + 2));
            pending = pending.slice(end + 2);
          }
          timer ??= setTimeout(next, paceMs);
        });
        answer.on('end', () => {
          ended = true;
          timer ??= setTimeout(next, 0);
        });
        res.on('close', () => {
          if (timer) clearTimeout(timer);
          answer.destroy();
        });
      },
    );
    upstream.on('error', () => res.destroy());
    // the browser hung up (Cancel): the gateway hears of it, as it would without the proxy
    res.on('close', () => {
      if (!res.writableFinished) upstream.destroy();
    });
    req.pipe(upstream);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
