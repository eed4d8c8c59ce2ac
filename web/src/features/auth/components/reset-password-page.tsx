import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { FIELD_MAX } from '@postwright/contracts';
import { Alert } from '../../../components/ui/alert';
import { Button, ButtonLink } from '../../../components/ui/button';
import { fieldErrorsFrom, Input, useFocusFirstInvalid } from '../../../components/ui/field';
import { paths } from '../../../config/paths';
import { resetPassword } from '../../../lib/account-api';
import { accountErrorText, accountText, catalogueMessage, CONFIRM_REQUIRED, hasCode, newPasswordProblem, PASSWORDS_DIFFER } from '../../../lib/account-text';
import { useAuth } from '../../../lib/auth';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { AuthShell } from './auth-shell';
import styles from './auth-page.module.css';

type Field = 'password' | 'confirm';
type Phase = 'form' | 'done' | 'invalid';

/**
 * /auth/reset-password?token=: the reset email's link, signed in or not. A new password and its
 * confirmation; a confirmation that differs says so on its field (the signup form's silent rule
 * would leave someone locked out guessing). The server ends every session of the account, so the
 * session here is forgotten too and the member signs in again with the new password. A link that
 * is missing, used or expired offers to ask for a new one.
 */
export function ResetPasswordPage() {
  useDocumentTitle('Reset password');
  const [params] = useSearchParams();
  const token = params.get('token')?.trim() ?? '';
  const { forgetSession } = useAuth();
  const [values, setValues] = useState<Record<Field, string>>({ password: '', confirm: '' });
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [phase, setPhase] = useState<Phase>(token ? 'form' : 'invalid');
  const { ref: formRef, focusFirstInvalid } = useFocusFirstInvalid();
  const outcomeRef = useRef<HTMLDivElement>(null);

  // the form is gone once it worked or the link proved useless: focus goes to what replaced it
  useEffect(() => {
    if (phase !== 'form') outcomeRef.current?.focus();
  }, [phase]);

  function change(field: Field, value: string) {
    setValues((current) => ({ ...current, [field]: value }));
    setErrors((current) => {
      const next = { ...current };
      delete next[field];
      if (field === 'password') delete next.confirm;
      return next;
    });
  }

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    const found: Partial<Record<Field, string>> = {};
    const problem = newPasswordProblem(accountText.newPassword, values.password);
    if (problem) found.password = problem;
    if (!values.confirm) found.confirm = CONFIRM_REQUIRED;
    else if (values.password && values.confirm !== values.password) found.confirm = PASSWORDS_DIFFER;
    setErrors(found);
    setFailure(null);
    if (Object.keys(found).length > 0) {
      focusFirstInvalid();
      return;
    }
    setBusy(true);
    try {
      await resetPassword(token, values.password);
      forgetSession();
      setPhase('done');
    } catch (error) {
      if (hasCode(error, 'AUTH.RESET_INVALID')) {
        setPhase('invalid');
        return;
      }
      const onField = fieldErrorsFrom(error, ['password'] as const).password;
      if (onField) {
        setErrors({ password: onField });
        focusFirstInvalid();
      } else {
        setFailure(accountErrorText(error, accountText.resetFailed));
      }
    } finally {
      setBusy(false);
    }
  }

  const field = (name: Field) => ({
    name,
    value: values[name],
    error: errors[name],
    onChange: (e: { target: { value: string } }) => change(name, e.target.value),
  });

  return (
    <AuthShell>
      <div className={styles.formWrap}>
        {phase === 'done' ? (
          <div ref={outcomeRef} tabIndex={-1} className={styles.done}>
            <h1 className={styles.title}>{accountText.resetDoneTitle}</h1>
            <Alert tone="success">{accountText.resetDone}</Alert>
            <ButtonLink to={paths.login} variant="primary" size="lg" block>
              {accountText.signIn}
            </ButtonLink>
          </div>
        ) : phase === 'invalid' ? (
          <div ref={outcomeRef} tabIndex={-1} className={styles.done}>
            <h1 className={styles.title}>{accountText.resetInvalidTitle}</h1>
            <Alert tone="danger">{catalogueMessage('AUTH.RESET_INVALID')}</Alert>
            <ButtonLink to={paths.forgotPassword} variant="primary" size="lg" block>
              {accountText.requestNewLink}
            </ButtonLink>
            <p className={styles.switch}>
              <Link to={paths.login}>{accountText.backToSignIn}</Link>
            </p>
          </div>
        ) : (
          <>
            <div className={styles.formHeader}>
              <h1 className={styles.title}>{accountText.resetTitle}</h1>
              <p className={styles.subtitle}>{accountText.resetSubtitle}</p>
            </div>
            {failure ? (
              <Alert tone="danger" className={styles.error}>
                {failure}
              </Alert>
            ) : null}
            <form ref={formRef} className={styles.form} onSubmit={onSubmit} noValidate>
              <Input label={accountText.newPassword} type="password" autoComplete="new-password" required maxLength={FIELD_MAX.password} {...field('password')} />
              <Input label={accountText.confirmPassword} type="password" autoComplete="new-password" required maxLength={FIELD_MAX.password} {...field('confirm')} />
              <Button type="submit" variant="primary" size="lg" block loading={busy}>
                {busy ? accountText.resetBusy : accountText.resetSubmit}
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
