import { useEffect, useRef } from 'react';
import { useSearchParams } from 'react-router-dom';
import { monthlyAllowance, isPlanId, type SubscriptionResponse } from '@postwright/contracts';
import { ButtonLink } from '../../../components/ui/button';
import { IconCheckCircle, IconSparkles } from '../../../components/ui/icons';
import { Spinner } from '../../../components/ui/spinner';
import { paths } from '../../../config/paths';
import { billingText } from '../../../lib/billing-text';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { planLabel } from '../../../lib/user';
import { usePaymentConfirmation } from '../hooks/use-payment-confirmation';
import styles from './billing-success-page.module.css';

/** What the plan gives, as the success page says it: "50 posts a month" or "unlimited posts". */
function allowanceText(subscription: SubscriptionResponse, fallback: number | null): string {
  const allowance = subscription.usage ? subscription.usage.allowance : fallback;
  return allowance === null ? 'Your plan is active, with unlimited posts.' : `Your plan is active, with ${allowance} posts a month.`;
}

function Welcome({ planName, subscription, fallbackAllowance }: { planName: string; subscription: SubscriptionResponse; fallbackAllowance: number | null }) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  const end = subscription.currentPeriodEnd;
  return (
    <>
      <IconCheckCircle size={40} className={styles.icon} />
      <h1 ref={heading} id="billing-success-title" tabIndex={-1} className={styles.title}>
        Welcome to {planName}
      </h1>
      <div className={styles.facts}>
        <p>{allowanceText(subscription, fallbackAllowance)}</p>
        {end ? <p className={styles.text}>{subscription.cancelAtPeriodEnd ? billingText.endsOn(end) : billingText.renewsOn(end)}.</p> : null}
      </div>
      <div className={styles.actions}>
        <ButtonLink to={paths.content} variant="primary" icon={<IconSparkles size={16} />}>
          Write a post
        </ButtonLink>
        <ButtonLink to={paths.dashboard} variant="secondary">
          Go to dashboard
        </ButtonLink>
      </div>
    </>
  );
}

/**
 * Where Stripe Checkout returns after a payment (`/billing/success?session_id=...`). The plan
 * starts when Stripe's webhook has reached the billing service, which may take a moment: the
 * page waits for it (checking the profile and the subscription), then welcomes the member.
 */
export function BillingSuccessPage() {
  const [params] = useSearchParams();
  const sessionId = params.get('session_id');
  const confirmation = usePaymentConfirmation(sessionId);
  useDocumentTitle(confirmation.phase === 'confirmed' ? 'Payment confirmed' : 'Confirming payment');

  if (!sessionId) {
    return (
      <div className={styles.page}>
        <div className={styles.box}>
          <h1 className={styles.title}>No payment to confirm</h1>
          <p className={styles.text}>This page confirms a payment made through Stripe Checkout. Choose a plan to start one.</p>
          <div className={styles.actions}>
            <ButtonLink to={paths.pricing} variant="primary">
              See plans
            </ButtonLink>
            <ButtonLink to={paths.dashboard} variant="secondary">
              Go to dashboard
            </ButtonLink>
          </div>
        </div>
      </div>
    );
  }

  const tier = confirmation.phase === 'confirmed' ? confirmation.user.subscriptionTier : null;
  return (
    <div className={styles.page}>
      <section className={styles.box} aria-labelledby="billing-success-title">
        {confirmation.phase === 'confirmed' ? (
          <Welcome
            planName={planLabel(tier)}
            subscription={confirmation.subscription}
            fallbackAllowance={isPlanId(tier) ? monthlyAllowance(tier) : null}
          />
        ) : (
          <>
            <h1 id="billing-success-title" className={styles.title}>
              Thank you for subscribing
            </h1>
            <div className={styles.status} role="status">
              <Spinner size={32} />
              <p>{billingText.confirming}</p>
              {confirmation.slow ? <p className={styles.text}>{billingText.confirmingSlow}</p> : null}
            </div>
          </>
        )}
      </section>
    </div>
  );
}
