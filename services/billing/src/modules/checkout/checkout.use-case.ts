import { LIVE_SUBSCRIPTION_STATUSES, type BillingInterval, type PlanId } from '@postwright/contracts';
import { AppError } from '@postwright/platform';
import type { AccountsPort } from '@postwright/platform';
import type { PlansUseCases } from '../plans/plans.use-case';
import type { Clock } from '../ports';
import { CustomerMissingError, type StripePort } from '../stripe/stripe.client';
import type { SubscriptionUseCases } from '../subscription/subscription.use-case';
import type { CustomerRecord, CustomerRepository } from './customer.repository';

/** An open Checkout page is offered again while it has this long left (Stripe keeps one 24 hours). */
const REUSE_MARGIN_MS = 10 * 60 * 1000;
/** a request holding the Checkout lock is taken for dead after this (Stripe's calls take a few seconds at most) */
const LOCK_LEASE_MS = 30_000;
const LOCK_WAIT_MS = 20_000;
const LOCK_POLL_MS = 100;

export type CheckoutUseCases = ReturnType<typeof checkoutUseCases>;

/** Starting a subscription (Stripe Checkout) and managing one (Stripe's Billing Portal). */
export function checkoutUseCases(deps: {
  stripe: StripePort;
  plans: PlansUseCases;
  customers: CustomerRepository;
  subscriptions: SubscriptionUseCases;
  accounts: AccountsPort;
  clock: Clock;
  publicUrl: string;
}) {
  const { stripe, plans, customers, subscriptions, accounts, clock, publicUrl } = deps;

  /** The member's Stripe customer, made the first time they check out (`replacing`: one Stripe no longer has). */
  async function customerOf(userId: string, replacing?: string): Promise<CustomerRecord> {
    const known = await customers.byUser(userId);
    if (known) return known;
    const account = await accounts.account(userId);
    const created = await stripe.createCustomer({ userId, email: account.email, name: `${account.firstName} ${account.lastName}`.trim(), replacing });
    return customers.link(userId, created.id);
  }

  /** Waits for the member's Checkout lock: two requests at once (a double click, two tabs) open one page, not two. */
  async function lock(userId: string): Promise<void> {
    const deadline = Date.now() + LOCK_WAIT_MS;
    for (;;) {
      const now = clock.now();
      if (await customers.lockCheckout(userId, now, new Date(now.getTime() + LOCK_LEASE_MS))) return;
      if (Date.now() > deadline) throw AppError.of('BILLING.UNAVAILABLE', { cause: new Error('the Checkout lock stayed taken') });
      await new Promise((resolve) => setTimeout(resolve, LOCK_POLL_MS));
    }
  }

  /** With the lock held: the open page for this plan, or a new one (the page for another plan can then no longer be paid). */
  async function openCheckout(userId: string, price: Awaited<ReturnType<PlansUseCases['price']>>, replaced?: string): Promise<{ url: string }> {
    const customer = await customerOf(userId, replaced);
    // asked of Stripe itself, not the mirror, which may wait on a webhook
    const state = await subscriptions.sync(customer.customerId);
    if (state && LIVE_SUBSCRIPTION_STATUSES.includes(state.status)) throw AppError.of('BILLING.ALREADY_SUBSCRIBED');
    const now = clock.now().getTime();
    const open = customer.openCheckout;
    if (open && open.plan === price.plan && open.interval === price.interval && open.expiresAt.getTime() - now > REUSE_MARGIN_MS) return { url: open.url };
    if (open) await stripe.expireCheckoutSession(open.sessionId);
    try {
      const session = await stripe.createCheckoutSession({
        customerId: customer.customerId,
        userId,
        price,
        successUrl: `${publicUrl}/billing/success?session_id={CHECKOUT_SESSION_ID}`,
        cancelUrl: `${publicUrl}/pricing`,
      });
      await customers.setOpenCheckout(userId, { sessionId: session.id, url: session.url, plan: price.plan, interval: price.interval, expiresAt: session.expiresAt });
      return { url: session.url };
    } catch (error) {
      if (!(error instanceof CustomerMissingError)) throw error;
      // the customer was deleted in Stripe: forget it and make a new one, once
      if (replaced) throw AppError.of('BILLING.UNAVAILABLE', { cause: error });
      await customers.unlink(userId, customer.customerId);
      return openCheckout(userId, price, customer.customerId);
    }
  }

  return {
    /**
     * Stripe Checkout's address for the plan. A member who still holds a subscription is sent to
     * the portal instead (409 BILLING.ALREADY_SUBSCRIBED); one whose email is not verified yet is
     * asked to verify it first (403 AUTH.EMAIL_UNVERIFIED).
     */
    async checkout(userId: string, plan: PlanId, interval: BillingInterval): Promise<{ url: string }> {
      const price = await plans.price(plan, interval);
      // a paid plan needs an address that is the member's: receipts and the account's mail go there
      if (!(await accounts.account(userId)).emailVerified) throw AppError.of('AUTH.EMAIL_UNVERIFIED');
      await customerOf(userId);
      await lock(userId);
      try {
        return await openCheckout(userId, price);
      } finally {
        await customers.unlockCheckout(userId);
      }
    },

    /** Stripe's Billing Portal for the member's customer; it returns to the profile page. */
    async portal(userId: string): Promise<{ url: string }> {
      const customer = await customers.byUser(userId);
      if (!customer) throw AppError.of('BILLING.NO_CUSTOMER');
      const session = await stripe.createPortalSession(customer.customerId, `${publicUrl}/profile`);
      await customers.portalOpened(userId, clock.now());
      return session;
    },
  };
}
