// PLACEHOLDER (issue 7, web shell): the content creation screen of issue 8 replaces this file.
import { PageHeader } from '../../../components/layouts/page-header';
import { PlaceholderPanel } from '../../../components/layouts/placeholder-panel';
import { useDocumentTitle } from '../../../lib/use-document-title';

export function ContentPage() {
  useDocumentTitle('Generate content');
  return (
    <>
      <PageHeader title="Generate Content" description="Choose a content type, tell us about your topic and get a post with five hooks." />
      <PlaceholderPanel>The content generator will appear here.</PlaceholderPanel>
    </>
  );
}
