import { Link } from 'react-router-dom';
import { FREE_REGENERATIONS_PER_DRAFT, TRIAL_POST_LIMIT, type ContentItem } from '@postwright/contracts';
import { ManageBillingButton } from '../../../components/billing/manage-billing-button';
import { Alert } from '../../../components/ui/alert';
import type { ConfirmOptions } from '../../../components/ui/confirm-dialog';
import { ButtonLink } from '../../../components/ui/button';
import { paths } from '../../../config/paths';
import { billingText } from '../../../lib/billing-text';
import { formatDate, formatLongDate } from '../../../lib/datetime';
import { trialText } from '../../../lib/user';
import { freeRunWarning, postUseWarning, trialUseWarning, type GeneratorPlan } from './generator-plan';
import page from './content-page.module.css';

export { trialUseWarning };

export const TRIAL_LIMIT_TITLE = trialText.usedTitle;
export const TRIAL_ENDED_TITLE = trialText.endedTitle;

/** "1 of 3 trial posts left · ends Mar 4, 2027.": the noun goes with the 3 (the trial's posts), so it stays plural. */
export function trialPostsLeftText(left: number, endsAt: string | null = null): string {
  return `${trialText.left(left, endsAt)}.`;
}

/**
 * What generating from the open post does: a draft is written again in place ("Generate
 * again", one Undo away); a published or scheduled post stays as it is and a new draft starts.
 */
export function generateLabel(item: Pick<ContentItem, 'status'> | null): string {
  if (!item) return 'Generate Content';
  return item.status === 'draft' ? 'Generate again' : 'Generate a new post';
}

/**
 * The question a member whose posts are counted answers before any generation from an open post
 * (what it does, what it costs): a draft's free runs first, then a post.
 */
export function generateQuestion(item: Pick<ContentItem, 'status' | 'freeRegenerationsLeft'>, plan: Pick<GeneratorPlan, 'kind' | 'left'>): ConfirmOptions {
  const label = generateLabel(item);
  const draft = item.status === 'draft';
  const effect = draft ? "The new text replaces this draft's; you can undo it." : `It starts a new draft; the ${item.status} post stays as it is.`;
  const free = draft ? (item.freeRegenerationsLeft ?? 0) : 0;
  // an older server says nothing of free runs: the post it costs is said as before
  const usedUp = draft && item.freeRegenerationsLeft === 0 ? `This draft's ${FREE_REGENERATIONS_PER_DRAFT} free runs are used. ` : '';
  const cost = free > 0 ? freeRunWarning(free, plan) : `${usedUp}${postUseWarning(plan)}`;
  return { title: `${label}?`, message: `${cost} ${effect}`, confirmLabel: label };
}

export function UpgradeNow({ className }: { className?: string }) {
  return (
    <ButtonLink to={paths.pricing} variant="primary" size="sm" className={className}>
      Upgrade Now
    </ButtonLink>
  );
}

/**
 * Trial: posts left and when it ends, or the limit (its posts used) or its end (its days passed,
 * or a subscription ended it) with Upgrade Now; a plan with an allowance: this month's posts
 * left, or the limit with its reset date and Manage billing (a subscriber upgrades in Stripe's
 * portal); beta: unlimited until its end; unlimited plans and premium: nothing.
 */
export function PlanBanner({ plan, betaExpiresAt }: { plan: GeneratorPlan; betaExpiresAt: string | null }) {
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
  if (plan.ended) {
    return (
      <Alert tone="warning" className={page.banner} title={TRIAL_ENDED_TITLE} action={<UpgradeNow className={page.bannerAction} />}>
        Your free trial {plan.trialEndsAt ? `ended on ${formatDate(plan.trialEndsAt)}` : 'is over'}. Choose a plan to keep writing.
      </Alert>
    );
  }
  if (plan.exhausted) {
    return (
      <Alert tone="warning" className={page.banner} title={TRIAL_LIMIT_TITLE} action={<UpgradeNow className={page.bannerAction} />}>
        You have used all {TRIAL_POST_LIMIT} posts of your free trial. Choose a plan to keep writing.
      </Alert>
    );
  }
  return (
    <Alert tone="info" className={page.banner} title="Free trial">
      <span data-testid="trial-posts-left">{trialPostsLeftText(plan.left, plan.trialEndsAt)}</span> <Link to={paths.pricing}>See plans</Link>
    </Alert>
  );
}
