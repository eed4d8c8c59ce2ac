/**
 * A small seeded generator of malformed requests, driven by the contracts' zod schemas:
 * every field of a request body is dropped, given the wrong type, nested junk, huge or odd
 * unicode text; extra fields (operators, prototype keys) ride along; bodies are sent as
 * malformed JSON or with the wrong content type; ids and tokens are mangled.
 */
import { z } from 'zod';

/** mulberry32: the same seed gives the same requests, so a failure can be replayed */
export function rng(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    int: (max: number) => Math.floor(next() * max),
    pick<T>(items: readonly T[]): T {
      return items[Math.floor(next() * items.length)];
    },
  };
}
export type Rng = ReturnType<typeof rng>;

export interface BadRequest {
  label: string;
  /** a JSON value to send (content type application/json) */
  body?: unknown;
  /** bytes or text sent as is, with `contentType` */
  raw?: string | Buffer;
  contentType?: string;
  /** replaces the path (mangled ids, junk queries) */
  path?: string;
  /** the Authorization header; undefined keeps the user's valid token, null sends none */
  authorization?: string | null;
  /** other headers (a webhook's signature) */
  headers?: Record<string, string>;
}

function nested(depth: number): unknown {
  let v: unknown = 'deep';
  for (let i = 0; i < depth; i++) v = i % 2 ? [v] : { a: v };
  return v;
}

/** percent-encodes any text, lone surrogates included (as the bytes of WTF-8, which are not UTF-8) */
export function encode(text: string): string {
  try {
    return encodeURIComponent(text);
  } catch {
    return '%ED%A0%80' + encodeURIComponent(text.replace(/[\ud800-\udfff]/g, ''));
  }
}

export const UNICODE_STRINGS = [
  '\u0000',
  'nul\u0000in the middle',
  '\ud800', // a lone surrogate
  '\udfff\ud800',
  '\u202eevil right-to-left',
  'zero\u200bwidth\ufeff',
  '👩🏽‍💻🚀'.repeat(50),
  'Ω≈ç√∫˜µ≤≥÷',
  '𝕳𝖊𝖑𝖑𝖔',
  'ｆｕｌｌｗｉｄｔｈ',
  '\r\n\r\nX-Injected: 1',
  '<script>alert(1)</script>',
  "'; DROP TABLE users; --",
  '{"$gt":""}',
  '${process.env}',
  '../../../../etc/passwd',
  '%00%ff%fe',
];

/** values of the wrong type, or of the right type but nonsensical */
function junkValues(r: Rng): unknown[] {
  return [
    0,
    -1,
    1.5,
    Number.MAX_SAFE_INTEGER,
    1e308,
    true,
    false,
    null,
    [],
    [1, 'two', null],
    {},
    { $gt: '' },
    { $ne: null },
    { $where: 'sleep(1000)' },
    JSON.parse('{"__proto__":{"admin":true}}'),
    { constructor: { prototype: { polluted: true } } },
    nested(40 + r.int(40)),
    Array.from({ length: 2000 }, (_, i) => i),
    'x'.repeat(20_000 + r.int(60_000)),
    r.pick(UNICODE_STRINGS),
    '',
    '   ',
  ];
}

const EXTRA_FIELDS: Array<Record<string, unknown>> = [
  JSON.parse('{"__proto__":{"isAdmin":true,"userRole":"SUPER_ADMIN"}}'),
  { constructor: { prototype: { role: 'SUPER_ADMIN' } } },
  { userId: '000000000000000000000000' },
  { userRole: 'SUPER_ADMIN', subscriptionTier: 'premium', trialPostsUsed: -100 },
  { _id: '000000000000000000000000', id: 'someone-else' },
  { $set: { userRole: 'SUPER_ADMIN' } },
  { status: 'published', linkedinPostId: 'urn:li:share:1' },
  { ['x'.repeat(5000)]: 1 },
  { nested: nested(60) },
];

export const MALFORMED_JSON = [
  '{',
  '}',
  '{"a":',
  '{"a":1,}',
  "{'a':1}",
  '{"a":1}{"b":2}',
  '[',
  'nul',
  'undefined',
  'NaN',
  '{"a":NaN}',
  '{"a":Infinity}',
  '{"a":01}',
  '{"a":"\\x41"}',
  '{"a":"\\ud800"}',
  '\u0000',
  '\ufeff{}',
  '<xml/>',
  '--',
  '{"a":"' + 'b'.repeat(10) + '"',
  '['.repeat(5000),
  '{"a":'.repeat(2000),
];

/** top-level JSON that is valid but not an object */
const NON_OBJECT_JSON = ['null', '0', '42', '-1', 'true', 'false', '"text"', '[]', '[{}]', '""'];

const WRONG_CONTENT_TYPES = [
  'text/plain',
  'application/x-www-form-urlencoded',
  'multipart/form-data; boundary=xyz',
  'application/xml',
  'application/octet-stream',
  'application/json; charset=utf-16',
  'application/json; charset=bogus',
  'image/png',
];

export const BAD_IDS = [
  'abc',
  '0',
  '-1',
  'null',
  'undefined',
  '000000000000000000000000',
  'ffffffffffffffffffffffff',
  'zzzzzzzzzzzzzzzzzzzzzzzz',
  '0'.repeat(23),
  '0'.repeat(25),
  'a'.repeat(2000),
  '%00',
  '%E0%A4%A',
  '%ff',
  '%25',
  '%2e%2e%2finternal',
  '..%2F..%2Finternal%2Fcontent',
  '%7B%22%24ne%22%3Anull%7D',
  '%5B%5D',
  'id%20with%20spaces',
  encodeURIComponent('👩🏽‍💻'),
  encodeURIComponent('\u202e'),
  '%ED%A0%80',
  '$where',
  'constructor',
  '__proto__',
  'prototype',
  'toString',
];

/** a valid token made unusable in many ways */
export function badAuthorizations(valid: string, r: Rng, extra: string[] = []): string[] {
  const [h, p, s] = valid.split('.');
  const flip = (text: string) => {
    const i = Math.min(text.length - 2, 2 + r.int(Math.max(1, text.length - 4)));
    const c = text[i] === 'A' ? 'B' : 'A';
    return text.slice(0, i) + c + text.slice(i + 1);
  };
  const b64 = (o: unknown) => Buffer.from(JSON.stringify(o)).toString('base64url');
  return [
    '',
    'Bearer',
    'Bearer ',
    'Bearer null',
    'Bearer undefined',
    `Basic ${Buffer.from('a:b').toString('base64')}`,
    `Token ${valid}`,
    `Bearer ${h}.${p}`,
    `Bearer ${h}.${p}.`,
    `Bearer ${h}.${flip(p)}.${s}`,
    `Bearer ${h}.${p}.${flip(s)}`,
    `Bearer ${flip(h)}.${p}.${s}`,
    `Bearer ${b64({ alg: 'none', typ: 'JWT' })}.${p}.`,
    `Bearer ${b64({ alg: 'HS256', typ: 'JWT' })}.${p}.${s}`,
    `Bearer ${valid.slice(0, -5)}`,
    `Bearer ${valid}.${s}`,
    `Bearer ${'a'.repeat(4000)}`,
    `Bearer ${r.pick(UNICODE_STRINGS).replace(/[^\x20-\x7e]/g, '?')}`,
    `Bearer ${b64({})}.${b64({})}.${b64({})}`,
    ...extra,
  ];
}

function shapeOf(schema: z.ZodObject): Record<string, z.ZodType> {
  return schema.shape as Record<string, z.ZodType>;
}

/**
 * `count` bodies built from a valid one, each failing `schema` (or `invalid`, for rules the
 * contract leaves to the service): fields dropped, retyped, junk, extra fields.
 */
export function badBodies(
  schema: z.ZodObject,
  valid: Record<string, unknown>,
  r: Rng,
  count: number,
  invalid: (body: Record<string, unknown>) => boolean = () => false,
): BadRequest[] {
  const keys = Object.keys(shapeOf(schema));
  const out: BadRequest[] = [];
  const rejected = (body: Record<string, unknown>) => !schema.safeParse(body).success || invalid(body);
  let attempts = 0;
  while (out.length < count && attempts++ < count * 50) {
    const body: Record<string, unknown> = { ...valid };
    const defects: string[] = [];
    const n = 1 + r.int(Math.min(3, keys.length || 1));
    for (let i = 0; i < n && keys.length; i++) {
      const key = r.pick(keys);
      if (r.next() < 0.25) {
        delete body[key];
        defects.push(`no ${key}`);
      } else {
        const junk = junkValues(r);
        const v = junk[r.int(junk.length)];
        body[key] = v;
        defects.push(`${key}=${describe(v)}`);
      }
    }
    if (r.next() < 0.4) {
      const extra = r.pick(EXTRA_FIELDS);
      const withExtra = { ...body, ...extra };
      for (const k of Object.keys(body)) delete body[k];
      for (const [k, v] of Object.entries(withExtra)) Object.defineProperty(body, k, { value: v, enumerable: true, writable: true, configurable: true });
      defects.push(`extra ${Object.keys(extra)[0]?.slice(0, 12)}`);
    }
    if (!rejected(body)) continue;
    out.push({ label: defects.join(', '), body });
  }
  return out;
}

/** raw bodies: malformed JSON, non-object JSON, a valid body under the wrong content type, too big */
export function badPayloads(valid: Record<string, unknown>): BadRequest[] {
  const json = JSON.stringify(valid);
  return [
    ...MALFORMED_JSON.map((raw) => ({ label: `malformed JSON ${raw.slice(0, 16)}`, raw, contentType: 'application/json' })),
    ...NON_OBJECT_JSON.map((raw) => ({ label: `non-object JSON ${raw}`, raw, contentType: 'application/json' })),
    ...WRONG_CONTENT_TYPES.map((contentType) => ({ label: `content type ${contentType}`, raw: json, contentType })),
    { label: 'form-encoded fields', raw: new URLSearchParams(Object.entries(valid).map(([k, v]): [string, string] => [k, String(v)])).toString(), contentType: 'application/x-www-form-urlencoded' },
    { label: 'invalid UTF-8 bytes', raw: Buffer.from([0x7b, 0x22, 0x61, 0x22, 0x3a, 0x22, 0xff, 0xfe, 0xc3, 0x28, 0x22, 0x7d]), contentType: 'application/json' },
    { label: 'UTF-16 bytes', raw: Buffer.from(json, 'utf16le'), contentType: 'application/json' },
    { label: 'body over the size limit', raw: JSON.stringify({ ...valid, padding: 'p'.repeat(2_000_000) }), contentType: 'application/json' },
    { label: 'no body', raw: '', contentType: 'application/json' },
  ];
}

function describe(v: unknown): string {
  if (typeof v === 'string') return v.length > 20 ? `string(${v.length})` : JSON.stringify(v);
  if (Array.isArray(v)) return `array(${v.length})`;
  if (v && typeof v === 'object') return 'object';
  return String(v);
}
