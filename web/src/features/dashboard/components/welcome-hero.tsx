import { isAdminRole, type User, type UserRole } from '@postwright/contracts';
import { Avatar } from '../../../components/ui/avatar';
import { Badge } from '../../../components/ui/badge';
import { ButtonLink } from '../../../components/ui/button';
import { IconShield, IconSparkles } from '../../../components/ui/icons';
import { paths } from '../../../config/paths';
import { fullName, initials, tierNote } from '../../../lib/user';
import styles from './dashboard-page.module.css';

const roleLabels: Record<UserRole, string> = { USER: 'User', BETA: 'Beta', ADMIN: 'Admin', SUPER_ADMIN: 'Super Admin' };

/**
 * How long after the account was created the dashboard greets a first visit. The account's own
 * creation time decides (no flag to store, it survives a reload and works in every tab): within
 * the first half hour the user is new here, after that they are coming back.
 */
export const FIRST_VISIT_WINDOW_MS = 30 * 60 * 1000;

/** "Welcome, Grace" for a new account (spec: a welcome with the first name), "Welcome back, Grace" later. */
export function greetingFor(user: Pick<User, 'firstName' | 'createdAt'>, now: number = Date.now()): string {
  const age = now - Date.parse(user.createdAt);
  // a creation time ahead of this device's clock is a new account too
  const firstVisit = Number.isFinite(age) && age < FIRST_VISIT_WINDOW_MS;
  return `${firstVisit ? 'Welcome' : 'Welcome back'}, ${user.firstName}`;
}

/** The dashboard's opening: picture or initials, the greeting, tier and role badges (with the Admin mark). */
export function WelcomeHero({ user, picture }: { user: User; picture: string | null }) {
  return (
    <section className={styles.hero} aria-labelledby="welcome">
      <Avatar src={picture} initials={initials(user)} name={fullName(user)} size={64} />
      <div className={styles.heroText}>
        <h1 id="welcome" className={styles.title}>
          {greetingFor(user)}
        </h1>
        <p className={styles.subtitle}>Create your next post, connect LinkedIn and follow how your content performs.</p>
        <div className={styles.badges}>
          <Badge tone="brand" data-testid="tier-badge">
            {tierNote(user)}
          </Badge>
          <Badge tone="neutral" data-testid="role-badge">
            {roleLabels[user.userRole] ?? user.userRole}
          </Badge>
          {isAdminRole(user.userRole) ? (
            <Badge tone="dark" data-testid="admin-mark">
              <IconShield size={12} /> Admin
            </Badge>
          ) : null}
        </div>
      </div>
      <ButtonLink to={paths.content} variant="primary" icon={<IconSparkles size={16} />} className={styles.heroAction}>
        Generate Content
      </ButtonLink>
    </section>
  );
}
