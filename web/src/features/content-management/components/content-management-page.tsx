// PLACEHOLDER (issue 7, web shell): the content management screen of issue 8 replaces this file.
import { PageHeader } from '../../../components/layouts/page-header';
import { PlaceholderPanel } from '../../../components/layouts/placeholder-panel';
import { useDocumentTitle } from '../../../lib/use-document-title';

export function ContentManagementPage() {
  useDocumentTitle('Manage content');
  return (
    <>
      <PageHeader title="Content Management" description="Your drafts, scheduled and published posts." />
      <PlaceholderPanel>Your content library will appear here.</PlaceholderPanel>
    </>
  );
}
