import http from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';
import { payCheckout, TEST_CARDS } from '@postwright/platform/src/testing/stripe-pages';
import { readConfig, SANDBOX_DEFAULTS } from '../src/config';
import { start, type RunningSandbox } from '../src/server';
import { shapeProblems } from './spec-shapes';

export { payCheckout, TEST_CARDS, shapeProblems };

export const SECRET_KEY = SANDBOX_DEFAULTS.secretKey;
export const WEBHOOK_SECRET = SANDBOX_DEFAULTS.webhookSecret;
export const PUBLIC_URL = 'http://localhost:8080';
export const SUCCESS_URL = `${PUBLIC_URL}/billing/success?session_id={CHECKOUT_SESSION_ID}`;
export const CANCEL_URL = `${PUBLIC_URL}/pricing`;
export const DAY = 86_400;

/** The sandbox in-process on a free port; webhooks go nowhere unless a test says where. */
export function startSandbox(env: Record<string, string> = {}): Promise<RunningSandbox> {
  return start(
    readConfig({
      NODE_ENV: 'test',
      LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent',
      PORT: '0',
      PUBLIC_URL,
      SANDBOX_WEBHOOK_URL: 'http://127.0.0.1:9/nobody-listens',
      SANDBOX_WEBHOOK_RETRY_BASE_MS: '20',
      SANDBOX_WEBHOOK_ATTEMPTS: '3',
      ...env,
    }),
  );
}

/** A sandbox for the test file (and the SDK pointed at it), started before its tests and stopped after them. */
export function withSandbox(assign: (sandbox: RunningSandbox, stripe: Stripe) => void, env: Record<string, string> = {}): void {
  let running: RunningSandbox | undefined;
  beforeAll(async () => {
    running = await startSandbox(env);
    assign(running, stripeFor(running));
  });
  afterAll(() => running?.stop());
}

/** The official SDK pointed at the sandbox, as the billing service points it. */
export function stripeFor(sandbox: RunningSandbox, key: string = SECRET_KEY, options: { maxNetworkRetries?: number } = {}): Stripe {
  return new Stripe(key, { host: '127.0.0.1', port: sandbox.port, protocol: 'http', ...options });
}

/** A plain HTTP call, for what the SDK would hide (status, headers, exact error bodies). */
export async function call(
  base: string,
  method: string,
  path: string,
  options: { key?: string | null; form?: Record<string, string> | string; headers?: Record<string, string> } = {},
): Promise<{ status: number; headers: Headers; body: any }> {
  const headers: Record<string, string> = { ...options.headers };
  if (options.key !== null) headers.authorization = `Bearer ${options.key ?? SECRET_KEY}`;
  let body: string | undefined;
  if (options.form !== undefined) {
    headers['content-type'] = 'application/x-www-form-urlencoded';
    body = typeof options.form === 'string' ? options.form : new URLSearchParams(options.form).toString();
  }
  const res = await fetch(new URL(path, base), { method, headers, body });
  const text = await res.text();
  let parsed: unknown = text;
  try {
    parsed = text ? JSON.parse(text) : null;
  } catch {
    /* html */
  }
  return { status: res.status, headers: res.headers, body: parsed };
}

export async function control(base: string, method: string, path: string, body?: unknown): Promise<{ status: number; body: any }> {
  const res = await fetch(new URL(path, base), {
    method,
    headers: body === undefined ? {} : { 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: res.status, body: await res.json() };
}

/** Polls until `probe` answers something truthy (a state is awaited, never slept for). */
export async function waitFor<T>(probe: () => Promise<T | null | undefined | false> | T | null | undefined | false, timeoutMs = 10_000, what = 'the condition'): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 15));
  }
}

export interface SandboxEvent {
  id: string;
  type: string;
  delivered: boolean;
  settled: boolean;
  deliveries: Array<{ status: number | null; at: string; error?: string; durationMs: number }>;
  event: any;
}

export async function eventsOf(base: string, filter: (e: SandboxEvent) => boolean = () => true): Promise<SandboxEvent[]> {
  return ((await control(base, 'GET', '/__sandbox/events')).body.events as SandboxEvent[]).filter(filter);
}

/** Events about one customer (its subscriptions, invoices and sessions). */
export function aboutCustomer(customerId: string) {
  return (e: SandboxEvent) => e.event.data.object.customer === customerId;
}

export async function priceId(stripe: Stripe, lookupKey: string): Promise<string> {
  const prices = await stripe.prices.list({ lookup_keys: [lookupKey], active: true });
  return prices.data[0].id;
}

/** A Checkout session for a new customer, as the billing service makes one. */
export async function checkoutSession(stripe: Stripe, lookupKey = 'postwright_starter_month', email = `m${Date.now()}${Math.random().toString(36).slice(2, 6)}@example.com`) {
  const customer = await stripe.customers.create({ email, name: 'Alex Morgan', metadata: { userId: `user-${email}` } });
  const session = await stripe.checkout.sessions.create({
    mode: 'subscription',
    customer: customer.id,
    client_reference_id: `user-${email}`,
    line_items: [{ price: await priceId(stripe, lookupKey), quantity: 1 }],
    success_url: SUCCESS_URL,
    cancel_url: CANCEL_URL,
    metadata: { userId: `user-${email}` },
    subscription_data: { metadata: { userId: `user-${email}`, plan: lookupKey } },
  });
  return { customer, session };
}

/** A customer who paid Checkout with `card`, and the subscription that made. */
export async function subscribedCustomer(stripe: Stripe, card: string = TEST_CARDS.success, lookupKey = 'postwright_starter_month') {
  const { customer, session } = await checkoutSession(stripe, lookupKey);
  const paid = await payCheckout(session.url!, card);
  if (paid.status !== 303) throw new Error(`checkout answered ${paid.status}`);
  const done = await stripe.checkout.sessions.retrieve(session.id, { expand: ['subscription'] });
  return { customer, session: done, subscription: done.subscription as Stripe.Subscription };
}

export interface ReceivedWebhook {
  body: string;
  headers: http.IncomingHttpHeaders;
}

/** A webhook endpoint: keeps each raw body and headers, answers what the test says. */
export class WebhookReceiver {
  received: ReceivedWebhook[] = [];
  /** the status to answer each delivery with */
  answer: (hook: ReceivedWebhook, index: number) => number = () => 200;
  private server: http.Server | null = null;
  url = '';

  async start(): Promise<this> {
    this.server = http.createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        const hook = { body: Buffer.concat(chunks).toString('utf8'), headers: req.headers };
        const index = this.received.push(hook) - 1;
        res.writeHead(this.answer(hook, index), { 'content-type': 'application/json' }).end('{"received":true}');
      });
    });
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}/api/billing/webhook`;
    return this;
  }

  /** The event types received, in arrival order. */
  types(): string[] {
    return this.received.map((r) => JSON.parse(r.body).type);
  }

  stop(): Promise<void> {
    return new Promise((resolve) => {
      if (!this.server) return resolve();
      this.server.closeAllConnections();
      this.server.close(() => resolve());
    });
  }
}
