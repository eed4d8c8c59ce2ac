import { Link } from 'react-router-dom';
import { TRIAL_POST_LIMIT, type ContentItem } from '@postwright/contracts';
import { Alert } from '../../../components/ui/alert';
import type { ConfirmOptions } from '../../../components/ui/confirm-dialog';
import { ButtonLink } from '../../../components/ui/button';
import { paths } from '../../../config/paths';
import { formatLongDate } from '../../../lib/datetime';
import page from './content-page.module.css';

export const TRIAL_LIMIT_TITLE = 'Trial limit reached - Upgrade to continue';

/** "1 of 3 trial posts left": the noun goes with the 3 (the trial's posts), so it stays plural. */
export function trialPostsLeftText(left: number): string {
  return `${left} of ${TRIAL_POST_LIMIT} trial posts left.`;
}

/** What "Generate again" costs on a trial, said before it runs. */
export function trialUseWarning(left: number): string {
  return left === 1 ? 'This uses your last remaining trial post.' : `This uses 1 of your ${left} remaining trial posts.`;
}

/**
 * What generating from the open post does: a draft is written again in place ("Generate
 * again", one Undo away); a published or scheduled post stays as it is and a new draft starts.
 */
export function generateLabel(item: Pick<ContentItem, 'status'> | null): string {
  if (!item) return 'Generate Content';
  return item.status === 'draft' ? 'Generate again' : 'Generate a new post';
}

/** The question a trial user answers before any generation from an open post (what it does, what it costs). */
export function generateQuestion(item: Pick<ContentItem, 'status'>, left: number): ConfirmOptions {
  const label = generateLabel(item);
  const effect = item.status === 'draft' ? "The new text replaces this draft's; you can undo it." : `It starts a new draft; the ${item.status} post stays as it is.`;
  return { title: `${label}?`, message: `${trialUseWarning(left)} ${effect}`, confirmLabel: label };
}

export function UpgradeNow({ className }: { className?: string }) {
  return (
    <ButtonLink to={paths.pricing} variant="primary" size="sm" className={className}>
      Upgrade Now
    </ButtonLink>
  );
}

/** Trial: posts left, or the limit with Upgrade Now; beta: unlimited until its end; other plans: nothing. */
export function PlanBanner({ plan, betaExpiresAt }: { plan: { unlimited: boolean; left: number; exhausted: boolean; beta: boolean }; betaExpiresAt: string | null }) {
  if (plan.beta) {
    return (
      <Alert tone="info" className={page.banner} title="Beta Access">
        Unlimited posts {betaExpiresAt ? `until ${formatLongDate(betaExpiresAt)}` : 'for 15 days'}.
      </Alert>
    );
  }
  if (plan.unlimited) return null;
  if (plan.exhausted) {
    return (
      <Alert tone="warning" className={page.banner} title={TRIAL_LIMIT_TITLE} action={<UpgradeNow className={page.bannerAction} />}>
        You have used all {TRIAL_POST_LIMIT} posts of your free trial. Choose a plan to keep writing.
      </Alert>
    );
  }
  return (
    <Alert tone="info" className={page.banner} title="Free trial">
      <span data-testid="trial-posts-left">{trialPostsLeftText(plan.left)}</span> <Link to={paths.pricing}>See plans</Link>
    </Alert>
  );
}
