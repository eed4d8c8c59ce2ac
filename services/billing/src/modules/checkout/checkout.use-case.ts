import { LIVE_SUBSCRIPTION_STATUSES, type BillingInterval, type PlanId } from '@postwright/contracts';
import { AppError } from '@postwright/platform';
import type { AccountsPort } from '../accounts/account.client';
import type { PlansUseCases } from '../plans/plans.use-case';
import type { Clock } from '../ports';
import { CustomerMissingError, type StripePort } from '../stripe/stripe.client';
import type { SubscriptionUseCases } from '../subscription/subscription.use-case';
import type { CustomerRecord, CustomerRepository } from './customer.repository';

/** An open Checkout page is offered again while it has this long left (Stripe keeps one 24 hours). */
const REUSE_MARGIN_MS = 10 * 60 * 1000;

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

  /** The member's Stripe customer, made the first time they check out. */
  async function customerOf(userId: string, attempt = 0): Promise<CustomerRecord> {
    const known = await customers.byUser(userId);
    if (known) return known;
    const account = await accounts.account(userId);
    const created = await stripe.createCustomer({ userId, email: account.email, name: `${account.firstName} ${account.lastName}`.trim(), attempt });
    return customers.link(userId, created.id);
  }

  return {
    /**
     * Stripe Checkout's address for the plan. A member who still holds a subscription is sent
     * to the portal instead (asked of Stripe itself, not the mirror, which may wait on a webhook).
     */
    async checkout(userId: string, plan: PlanId, interval: BillingInterval, attempt = 0): Promise<{ url: string }> {
      const price = await plans.price(plan, interval);
      const existing = await customers.byUser(userId);
      if (existing) {
        const state = await subscriptions.sync(existing.customerId);
        if (state && LIVE_SUBSCRIPTION_STATUSES.includes(state.status)) throw AppError.of('BILLING.ALREADY_SUBSCRIBED');
      }
      const customer = existing ?? (await customerOf(userId, attempt));
      const now = clock.now().getTime();
      const open = customer.openCheckout;
      if (open && open.plan === plan && open.interval === interval && open.expiresAt.getTime() - now > REUSE_MARGIN_MS) return { url: open.url };
      // one payable page at a time: the one opened for another plan can no longer be paid
      if (open) await stripe.expireCheckoutSession(open.sessionId);
      try {
        const session = await stripe.createCheckoutSession({
          customerId: customer.customerId,
          userId,
          price,
          successUrl: `${publicUrl}/billing/success?session_id={CHECKOUT_SESSION_ID}`,
          cancelUrl: `${publicUrl}/pricing`,
        });
        await customers.setOpenCheckout(userId, { sessionId: session.id, url: session.url, plan, interval, expiresAt: session.expiresAt });
        return { url: session.url };
      } catch (error) {
        // the customer was deleted in Stripe: forget it and make a new one, once
        if (!(error instanceof CustomerMissingError) || attempt > 0) throw error;
        await customers.unlink(userId, customer.customerId);
        return this.checkout(userId, plan, interval, attempt + 1);
      }
    },

    /** Stripe's Billing Portal for the member's customer; it returns to the profile page. */
    async portal(userId: string): Promise<{ url: string }> {
      const customer = await customers.byUser(userId);
      if (!customer) throw AppError.of('BILLING.NO_CUSTOMER');
      return stripe.createPortalSession(customer.customerId, `${publicUrl}/profile`);
    },
  };
}
