import { request, type IncomingMessage } from 'node:http';

export interface RawAnswer {
  status: number;
  headers: IncomingMessage['headers'];
  /** the bytes as sent, not decoded */
  body: Buffer;
}

/** A request that keeps the bytes and headers as the gateway sent them (fetch would decompress and hide hop-by-hop headers). */
export function raw(base: string, pathname: string, options: { method?: string; headers?: Record<string, string> } = {}): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const req = request(new URL(pathname, base), { method: options.method ?? 'GET', headers: options.headers ?? {} }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}

/** A GET as a browser taking these encodings sends it (none: no Accept-Encoding at all). */
export const getEncoded = (base: string, pathname: string, acceptEncoding?: string) => raw(base, pathname, { headers: acceptEncoding ? { 'accept-encoding': acceptEncoding } : {} });
