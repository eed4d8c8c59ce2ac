import type { User } from '@postwright/contracts';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Card, CardBody, CardHeader } from '../../../components/ui/card';
import { cx } from '../../../components/ui/cx';
import { Input } from '../../../components/ui/field';
import { accountText } from '../../../lib/account-text';
import { useResendVerification } from '../../../lib/use-resend-verification';
import styles from './settings-page.module.css';

/** Account: the address (read-only, as on the profile) and whether it is verified, with a resend while it is not. */
export function AccountCard({ user }: { user: Pick<User, 'email' | 'emailVerified'> }) {
  const { sending, outcome, resend } = useResendVerification();
  const verified = user.emailVerified !== false;
  return (
    <Card as="section" aria-labelledby="settings-account-title">
      <CardHeader id="settings-account-title" title={accountText.accountTitle} />
      <CardBody className={styles.body}>
        <Input label="Email" type="email" value={user.email} readOnly hint={accountText.emailReadOnly} />
        <div className={styles.verification}>
          <p className={styles.statusRow}>
            <span className={styles.statusLabel}>{accountText.verificationLabel}</span>
            <Badge tone={verified ? 'success' : 'warning'} dot data-testid="verification-status">
              {verified ? accountText.statusVerified : accountText.statusUnverified}
            </Badge>
          </p>
          {verified ? null : (
            <>
              <p className={styles.note}>{accountText.unverifiedNote(user.email)}</p>
              <div>
                <Button size="sm" variant="secondary" loading={sending} onClick={() => void resend()}>
                  {sending ? accountText.resending : accountText.resendEmail}
                </Button>
              </div>
            </>
          )}
          <p role="status" className={cx(styles.outcome, outcome?.tone === 'danger' && styles.outcomeFailed)}>
            {outcome?.text ?? ''}
          </p>
        </div>
      </CardBody>
    </Card>
  );
}
