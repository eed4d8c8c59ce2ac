import type { ReactNode } from 'react';
import { cx } from './cx';
import { IconAlert, IconCheckCircle, IconClose, IconInfo } from './icons';
import styles from './alert.module.css';

export type AlertTone = 'info' | 'success' | 'warning' | 'danger';

const icons = { info: IconInfo, success: IconCheckCircle, warning: IconAlert, danger: IconAlert };

/** A message box. Danger alerts are announced at once (role="alert"), others politely. */
export function Alert({
  tone = 'info',
  title,
  children,
  action,
  onDismiss,
  dismissLabel = 'Dismiss',
  className,
}: {
  tone?: AlertTone;
  title?: ReactNode;
  children?: ReactNode;
  action?: ReactNode;
  onDismiss?: () => void;
  /** the dismiss button's name, where "Dismiss" alone would not say what goes away */
  dismissLabel?: string;
  className?: string;
}) {
  const Icon = icons[tone];
  return (
    <div className={cx(styles.alert, styles[tone], className)} role={tone === 'danger' ? 'alert' : 'status'}>
      <Icon className={styles.icon} size={18} />
      <div className={styles.content}>
        {title ? <p className={styles.title}>{title}</p> : null}
        {children ? <div className={styles.text}>{children}</div> : null}
        {action}
      </div>
      {onDismiss ? (
        <button type="button" className={styles.dismiss} onClick={onDismiss} aria-label={dismissLabel}>
          <IconClose size={16} />
        </button>
      ) : null}
    </div>
  );
}
