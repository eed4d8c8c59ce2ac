/**
 * A trace collector for tests: OTLP over HTTP with JSON bodies (what @opentelemetry's
 * exporter-trace-otlp-http sends, OTEL_EXPORTER_OTLP_PROTOCOL=http/json) on POST /v1/traces, as
 * an OpenTelemetry Collector takes it, and the spans it has as JSON on GET /spans?traceId=...
 * for test files in other processes than the one that started it.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ReceivedSpan {
  /** the resource's service.name: which program made it */
  service: string;
  traceId: string;
  spanId: string;
  parentSpanId?: string;
  name: string;
  /** OTLP's SpanKind: 1 internal, 2 server, 3 client, 4 producer, 5 consumer */
  kind: number;
  attributes: Record<string, unknown>;
}

export interface OtlpReceiver {
  /** the OTEL_EXPORTER_OTLP_ENDPOINT to give the programs */
  url: string;
  spans(traceId?: string): ReceivedSpan[];
  close(): Promise<void>;
}

type AnyValue = { stringValue?: string; intValue?: string | number; boolValue?: boolean; doubleValue?: number };
type KeyValue = { key: string; value: AnyValue };

function valueOf(v: AnyValue): unknown {
  return v.stringValue ?? (v.intValue !== undefined ? Number(v.intValue) : undefined) ?? v.boolValue ?? v.doubleValue;
}

function attributesOf(list: KeyValue[] | undefined): Record<string, unknown> {
  return Object.fromEntries((list ?? []).map((kv) => [kv.key, valueOf(kv.value)]));
}

/** JSON OTLP writes ids as hex (the protobuf JSON mapping would be base64: both read here). */
function hexId(id: string | undefined): string | undefined {
  if (!id) return undefined;
  return /^[0-9a-f]+$/i.test(id) ? id.toLowerCase() : Buffer.from(id, 'base64').toString('hex');
}

interface ExportRequest {
  resourceSpans?: { resource?: { attributes?: KeyValue[] }; scopeSpans?: { spans?: { traceId: string; spanId: string; parentSpanId?: string; name: string; kind: number; attributes?: KeyValue[] }[] }[] }[];
}

export function spansOf(body: ExportRequest): ReceivedSpan[] {
  const out: ReceivedSpan[] = [];
  for (const rs of body.resourceSpans ?? []) {
    const service = String(attributesOf(rs.resource?.attributes)['service.name'] ?? 'unknown');
    for (const ss of rs.scopeSpans ?? []) {
      for (const s of ss.spans ?? []) {
        out.push({ service, traceId: hexId(s.traceId)!, spanId: hexId(s.spanId)!, parentSpanId: hexId(s.parentSpanId) || undefined, name: s.name, kind: s.kind, attributes: attributesOf(s.attributes) });
      }
    }
  }
  return out;
}

export async function startOtlpReceiver(): Promise<OtlpReceiver> {
  const received: ReceivedSpan[] = [];
  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://receiver');
    if (req.method === 'POST' && url.pathname === '/v1/traces') {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        if (!String(req.headers['content-type']).includes('json')) {
          res.writeHead(415, { 'content-type': 'application/json' }).end(JSON.stringify({ error: 'this receiver reads OTLP JSON only' }));
          return;
        }
        try {
          received.push(...spansOf(JSON.parse(Buffer.concat(chunks).toString('utf8')) as ExportRequest));
          res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
        } catch {
          res.writeHead(400, { 'content-type': 'application/json' }).end(JSON.stringify({ error: 'not an OTLP JSON export request' }));
        }
      });
      return;
    }
    if (req.method === 'GET' && url.pathname === '/spans') {
      const traceId = url.searchParams.get('traceId');
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(traceId ? received.filter((s) => s.traceId === traceId) : received));
      return;
    }
    res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    spans: (traceId) => (traceId ? received.filter((s) => s.traceId === traceId) : [...received]),
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
