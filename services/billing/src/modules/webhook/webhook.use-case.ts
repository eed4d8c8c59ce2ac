import type { Logger } from '@postwright/platform';
import type { Clock } from '../ports';
import type { StripePort } from '../stripe/stripe.client';
import type { SubscriptionUseCases } from '../subscription/subscription.use-case';
import type { InboxEntry, InboxRepository } from './inbox.repository';

/** The events that can change what a member may do; others are recorded and left. */
export const HANDLED_EVENTS = new Set([
  'checkout.session.completed',
  'checkout.session.async_payment_succeeded',
  'customer.subscription.created',
  'customer.subscription.updated',
  'customer.subscription.deleted',
  'customer.subscription.paused',
  'customer.subscription.resumed',
  'invoice.paid',
  'invoice.payment_succeeded',
  'invoice.payment_failed',
]);

/** An attempt may take this long before the retry loop may take the event over. */
const LEASE_MS = 60_000;
const MAX_ATTEMPTS = 10;

export type WebhookUseCases = ReturnType<typeof webhookUseCases>;

/**
 * Stripe's events: checked (signature, 5 minutes), recorded once (inbox by event id), then
 * handled by reading the customer's subscriptions from Stripe as they are now. An event whose
 * handling fails stays pending and is tried again with backoff; Stripe has its answer (200)
 * as soon as the event is recorded.
 */
export function webhookUseCases(deps: {
  stripe: StripePort;
  inbox: InboxRepository;
  subscriptions: SubscriptionUseCases;
  clock: Clock;
  logger: Logger;
  retryBaseMs: number;
}) {
  const { stripe, inbox, subscriptions, clock, logger, retryBaseMs } = deps;
  /** 30 s, 1 min, 2 min, ... capped at an hour (by default): about a day of trying before an event is given up */
  const backoffMs = (attempts: number) => Math.min(3_600_000, retryBaseMs * 2 ** (attempts - 1));

  async function handle(entry: InboxEntry): Promise<'done' | 'ignored'> {
    if (!HANDLED_EVENTS.has(entry.type) || !entry.customerId) return 'ignored';
    return (await subscriptions.sync(entry.customerId)) ? 'done' : 'ignored';
  }

  async function attempt(entry: InboxEntry): Promise<void> {
    try {
      const outcome = await handle(entry);
      await inbox.settle(entry.eventId, outcome, clock.now());
      if (outcome === 'ignored') logger.debug({ eventId: entry.eventId, type: entry.type }, 'Stripe event left: nothing of ours changes');
    } catch (err) {
      const attempts = entry.attempts + 1;
      const next = attempts >= MAX_ATTEMPTS ? null : new Date(clock.now().getTime() + backoffMs(attempts));
      await inbox.failed(entry.eventId, err instanceof Error ? err.message : String(err), next);
      if (next) logger.warn({ err, eventId: entry.eventId, type: entry.type, attempts, retryAt: next }, 'Stripe event could not be handled yet');
      else logger.error({ err, eventId: entry.eventId, type: entry.type, attempts }, 'Stripe event given up after its last attempt');
    }
  }

  return {
    /** A delivery from Stripe: throws BILLING.SIGNATURE_INVALID (400) before anything is stored. */
    async receive(rawBody: Buffer | undefined, signature: string | undefined): Promise<void> {
      const event = stripe.verifyWebhook(rawBody, signature);
      const now = clock.now();
      const { entry, fresh } = await inbox.receive(event, now, new Date(now.getTime() + LEASE_MS));
      // a redelivery of an event handled already changes nothing; one still pending is tried now
      if (!fresh && entry.status !== 'pending') return;
      await attempt(entry);
    },

    /** Periodic: the events whose handling failed, when their next attempt is due. */
    async retryDue(limit = 50): Promise<number> {
      const now = clock.now();
      let tried = 0;
      for (const entry of await inbox.due(now, limit)) {
        if (!(await inbox.claim(entry.eventId, now, new Date(now.getTime() + LEASE_MS)))) continue;
        await attempt(entry);
        tried += 1;
      }
      return tried;
    },
  };
}
