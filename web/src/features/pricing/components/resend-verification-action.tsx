import { Button } from '../../../components/ui/button';
import { accountText } from '../../../lib/account-text';
import { useResendVerification } from '../../../lib/use-resend-verification';
import styles from './pricing-page.module.css';

/** Under checkout's "verify your email first": the verification email again, and how that went. */
export function ResendVerificationAction() {
  const { sending, outcome, resend } = useResendVerification();
  return (
    <div className={styles.alertAction}>
      <Button size="sm" variant="primary" loading={sending} onClick={() => void resend()}>
        {sending ? accountText.resending : accountText.resendVerificationEmail}
      </Button>
      {outcome ? (
        <p className={styles.alertOutcome} data-testid="resend-outcome">
          {outcome.text}
        </p>
      ) : null}
    </div>
  );
}
