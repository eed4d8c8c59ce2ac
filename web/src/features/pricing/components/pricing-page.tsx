import { useEffect, useState } from 'react';
import { isPlanId } from '@postwright/contracts';
import { ManageBillingButton } from '../../../components/billing/manage-billing-button';
import { Logo } from '../../../components/site/logo';
import { PlanPicker } from '../../../components/site/plan-picker';
import { SiteFooter } from '../../../components/site/site-footer';
import { Alert } from '../../../components/ui/alert';
import { Button, ButtonLink } from '../../../components/ui/button';
import { IconArrowLeft } from '../../../components/ui/icons';
import { paths } from '../../../config/paths';
import { periodOf, type BillingPeriod } from '../../../config/plans';
import { useUser } from '../../../lib/auth';
import { forgetCheckout, startedCheckout } from '../../../lib/billing-api';
import { billingText } from '../../../lib/billing-text';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { usePlans } from '../../../lib/use-plans';
import { useSubscription } from '../../../lib/use-subscription';
import { isSubscriber, isTrial, offersFreeTrial, trialState, trialText, type TrialState } from '../../../lib/user';
import { useCheckout } from '../hooks/use-checkout';
import { ResendVerificationAction } from './resend-verification-action';
import styles from './pricing-page.module.css';

const PLAN_CONTENTS = 'Every plan includes all five content types and five hooks with every post.';

/** What the page says above the plans: a subscriber changes plans in Manage billing; a trial member reads where the trial stands. */
function introText(currentPlan: string | null, trial: TrialState | null): string {
  if (currentPlan) return `${PLAN_CONTENTS} Change your plan or billing period in Manage billing.`;
  if (trial?.kind === 'running') return `Your free trial: ${trialText.left(trial.left, trial.endsAt)}. Keep your momentum after it. ${PLAN_CONTENTS}`;
  if (trial) return `Your free trial is over. ${PLAN_CONTENTS}`;
  return `Keep your momentum after the trial. ${PLAN_CONTENTS}`;
}

/**
 * /pricing for signed-in users: own header with a way back to the dashboard and
 * a greeting, the plan picker, the footer. A plan's button starts Stripe Checkout for it and the
 * chosen period; a subscriber sees their plan as the current one and changes plans in Manage
 * billing (Stripe's portal). Stripe sends a cancelled checkout back here: the page says so once.
 */
export function PricingPage() {
  const user = useUser();
  useDocumentTitle('Plans and pricing');
  const offers = usePlans();
  const subscriber = isSubscriber(user);
  const { subscription } = useSubscription(subscriber ? user.id : null);
  const checkout = useCheckout(user.id);
  const [period, setPeriod] = useState<BillingPeriod | null>(null);
  const [cancelled, setCancelled] = useState(false);

  const currentPlan = subscription?.plan ?? (isPlanId(user.subscriptionTier) ? user.subscriptionTier : null);
  const currentPeriod = subscription?.plan && subscription.interval ? periodOf(subscription.interval) : null;
  // the subscriber's own period shows first, until they choose another
  const shownPeriod = period ?? currentPeriod ?? 'monthly';

  useEffect(() => {
    if (!startedCheckout(user.id)) return;
    forgetCheckout(); // said once
    if (!subscriber) setCancelled(true);
  }, [user.id, subscriber]);

  return (
    <>
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <header className={styles.header}>
        <div className={`container ${styles.headerInner}`}>
          <Logo to={paths.dashboard} label="Postwright dashboard" compactOnMobile />
          <div className={styles.headerRight}>
            <p className={styles.greeting}>
              Hi, <strong>{user.firstName}</strong>
            </p>
            <ButtonLink to={paths.dashboard} variant="secondary" size="sm" icon={<IconArrowLeft size={16} />}>
              Back to Dashboard
            </ButtonLink>
          </div>
        </div>
      </header>
      <main id="main" className={styles.main}>
        <div className="container">
          <div className={styles.intro}>
            <p className={styles.eyebrow}>Plans and pricing</p>
            <h1 className={styles.title}>Choose the plan that fits your voice</h1>
            <p className={styles.text} data-testid="pricing-intro">
              {introText(currentPlan, isTrial(user) ? trialState(user) : null)}
            </p>
          </div>
          <div className={styles.messages}>
            {cancelled ? (
              <Alert tone="info" onDismiss={() => setCancelled(false)}>
                {billingText.checkoutCancelled}
              </Alert>
            ) : null}
            {checkout.failure ? (
              <Alert
                tone="danger"
                onDismiss={checkout.dismiss}
                action={
                  checkout.failure.alreadySubscribed ? (
                    <ManageBillingButton size="sm" className={styles.alertAction} />
                  ) : checkout.failure.emailUnverified ? (
                    <ResendVerificationAction />
                  ) : null
                }
              >
                {checkout.failure.text}
              </Alert>
            ) : null}
          </div>
          <PlanPicker
            headingLevel={2}
            plans={offers}
            period={shownPeriod}
            onPeriodChange={setPeriod}
            offerTrial={offersFreeTrial(user)}
            action={(plan, chosen) => {
              const variant = plan.mostPopular ? 'primary' : 'secondary';
              if (currentPlan) {
                return plan.id === currentPlan && (currentPeriod === null || currentPeriod === chosen) ? (
                  <Button size="lg" block disabled>
                    {billingText.currentPlan}
                  </Button>
                ) : (
                  <ManageBillingButton variant={variant} size="lg" block />
                );
              }
              const opening = checkout.opening === plan.id;
              return (
                <Button
                  variant={variant}
                  size="lg"
                  block
                  loading={opening}
                  disabled={Boolean(checkout.opening) && !opening}
                  onClick={() => void checkout.choose(plan.id, chosen)}
                >
                  {opening ? billingText.openingCheckout : `Choose ${plan.name}`}
                </Button>
              );
            }}
          />
        </div>
      </main>
      <SiteFooter />
    </>
  );
}
