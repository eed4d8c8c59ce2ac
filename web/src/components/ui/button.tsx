import type { AnchorHTMLAttributes, ButtonHTMLAttributes, ReactNode } from 'react';
import { Link, type LinkProps } from 'react-router-dom';
import { cx } from './cx';
import styles from './button.module.css';

export type ButtonVariant = 'primary' | 'secondary' | 'ghost' | 'danger' | 'inverse';
export type ButtonSize = 'sm' | 'md' | 'lg';

interface StyleProps {
  variant?: ButtonVariant;
  size?: ButtonSize;
  block?: boolean;
}

export function buttonClassName({ variant = 'secondary', size = 'md', block }: StyleProps, extra?: string) {
  return cx(styles.button, styles[variant], size !== 'md' && styles[size], block && styles.block, extra);
}

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement>, StyleProps {
  /** shows a spinner and disables the button */
  loading?: boolean;
  icon?: ReactNode;
}

export function Button({ variant, size, block, loading, icon, className, children, disabled, type = 'button', ...rest }: ButtonProps) {
  return (
    <button
      type={type}
      className={buttonClassName({ variant, size, block }, className)}
      disabled={disabled || loading}
      aria-busy={loading || undefined}
      {...rest}
    >
      {loading ? <span className={styles.spinner} aria-hidden="true" /> : icon}
      {children}
    </button>
  );
}

/** A router link that looks like a button. */
export function ButtonLink({ variant, size, block, icon, className, children, ...rest }: LinkProps & StyleProps & { icon?: ReactNode }) {
  return (
    <Link className={buttonClassName({ variant, size, block }, className)} {...rest}>
      {icon}
      {children}
    </Link>
  );
}

/** A plain anchor (external, mailto, in-page anchor) that looks like a button. */
export function ButtonAnchor({ variant, size, block, icon, className, children, ...rest }: AnchorHTMLAttributes<HTMLAnchorElement> & StyleProps & { icon?: ReactNode }) {
  return (
    <a className={buttonClassName({ variant, size, block }, className)} {...rest}>
      {icon}
      {children}
    </a>
  );
}
