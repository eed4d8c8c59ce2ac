/**
 * Test kit: every test file gets its own namespace (database names, queue and exchange
 * names, Redis keys), so suites run in parallel, and alongside each other, on one set of
 * real servers. Tokens are signed with a per-process RS256 key the services trust in tests.
 */
import net from 'node:net';
import { createPublicKey, generateKeyPairSync, randomBytes } from 'node:crypto';
import { request as nodeRequest } from 'node:http';
import jwt from 'jsonwebtoken';
import { MongoClient } from 'mongodb';
import { Redis } from 'ioredis';
import { ACCESS_TOKEN_AUDIENCE, ACCESS_TOKEN_ISSUER, type ContentType, type UserRole } from '@postwright/contracts';
import { keyIdOf } from '../auth';
import { DEFAULT_AMQP_URL, DEFAULT_REDIS_URL } from '../config';

export const TEST_INTERNAL_TOKEN = 'test-internal-token-0123456789';
/** the sender of every email a service sends in tests */
export const TEST_MAIL_FROM = 'Postwright <no-reply@postwright.test>';

const keys = generateKeyPairSync('rsa', {
  modulusLength: 2048,
  publicKeyEncoding: { type: 'spki', format: 'pem' },
  privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
});
/** `kid`: the key's thumbprint, as the auth service names its key */
export const testKeys = { publicKey: keys.publicKey, privateKey: keys.privateKey, kid: keyIdOf(createPublicKey(keys.publicKey)) };

export function testNamespace(): string {
  return `t${randomBytes(5).toString('hex')}_`;
}

/** The environment a service's config schema reads, pointed at the real test servers. */
export function testEnv(namespace: string, extra: Record<string, string | undefined> = {}): Record<string, string | undefined> {
  return {
    NODE_ENV: 'test',
    LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent',
    HOST: '127.0.0.1',
    MONGO_URL: process.env.MONGO_URL,
    REDIS_URL: process.env.REDIS_URL ?? DEFAULT_REDIS_URL,
    AMQP_URL: process.env.AMQP_URL ?? DEFAULT_AMQP_URL,
    NAMESPACE: namespace,
    INTERNAL_TOKEN: TEST_INTERNAL_TOKEN,
    JWT_PUBLIC_KEY: testKeys.publicKey,
    PORT: '0',
    // the gateway's metrics listener on a free port too: several gateways run at once in tests
    METRICS_PORT: '0',
    // the shared test Mailpit (global-setup.ts); tests read what arrived with testing/mailpit.ts
    SMTP_URL: process.env.SMTP_URL,
    MAIL_FROM: TEST_MAIL_FROM,
    ...extra,
  };
}

/** An access token as the auth service issues it (RS256, its key id, issuer and audience), signed by the test key. */
export function issueTestToken(claims: { sub: string; role?: UserRole; tier?: string; sid?: string }, options: { expiresIn?: number } = {}): string {
  return jwt.sign({ role: 'USER', tier: 'trial', ...claims }, testKeys.privateKey, {
    algorithm: 'RS256',
    keyid: testKeys.kid,
    issuer: ACCESS_TOKEN_ISSUER,
    audience: ACCESS_TOKEN_AUDIENCE,
    expiresIn: options.expiresIn ?? 900,
  });
}

/** A valid generation form (POST /api/content/generate), as the test stacks make their drafts. */
export function generateForm(contentType: ContentType = 'framework') {
  return {
    contentType,
    topic: 'Hiring senior engineers',
    industryRole: 'VP of Engineering',
    personalExperience: 'We rebuilt our hiring loop around work samples and cut time-to-offer in half.',
    targetAudience: 'Engineering leaders',
  };
}

/** A random 24-hex id, the shape of a MongoDB ObjectId (user ids in tokens). */
export function randomId(): string {
  return randomBytes(12).toString('hex');
}

const SERVICE_DATABASES = ['auth', 'billing', 'content', 'linkedin', 'linkedin_sandbox', 'scheduler'];

/** Deletes every Redis key under a prefix (SCAN, not KEYS: the server stays responsive). */
export async function deleteRedisKeys(url: string, prefix: string): Promise<void> {
  const redis = new Redis(url);
  try {
    let cursor = '0';
    do {
      const [next, keys] = await redis.scan(cursor, 'MATCH', `${prefix}*`, 'COUNT', 1000);
      cursor = next;
      if (keys.length) await redis.del(...keys);
    } while (cursor !== '0');
  } finally {
    redis.disconnect();
  }
}

/**
 * Drops the namespace's databases (every service's, plus `extraDatabases`) and its Redis keys
 * (on REDIS_URL, or each of `redisUrls`). Databases are dropped by name, each given at most
 * 10 s: FerretDB's listDatabases stalls once it holds many, and a wedged drop must not hang a
 * suite's teardown. Queues of a test namespace expire by themselves.
 */
export async function cleanupNamespace(namespace: string, extraDatabases: string[] = [], options: { redisUrls?: string[] } = {}): Promise<void> {
  const client = new MongoClient(process.env.MONGO_URL!, { serverSelectionTimeoutMS: 5_000 });
  try {
    await client.connect();
    const names = [...SERVICE_DATABASES.map((s) => `${namespace}postwright_${s}`), ...extraDatabases.map((d) => (d.startsWith(namespace) ? d : `${namespace}${d}`))];
    for (const name of names) {
      let timer: NodeJS.Timeout | undefined;
      const giveUp = new Promise((resolve) => (timer = setTimeout(resolve, 10_000)));
      await Promise.race([client.db(name).dropDatabase(), giveUp]);
      clearTimeout(timer);
    }
  } finally {
    await client.close().catch(() => undefined);
  }
  for (const url of new Set(options.redisUrls ?? [process.env.REDIS_URL ?? DEFAULT_REDIS_URL])) await deleteRedisKeys(url, namespace);
}

export interface JsonResponse<T = any> {
  status: number;
  headers: Headers;
  body: T;
}

/** Options of a test call: `from` is the loopback source address (127.0.0.x), one per client. */
export interface HttpOptions {
  token?: string;
  body?: unknown;
  raw?: string;
  headers?: Record<string, string>;
  from?: string;
}

/**
 * Real HTTP with JSON in and out; `raw` sends a string body as is (malformed JSON tests); `from`
 * sends from that local address, as a distinct client does (fetch cannot pick one, so such a
 * call goes through node:http).
 */
export async function http<T = any>(baseUrl: string, method: string, path: string, options: HttpOptions = {}): Promise<JsonResponse<T>> {
  const headers: Record<string, string> = { ...options.headers };
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  let body: string | undefined;
  if (options.raw !== undefined) {
    body = options.raw;
    headers['content-type'] ??= 'application/json';
  } else if (options.body !== undefined) {
    body = JSON.stringify(options.body);
    headers['content-type'] ??= 'application/json';
  }
  const url = new URL(path, baseUrl);
  const answer = options.from ? await requestFrom(options.from, url, method, headers, body) : await fetchText(url, method, headers, body);
  let parsed: unknown = answer.text;
  try {
    parsed = answer.text ? JSON.parse(answer.text) : null;
  } catch {
    /* not JSON: keep the text */
  }
  return { status: answer.status, headers: answer.headers, body: parsed as T };
}

async function fetchText(url: URL, method: string, headers: Record<string, string>, body: string | undefined) {
  const res = await fetch(url, { method, headers, body, redirect: 'manual' });
  return { status: res.status, headers: res.headers, text: await res.text() };
}

function requestFrom(localAddress: string, url: URL, method: string, headers: Record<string, string>, body: string | undefined) {
  return new Promise<{ status: number; headers: Headers; text: string }>((resolve, reject) => {
    const req = nodeRequest(url, { method, headers, localAddress, agent: false }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('error', reject);
      res.on('end', () => {
        const received = new Headers();
        for (const [name, value] of Object.entries(res.headers)) {
          for (const one of Array.isArray(value) ? value : value === undefined ? [] : [value]) received.append(name, one);
        }
        resolve({ status: res.statusCode ?? 0, headers: received, text: Buffer.concat(chunks).toString('utf8') });
      });
    });
    req.on('error', reject);
    req.end(body);
  });
}

export async function eventually<T>(fn: () => Promise<T>, predicate: (v: T) => boolean, timeoutMs = 10_000, intervalMs = 100): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let last = await fn();
  while (!predicate(last)) {
    if (Date.now() > deadline) throw new Error(`condition not met in ${timeoutMs} ms; last value: ${JSON.stringify(last)}`);
    await new Promise((r) => setTimeout(r, intervalMs));
    last = await fn();
  }
  return last;
}

/** The variables a program's config schema reads: its object's keys, also behind .transform()/.pipe() (zod 4 pipes keep their input). */
export function configSchemaKeys(schema: unknown): string[] {
  let current = schema as { shape?: Record<string, unknown>; def?: { type?: string; in?: unknown } };
  for (let depth = 0; depth < 5 && !current.shape && current.def?.type === 'pipe'; depth++) current = current.def.in as typeof current;
  if (!current.shape) throw new Error('config schema is not an object schema');
  return Object.keys(current.shape);
}
export * from './event-stream';

/** Whether a new TCP connection to the port on 127.0.0.1 is accepted (a stopping server refuses them). */
export function acceptsConnections(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}
