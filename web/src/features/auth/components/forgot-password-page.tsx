import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useLocation } from 'react-router-dom';
import { atMostMessage, FIELD_MAX } from '@postwright/contracts';
import { Alert } from '../../../components/ui/alert';
import { ButtonLink } from '../../../components/ui/button';
import { fieldErrorsFrom, Input } from '../../../components/ui/field';
import { useFieldForm } from '../../../components/ui/use-field-form';
import { paths } from '../../../config/paths';
import { requestPasswordReset } from '../../../lib/account-api';
import { accountErrorText, accountText } from '../../../lib/account-text';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { AccountForm } from './account-form';
import { AuthShell } from './auth-shell';
import { INVALID_EMAIL, REQUIRED } from './auth-validation';
import styles from './auth-page.module.css';

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** The address the login form had, passed along by its "Forgot password?" link. */
function emailFrom(state: unknown): string {
  const email = (state as { email?: unknown } | null)?.email;
  return typeof email === 'string' && email.length <= FIELD_MAX.email ? email : '';
}

function emailProblem(email: string): string | null {
  if (!email) return REQUIRED.email;
  if (email.length > FIELD_MAX.email) return atMostMessage('Email', FIELD_MAX.email);
  return EMAIL.test(email) ? null : INVALID_EMAIL;
}

/**
 * /auth/forgot-password: asks for a reset link by email. The answer is the same calm message
 * whether or not an account has that address (the server answers alike, so the page cannot tell
 * who has an account); only asking too often, or not reaching the server, is said otherwise.
 * Reachable signed in too: a member signed in on one device may have forgotten it for another.
 */
export function ForgotPasswordPage() {
  useDocumentTitle('Forgot password');
  const location = useLocation();
  const form = useFieldForm(() => ({ email: emailFrom(location.state) }));
  const [sent, setSent] = useState(false);
  const sentRef = useRef<HTMLDivElement>(null);

  // the form is gone once sent: focus goes to what replaced it
  useEffect(() => {
    if (sent) sentRef.current?.focus();
  }, [sent]);

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const value = form.values.email.trim();
    const problem = emailProblem(value);
    void form.submit(
      problem ? { email: problem } : {},
      async () => {
        await requestPasswordReset(value);
        setSent(true);
      },
      (error) => ({ fields: fieldErrorsFrom(error, ['email'] as const), failure: accountErrorText(error, accountText.forgotFailed) }),
    );
  }

  return (
    <AuthShell>
      <div className={styles.formWrap}>
        <div className={styles.formHeader}>
          <h1 className={styles.title}>{accountText.forgotTitle}</h1>
          {sent ? null : <p className={styles.subtitle}>{accountText.forgotSubtitle}</p>}
        </div>

        {sent ? (
          <div ref={sentRef} tabIndex={-1} className={styles.done}>
            <Alert tone="success">{accountText.resetLinkSent}</Alert>
            <ButtonLink to={paths.login} variant="primary" size="lg" block>
              {accountText.backToSignIn}
            </ButtonLink>
          </div>
        ) : (
          <>
            <AccountForm formRef={form.formRef} failure={form.failure} busy={form.busy} submitLabel={accountText.sendResetLink} busyLabel={accountText.sendingResetLink} onSubmit={onSubmit}>
              <Input label="Email" type="email" autoComplete="email" inputMode="email" required maxLength={FIELD_MAX.email} {...form.field('email')} />
            </AccountForm>
          </>
        )}
      </div>
    </AuthShell>
  );
}
