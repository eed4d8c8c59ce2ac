import type { ReactNode } from 'react';
import { cx } from './cx';
import styles from './empty-state.module.css';

/** A friendly "nothing here yet" block: an icon, a title, a line of text and an action. */
export function EmptyState({
  icon,
  title,
  children,
  action,
  headingLevel = 3,
  compact,
  className,
}: {
  icon?: ReactNode;
  title: ReactNode;
  children?: ReactNode;
  action?: ReactNode;
  headingLevel?: 2 | 3 | 4;
  compact?: boolean;
  className?: string;
}) {
  const Heading = `h${headingLevel}` as 'h2' | 'h3' | 'h4';
  return (
    <div className={cx(styles.empty, compact && styles.compact, className)}>
      {icon ? (
        <span className={styles.icon} aria-hidden="true">
          {icon}
        </span>
      ) : null}
      <Heading className={styles.title}>{title}</Heading>
      {children ? <div className={styles.text}>{children}</div> : null}
      {action ? <div className={styles.action}>{action}</div> : null}
    </div>
  );
}
