import { Accordion, type AccordionItem } from '../ui/accordion';
import { contentMixText } from '../../config/content-mix';
import { site } from '../../config/site';

/** The eight questions of the landing page FAQ (also on /faq). */
export const faqItems: AccordionItem[] = [
  {
    id: 'trial',
    title: 'How does the free trial work?',
    content: (
      <p>
        Start with a {site.trialDays}-day free trial: {site.trialPostLimit} posts, no credit card. The trial ends after{' '}
        {site.trialDays} days or {site.trialPostLimit} posts, whichever comes first. Generating a draft again is free up to{' '}
        {site.freeRegenerationsPerDraft} times, so trying another take does not use a post. Try every part of the product, from the
        first draft to publishing on LinkedIn, and choose a plan whenever you are ready for more.
      </p>
    ),
  },
  {
    id: 'types',
    title: 'What are the five content types?',
    content: (
      <p>
        Contrarian Take (Monday, builds authority), Behind the Scenes and Framework (Wednesday, deliver value), Industry Insight (Friday,
        delivers value) and Relationship Builder (Friday, drives engagement). A week of all five is {contentMixText}.
      </p>
    ),
  },
  {
    id: 'speed',
    title: 'How long does it take to create a post?',
    content: (
      <p>
        About 30 seconds. You pick a content type, answer a short form (topic, your role, a personal experience, your audience) and
        Postwright writes the post with five hook options for its opening line.
      </p>
    ),
  },
  {
    id: 'voice',
    title: 'Will the posts sound like me?',
    content: (
      <p>
        Every post is built on a personal experience you describe, so it carries your stories and your point of view. You choose the hook,
        edit the text freely, and nothing is published until you say so.
      </p>
    ),
  },
  {
    id: 'linkedin',
    title: 'How does publishing to LinkedIn work?',
    content: (
      <p>
        You connect your LinkedIn account once through LinkedIn&apos;s own sign-in page; we never see your password. Then publish a post
        with one click, or disconnect at any time from your profile.
      </p>
    ),
  },
  {
    id: 'schedule',
    title: 'Can I schedule posts?',
    content: (
      <p>
        Yes. Schedule any draft at least one hour ahead, ideally on its framework day, and Postwright publishes it for you. You can
        publish it early, reschedule or unschedule it until then.
      </p>
    ),
  },
  {
    id: 'insight-test',
    title: 'What is the $1,000 insight test?',
    content: (
      <p>
        Before you publish, ask: would someone pay $1,000 for this advice? Posts that pass it share specific, hard-won lessons instead of
        generic tips, and they are the ones that grow an audience of decision-makers.
      </p>
    ),
  },
  {
    id: 'refund',
    title: 'Can I cancel or get a refund?',
    content: (
      <p>
        You can cancel at any time. Every paid plan comes with a {site.moneyBackDays}-day money-back guarantee: refunds are approved within
        2-3 business days. See the refund policy for details.
      </p>
    ),
  },
];

export function FaqList({ headingLevel = 3 }: { headingLevel?: 2 | 3 }) {
  return <Accordion items={faqItems} headingLevel={headingLevel} />;
}
