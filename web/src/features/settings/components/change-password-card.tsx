import { useState, type FormEvent } from 'react';
import { FIELD_MAX } from '@postwright/contracts';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Card, CardBody, CardHeader } from '../../../components/ui/card';
import { fieldErrorsFrom, Input } from '../../../components/ui/field';
import { useFieldForm } from '../../../components/ui/use-field-form';
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
  const [done, setDone] = useState(false);
  const form = useFieldForm<Field>(empty, { alsoClears: { newPassword: 'confirmPassword' }, clearFailureOnEdit: true, onEdit: () => setDone(false) });
  const { field } = form;

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (form.busy) return;
    setDone(false);
    void form.submit(
      validate(form.values),
      async () => {
        await changePassword(form.values.currentPassword, form.values.newPassword);
        form.setValues(empty);
        setDone(true);
      },
      (error) => {
        const fields: Errors = fieldErrorsFrom(error, ['currentPassword', 'newPassword'] as const);
        if (hasCode(error, 'AUTH.PASSWORD_INCORRECT') && !fields.currentPassword) fields.currentPassword = catalogueMessage('AUTH.PASSWORD_INCORRECT');
        return { fields, failure: accountErrorText(error, accountText.changePasswordFailed) };
      },
    );
  }

  return (
    <Card as="section" aria-labelledby="settings-password-title">
      <CardHeader id="settings-password-title" title={accountText.changePasswordTitle} />
      <CardBody className={styles.body}>
        <form ref={form.formRef} className={styles.form} onSubmit={onSubmit} noValidate aria-labelledby="settings-password-title">
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
          {form.failure ? <Alert tone="danger">{form.failure}</Alert> : null}
          <div>
            <Button type="submit" variant="primary" loading={form.busy}>
              {form.busy ? accountText.changingPassword : accountText.changePassword}
            </Button>
          </div>
        </form>
      </CardBody>
    </Card>
  );
}
