import { createHmac } from 'node:crypto';
import type { Logger } from '@postwright/platform';
import type { SandboxState, StoredEvent } from './state';
import type { Timers } from './timers';

const TIMEOUT_MS = 10_000;

export interface WebhookSettings {
  url: string;
  /** hold deliveries until unpaused (or flushed) */
  paused: boolean;
  /** deliver each event twice */
  duplicate: boolean;
  /** release held deliveries newest first */
  reverse: boolean;
  /** the share of events delivered twice and/or a little late */
  chaos: number;
}

/** Stripe's signature header: `t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<body>" keyed by the whole secret>`. */
export function signatureHeader(body: string, secret: string, timestamp = Math.floor(Date.now() / 1000)): string {
  const v1 = createHmac('sha256', secret).update(`${timestamp}.${body}`, 'utf8').digest('hex');
  return `t=${timestamp},v1=${v1}`;
}

/**
 * Posts events to the webhook endpoint as Stripe does: signed, at least once, each on its own
 * (so they may arrive out of order), retried with backoff after a non-2xx answer, a timeout or a
 * refused connection.
 */
export class WebhookDispatcher {
  private held: StoredEvent[] = [];
  private readonly inFlight = new Set<AbortController>();

  constructor(
    private readonly settings: WebhookSettings,
    private readonly options: { secret: string; retryBaseMs: number; attempts: number; timers: Timers; logger: Logger; random?: () => number },
  ) {}

  get heldCount(): number {
    return this.held.length;
  }

  /** A new event: held while paused, else sent (chaos may send it twice, or a little late). */
  enqueue(event: StoredEvent): void {
    if (this.settings.paused) {
      this.held.push(event);
      return;
    }
    const random = this.options.random ?? Math.random;
    let copies = this.settings.duplicate ? 2 : 1;
    let delay = 0;
    if (this.settings.chaos > 0 && random() < this.settings.chaos) {
      const roll = random();
      if (roll < 2 / 3) copies = 2;
      if (roll > 1 / 3) delay = 50 + Math.floor(random() * 1_500);
    }
    for (let copy = 0; copy < copies; copy += 1) this.options.timers.later(() => void this.attempt(event, 1), delay + copy * 25);
  }

  /** Sends what was held, one after another (newest first with `reverse`, each twice with `duplicate`). */
  async release(): Promise<number> {
    const events = this.settings.reverse ? [...this.held].reverse() : this.held;
    this.held = [];
    for (const event of events) {
      for (let copy = 0; copy < (this.settings.duplicate ? 2 : 1); copy += 1) await this.attempt(event, 1);
    }
    return events.length;
  }

  /** One more delivery of an event (with its own retries), as the Dashboard's Resend does. */
  resend(event: StoredEvent): void {
    event.settled = false;
    void this.attempt(event, 1);
  }

  /** Aborts deliveries under way (their retries are the Timers' to clear). */
  stop(): void {
    for (const controller of this.inFlight) controller.abort();
    this.held = [];
  }

  private async attempt(event: StoredEvent, attempt: number): Promise<void> {
    // pretty-printed like Stripe's payloads, and signed at sending time, as a resend is signed anew
    const body = JSON.stringify(event.body, null, 2);
    const controller = new AbortController();
    this.inFlight.add(controller);
    const started = Date.now();
    let status: number | null = null;
    let error: string | undefined;
    try {
      const res = await fetch(this.settings.url, {
        method: 'POST',
        headers: {
          'content-type': 'application/json; charset=utf-8',
          'user-agent': 'Stripe/1.0 (+https://stripe.com/docs/webhooks)',
          'stripe-signature': signatureHeader(body, this.options.secret),
        },
        body,
        redirect: 'manual',
        signal: AbortSignal.any([controller.signal, AbortSignal.timeout(TIMEOUT_MS)]),
      });
      status = res.status;
      await res.arrayBuffer().catch(() => undefined);
    } catch (err) {
      error = err instanceof Error ? ((err.cause as Error | undefined)?.message ?? err.message) : String(err);
    } finally {
      this.inFlight.delete(controller);
    }
    if (controller.signal.aborted) return;
    event.deliveries.push({ at: new Date(started).toISOString(), status, ...(error ? { error } : {}), durationMs: Date.now() - started });
    if (status !== null && status >= 200 && status < 300) {
      event.delivered = true;
      event.settled = true;
      return;
    }
    this.options.logger.info({ event: event.id, type: event.type, attempt, status, error }, 'webhook delivery failed');
    if (attempt >= this.options.attempts) {
      event.settled = true;
      return;
    }
    this.options.timers.later(() => void this.attempt(event, attempt + 1), this.options.retryBaseMs * 2 ** (attempt - 1));
  }
}

/** Wires the dispatcher to the state: every event made is handed to it. */
export function dispatchEvents(state: SandboxState, dispatcher: WebhookDispatcher): void {
  state.onEvent = (event) => dispatcher.enqueue(event);
}
