import type { Messaging } from '@postwright/platform';
import type { BillingEvent } from './billing-sync.use-case';

/** Durable queue `auth.billing-sync`; acked after the user document is updated. */
export async function startBillingSyncConsumer(messaging: Messaging, sync: { apply(event: BillingEvent): Promise<void> }): Promise<void> {
  await messaging.consume('billing-sync', ['billing.subscription.changed'], (event) => sync.apply(event as BillingEvent));
}
