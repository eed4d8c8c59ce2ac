import { useState, type FormEvent } from 'react';
import { FIELD_MAX } from '@postwright/contracts';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Card, CardBody, CardHeader } from '../../../components/ui/card';
import { fieldErrorsFrom, Input, useFocusFirstInvalid } from '../../../components/ui/field';
import { changePassword } from '../../../lib/account-api';
import { accountErrorText, accountText, catalogueMessage, CONFIRM_REQUIRED, hasCode, newPasswordProblem, PASSWORDS_DIFFER } from '../../../lib/account-text';
import styles from './settings-page.module.css';

type Field = 'currentPassword' | 'newPassword' | 'confirmPassword';
type Values = Record<Field, string>;
type Errors = Partial<Record<Field, string>>;

const empty: Values = { currentPassword: '', newPassword: '', confirmPassword: '' };

function validate(values: Values): Errors {
  const errors: Errors = {};
  if (!values.currentPassword) errors.currentPassword = `${accountText.currentPassword} is required`;
  const problem = newPasswordProblem(accountText.newPassword, values.newPassword);
  if (problem) errors.newPassword = problem;
  if (!values.confirmPassword) errors.confirmPassword = CONFIRM_REQUIRED;
  else if (values.newPassword && values.confirmPassword !== values.newPassword) errors.confirmPassword = PASSWORDS_DIFFER;
  return errors;
}

/**
 * Change password: the current one, the new one and its confirmation. This session stays and the
 * member's other sessions end, which the success message says. A refusal about a field (a wrong
 * current password, a new one too short) is shown on that field and takes focus.
 */
export function ChangePasswordCard() {
  const [values, setValues] = useState<Values>(empty);
  const [errors, setErrors] = useState<Errors>({});
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const { ref: formRef, focusFirstInvalid } = useFocusFirstInvalid();

  function change(field: Field, value: string) {
    setValues((current) => ({ ...current, [field]: value }));
    setDone(false);
    setFailure(null);
    setErrors((current) => {
      const next = { ...current };
      delete next[field];
      if (field === 'newPassword') delete next.confirmPassword;
      return next;
    });
  }

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    const found = validate(values);
    setErrors(found);
    setDone(false);
    setFailure(null);
    if (Object.keys(found).length > 0) {
      focusFirstInvalid();
      return;
    }
    setBusy(true);
    try {
      await changePassword(values.currentPassword, values.newPassword);
      setValues(empty);
      setDone(true);
    } catch (error) {
      const onFields: Errors = fieldErrorsFrom(error, ['currentPassword', 'newPassword'] as const);
      if (hasCode(error, 'AUTH.PASSWORD_INCORRECT') && !onFields.currentPassword) onFields.currentPassword = catalogueMessage('AUTH.PASSWORD_INCORRECT');
      if (Object.keys(onFields).length > 0) {
        setErrors(onFields);
        focusFirstInvalid();
      } else {
        setFailure(accountErrorText(error, accountText.changePasswordFailed));
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
    <Card as="section" aria-labelledby="settings-password-title">
      <CardHeader id="settings-password-title" title={accountText.changePasswordTitle} />
      <CardBody className={styles.body}>
        <form ref={formRef} className={styles.form} onSubmit={onSubmit} noValidate aria-labelledby="settings-password-title">
          <Input label={accountText.currentPassword} type="password" autoComplete="current-password" required maxLength={FIELD_MAX.password} {...field('currentPassword')} />
          <Input
            label={accountText.newPassword}
            type="password"
            autoComplete="new-password"
            hint={accountText.newPasswordHint}
            required
            maxLength={FIELD_MAX.password}
            {...field('newPassword')}
          />
          <Input label={accountText.confirmNewPassword} type="password" autoComplete="new-password" required maxLength={FIELD_MAX.password} {...field('confirmPassword')} />
          {done ? <Alert tone="success">{accountText.passwordChanged}</Alert> : null}
          {failure ? <Alert tone="danger">{failure}</Alert> : null}
          <div>
            <Button type="submit" variant="primary" loading={busy}>
              {busy ? accountText.changingPassword : accountText.changePassword}
            </Button>
          </div>
        </form>
      </CardBody>
    </Card>
  );
}
