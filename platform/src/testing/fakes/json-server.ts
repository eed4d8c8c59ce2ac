/**
 * The HTTP side every fake of an internal API shares: a JSON server on a free loopback port that
 * checks the internal token, parses the body, answers what the handler returns with 200, and a
 * Refusal with its status and body from the error catalogue (as the real services answer).
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { errorCatalogue, type ErrorCode } from '@postwright/contracts';

/** A refusal the fake answers as the real service would: the catalogue's status and message. */
export class Refusal extends Error {
  constructor(
    readonly code: ErrorCode,
    readonly details?: Record<string, unknown>,
  ) {
    super(code);
  }
}

export interface FakeRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  body: unknown;
}

export interface JsonServer {
  url: string;
  /** every call that passed the token check, in order */
  calls: FakeRequest[];
  stop(): Promise<void>;
}

export async function startJsonServer(internalToken: string, handle: (request: FakeRequest) => unknown): Promise<JsonServer> {
  const calls: FakeRequest[] = [];
  const send = (res: ServerResponse, status: number, body: unknown) => res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
  const refuse = (res: ServerResponse, { code, details }: Refusal) =>
    send(res, errorCatalogue[code].status, { error: errorCatalogue[code].message, code, ...(details ? { details } : {}) });

  async function answer(req: IncomingMessage, res: ServerResponse) {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    if (req.headers['x-internal-token'] !== internalToken) return refuse(res, new Refusal('INTERNAL.FORBIDDEN'));
    let body: unknown = null;
    try {
      body = chunks.length ? JSON.parse(Buffer.concat(chunks).toString('utf8')) : null;
    } catch {
      return refuse(res, new Refusal('REQUEST.MALFORMED_JSON'));
    }
    const url = new URL(req.url ?? '/', 'http://fake');
    const request = { method: req.method ?? '', path: url.pathname, query: url.searchParams, body };
    calls.push(request);
    try {
      send(res, 200, await handle(request));
    } catch (err) {
      if (err instanceof Refusal) return refuse(res, err);
      throw err;
    }
  }

  const server = createServer((req, res) => {
    answer(req, res).catch(() => send(res, 500, { error: 'the fake failed' }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    calls,
    stop: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** The body as the contract schema reads it, or the 400 the real service answers. */
export function parseBody<T>(schema: { safeParse(value: unknown): { success: true; data: T } | { success: false; error: { issues: Array<{ path: PropertyKey[] }> } } }, body: unknown): T {
  const parsed = schema.safeParse(body);
  if (!parsed.success) throw new Refusal('REQUEST.INVALID', { fields: parsed.error.issues.map((i) => i.path.join('.')) });
  return parsed.data;
}
