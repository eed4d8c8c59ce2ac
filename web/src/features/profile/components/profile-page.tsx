// PLACEHOLDER (issue 7, web shell): the profile screen of issue 8 replaces this file.
import { PageHeader } from '../../../components/layouts/page-header';
import { PlaceholderPanel } from '../../../components/layouts/placeholder-panel';
import { useUser } from '../../../lib/auth';
import { fullName } from '../../../lib/user';
import { useDocumentTitle } from '../../../lib/use-document-title';

export function ProfilePage() {
  const user = useUser();
  useDocumentTitle('Profile');
  return (
    <>
      <PageHeader title="Profile" description={`${fullName(user)} · ${user.email}`} />
      <PlaceholderPanel>Your personal information, LinkedIn connection and account status will appear here.</PlaceholderPanel>
    </>
  );
}
