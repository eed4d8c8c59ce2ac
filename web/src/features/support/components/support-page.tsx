// PLACEHOLDER (issue 7, web shell): the support screen of issue 8 replaces this file.
import { PageHeader } from '../../../components/layouts/page-header';
import { PlaceholderPanel } from '../../../components/layouts/placeholder-panel';
import { site } from '../../../config/site';
import { useDocumentTitle } from '../../../lib/use-document-title';

export function SupportPage() {
  useDocumentTitle('Support');
  return (
    <>
      <PageHeader title="Support" description="Answers to common questions, and a way to reach us." />
      <PlaceholderPanel>
        The help centre will appear here. Meanwhile, write to <a href={`mailto:${site.supportEmail}`}>{site.supportEmail}</a>.
      </PlaceholderPanel>
    </>
  );
}
