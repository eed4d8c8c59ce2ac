import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { atMostMessage, FIELD_MAX } from '@postwright/contracts';
import { Alert } from '../../../components/ui/alert';
import { Button, ButtonLink } from '../../../components/ui/button';
import { fieldErrorsFrom, Input, useFocusFirstInvalid } from '../../../components/ui/field';
import { paths } from '../../../config/paths';
import { requestPasswordReset } from '../../../lib/account-api';
import { accountErrorText, accountText } from '../../../lib/account-text';
import { useDocumentTitle } from '../../../lib/use-document-title';
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
  const [email, setEmail] = useState(() => emailFrom(location.state));
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [sent, setSent] = useState(false);
  const { ref: formRef, focusFirstInvalid } = useFocusFirstInvalid();
  const sentRef = useRef<HTMLDivElement>(null);

  // the form is gone once sent: focus goes to what replaced it
  useEffect(() => {
    if (sent) sentRef.current?.focus();
  }, [sent]);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    const value = email.trim();
    const problem = emailProblem(value);
    setFieldError(problem);
    setFailure(null);
    if (problem) {
      focusFirstInvalid();
      return;
    }
    setBusy(true);
    try {
      await requestPasswordReset(value);
      setSent(true);
    } catch (error) {
      const onField = fieldErrorsFrom(error, ['email'] as const).email;
      if (onField) {
        setFieldError(onField);
        focusFirstInvalid();
      } else {
        setFailure(accountErrorText(error, accountText.forgotFailed));
      }
    } finally {
      setBusy(false);
    }
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
            {failure ? (
              <Alert tone="danger" className={styles.error}>
                {failure}
              </Alert>
            ) : null}
            <form ref={formRef} className={styles.form} onSubmit={onSubmit} noValidate>
              <Input
                label="Email"
                type="email"
                name="email"
                autoComplete="email"
                inputMode="email"
                required
                maxLength={FIELD_MAX.email}
                value={email}
                error={fieldError ?? undefined}
                onChange={(e) => {
                  setEmail(e.target.value);
                  setFieldError(null);
                }}
              />
              <Button type="submit" variant="primary" size="lg" block loading={busy}>
                {busy ? accountText.sendingResetLink : accountText.sendResetLink}
              </Button>
            </form>
            <p className={styles.switch}>
              <Link to={paths.login}>{accountText.backToSignIn}</Link>
            </p>
          </>
        )}
      </div>
    </AuthShell>
  );
}
