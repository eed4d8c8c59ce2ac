import type { ReactNode } from 'react';
import { paths } from '../../config/paths';
import { site } from '../../config/site';
import { useAuth } from '../../lib/auth';
import { ButtonLink } from '../ui/button';
import { cx } from '../ui/cx';
import { IconArrowRight, IconPlay, IconQuote } from '../ui/icons';
import { FaqList } from './faq';
import { stats, testimonials } from './marketing-content';
import styles from './marketing.module.css';

/*
 * The sections the public pages share (landing, about, demo, FAQ, contact, legal): one copy of
 * each, so a claim, a quote or a call to action reads the same wherever it appears.
 */

/** The first block of a public page: eyebrow, the page's h1, a lead, and anything below it. */
export function PageIntro({ eyebrow, title, lead, children }: { eyebrow: string; title: string; lead: ReactNode; children?: ReactNode }) {
  return (
    <div className={styles.intro}>
      <div className="container">
        <div className={styles.introInner}>
          <p className={styles.eyebrow}>{eyebrow}</p>
          <h1 className={styles.introTitle}>{title}</h1>
          <p className={styles.introLead}>{lead}</p>
          {children ? <div className={styles.introExtra}>{children}</div> : null}
        </div>
      </div>
    </div>
  );
}

/** A full-width band of the page, its content in the container. `tight` for the shorter company pages. */
export function MarketingSection({
  id,
  labelledBy,
  label,
  muted,
  tight,
  className,
  children,
}: {
  id?: string;
  labelledBy?: string;
  label?: string;
  muted?: boolean;
  tight?: boolean;
  className?: string;
  children: ReactNode;
}) {
  return (
    <section id={id} className={cx(tight ? styles.sectionTight : styles.section, muted && styles.sectionMuted)} aria-labelledby={labelledBy} aria-label={label}>
      <div className={cx('container', className)}>{children}</div>
    </section>
  );
}

/** Eyebrow, h2 (with the id a section is labelled by) and an optional line of text, centred. */
export function SectionHeader({ id, eyebrow, title, text }: { id: string; eyebrow: string; title: string; text?: ReactNode }) {
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

/** The marketing claims in numbers, on a dark band. */
export function StatsBand() {
  return (
    <section className={styles.stats} aria-label="Postwright in numbers">
      <dl className={cx('container', styles.statsGrid)}>
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
  );
}

function initialsOf(name: string): string {
  return name
    .split(' ')
    .map((part) => part[0])
    .join('');
}

/** Three executives in their own words. */
export function TestimonialsSection({ id }: { id?: string }) {
  return (
    <MarketingSection id={id} muted labelledBy="testimonials-title">
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
                  {initialsOf(t.name)}
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
    </MarketingSection>
  );
}

/**
 * The eight questions, one open at a time. With its intro (landing) it is a
 * section of its own with an h2; without (the FAQ page, whose h1 names it) the questions are h2s.
 */
export function FaqSection({ id, withIntro = true }: { id?: string; withIntro?: boolean }) {
  if (!withIntro) {
    return (
      <MarketingSection id={id} tight label="Questions and answers">
        <div className={cx(styles.faqBox, styles.faqBoxWide)}>
          <FaqList headingLevel={2} />
        </div>
      </MarketingSection>
    );
  }
  return (
    <MarketingSection id={id} muted labelledBy="faq-title" className={styles.faqLayout}>
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
      <div className={styles.faqBox}>
        <FaqList />
      </div>
    </MarketingSection>
  );
}

/** What a call to action offers: start (Start Free Trial, or Generate Content when signed in), the demo, or contact. */
export type CtaAction = 'start' | 'demo' | 'contact';

function CtaButton({ action, primary }: { action: CtaAction; primary: boolean }) {
  const { status } = useAuth();
  const look = primary ? ({ variant: 'inverse' } as const) : ({ variant: 'primary', className: styles.ctaSecondary } as const);
  if (action === 'demo') {
    return (
      <ButtonLink to={paths.demo} size="lg" icon={<IconPlay size={18} />} {...look}>
        Watch 2-Min Demo
      </ButtonLink>
    );
  }
  if (action === 'contact') {
    return (
      <ButtonLink to={paths.contact} size="lg" {...look}>
        Contact us
      </ButtonLink>
    );
  }
  return status === 'authenticated' ? (
    <ButtonLink to={paths.content} size="lg" {...look}>
      Generate Content
      <IconArrowRight size={18} />
    </ButtonLink>
  ) : (
    <ButtonLink to={paths.signup} size="lg" {...look}>
      Start Free Trial
      <IconArrowRight size={18} />
    </ButtonLink>
  );
}

/** The closing call to action of a public page; the first action is the main one. */
export function CallToAction({ id, title, text, actions }: { id: string; title: string; text: ReactNode; actions: CtaAction[] }) {
  return (
    <MarketingSection labelledBy={id} tight>
      <div className={styles.cta}>
        <h2 id={id} className={styles.ctaTitle}>
          {title}
        </h2>
        <p className={styles.ctaText}>{text}</p>
        <div className={styles.ctaActions}>
          {actions.map((action, i) => (
            <CtaButton key={action} action={action} primary={i === 0} />
          ))}
        </div>
      </div>
    </MarketingSection>
  );
}
