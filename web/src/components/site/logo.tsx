import { Link } from 'react-router-dom';
import { cx } from '../ui/cx';
import styles from './logo.module.css';

export function LogoMark({ size = 28 }: { size?: number }) {
  return (
    <svg className={styles.mark} width={size} height={size} viewBox="0 0 32 32" aria-hidden="true" focusable="false">
      <rect width="32" height="32" rx="8" fill="#4f46e5" />
      <path d="M10 23V9h6.5a4.5 4.5 0 0 1 0 9H10" fill="none" stroke="#fff" strokeWidth="2.6" strokeLinecap="round" strokeLinejoin="round" />
      <circle cx="22.5" cy="22.5" r="2" fill="#c7d2fe" />
    </svg>
  );
}

/** The Postwright logo, linking to `to` (home by default). */
export function Logo({
  to = '/',
  inverse,
  label = 'Postwright home',
  compactOnMobile,
}: {
  to?: string;
  inverse?: boolean;
  label?: string;
  /** only the mark on narrow screens */
  compactOnMobile?: boolean;
}) {
  return (
    <Link to={to} className={cx(styles.logo, inverse && styles.inverse)} aria-label={label}>
      <LogoMark />
      <span aria-hidden="true" className={compactOnMobile ? styles.compact : undefined}>
        Postwright
      </span>
    </Link>
  );
}
