import { PublicLayout } from '../../../components/site/public-layout';
import { ButtonLink } from '../../../components/ui/button';
import { IconCalendar, IconTarget, IconUser } from '../../../components/ui/icons';
import { paths } from '../../../config/paths';
import { useAuth } from '../../../lib/auth';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { PageIntro } from './page-intro';
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
  const { status } = useAuth();
  const signedIn = status === 'authenticated';
  return (
    <PublicLayout>
      <PageIntro
        eyebrow="About Postwright"
        title="We help leaders turn expertise into influence"
        lead="The people with the most valuable lessons are often the ones with the least time to write them down. Postwright closes that gap."
      />
      <section className={styles.section} aria-labelledby="story-title">
        <div className="container">
          <h2 id="story-title" className={styles.sectionTitle}>
            Why we built it
          </h2>
          <div className={styles.prose} style={{ marginTop: 'var(--space-4)' }}>
            <p>
              Executives learn something worth sharing every week: a hiring mistake, a negotiation that turned, a framework that finally
              made a team click. Most of it never leaves the meeting room, because writing a good LinkedIn post takes hours they do not
              have.
            </p>
            <p>
              Postwright is built on a coach-tested, five-type content framework that took one founder from 2K to 44K followers in 16
              months. We turned that method into a tool: pick the type of post, share the experience behind it, and get a polished draft
              with five opening hooks in about 30 seconds. Today more than 500 executives use it to stay visible without giving up their
              evenings.
            </p>
          </div>
        </div>
      </section>
      <section className={styles.section} style={{ paddingTop: 0 }} aria-labelledby="values-title">
        <div className="container">
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
        </div>
      </section>
      <section className={styles.section} style={{ paddingTop: 0 }} aria-label="Postwright in numbers">
        <div className="container">
          <dl className={styles.numbers}>
            <div>
              <dt>executives write with Postwright</dt>
              <dd>500+</dd>
            </div>
            <div>
              <dt>in revenue from LinkedIn-sourced deals</dt>
              <dd>$1.2M+</dd>
            </div>
            <div>
              <dt>to generate a complete post</dt>
              <dd>30 sec</dd>
            </div>
          </dl>
        </div>
      </section>
      <section className={styles.section} style={{ paddingTop: 0 }} aria-labelledby="about-cta">
        <div className="container">
          <div className={styles.cta}>
            <div>
              <h2 id="about-cta" className={styles.ctaTitle}>
                Write your first post today
              </h2>
              <p className={styles.ctaText}>It takes about five minutes, and the trial is free.</p>
            </div>
            <div className={styles.ctaActions}>
              {signedIn ? (
                <ButtonLink to={paths.content} variant="primary" size="lg">
                  Generate Content
                </ButtonLink>
              ) : (
                <ButtonLink to={paths.signup} variant="primary" size="lg">
                  Start Free Trial
                </ButtonLink>
              )}
              <ButtonLink to={paths.contact} variant="secondary" size="lg">
                Contact us
              </ButtonLink>
            </div>
          </div>
        </div>
      </section>
    </PublicLayout>
  );
}
