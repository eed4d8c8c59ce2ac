// PLACEHOLDER (issue 7, web shell): the dashboard screen of issue 8 replaces this file.
// Journeys rely on the greeting "Welcome back, <first name>" being the page heading.
import { PageHeader } from '../../../components/layouts/page-header';
import { PlaceholderPanel } from '../../../components/layouts/placeholder-panel';
import { ButtonLink } from '../../../components/ui/button';
import { IconSparkles } from '../../../components/ui/icons';
import { paths } from '../../../config/paths';
import { useUser } from '../../../lib/auth';
import { useDocumentTitle } from '../../../lib/use-document-title';

export function DashboardPage() {
  const user = useUser();
  useDocumentTitle('Dashboard');
  return (
    <>
      <PageHeader
        title={`Welcome back, ${user.firstName}`}
        description="Create your next post, connect LinkedIn and follow how your content performs."
        actions={
          <ButtonLink to={paths.content} variant="primary" icon={<IconSparkles size={16} />}>
            Generate Content
          </ButtonLink>
        }
      />
      <PlaceholderPanel>Your dashboard overview will appear here.</PlaceholderPanel>
    </>
  );
}
