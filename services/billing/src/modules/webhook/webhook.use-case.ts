import type { Logger } from '@postwright/platform';
import type { Clock } from '../ports';
import type { StripePort } from '../stripe/stripe.client';
import type { SubscriptionUseCases } from '../subscription/subscription.use-case';
import type { InboxEntry, InboxRepository } from './inbox.repository';

/** The events that can change what a member may do; others are recorded and left. */
const HANDLED_EVENTS = new Set([
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
/** with the default 30 s base: 30 s, 1, 2, 4 ... minutes, then every 2 hours: about a day of trying */
const MAX_ATTEMPTS = 18;
const MAX_BACKOFF_MS = 2 * 3_600_000;

export type WebhookUseCases = ReturnType<typeof webhookUseCases>;

/**
 * Stripe's events: checked (signature, 5 minutes), recorded once (inbox by event id), then
 * handled by reading the customer's subscriptions from Stripe as they are now. Stripe has its
 * answer (200) as soon as the event is recorded; the handling runs beside it, and an event whose
 * handling fails stays pending and is tried again with backoff (given up after a day, logged;
 * Stripe sending it again starts over).
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
  const backoffMs = (attempts: number) => Math.min(MAX_BACKOFF_MS, retryBaseMs * 2 ** (attempts - 1));
  /** attempts started by deliveries and still running: stop() lets them finish */
  const running = new Set<Promise<void>>();

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
    /**
     * A delivery from Stripe: throws BILLING.SIGNATURE_INVALID (400) before anything is stored;
     * resolves once the event is recorded, its handling started beside it.
     */
    async receive(rawBody: Buffer | undefined, signature: string | undefined): Promise<void> {
      const event = stripe.verifyWebhook(rawBody, signature);
      const now = clock.now();
      const until = new Date(now.getTime() + LEASE_MS);
      const { entry, fresh } = await inbox.receive(event, now, until);
      let taken = entry;
      if (!fresh) {
        // a redelivery of an event handled already changes nothing; one due for its next attempt, or given up, is taken now
        if (await inbox.claim(entry.eventId, now, until)) taken = entry;
        else if (await inbox.reopen(entry.eventId, until)) taken = { ...entry, status: 'pending', attempts: 0 };
        else return;
      }
      const handling: Promise<void> = attempt(taken).finally(() => running.delete(handling));
      running.add(handling);
    },

    /** Lets the attempts under way finish (the service is stopping). */
    async drain(): Promise<void> {
      await Promise.allSettled([...running]);
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
