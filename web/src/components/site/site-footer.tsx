import { Link } from 'react-router-dom';
import { paths, landingAnchors } from '../../config/paths';
import { site } from '../../config/site';
import { useAuth } from '../../lib/auth';
import { Logo } from './logo';
import styles from './site-footer.module.css';

/** Footer of the public pages: product, support and legal links. */
export function SiteFooter() {
  const { status } = useAuth();
  const signedIn = status === 'authenticated';
  const product = [
    { label: 'Features', to: signedIn ? paths.demo : `${paths.home}#${landingAnchors.features}` },
    { label: 'Pricing', to: signedIn ? paths.pricing : `${paths.home}#${landingAnchors.pricing}` },
    { label: 'Watch the demo', to: paths.demo },
    { label: 'About', to: paths.about },
  ];
  const support = [
    { label: 'FAQ', to: paths.faq },
    { label: 'Contact', to: paths.contact },
    ...(signedIn ? [{ label: 'Help centre', to: paths.support }] : [{ label: 'Login', to: paths.login }]),
  ];
  const legal = [
    { label: 'Privacy Policy', to: paths.privacy },
    { label: 'Terms of Service', to: paths.terms },
    { label: 'Refund Policy', to: paths.refund },
    { label: 'Cookie Policy', to: paths.cookies },
  ];
  const columns = [
    { title: 'Product', links: product },
    { title: 'Support', links: support },
    { title: 'Legal', links: legal },
  ];

  return (
    <footer className={styles.footer}>
      <div className={`container ${styles.top}`}>
        <div className={styles.brand}>
          <Logo inverse />
          <p>AI-assisted LinkedIn posts for executives: five proven content types, five hooks per post, and the $1,000 insight test behind every word.</p>
        </div>
        {columns.map((column) => (
          <nav key={column.title} aria-label={column.title}>
            <h2 className={styles.heading}>{column.title}</h2>
            <ul className={styles.links}>
              {column.links.map((link) => (
                <li key={link.label}>
                  <Link to={link.to}>{link.label}</Link>
                </li>
              ))}
            </ul>
          </nav>
        ))}
      </div>
      <div className={`container ${styles.bottom}`}>
        <p>
          © {new Date().getFullYear()} {site.name}. All rights reserved.
        </p>
        <p>
          Questions? <a href={`mailto:${site.supportEmail}`}>{site.supportEmail}</a>
        </p>
      </div>
    </footer>
  );
}
