import { CallToAction, MarketingSection, PageIntro, StatsBand } from '../../../components/site/marketing-sections';
import { PublicLayout } from '../../../components/site/public-layout';
import { IconCalendar, IconTarget, IconUser } from '../../../components/ui/icons';
import { trialTerms } from '../../../config/site';
import { useDocumentTitle } from '../../../lib/use-document-title';
import styles from './company.module.css';

const values = [
  {
    icon: IconTarget,
    title: 'Insight over noise',
    text: 'Every post should pass the $1,000 insight test: advice specific enough that someone would pay for it.',
  },
  {
    icon: IconUser,
    title: 'Your voice, amplified',
    text: 'We build every post on a real experience you share. The ideas are yours; we help you say them well.',
  },
  {
    icon: IconCalendar,
    title: 'Consistency compounds',
    text: 'Five content types on their own days turn occasional posting into a rhythm your network learns to expect.',
  },
];

export function AboutPage() {
  useDocumentTitle('About');
  return (
    <PublicLayout>
      <PageIntro
        eyebrow="About Postwright"
        title="We help leaders turn expertise into influence"
        lead="The people with the most valuable lessons are often the ones with the least time to write them down. Postwright closes that gap."
      />
      <MarketingSection tight labelledBy="story-title">
        <h2 id="story-title" className={styles.sectionTitle}>
          Why we built it
        </h2>
        <div className={styles.prose}>
          <p>
            Executives learn something worth sharing every week: a hiring mistake, a negotiation that turned, a framework that finally made
            a team click. Most of it never leaves the meeting room, because writing a good LinkedIn post takes hours they do not have.
          </p>
          <p>
            Postwright is built on a coach-tested, five-type content framework that took one founder from 2K to 44K followers in 16 months.
            We turned that method into a tool: pick the type of post, share the experience behind it, and get a polished draft with five
            opening hooks in about 30 seconds. Today more than 500 executives use it to stay visible without giving up their evenings.
          </p>
        </div>
      </MarketingSection>
      <StatsBand />
      <MarketingSection tight labelledBy="values-title">
        <h2 id="values-title" className={styles.sectionTitle}>
          What we believe
        </h2>
        <ul className={styles.grid3}>
          {values.map(({ icon: Icon, title, text }) => (
            <li key={title} className={styles.card}>
              <span className={styles.cardIcon}>
                <Icon size={20} />
              </span>
              <h3 className={styles.cardTitle}>{title}</h3>
              <p className={styles.cardText}>{text}</p>
            </li>
          ))}
        </ul>
      </MarketingSection>
      <CallToAction id="about-cta" title="Write your first post today" text={`It takes about five minutes. ${trialTerms}.`} actions={['start', 'contact']} />
    </PublicLayout>
  );
}
