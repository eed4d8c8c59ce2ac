import { Spinner } from '../ui/spinner';
import { cx } from '../ui/cx';
import styles from './status-screen.module.css';

/** Shown while the auth state loads, so a guard never sends a signed-in visitor away. */
export function AuthLoadingScreen() {
  return (
    <main className={cx(styles.screen, styles.full)} id="main">
      <div className={styles.box} role="status" aria-live="polite">
        <Spinner size={32} />
        <p>
          <span className={styles.title}>Loading...</span> <span className={styles.text}>Checking authentication status</span>
        </p>
      </div>
    </main>
  );
}

/** Shown while a page's code loads. */
export function PageLoader({ full = false }: { full?: boolean }) {
  return (
    <div className={cx(styles.screen, full && styles.full)}>
      <div className={styles.box} role="status" aria-live="polite">
        <Spinner size={28} />
        <span className="visually-hidden">Loading page</span>
      </div>
    </div>
  );
}
