import { Link } from 'react-router-dom';
import { Logo } from '../../../components/site/logo';
import { featuredTestimonial } from '../../../components/site/marketing-content';
import { IconArrowLeft, IconCheck } from '../../../components/ui/icons';
import { paths } from '../../../config/paths';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { AuthForm } from './auth-form';
import type { AuthMode } from './auth-validation';
import styles from './auth-page.module.css';

export type { AuthMode } from './auth-validation';
export { AuthForm } from './auth-form';

function AuthPage({ mode }: { mode: AuthMode }) {
  useDocumentTitle(mode === 'login' ? 'Sign in' : 'Create your account');
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
        <AuthForm key={mode} mode={mode} />
        <p className={styles.legal}>
          By continuing you agree to our <Link to={paths.terms}>Terms of Service</Link> and <Link to={paths.privacy}>Privacy Policy</Link>.
        </p>
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

export function LoginPage() {
  return <AuthPage mode="login" />;
}

export function SignupPage() {
  return <AuthPage mode="signup" />;
}
