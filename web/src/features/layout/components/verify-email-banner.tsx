import { useState } from 'react';
import type { User } from '@postwright/contracts';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { accountText } from '../../../lib/account-text';
import { useResendVerification } from '../../../lib/use-resend-verification';
import styles from './app-layout.module.css';

const DISMISSED_KEY = 'postwright.verifyReminderDismissed';

/** Dismissed for this browser session (sessionStorage), and for this member only. */
function wasDismissed(userId: string): boolean {
  try {
    return window.sessionStorage.getItem(DISMISSED_KEY) === userId;
  } catch {
    return false;
  }
}

function rememberDismissed(userId: string) {
  try {
    window.sessionStorage.setItem(DISMISSED_KEY, userId);
  } catch {
    /* storage unavailable: dismissed until the page reloads */
  }
}

/**
 * Across the app while the address is unverified: where the link went, Resend email, and a way
 * to put it away. A reminder, never a gate: the trial's posts work before verification, so it
 * stays one slim line (two on a phone) under the past-due banner.
 */
export function VerifyEmailBanner({ user }: { user: Pick<User, 'id' | 'email' | 'emailVerified'> }) {
  const [dismissed, setDismissed] = useState(() => wasDismissed(user.id));
  const { sending, outcome, resend } = useResendVerification();
  // a user cached by an older version has no flag: nothing is said until the profile answers
  if (user.emailVerified !== false || dismissed) return null;

  function dismiss() {
    rememberDismissed(user.id);
    setDismissed(true);
  }

  return (
    <div className={styles.verifyBanner} data-testid="verify-email-banner">
      <Alert tone="info" onDismiss={dismiss} dismissLabel={accountText.dismissBanner}>
        <div className={styles.verifyRow}>
          <span className={styles.verifyText}>
            {/* a new link replaces the first one's news; a refusal is said after it */}
            {outcome?.tone === 'success' ? outcome.text : accountText.verifyBanner(user.email)}
            {outcome && outcome.tone !== 'success' ? ` ${outcome.text}` : null}
          </span>
          <Button size="sm" variant="secondary" loading={sending} onClick={() => void resend()}>
            {sending ? accountText.resending : accountText.resendEmail}
          </Button>
        </div>
      </Alert>
    </div>
  );
}
