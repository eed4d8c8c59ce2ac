import { frameworkWeek } from '../../../components/site/marketing-content';
import { CallToAction, MarketingSection, PageIntro } from '../../../components/site/marketing-sections';
import { PublicLayout } from '../../../components/site/public-layout';
import { cx } from '../../../components/ui/cx';
import { useDocumentTitle } from '../../../lib/use-document-title';
import styles from './company.module.css';

const hooks = [
  'I turned down our biggest client last year. Revenue went up.',
  'Saying no to a $2M contract was the best decision of my career.',
  'The client who pays the most is not always your best client.',
];

function StepOne() {
  return (
    <ul className={cx(styles.visual, styles.chips)} aria-label="Content types">
      {frameworkWeek.map(({ name }, i) => (
        <li key={name} className={cx(styles.chip, i === 0 && styles.chipOn)}>
          {name}
        </li>
      ))}
    </ul>
  );
}

function StepTwo() {
  const fields = [
    ['Topic', 'Walking away from a client who drained the team'],
    ['Industry/Role', 'CEO, B2B software'],
    ['Personal experience', 'Last spring we ended a contract worth 30% of revenue. Within six months...'],
    ['Target audience', 'Founders and agency owners'],
  ];
  return (
    <ul className={cx(styles.visual, styles.mockFields)} aria-label="Example answers">
      {fields.map(([label, value]) => (
        <li key={label}>
          <span className={styles.mockLabel}>{label}</span>
          <span className={styles.mockValue}>{value}</span>
        </li>
      ))}
    </ul>
  );
}

function StepThree() {
  return (
    <ul className={cx(styles.visual, styles.mockHooks)} aria-label="Example hooks">
      {hooks.map((hook, i) => (
        <li key={hook} className={i === 1 ? styles.chipOn : undefined}>
          {hook}
        </li>
      ))}
    </ul>
  );
}

function StepFour() {
  return (
    <div className={styles.visual}>
      <p>
        <strong>Saying no to a $2M contract was the best decision of my career.</strong>
      </p>
      <p className={styles.mockBody}>
        Last spring we ended a contract worth 30% of our revenue. The team was exhausted, our best engineers were leaving, and every other
        client was getting less than our best...
      </p>
      <div className={styles.mockActions} aria-hidden="true">
        <span className={cx(styles.mockButton, styles.mockButtonPrimary)}>Publish to LinkedIn</span>
        <span className={styles.mockButton}>Schedule</span>
        <span className={styles.mockButton}>Save as draft</span>
      </div>
    </div>
  );
}

const steps = [
  {
    title: 'Pick a content type',
    text: 'Five types, each with its day and purpose: Contrarian Take on Monday for authority, Behind the Scenes and Framework on Wednesday, Industry Insight and Relationship Builder on Friday.',
    visual: <StepOne />,
  },
  {
    title: 'Share what happened',
    text: 'Answer four short questions: your topic, your role, a personal experience and who should read it. The experience is what makes the post unmistakably yours.',
    visual: <StepTwo />,
  },
  {
    title: 'Choose your hook',
    text: 'About 30 seconds later you have a complete post of 1,300 to 1,600 characters and five opening lines to choose from. Edit anything you like.',
    visual: <StepThree />,
  },
  {
    title: 'Publish or schedule',
    text: 'Publish straight to LinkedIn, schedule it for its framework day at least an hour ahead, or keep it as a draft for later.',
    visual: <StepFour />,
  },
];

export function DemoPage() {
  useDocumentTitle('Product demo');
  return (
    <PublicLayout>
      <PageIntro
        eyebrow="Product demo"
        title="From experience to published post in two minutes"
        lead="Here is the whole workflow, step by step, with a real example: a CEO writing a Contrarian Take for Monday."
      />
      <MarketingSection tight label="Demo steps">
        <ol className={styles.steps}>
          {steps.map((step, i) => (
            <li key={step.title} className={styles.step}>
              <div>
                <p className={styles.stepNumber}>
                  <span aria-hidden="true">{i + 1}</span>
                  Step {i + 1} of {steps.length}
                </p>
                <h2 className={styles.stepTitle}>{step.title}</h2>
                <p className={styles.stepText}>{step.text}</p>
              </div>
              {step.visual}
            </li>
          ))}
        </ol>
      </MarketingSection>
      <CallToAction id="demo-cta" title="Try it with your own story" text="Your first post is about five minutes away." actions={['start']} />
    </PublicLayout>
  );
}
