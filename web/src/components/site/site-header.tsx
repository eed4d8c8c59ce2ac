import { useEffect, useId, useState } from 'react';
import { Link, NavLink, useLocation, useNavigate } from 'react-router-dom';
import { paths, landingAnchors } from '../../config/paths';
import { useAuth } from '../../lib/auth';
import { Button, ButtonLink } from '../ui/button';
import { IconClose, IconMenu } from '../ui/icons';
import { Logo } from './logo';
import styles from './site-header.module.css';

interface NavItem {
  label: string;
  to: string;
}

/**
 * Header of the public pages: Features, Pricing, About, FAQ, Contact, then Login
 * and Start Free Trial, or Dashboard and Logout when signed in. On the landing page the section
 * links are in-page anchors; elsewhere they lead back to them (or to the signed-in equivalents,
 * since the landing page is for signed-out visitors only).
 */
function navItems(onLanding: boolean, signedIn: boolean): NavItem[] {
  const anchor = (id: string) => (onLanding ? `#${id}` : `${paths.home}#${id}`);
  return [
    { label: 'Features', to: signedIn ? paths.demo : anchor(landingAnchors.features) },
    { label: 'Pricing', to: signedIn ? paths.pricing : anchor(landingAnchors.pricing) },
    { label: 'About', to: paths.about },
    { label: 'FAQ', to: onLanding ? `#${landingAnchors.faq}` : paths.faq },
    { label: 'Contact', to: paths.contact },
  ];
}

function NavItemLink({ item, onNavigate }: { item: NavItem; onNavigate?: () => void }) {
  if (item.to.startsWith('#')) {
    return (
      <a className={styles.navLink} href={item.to} onClick={onNavigate}>
        {item.label}
      </a>
    );
  }
  if (item.to.includes('#')) {
    return (
      <Link className={styles.navLink} to={item.to} onClick={onNavigate}>
        {item.label}
      </Link>
    );
  }
  return (
    <NavLink className={styles.navLink} to={item.to} onClick={onNavigate} end>
      {item.label}
    </NavLink>
  );
}

export function SiteHeader({ onLanding = false }: { onLanding?: boolean }) {
  const { status, logout } = useAuth();
  const navigate = useNavigate();
  const location = useLocation();
  const [menuOpen, setMenuOpen] = useState(false);
  const [loggingOut, setLoggingOut] = useState(false);
  const panelId = useId();
  const signedIn = status === 'authenticated';
  const items = navItems(onLanding, signedIn);

  useEffect(() => setMenuOpen(false), [location.pathname]);

  useEffect(() => {
    if (!menuOpen) return;
    const onKey = (event: KeyboardEvent) => event.key === 'Escape' && setMenuOpen(false);
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [menuOpen]);

  async function onLogout() {
    setLoggingOut(true);
    await logout();
    setLoggingOut(false);
    navigate(paths.home);
  }

  const actions =
    status === 'loading' ? null : signedIn ? (
      <>
        <ButtonLink to={paths.dashboard} variant="ghost">
          Dashboard
        </ButtonLink>
        <Button variant="secondary" onClick={onLogout} loading={loggingOut}>
          Logout
        </Button>
      </>
    ) : (
      <>
        <ButtonLink to={paths.login} variant="ghost">
          Login
        </ButtonLink>
        <ButtonLink to={paths.signup} variant="primary">
          Start Free Trial
        </ButtonLink>
      </>
    );

  return (
    <header className={styles.header}>
      <div className={`container ${styles.inner}`}>
        <Logo />
        <nav className={styles.nav} aria-label="Main">
          <ul className={styles.navList}>
            {items.map((item) => (
              <li key={item.label}>
                <NavItemLink item={item} />
              </li>
            ))}
          </ul>
        </nav>
        <div className={styles.actions}>{actions}</div>
        <button
          type="button"
          className={styles.menuButton}
          aria-expanded={menuOpen}
          aria-controls={panelId}
          aria-label={menuOpen ? 'Close menu' : 'Open menu'}
          onClick={() => setMenuOpen((open) => !open)}
        >
          {menuOpen ? <IconClose size={22} /> : <IconMenu size={22} />}
        </button>
      </div>
      <div className={styles.mobilePanel} id={panelId} hidden={!menuOpen}>
        <nav className="container" aria-label="Main (mobile)">
          <ul className={styles.mobileList}>
            {items.map((item) => (
              <li key={item.label}>
                <NavItemLink item={item} onNavigate={() => setMenuOpen(false)} />
              </li>
            ))}
          </ul>
          <div className={styles.mobileActions}>{actions}</div>
        </nav>
      </div>
    </header>
  );
}
