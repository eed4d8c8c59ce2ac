import { CallToAction, FaqSection, PageIntro } from '../../../components/site/marketing-sections';
import { PublicLayout } from '../../../components/site/public-layout';
import { site } from '../../../config/site';
import { useDocumentTitle } from '../../../lib/use-document-title';

export function FaqPage() {
  useDocumentTitle('FAQ');
  return (
    <PublicLayout>
      <PageIntro
        eyebrow="FAQ"
        title="Frequently asked questions"
        lead={`Everything you need to know about writing, publishing and scheduling with ${site.name}.`}
      />
      <FaqSection withIntro={false} />
      <CallToAction
        id="faq-more"
        title="Still have questions?"
        text={`We answer every message within ${site.supportResponseHours} hours.`}
        actions={['contact']}
      />
    </PublicLayout>
  );
}
