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
import { isSubscriber, planLabel, postAllowance } from '../../../lib/user';
import styles from './profile-page.module.css';

const roleLabels: Record<UserRole, string> = { USER: 'User', BETA: 'Beta', ADMIN: 'Admin', SUPER_ADMIN: 'Super Admin' };

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

function postsText(user: User): string {
  const allowance = postAllowance(user);
  switch (allowance.kind) {
    case 'unlimited':
      if (allowance.beta) return user.betaExpiresAt ? `Unlimited posts until ${formatLongDate(user.betaExpiresAt)}` : `Unlimited posts for ${site.betaDays} days`;
      return billingText.unlimitedPosts;
    case 'plan':
      return billingText.planPostsLeft(allowance.left, allowance.allowance);
    case 'trial':
      // "1 of 3 trial posts left": the noun counts the trial's posts, so it stays plural
      return `${allowance.left} of ${allowance.total} trial posts left`;
  }
}

/**
 * Account Status (spec section 2): subscription badge, account type, member since, and "Upgrade to
 * Premium" on the trial tier only; for a subscription also its status, renewal or end, this
 * month's posts and Manage billing (Stripe's portal). The subscription is read when the card opens;
 * until it answers (or if it cannot) the user's own fields speak.
 */
export function AccountStatusCard({ user }: { user: User }) {
  const { subscription } = useSubscription(user.id);
  const subscribed = isSubscriber(user);
  const hasSubscription = Boolean(subscription && subscription.status !== 'none');
  const status: StatusFields =
    hasSubscription && subscription ? subscription : { status: user.subscriptionStatus, cancelAtPeriodEnd: false, currentPeriodEnd: null };
  const badge = statusBadge(status);
  const billed = subscribed || hasSubscription || Boolean(user.trialEndsAt);
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
          <div>
            <dt>Account Type</dt>
            <dd data-testid="account-type">{roleLabels[user.userRole] ?? user.userRole}</dd>
          </div>
          <div>
            <dt>Member since</dt>
            <dd>{formatLongDate(user.createdAt)}</dd>
          </div>
        </dl>
        {user.subscriptionTier === 'trial' ? (
          <ButtonLink to={paths.pricing} variant="primary" block className={styles.upgrade}>
            Upgrade to Premium
          </ButtonLink>
        ) : null}
        {billed ? <ManageBillingButton block className={styles.upgrade} /> : null}
      </CardBody>
    </Card>
  );
}
