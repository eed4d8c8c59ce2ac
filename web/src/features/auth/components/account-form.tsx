import type { FormEvent, ReactNode, Ref } from 'react';
import { Link } from 'react-router-dom';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { paths } from '../../../config/paths';
import { accountText } from '../../../lib/account-text';
import styles from './auth-page.module.css';

/** An account form beside sign-in (forgot or reset the password): a refusal above, the fields, the submit, and the way back to sign in. */
export function AccountForm({
  formRef,
  failure,
  busy,
  submitLabel,
  busyLabel,
  onSubmit,
  children,
}: {
  formRef: Ref<HTMLFormElement>;
  failure: string | null;
  busy: boolean;
  submitLabel: string;
  busyLabel: string;
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
  children: ReactNode;
}) {
  return (
    <>
      {failure ? (
        <Alert tone="danger" className={styles.error}>
          {failure}
        </Alert>
      ) : null}
      <form ref={formRef} className={styles.form} onSubmit={onSubmit} noValidate>
        {children}
        <Button type="submit" variant="primary" size="lg" block loading={busy}>
          {busy ? busyLabel : submitLabel}
        </Button>
      </form>
      <p className={styles.switch}>
        <Link to={paths.login}>{accountText.backToSignIn}</Link>
      </p>
    </>
  );
}
