import { notificationKinds, type User } from '@postwright/contracts';
import { Alert } from '../../../components/ui/alert';
import { Card, CardBody, CardHeader } from '../../../components/ui/card';
import { accountText } from '../../../lib/account-text';
import { useNotificationChoices, type SaveState } from '../hooks/use-notification-choices';
import styles from './settings-page.module.css';

/** The server's default; stands in for a user written by an older version of the app in another tab. */
const allOn = { postPublished: true, postFailed: true, linkedinExpiry: true };

const saveText: Record<SaveState, string> = {
  idle: '',
  saving: accountText.saving,
  saved: accountText.saved,
  failed: accountText.saveFailed,
};

/**
 * Email notifications: one box per kind, each saved as it changes, with a small status that is
 * read out. They go to the account's address, and only once it is verified.
 */
export function NotificationsCard({ user }: { user: Pick<User, 'email' | 'emailVerified' | 'notifications'> }) {
  const { choices, save, toggle } = useNotificationChoices(user.notifications ?? allOn);
  return (
    <Card as="section" aria-labelledby="settings-notifications-title">
      <CardHeader id="settings-notifications-title" title={accountText.notificationsTitle} description={accountText.notificationsTo(user.email)} />
      <CardBody className={styles.body}>
        {user.emailVerified === false ? <Alert tone="info">{accountText.notificationsUnverified}</Alert> : null}
        <fieldset className={styles.fieldset}>
          <legend className="visually-hidden">{accountText.notificationsTitle}</legend>
          {notificationKinds.map((kind) => (
            <label key={kind} className={styles.check}>
              <input type="checkbox" name={kind} checked={choices[kind]} onChange={(e) => toggle(kind, e.target.checked)} />
              <span>{accountText.notificationLabels[kind]}</span>
            </label>
          ))}
        </fieldset>
        <p role="status" className={save === 'failed' ? styles.saveFailed : styles.saveStatus} data-testid="notifications-status">
          {saveText[save]}
        </p>
      </CardBody>
    </Card>
  );
}
