import { useEffect } from 'react';
import { PageHeader } from '../../../components/layouts/page-header';
import { accountText } from '../../../lib/account-text';
import { useAuth, useUser } from '../../../lib/auth';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { AccountCard } from './account-card';
import { ChangePasswordCard } from './change-password-card';
import { NotificationsCard } from './notifications-card';
import styles from './settings-page.module.css';

/**
 * /settings (the profile's Quick Actions land here): the account's address and its verification,
 * the password, and which notification emails to get. The user is read again on opening, so a
 * verification or unsubscribe done elsewhere shows.
 */
export function SettingsPage() {
  const user = useUser();
  const { refreshUser } = useAuth();
  useDocumentTitle(accountText.settingsTitle);

  useEffect(() => {
    refreshUser().catch(() => {});
  }, [refreshUser]);

  return (
    <>
      <PageHeader title={accountText.settingsTitle} description={accountText.settingsDescription} />
      <div className={styles.layout}>
        <div className={styles.column}>
          <AccountCard user={user} />
          <NotificationsCard user={user} />
        </div>
        <div className={styles.column}>
          <ChangePasswordCard />
        </div>
      </div>
    </>
  );
}
