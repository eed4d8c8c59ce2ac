import { useEffect } from 'react';
import { Link } from 'react-router-dom';
import { hasUnlimitedPosts, type UserRole } from '@postwright/contracts';
import { PageHeader } from '../../../components/layouts/page-header';
import { Badge } from '../../../components/ui/badge';
import { ButtonLink } from '../../../components/ui/button';
import { Card, CardBody, CardHeader } from '../../../components/ui/card';
import { IconArrowRight, IconFolder, IconSparkles } from '../../../components/ui/icons';
import { IconLightbulb, IconSettings } from '../../../components/ui/icons-app';
import { paths } from '../../../config/paths';
import { site } from '../../../config/site';
import { useAuth, useUser } from '../../../lib/auth';
import { formatLongDate } from '../../../lib/datetime';
import { fullName, trialPostsLeft } from '../../../lib/user';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { LinkedInCard } from './linkedin-card';
import { PersonalInfoCard } from './personal-info-card';
import styles from './profile-page.module.css';

const roleLabels: Record<UserRole, string> = { USER: 'User', BETA: 'Beta', ADMIN: 'Admin', SUPER_ADMIN: 'Super Admin' };

/** The subscription badge: trial, beta, premium, a plan name as is, else Free (spec section 3). */
export function subscriptionLabel(tier: string | null | undefined): string {
  switch (tier) {
    case 'trial':
      return 'Free Trial';
    case 'beta':
      return 'Beta';
    case 'premium':
      return 'Premium';
    default:
      return tier?.trim() ? tier : 'Free';
  }
}

function planDetail(user: ReturnType<typeof useUser>): string {
  if (user.subscriptionTier === 'beta' && hasUnlimitedPosts(user)) {
    return user.betaExpiresAt ? `Unlimited posts until ${formatLongDate(user.betaExpiresAt)}` : `Unlimited posts for ${site.betaDays} days`;
  }
  if (hasUnlimitedPosts(user)) return 'Unlimited posts';
  // "1 of 3 trial posts left": the noun counts the trial's posts, so it stays plural
  return `${trialPostsLeft(user)} of ${site.trialPostLimit} trial posts left`;
}

/** The profile screen (spec section 2): personal information, LinkedIn connection, account status, quick actions. */
export function ProfilePage() {
  const user = useUser();
  const { refreshUser } = useAuth();
  useDocumentTitle('Profile');

  useEffect(() => {
    refreshUser().catch(() => {});
  }, [refreshUser]);

  const active = user.subscriptionStatus === 'active';

  return (
    <>
      <PageHeader title="Profile" description={`${fullName(user)} · ${user.email}`} />
      <div className={styles.layout}>
        <div className={styles.column}>
          <PersonalInfoCard user={user} />
          <LinkedInCard />
        </div>
        <div className={styles.column}>
          <Card as="section" aria-labelledby="account-title">
            <CardHeader id="account-title" title="Account Status" />
            <CardBody>
              <dl className={styles.account}>
                <div>
                  <dt>Subscription</dt>
                  <dd className={styles.badgeRow}>
                    <Badge tone={user.subscriptionTier === 'trial' ? 'brand' : 'success'} data-testid="subscription-badge">
                      {subscriptionLabel(user.subscriptionTier)}
                    </Badge>
                    <Badge tone={active ? 'success' : 'warning'} dot>
                      {active ? 'Active' : user.subscriptionStatus ? user.subscriptionStatus.charAt(0).toUpperCase() + user.subscriptionStatus.slice(1) : 'Inactive'}
                    </Badge>
                  </dd>
                </div>
                <div>
                  <dt>Posts</dt>
                  <dd>{planDetail(user)}</dd>
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
            </CardBody>
          </Card>

          <Card as="section" aria-labelledby="quick-title">
            <CardHeader id="quick-title" title="Quick Actions" />
            <CardBody className={styles.quickBody}>
              <ul className={styles.quick}>
                <li>
                  <Link to={paths.content}>
                    <IconSparkles size={18} /> Generate Content <IconArrowRight size={16} className={styles.quickArrow} />
                  </Link>
                </li>
                <li>
                  <Link to={paths.contentManagement}>
                    <IconFolder size={18} /> Manage Content <IconArrowRight size={16} className={styles.quickArrow} />
                  </Link>
                </li>
                <li>
                  <Link to={paths.settings}>
                    <IconSettings size={18} /> Account Settings <IconArrowRight size={16} className={styles.quickArrow} />
                  </Link>
                </li>
              </ul>
            </CardBody>
          </Card>

          <Card as="aside" padded className={styles.tip} aria-labelledby="tip-title">
            <span className={styles.tipIcon} aria-hidden="true">
              <IconLightbulb size={20} />
            </span>
            <h2 id="tip-title" className={styles.tipTitle}>
              Framework tip
            </h2>
            <p>
              Keep your bio and job title current: every post is written in your voice and from your role. Then balance your week: a Contrarian Take on
              Monday, value on Wednesday, connection on Friday.
            </p>
          </Card>
        </div>
      </div>
    </>
  );
}
