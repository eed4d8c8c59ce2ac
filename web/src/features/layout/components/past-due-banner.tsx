import type { User } from '@postwright/contracts';
import { ManageBillingButton } from '../../../components/billing/manage-billing-button';
import { Alert } from '../../../components/ui/alert';
import { billingText } from '../../../lib/billing-text';
import { usePaymentOverdueReported, useSubscription } from '../../../lib/use-subscription';
import styles from './app-layout.module.css';

/** Stripe's statuses of a subscription whose renewal has not been paid. */
const UNPAID_STATUSES = ['past_due', 'unpaid', 'paused'];

/**
 * Across the app while a renewal is unpaid: during the grace period the plan keeps working (until
 * the date it gives); after it, or once a generation was refused with PLAN.PAYMENT_OVERDUE,
 * generating is paused until the payment goes through. Either way: Update payment method (Stripe's
 * portal). The subscription is read only for such an account.
 */
export function PastDueBanner({ user, now = Date.now() }: { user: Pick<User, 'id' | 'subscriptionStatus'>; now?: number }) {
  const reported = usePaymentOverdueReported(user.id);
  const unpaid = UNPAID_STATUSES.includes(user.subscriptionStatus) || reported;
  const { subscription } = useSubscription(unpaid ? user.id : null);
  if (!unpaid) return null;
  // a later answer saying it is paid ends the banner before the profile catches up
  if (subscription && !reported && !UNPAID_STATUSES.includes(subscription.status)) return null;

  const status = subscription?.status ?? user.subscriptionStatus;
  const graceEndsAt = subscription?.graceEndsAt ?? null;
  const overdue = reported || status === 'unpaid' || status === 'paused' || (graceEndsAt !== null && Date.parse(graceEndsAt) <= now);

  return (
    <div className={styles.billingBanner} data-testid="past-due-banner">
      <Alert tone="warning" action={<ManageBillingButton label={billingText.updatePayment} variant="primary" size="sm" className={styles.billingAction} />}>
        {overdue ? billingText.paymentOverdue : billingText.pastDue}
        {!overdue && graceEndsAt ? ` ${billingText.pastDueUntil(graceEndsAt)}` : null}
      </Alert>
    </div>
  );
}
