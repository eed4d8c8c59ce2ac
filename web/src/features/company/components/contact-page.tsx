import { Link } from 'react-router-dom';
import { MarketingSection, PageIntro } from '../../../components/site/marketing-sections';
import { PublicLayout } from '../../../components/site/public-layout';
import { IconLifeBuoy, IconMail, IconShield } from '../../../components/ui/icons';
import { paths } from '../../../config/paths';
import { site } from '../../../config/site';
import { useAuth } from '../../../lib/auth';
import { useDocumentTitle } from '../../../lib/use-document-title';
import styles from './company.module.css';

const channels = [
  {
    icon: IconLifeBuoy,
    title: 'Product support',
    text: 'Questions about your account, LinkedIn, generating or scheduling posts.',
    email: site.supportEmail,
  },
  {
    icon: IconMail,
    title: 'Billing and refunds',
    text: 'Plans, invoices and the 30-day money-back guarantee.',
    email: site.billingEmail,
  },
  {
    icon: IconShield,
    title: 'Privacy',
    text: 'Requests about your personal data, or a copy of it.',
    email: site.privacyEmail,
  },
];

export function ContactPage() {
  useDocumentTitle('Contact');
  const { status } = useAuth();
  return (
    <PublicLayout>
      <PageIntro
        eyebrow="Contact"
        title="Talk to a human"
        lead={`Write to us about anything. A real person answers every message within ${site.supportResponseHours} hours.`}
      />
      <MarketingSection tight label="Ways to reach us">
        <ul className={styles.grid3}>
          {channels.map(({ icon: Icon, title, text, email }) => (
            <li key={title} className={styles.card}>
              <span className={styles.cardIcon}>
                <Icon size={20} />
              </span>
              <h2 className={styles.cardTitle}>{title}</h2>
              <p className={styles.cardText}>{text}</p>
              <a className={styles.cardLink} href={`mailto:${email}`}>
                {email}
              </a>
            </li>
          ))}
        </ul>
        <p className={styles.more}>
          {status === 'authenticated' ? (
            <>
              Looking for step-by-step answers? Visit the <Link to={paths.support}>help centre</Link>.
            </>
          ) : (
            <>
              Looking for quick answers? Read the <Link to={paths.faq}>frequently asked questions</Link>.
            </>
          )}
        </p>
      </MarketingSection>
    </PublicLayout>
  );
}
