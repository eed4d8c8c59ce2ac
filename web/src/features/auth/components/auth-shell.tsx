import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { Logo } from '../../../components/site/logo';
import { featuredTestimonial } from '../../../components/site/marketing-content';
import { IconArrowLeft, IconCheck } from '../../../components/ui/icons';
import { paths } from '../../../config/paths';
import styles from './auth-page.module.css';

/**
 * The frame of the auth screens (sign in, sign up, forgotten and new password): the logo, a way
 * home, the form, and beside it on wide screens what executives say.
 */
export function AuthShell({ children, legal = false }: { children: ReactNode; legal?: boolean }) {
  return (
    <div className={styles.page}>
      <main className={styles.main} id="main">
        <div className={styles.topBar}>
          <Logo />
          <Link to={paths.home} className={styles.home}>
            <IconArrowLeft size={16} />
            Back to home
          </Link>
        </div>
        {children}
        {legal ? (
          <p className={styles.legal}>
            By continuing you agree to our <Link to={paths.terms}>Terms of Service</Link> and <Link to={paths.privacy}>Privacy Policy</Link>.
          </p>
        ) : null}
      </main>
      <aside className={styles.aside} aria-label="What executives say">
        <div className={styles.asideInner}>
          <p className={styles.asideEyebrow}>Postwright</p>
          <blockquote className={styles.asideQuote}>
            <p>“{featuredTestimonial.quote}”</p>
          </blockquote>
          <p className={styles.asideAuthor}>
            <strong>{featuredTestimonial.name}</strong>
            <span>{featuredTestimonial.title}</span>
          </p>
          <ul className={styles.asideList}>
            <li>
              <IconCheck size={16} /> Five proven content types
            </li>
            <li>
              <IconCheck size={16} /> Five hooks with every post
            </li>
            <li>
              <IconCheck size={16} /> Publish or schedule to LinkedIn
            </li>
          </ul>
        </div>
      </aside>
    </div>
  );
}
