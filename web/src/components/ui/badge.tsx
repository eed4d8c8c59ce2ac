import type { HTMLAttributes } from 'react';
import { cx } from './cx';
import styles from './badge.module.css';

export type BadgeTone = 'neutral' | 'brand' | 'success' | 'warning' | 'danger' | 'dark';

export function Badge({ tone = 'neutral', dot, className, ...rest }: HTMLAttributes<HTMLSpanElement> & { tone?: BadgeTone; dot?: boolean }) {
  return <span className={cx(styles.badge, styles[tone], dot && styles.dot, className)} {...rest} />;
}
