import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { PublicLayout } from '../../../components/site/public-layout';
import { paths } from '../../../config/paths';
import { site } from '../../../config/site';
import { useDocumentTitle } from '../../../lib/use-document-title';
import styles from './legal-document.module.css';

export interface LegalSection {
  id: string;
  title: string;
  body: ReactNode;
}

const related = [
  { to: paths.privacy, label: 'Privacy Policy' },
  { to: paths.terms, label: 'Terms of Service' },
  { to: paths.refund, label: 'Refund Policy' },
  { to: paths.cookies, label: 'Cookie Policy' },
];

/** A legal page: title, summary, contents, numbered sections, links to the other policies. */
export function LegalDocument({ title, summary, sections }: { title: string; summary: string; sections: LegalSection[] }) {
  useDocumentTitle(title);
  return (
    <PublicLayout>
      <div className={styles.hero}>
        <div className="container">
          <p className={styles.eyebrow}>Legal</p>
          <h1 className={styles.title}>{title}</h1>
          <p className={styles.summary}>{summary}</p>
          <p className={styles.updated}>Last updated: {site.legalUpdated}</p>
        </div>
      </div>
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
        <article className={styles.body}>
          {sections.map((section, i) => (
            <section key={section.id} aria-labelledby={section.id}>
              <h2 id={section.id}>
                {i + 1}. {section.title}
              </h2>
              {section.body}
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
