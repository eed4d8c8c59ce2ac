import type { ReactNode } from 'react';
import { accountText } from '../../lib/account-text';
import { Logo } from '../site/logo';
import { Button } from '../ui/button';
import { IconAlert, IconCheckCircle, IconInfo } from '../ui/icons';
import { Spinner } from '../ui/spinner';
import styles from './notice-page.module.css';

export type NoticeTone = 'busy' | 'success' | 'info' | 'error';

/**
 * A page of its own for what an emailed link does (verify an address, unsubscribe): the logo, then
 * one box saying how it went and what to do next. Works signed in or out, so it has no app layout.
 * The box is announced: politely while busy or done, at once when it failed.
 */
export function NoticePage({ tone, title, children, actions }: { tone: NoticeTone; title: string; children?: ReactNode; actions?: ReactNode }) {
  return (
    <main id="main" className={styles.page}>
      <div className={styles.logo}>
        <Logo />
      </div>
      <div className={styles.box} role={tone === 'error' ? 'alert' : 'status'}>
        {tone === 'busy' ? (
          <Spinner size={36} />
        ) : (
          <span className={styles[tone]} aria-hidden="true">
            {tone === 'success' ? <IconCheckCircle size={32} /> : tone === 'error' ? <IconAlert size={32} /> : <IconInfo size={32} />}
          </span>
        )}
        <h1 className={styles.title}>{title}</h1>
        {children ? <div className={styles.text}>{children}</div> : null}
        {actions ? <div className={styles.actions}>{actions}</div> : null}
      </div>
    </main>
  );
}

/** The link's request failed (not refused as invalid): the reason, and a button to try again. */
export function RetryNotice({ title, message, onRetry }: { title: string; message: string; onRetry: () => void }) {
  return (
    <NoticePage
      tone="error"
      title={title}
      actions={
        <Button variant="primary" onClick={onRetry}>
          {accountText.tryAgain}
        </Button>
      }
    >
      <p>{message}</p>
    </NoticePage>
  );
}
