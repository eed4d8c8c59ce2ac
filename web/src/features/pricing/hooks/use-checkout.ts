import { useState } from 'react';
import type { PlanId } from '@postwright/contracts';
import { useLeaving } from '../../../components/billing/use-leaving';
import { intervalOf, type BillingPeriod } from '../../../config/plans';
import { hasCode } from '../../../lib/account-text';
import { startCheckout } from '../../../lib/billing-api';
import { billingErrorText, billingText, isAlreadySubscribed } from '../../../lib/billing-text';

export interface CheckoutFailure {
  text: string;
  /** the member already pays for a plan: the way forward is Manage billing */
  alreadySubscribed: boolean;
  /** a paid plan needs a verified address: the way forward is the verification email */
  emailUnverified: boolean;
}

/**
 * Starting Stripe Checkout from a plan's button: one at a time; busy until the browser leaves
 * (or comes back from its cache); a refusal is said in the server's words.
 */
export function useCheckout(userId: string) {
  const [opening, setOpening] = useLeaving<PlanId>();
  const [failure, setFailure] = useState<CheckoutFailure | null>(null);

  async function choose(plan: PlanId, period: BillingPeriod) {
    if (opening) return;
    setOpening(plan);
    setFailure(null);
    try {
      await startCheckout(userId, plan, intervalOf(period));
    } catch (error) {
      setFailure({
        text: billingErrorText(error, billingText.checkoutFailed),
        alreadySubscribed: isAlreadySubscribed(error),
        emailUnverified: hasCode(error, 'AUTH.EMAIL_UNVERIFIED'),
      });
      setOpening(null);
    }
  }

  return { opening, failure, choose, dismiss: () => setFailure(null) };
}
