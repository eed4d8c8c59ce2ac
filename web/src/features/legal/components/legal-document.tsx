import type { MouseEvent } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { PageIntro } from '../../../components/site/marketing-sections';
import { PublicLayout } from '../../../components/site/public-layout';
import { paths } from '../../../config/paths';
import { site } from '../../../config/site';
import { useDocumentTitle } from '../../../lib/use-document-title';
import styles from './legal-document.module.css';

/** A legal page as the Markdown renderer gives it: title, summary and sections of HTML. */
export interface LegalMarkdown {
  title: string;
  summary: string;
  sections: Array<{ id: string; title: string; html: string }>;
}

const related = [
  { to: paths.privacy, label: 'Privacy Policy' },
  { to: paths.terms, label: 'Terms of Service' },
  { to: paths.refund, label: 'Refund Policy' },
  { to: paths.cookies, label: 'Cookie Policy' },
];

/** A link inside the rendered text to another page of the app goes through the router (no reload). */
function useInAppLinks() {
  const navigate = useNavigate();
  return (event: MouseEvent<HTMLElement>) => {
    if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    const anchor = (event.target as HTMLElement).closest('a');
    const href = anchor?.getAttribute('href');
    if (!anchor || !href || anchor.target || !href.startsWith('/') || href.startsWith('//')) return;
    event.preventDefault();
    navigate(href);
  };
}

/** A legal page: title, summary, contents, numbered sections, links to the other policies. */
export function LegalDocument({ document }: { document: LegalMarkdown }) {
  const { title, summary, sections } = document;
  useDocumentTitle(title);
  const followInAppLink = useInAppLinks();
  return (
    <PublicLayout>
      <PageIntro eyebrow="Legal" title={title} lead={summary}>
        <p>Last updated: {site.legalUpdated}</p>
      </PageIntro>
      <div className={`container ${styles.layout}`}>
        <nav className={styles.toc} aria-label="On this page">
          <p className={styles.tocTitle}>On this page</p>
          <ol className={styles.tocList}>
            {sections.map((section) => (
              <li key={section.id}>
                <a href={`#${section.id}`}>{section.title}</a>
              </li>
            ))}
          </ol>
        </nav>
        {/* routes the rendered text's own links (a keyboard's Enter on a link is a click too); the article is no control */}
        <article className={styles.body} onClick={followInAppLink}>
          {sections.map((section, i) => (
            <section key={section.id} aria-labelledby={section.id}>
              <h2 id={section.id}>
                {i + 1}. {section.title}
              </h2>
              {/*
               * Safe to insert as HTML: it is our own Markdown (src/features/legal/content), rendered when
               * the app is built, never anything a user typed or the server sent.
               */}
              <div dangerouslySetInnerHTML={{ __html: section.html }} />
            </section>
          ))}
          <nav className={styles.related} aria-label="Other policies">
            <ul>
              {related
                .filter((r) => r.label !== title)
                .map((r) => (
                  <li key={r.to}>
                    <Link to={r.to}>{r.label}</Link>
                  </li>
                ))}
            </ul>
          </nav>
        </article>
      </div>
    </PublicLayout>
  );
}
