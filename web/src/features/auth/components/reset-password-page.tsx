import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { FIELD_MAX } from '@postwright/contracts';
import { Alert } from '../../../components/ui/alert';
import { ButtonLink } from '../../../components/ui/button';
import { fieldErrorsFrom, Input } from '../../../components/ui/field';
import { useFieldForm } from '../../../components/ui/use-field-form';
import { paths } from '../../../config/paths';
import { resetPassword } from '../../../lib/account-api';
import { accountErrorText, accountText, catalogueMessage, CONFIRM_REQUIRED, hasCode, newPasswordProblem, PASSWORDS_DIFFER } from '../../../lib/account-text';
import { useAuth } from '../../../lib/auth';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { AccountForm } from './account-form';
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
  const [phase, setPhase] = useState<Phase>(token ? 'form' : 'invalid');
  const form = useFieldForm<Field>({ password: '', confirm: '' }, { alsoClears: { password: 'confirm' } });
  const outcomeRef = useRef<HTMLDivElement>(null);

  // the form is gone once it worked or the link proved useless: focus goes to what replaced it
  useEffect(() => {
    if (phase !== 'form') outcomeRef.current?.focus();
  }, [phase]);

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const { password, confirm } = form.values;
    const found: Partial<Record<Field, string>> = {};
    const problem = newPasswordProblem(accountText.newPassword, password);
    if (problem) found.password = problem;
    if (!confirm) found.confirm = CONFIRM_REQUIRED;
    else if (password && confirm !== password) found.confirm = PASSWORDS_DIFFER;
    void form.submit(
      found,
      async () => {
        try {
          await resetPassword(token, password);
        } catch (error) {
          if (!hasCode(error, 'AUTH.RESET_INVALID')) throw error;
          setPhase('invalid');
          return;
        }
        forgetSession();
        setPhase('done');
      },
      (error) => ({ fields: fieldErrorsFrom(error, ['password'] as const), failure: accountErrorText(error, accountText.resetFailed) }),
    );
  }

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
            <AccountForm formRef={form.formRef} failure={form.failure} busy={form.busy} submitLabel={accountText.resetSubmit} busyLabel={accountText.resetBusy} onSubmit={onSubmit}>
              <Input label={accountText.newPassword} type="password" autoComplete="new-password" required maxLength={FIELD_MAX.password} {...form.field('password')} />
              <Input label={accountText.confirmPassword} type="password" autoComplete="new-password" required maxLength={FIELD_MAX.password} {...form.field('confirm')} />
            </AccountForm>
          </>
        )}
      </div>
    </AuthShell>
  );
}
