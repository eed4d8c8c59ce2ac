import type { SubscriptionResponse, User, UserRole } from '@postwright/contracts';
import { ManageBillingButton } from '../../../components/billing/manage-billing-button';
import { Badge, type BadgeTone } from '../../../components/ui/badge';
import { ButtonLink } from '../../../components/ui/button';
import { Card, CardBody, CardHeader } from '../../../components/ui/card';
import { paths } from '../../../config/paths';
import { site } from '../../../config/site';
import { billingText } from '../../../lib/billing-text';
import { formatDate, formatLongDate } from '../../../lib/datetime';
import { useSubscription } from '../../../lib/use-subscription';
import { isSubscriber, isTrial, planLabel, postAllowance, trialState, trialStatusText } from '../../../lib/user';
import styles from './profile-page.module.css';

/** A plain member's role says nothing to them: only the others are named (as the dashboard marks an admin). */
const roleLabels: Record<Exclude<UserRole, 'USER'>, string> = { BETA: 'Beta tester', ADMIN: 'Admin', SUPER_ADMIN: 'Super Admin' };

type StatusFields = Pick<SubscriptionResponse, 'status' | 'cancelAtPeriodEnd' | 'currentPeriodEnd'> & Partial<Pick<SubscriptionResponse, 'endedAt'>>;

/**
 * The status badge. A subscription's status is Stripe's, said plainly; an ending subscription
 * says when. Without one, the account's own status, as before ("Active", else the status).
 */
export function statusBadge(status: StatusFields): { text: string; tone: BadgeTone } {
  const end = status.currentPeriodEnd;
  switch (status.status) {
    case 'active':
    case 'trialing':
      return status.cancelAtPeriodEnd && end ? { text: `Cancels on ${formatDate(end)}`, tone: 'warning' } : { text: 'Active', tone: 'success' };
    case 'past_due':
      return { text: 'Past due', tone: 'danger' };
    case 'unpaid':
    case 'paused':
      return { text: 'Payment overdue', tone: 'danger' };
    case 'canceled':
    case 'incomplete_expired': {
      // the day it ended: a subscription whose payments were given up ends before its period does
      const ended = status.endedAt ?? end;
      return { text: ended ? `Canceled ${formatDate(ended)}` : 'Canceled', tone: 'neutral' };
    }
    case 'incomplete':
      return { text: 'Payment incomplete', tone: 'warning' };
    default: {
      const text = status.status ? status.status.charAt(0).toUpperCase() + status.status.slice(1).replace(/_/g, ' ') : 'Inactive';
      return { text, tone: 'warning' };
    }
  }
}

/** A trial without a subscription says where the trial stands, not the account's stored status ("Active" with no posts left). */
function trialBadge(user: User): { text: string; tone: BadgeTone } {
  switch (trialState(user).kind) {
    case 'running':
      return { text: 'Active', tone: 'success' };
    case 'used':
      return { text: 'Limit reached', tone: 'warning' };
    case 'ended':
      return { text: 'Ended', tone: 'neutral' };
  }
}

function postsText(user: User): string {
  const allowance = postAllowance(user);
  switch (allowance.kind) {
    case 'unlimited':
      if (allowance.beta) return user.betaExpiresAt ? `Unlimited posts until ${formatLongDate(user.betaExpiresAt)}` : `Unlimited posts for ${site.betaDays} days`;
      return billingText.unlimitedPosts;
    case 'plan':
      return billingText.planPostsLeft(allowance.left, allowance.allowance);
    case 'trial':
      // "1 of 3 trial posts left · ends Mar 4, 2027": the noun counts the trial's posts, so it stays plural
      return trialStatusText(user);
  }
}

/**
 * Account Status: subscription badge, account type (only where it means
 * something: beta testers and admins), member since, and "Choose a plan" (to /pricing) on the
 * trial tier only; a trial says whether it runs, its posts are used or it ended, with its posts
 * left and its end. A subscription adds its status, renewal or end, this month's posts and Manage
 * billing (Stripe's portal). The subscription is read when the card opens; until it answers (or
 * if it cannot) the user's own fields speak.
 */
export function AccountStatusCard({ user }: { user: User }) {
  const { subscription } = useSubscription(user.id);
  const subscribed = isSubscriber(user);
  const hasSubscription = Boolean(subscription && subscription.status !== 'none');
  const status: StatusFields =
    hasSubscription && subscription ? subscription : { status: user.subscriptionStatus, cancelAtPeriodEnd: false, currentPeriodEnd: null };
  const badge = isTrial(user) && !hasSubscription ? trialBadge(user) : statusBadge(status);
  // a member who subscribed once (a former subscriber is back on the trial tier, canceled) keeps the portal's invoices
  const billed = subscribed || hasSubscription || user.subscriptionStatus === 'canceled';
  // the subscription's own count is the fresher when it has answered
  const counted = subscribed && subscription?.usage ? { ...user, usage: subscription.usage } : user;
  const end = subscription?.currentPeriodEnd;
  const live = subscription && ['active', 'trialing', 'past_due'].includes(subscription.status);

  return (
    <Card as="section" aria-labelledby="account-title">
      <CardHeader id="account-title" title="Account Status" />
      <CardBody>
        <dl className={styles.account}>
          <div>
            <dt>Subscription</dt>
            <dd className={styles.badgeRow}>
              <Badge tone={user.subscriptionTier === 'trial' ? 'brand' : 'success'} data-testid="subscription-badge">
                {planLabel(user.subscriptionTier)}
              </Badge>
              <Badge tone={badge.tone} dot data-testid="status-badge">
                {badge.text}
              </Badge>
            </dd>
          </div>
          {live && end ? (
            <div>
              <dt>Billing</dt>
              <dd data-testid="billing-period">
                {subscription.interval === 'year' ? 'Yearly' : 'Monthly'} · {subscription.cancelAtPeriodEnd ? billingText.endsOn(end) : billingText.renewsOn(end)}
              </dd>
            </div>
          ) : null}
          <div>
            <dt>Posts</dt>
            <dd data-testid="posts-left">{postsText(counted)}</dd>
          </div>
          {user.userRole !== 'USER' ? (
            <div>
              <dt>Account Type</dt>
              <dd data-testid="account-type">{roleLabels[user.userRole] ?? user.userRole}</dd>
            </div>
          ) : null}
          <div>
            <dt>Member since</dt>
            <dd>{formatLongDate(user.createdAt)}</dd>
          </div>
        </dl>
        {user.subscriptionTier === 'trial' ? (
          <ButtonLink to={paths.pricing} variant="primary" block className={styles.upgrade}>
            Choose a plan
          </ButtonLink>
        ) : null}
        {billed ? <ManageBillingButton block className={styles.upgrade} /> : null}
      </CardBody>
    </Card>
  );
}
