import { useEffect } from 'react';
import { useLocation } from 'react-router-dom';
import { PublicLayout } from '../../../components/site/public-layout';
import { FaqList } from '../../../components/site/faq';
import { PlanPicker } from '../../../components/site/plan-picker';
import { ButtonLink } from '../../../components/ui/button';
import { IconArrowRight, IconCalendar, IconHook, IconLayers, IconPlay, IconQuote, IconSend, IconTarget, IconZap } from '../../../components/ui/icons';
import { landingAnchors, paths } from '../../../config/paths';
import { site } from '../../../config/site';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { features, stats, testimonials, week } from './content';
import { HeroPreview } from './hero-preview';
import styles from './landing-page.module.css';

const featureIcons = { layers: IconLayers, hook: IconHook, zap: IconZap, send: IconSend, calendar: IconCalendar, target: IconTarget };

/** Scrolls to #anchor on arrival (e.g. /#pricing from another page). */
function useScrollToHash() {
  const { hash } = useLocation();
  useEffect(() => {
    if (!hash) return;
    const target = document.getElementById(decodeURIComponent(hash.slice(1)));
    target?.scrollIntoView();
  }, [hash]);
}

function SectionHeader({ eyebrow, title, text, id }: { eyebrow: string; title: string; text?: string; id: string }) {
  return (
    <div className={styles.sectionHeader}>
      <p className={styles.eyebrow}>{eyebrow}</p>
      <h2 id={id} className={styles.sectionTitle}>
        {title}
      </h2>
      {text ? <p className={styles.sectionText}>{text}</p> : null}
    </div>
  );
}

export function LandingPage() {
  useDocumentTitle('LinkedIn posts for executives, written with AI');
  useScrollToHash();

  return (
    <PublicLayout onLanding>
      <section className={styles.hero} aria-labelledby="hero-title">
        <div className={`container ${styles.heroInner}`}>
          <div className={styles.heroCopy}>
            <p className={styles.heroEyebrow}>
              <span className={styles.heroEyebrowDot} aria-hidden="true" />
              Built on a proven five-type content framework
            </p>
            <h1 id="hero-title" className={styles.heroTitle}>
              Turn your expertise into LinkedIn posts that <span className={styles.heroAccent}>win clients</span>
            </h1>
            <p className={styles.heroText}>
              Postwright turns one real experience from your week into a polished post with five opening hooks, in about 30 seconds. Edit
              it, publish it to LinkedIn or schedule it for the right day.
            </p>
            <div className={styles.heroActions}>
              <ButtonLink to={paths.signup} variant="primary" size="lg">
                Start Free Trial
                <IconArrowRight size={18} />
              </ButtonLink>
              <ButtonLink to={paths.demo} variant="secondary" size="lg" icon={<IconPlay size={18} />}>
                Watch 2-Min Demo
              </ButtonLink>
            </div>
            <p className={styles.heroNote}>
              {site.trialDays}-day free trial · No credit card required · Cancel anytime
            </p>
          </div>
          <HeroPreview />
        </div>
      </section>

      <section className={styles.stats} aria-label="Postwright in numbers">
        <dl className={`container ${styles.statsGrid}`}>
          {stats.map((stat) => (
            <div key={stat.value} className={styles.stat}>
              <dt className={styles.statLabel}>{stat.label}</dt>
              <dd className={styles.statValue}>
                {stat.srValue ? (
                  <>
                    <span aria-hidden="true">{stat.value}</span>
                    <span className="visually-hidden">{stat.srValue}</span>
                  </>
                ) : (
                  stat.value
                )}
              </dd>
            </div>
          ))}
        </dl>
      </section>

      <section id={landingAnchors.features} className={styles.section} aria-labelledby="features-title">
        <div className="container">
          <SectionHeader
            id="features-title"
            eyebrow="Features"
            title="Everything you need to post like a thought leader"
            text="A writing partner that knows what works on LinkedIn, and a workflow that gets your best thinking out of your head and onto the feed."
          />
          <ul className={styles.featureGrid}>
            {features.map((feature) => {
              const Icon = featureIcons[feature.icon];
              return (
                <li key={feature.title} className={styles.featureCard}>
                  <span className={styles.featureIcon}>
                    <Icon size={22} />
                  </span>
                  <h3 className={styles.featureTitle}>{feature.title}</h3>
                  <p className={styles.featureText}>{feature.text}</p>
                </li>
              );
            })}
          </ul>
          <div className={styles.week}>
            <h3 className={styles.weekTitle}>A week of content, by design</h3>
            <ol className={styles.weekList}>
              {week.map((item) => (
                <li key={item.name} className={styles.weekItem}>
                  <span className={styles.weekDay}>{item.day}</span>
                  <span className={styles.weekName}>{item.name}</span>
                  <span className={styles.weekPurpose}>{item.purpose}</span>
                </li>
              ))}
            </ol>
          </div>
        </div>
      </section>

      <section id={landingAnchors.testimonials} className={`${styles.section} ${styles.sectionMuted}`} aria-labelledby="testimonials-title">
        <div className="container">
          <SectionHeader id="testimonials-title" eyebrow="Testimonials" title="Executives who stopped guessing what to post" />
          <ul className={styles.testimonialGrid}>
            {testimonials.map((t) => (
              <li key={t.name} className={styles.testimonial}>
                <figure>
                  <p className={styles.testimonialHighlight}>{t.highlight}</p>
                  <IconQuote className={styles.quoteIcon} size={28} />
                  <blockquote className={styles.quote}>
                    <p>{t.quote}</p>
                  </blockquote>
                  <figcaption className={styles.author}>
                    <span className={styles.authorAvatar} aria-hidden="true">
                      {t.name
                        .split(' ')
                        .map((part) => part[0])
                        .join('')}
                    </span>
                    <span>
                      <span className={styles.authorName}>{t.name}</span>
                      <span className={styles.authorTitle}>{t.title}</span>
                    </span>
                  </figcaption>
                </figure>
              </li>
            ))}
          </ul>
        </div>
      </section>

      <section id={landingAnchors.pricing} className={styles.section} aria-labelledby="pricing-title">
        <div className="container">
          <SectionHeader
            id="pricing-title"
            eyebrow="Pricing"
            title="Simple pricing that pays for itself"
            text="One new client from LinkedIn covers years of Postwright. Start free, choose a plan when you are ready."
          />
          <PlanPicker
            action={(plan, period) => (
              <ButtonLink
                to={paths.signup}
                state={{ plan: plan.name, period }}
                variant={plan.mostPopular ? 'primary' : 'secondary'}
                size="lg"
                block
                aria-label={`Start Free Trial with ${plan.name}`}
              >
                Start Free Trial
              </ButtonLink>
            )}
          />
        </div>
      </section>

      <section id={landingAnchors.faq} className={`${styles.section} ${styles.sectionMuted}`} aria-labelledby="faq-title">
        <div className={`container ${styles.faqLayout}`}>
          <div className={styles.faqIntro}>
            <p className={styles.eyebrow}>FAQ</p>
            <h2 id="faq-title" className={styles.sectionTitle}>
              Frequently asked questions
            </h2>
            <p className={styles.sectionText}>
              Something else on your mind? Write to <a href={`mailto:${site.supportEmail}`}>{site.supportEmail}</a>; we answer within{' '}
              {site.supportResponseHours} hours.
            </p>
          </div>
          <div className={styles.faqList}>
            <FaqList />
          </div>
        </div>
      </section>

      <section className={styles.ctaSection} aria-labelledby="cta-title">
        <div className="container">
          <div className={styles.cta}>
            <h2 id="cta-title" className={styles.ctaTitle}>
              Your next client is scrolling LinkedIn right now
            </h2>
            <p className={styles.ctaText}>
              Give them something worth stopping for. Write your first post in the next five minutes, free for {site.trialDays} days.
            </p>
            <div className={styles.ctaActions}>
              <ButtonLink to={paths.signup} variant="inverse" size="lg">
                Start Free Trial
                <IconArrowRight size={18} />
              </ButtonLink>
              <ButtonLink to={paths.demo} variant="primary" size="lg" className={styles.ctaSecondary} icon={<IconPlay size={18} />}>
                Watch 2-Min Demo
              </ButtonLink>
            </div>
          </div>
        </div>
      </section>
    </PublicLayout>
  );
}
