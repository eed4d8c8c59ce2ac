import { Link } from 'react-router-dom';
import { TRIAL_POST_LIMIT, type ContentItem } from '@postwright/contracts';
import { ManageBillingButton } from '../../../components/billing/manage-billing-button';
import { Alert } from '../../../components/ui/alert';
import type { ConfirmOptions } from '../../../components/ui/confirm-dialog';
import { ButtonLink } from '../../../components/ui/button';
import { paths } from '../../../config/paths';
import { billingText } from '../../../lib/billing-text';
import { formatLongDate } from '../../../lib/datetime';
import { postUseWarning, trialUseWarning, type GeneratorPlan } from './generator-plan';
import page from './content-page.module.css';

export { trialUseWarning };

export const TRIAL_LIMIT_TITLE = 'Trial limit reached - Upgrade to continue';

/** "1 of 3 trial posts left": the noun goes with the 3 (the trial's posts), so it stays plural. */
export function trialPostsLeftText(left: number): string {
  return `${left} of ${TRIAL_POST_LIMIT} trial posts left.`;
}

/**
 * What generating from the open post does: a draft is written again in place ("Generate
 * again", one Undo away); a published or scheduled post stays as it is and a new draft starts.
 */
export function generateLabel(item: Pick<ContentItem, 'status'> | null): string {
  if (!item) return 'Generate Content';
  return item.status === 'draft' ? 'Generate again' : 'Generate a new post';
}

/** The question a member whose posts are counted answers before any generation from an open post (what it does, what it costs). */
export function generateQuestion(item: Pick<ContentItem, 'status'>, plan: Pick<GeneratorPlan, 'kind' | 'left'>): ConfirmOptions {
  const label = generateLabel(item);
  const effect = item.status === 'draft' ? "The new text replaces this draft's; you can undo it." : `It starts a new draft; the ${item.status} post stays as it is.`;
  return { title: `${label}?`, message: `${postUseWarning(plan)} ${effect}`, confirmLabel: label };
}

export function UpgradeNow({ className }: { className?: string }) {
  return (
    <ButtonLink to={paths.pricing} variant="primary" size="sm" className={className}>
      Upgrade Now
    </ButtonLink>
  );
}

/**
 * Trial: posts left, or the limit with Upgrade Now; a plan with an allowance: this month's posts
 * left, or the limit with its reset date and Manage billing (a subscriber upgrades in Stripe's
 * portal); beta: unlimited until its end; unlimited plans and premium: nothing.
 */
export function PlanBanner({ plan, betaExpiresAt, trialUsedUp = true }: { plan: GeneratorPlan; betaExpiresAt: string | null; trialUsedUp?: boolean }) {
  if (plan.beta) {
    return (
      <Alert tone="info" className={page.banner} title="Beta Access">
        Unlimited posts {betaExpiresAt ? `until ${formatLongDate(betaExpiresAt)}` : 'for 15 days'}.
      </Alert>
    );
  }
  if (plan.unlimited) return null;
  if (plan.kind === 'plan') {
    const allowance = plan.allowance ?? 0;
    const name = plan.planName ?? '';
    if (plan.exhausted) {
      return (
        <Alert tone="warning" className={page.banner} title={billingText.planLimitTitle(plan.resetsAt)} action={<ManageBillingButton size="sm" variant="primary" className={page.bannerAction} />}>
          {billingText.planLimitText(allowance, name)}
        </Alert>
      );
    }
    return (
      <Alert tone="info" className={page.banner} title={`${name} plan`}>
        <span data-testid="plan-posts-left">{billingText.planPostsLeft(plan.left, allowance)}.</span>
      </Alert>
    );
  }
  if (plan.exhausted) {
    return (
      <Alert tone="warning" className={page.banner} title={TRIAL_LIMIT_TITLE} action={<UpgradeNow className={page.bannerAction} />}>
        {trialUsedUp ? `You have used all ${TRIAL_POST_LIMIT} posts of your free trial.` : 'Your free trial is over.'} Choose a plan to keep writing.
      </Alert>
    );
  }
  return (
    <Alert tone="info" className={page.banner} title="Free trial">
      <span data-testid="trial-posts-left">{trialPostsLeftText(plan.left)}</span> <Link to={paths.pricing}>See plans</Link>
    </Alert>
  );
}
