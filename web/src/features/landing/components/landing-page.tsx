import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router-dom';
import { frameworkWeek } from '../../../components/site/marketing-content';
import { CallToAction, FaqSection, MarketingSection, SectionHeader, StatsBand, TestimonialsSection } from '../../../components/site/marketing-sections';
import { PlanPicker } from '../../../components/site/plan-picker';
import { PublicLayout } from '../../../components/site/public-layout';
import { ButtonLink } from '../../../components/ui/button';
import { IconArrowRight, IconCalendar, IconHook, IconLayers, IconPlay, IconSend, IconTarget, IconZap } from '../../../components/ui/icons';
import { landingAnchors, paths } from '../../../config/paths';
import { trialTerms } from '../../../config/site';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useNearViewport, usePlans } from '../../../lib/use-plans';
import { features } from './content';
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

export function LandingPage() {
  useDocumentTitle('LinkedIn posts for executives, written with AI');
  useScrollToHash();
  // prices as sold, asked for only when the pricing section comes near: the first paint calls no API
  const pricingRef = useRef<HTMLDivElement>(null);
  const pricingNear = useNearViewport(pricingRef);
  const offers = usePlans({ load: pricingNear });

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
            <p className={styles.heroNote}>{trialTerms} · Cancel anytime</p>
          </div>
          <HeroPreview />
        </div>
      </section>

      <StatsBand />

      <MarketingSection id={landingAnchors.features} labelledBy="features-title">
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
            {frameworkWeek.map((item) => (
              <li key={item.name} className={styles.weekItem}>
                <span className={styles.weekDay}>{item.day}</span>
                <span className={styles.weekName}>{item.name}</span>
                <span className={styles.weekPurpose}>{item.purpose}</span>
              </li>
            ))}
          </ol>
        </div>
      </MarketingSection>

      <TestimonialsSection id={landingAnchors.testimonials} />

      <MarketingSection id={landingAnchors.pricing} labelledBy="pricing-title">
        <SectionHeader
          id="pricing-title"
          eyebrow="Pricing"
          title="Simple pricing that pays for itself"
          text="One new client from LinkedIn covers years of Postwright. Start free, choose a plan when you are ready."
        />
        <div ref={pricingRef}>
          <PlanPicker
            plans={offers}
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
      </MarketingSection>

      <FaqSection id={landingAnchors.faq} />

      <CallToAction
        id="cta-title"
        title="Your next client is scrolling LinkedIn right now"
        text={`Give them something worth stopping for. Write your first post in the next five minutes, with a ${trialTerms}.`}
        actions={['start', 'demo']}
      />
    </PublicLayout>
  );
}
