import { useEffect, useId, useRef, useState } from 'react';
import { Link, NavLink, Outlet, useLocation, useNavigate } from 'react-router-dom';
import type { User } from '@postwright/contracts';
import { Logo } from '../../../components/site/logo';
import { Avatar } from '../../../components/ui/avatar';
import { Button } from '../../../components/ui/button';
import { cx } from '../../../components/ui/cx';
import { IconChart, IconClose, IconDashboard, IconFolder, IconLifeBuoy, IconLogOut, IconMenu, IconSparkles, IconUser } from '../../../components/ui/icons';
import { paths } from '../../../config/paths';
import { useAuth, useUser } from '../../../lib/auth';
import { fullName, initials, isTrial, postAllowance, tierNote } from '../../../lib/user';
import { canManageSubscription, navItemsFor, type AppNavIcon } from './nav-items';
import { PastDueBanner } from './past-due-banner';
import { VerifyEmailBanner } from './verify-email-banner';
import styles from './app-layout.module.css';

const icons: Record<AppNavIcon, typeof IconDashboard> = {
  dashboard: IconDashboard,
  generate: IconSparkles,
  manage: IconFolder,
  insights: IconChart,
  profile: IconUser,
  support: IconLifeBuoy,
};

function TierNote({ user }: { user: User }) {
  const trial = isTrial(user);
  const allowance = postAllowance(user);
  // the meter fills with what is left: the trial's posts, or the plan's this month
  const meter = trial && allowance.kind === 'trial' ? allowance.left / allowance.total : allowance.kind === 'plan' && allowance.allowance > 0 ? allowance.left / allowance.allowance : null;
  return (
    <div className={styles.tier} data-testid="tier-note">
      <p className={styles.tierLabel}>{trial ? 'Free trial' : 'Plan'}</p>
      <p className={styles.tierValue}>{tierNote(user)}</p>
      {meter !== null ? (
        <div className={styles.meter} aria-hidden="true">
          <span style={{ width: `${meter * 100}%` }} />
        </div>
      ) : null}
      {trial && canManageSubscription(user.userRole) ? (
        <Link to={paths.pricing} className={styles.upgrade}>
          Upgrade plan
        </Link>
      ) : null}
    </div>
  );
}

function SidebarContent({ user, onNavigate, onLogout, loggingOut }: { user: User; onNavigate?: () => void; onLogout: () => void; loggingOut: boolean }) {
  const items = navItemsFor(user.userRole);
  const name = fullName(user);
  return (
    <>
      <nav aria-label="App" className={styles.nav}>
        <ul className={styles.navList}>
          {items.map((item) => {
            const Icon = icons[item.icon];
            return (
              <li key={item.to}>
                <NavLink to={item.to} className={styles.navLink} onClick={onNavigate} end>
                  <Icon size={18} />
                  {item.label}
                </NavLink>
              </li>
            );
          })}
        </ul>
      </nav>
      <div className={styles.sidebarBottom}>
        <TierNote user={user} />
        <div className={styles.userRow}>
          <Avatar src={user.profilePicture} initials={initials(user)} name={name} size={36} />
          <div className={styles.userText}>
            <p className={styles.userName} data-testid="user-full-name">
              {name}
            </p>
            <p className={styles.userEmail}>{user.email}</p>
          </div>
        </div>
        <Button variant="secondary" block onClick={onLogout} loading={loggingOut} icon={<IconLogOut size={16} />}>
          Logout
        </Button>
      </div>
    </>
  );
}

/** The signed-in shell: navigation, who is signed in, tier note, logout, footer. */
export function AppLayout() {
  const user = useUser();
  const { logout } = useAuth();
  const navigate = useNavigate();
  const location = useLocation();
  const [drawerOpen, setDrawerOpen] = useState(false);
  const [loggingOut, setLoggingOut] = useState(false);
  const drawerId = useId();
  const drawerRef = useRef<HTMLDivElement>(null);
  const menuButtonRef = useRef<HTMLButtonElement>(null);

  useEffect(() => setDrawerOpen(false), [location.pathname]);

  useEffect(() => {
    if (!drawerOpen) return;
    drawerRef.current?.querySelector<HTMLElement>('a, button')?.focus();
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        setDrawerOpen(false);
        menuButtonRef.current?.focus();
      }
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [drawerOpen]);

  async function onLogout() {
    setLoggingOut(true);
    await logout();
    navigate(paths.home, { replace: true });
  }

  return (
    <div className={styles.shell}>
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <aside className={styles.sidebar} aria-label="Sidebar">
        <div className={styles.sidebarLogo}>
          <Logo to={paths.dashboard} label="Postwright dashboard" />
        </div>
        <SidebarContent user={user} onLogout={onLogout} loggingOut={loggingOut} />
      </aside>

      <header className={styles.topbar}>
        <Logo to={paths.dashboard} label="Postwright dashboard" />
        <button
          ref={menuButtonRef}
          type="button"
          className={styles.menuButton}
          aria-expanded={drawerOpen}
          aria-controls={drawerId}
          aria-label={drawerOpen ? 'Close menu' : 'Open menu'}
          onClick={() => setDrawerOpen((open) => !open)}
        >
          {drawerOpen ? <IconClose size={22} /> : <IconMenu size={22} />}
        </button>
      </header>
      <div className={cx(styles.backdrop, drawerOpen && styles.backdropOpen)} onClick={() => setDrawerOpen(false)} aria-hidden="true" />
      <div ref={drawerRef} id={drawerId} className={cx(styles.drawer, drawerOpen && styles.drawerOpen)} hidden={!drawerOpen}>
        <SidebarContent user={user} onNavigate={() => setDrawerOpen(false)} onLogout={onLogout} loggingOut={loggingOut} />
      </div>

      <div className={styles.content}>
        <main id="main" tabIndex={-1} className={styles.main}>
          <PastDueBanner user={user} />
          {/* Settings shows the verification and its resend in its Account section */}
          {location.pathname === paths.settings ? null : <VerifyEmailBanner key={user.id} user={user} />}
          <Outlet />
        </main>
        <footer className={styles.footer}>
          <div className={styles.taglines}>
            <p className={styles.tagline}>Write with insight. Publish with confidence.</p>
            <p>Built on a proven five-type content framework, for executives who lead with ideas.</p>
          </div>
          <ul className={styles.footerLinks}>
            <li>
              <Link to={paths.privacy}>Privacy</Link>
            </li>
            <li>
              <Link to={paths.terms}>Terms</Link>
            </li>
            <li>
              <Link to={paths.refund}>Refunds</Link>
            </li>
            <li>
              <Link to={paths.cookies}>Cookies</Link>
            </li>
          </ul>
        </footer>
      </div>
    </div>
  );
}
