import { FaqList } from '../../../components/site/faq';
import { PublicLayout } from '../../../components/site/public-layout';
import { ButtonLink } from '../../../components/ui/button';
import { paths } from '../../../config/paths';
import { site } from '../../../config/site';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { PageIntro } from './page-intro';
import styles from './company.module.css';

export function FaqPage() {
  useDocumentTitle('FAQ');
  return (
    <PublicLayout>
      <PageIntro
        eyebrow="FAQ"
        title="Frequently asked questions"
        lead={`Everything you need to know about writing, publishing and scheduling with ${site.name}.`}
      />
      <section className={styles.section} aria-label="Questions and answers">
        <div className="container">
          <div className={styles.faqBox}>
            <FaqList headingLevel={2} />
          </div>
        </div>
      </section>
      <section className={styles.section} style={{ paddingTop: 0 }} aria-labelledby="faq-more">
        <div className="container">
          <div className={styles.cta}>
            <div>
              <h2 id="faq-more" className={styles.ctaTitle}>
                Still have questions?
              </h2>
              <p className={styles.ctaText}>We answer every message within {site.supportResponseHours} hours.</p>
            </div>
            <div className={styles.ctaActions}>
              <ButtonLink to={paths.contact} variant="primary" size="lg">
                Contact us
              </ButtonLink>
            </div>
          </div>
        </div>
      </section>
    </PublicLayout>
  );
}
