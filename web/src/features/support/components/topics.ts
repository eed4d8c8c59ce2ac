import { RESET_LINK_MINUTES, VERIFICATION_LINK_HOURS } from '@postwright/contracts';
import { site } from '../../../config/site';

/** The help centre's categories. */
export const categories = ['Account', 'LinkedIn', 'Content', 'Subscription', 'Technical'] as const;
export type Category = (typeof categories)[number];

export interface HelpTopic {
  id: string;
  category: Category;
  question: string;
  answer: string;
  steps: string[];
}

/**
 * The spec's 14 topics: login, profile saving, email verification, connecting
 * LinkedIn, posts not publishing, profile picture, content not generating, content quality,
 * scheduling, trial posts used, subscription inactive, slow pages, browser compatibility, mobile.
 */
export const helpTopics: HelpTopic[] = [
  {
    id: 'login',
    category: 'Account',
    question: 'I cannot log in to my account',
    answer:
      'Most login problems come from a mistyped email address or password, or from a session that has expired. If you have forgotten your password, you can choose a new one from the sign-in page.',
    steps: [
      'Check that you are using the email address you signed up with.',
      'Type your password again, watching for Caps Lock.',
      `Forgot your password? Choose "Forgot password?" on the sign-in page and enter your email address. We email you a link to choose a new one; it works for ${RESET_LINK_MINUTES} minutes. Choosing a new password signs you out everywhere, so sign in again with it.`,
      'Reload the page and try again; an expired session is cleared automatically.',
      `Still stuck? Email ${site.supportEmail} from the address on your account and we will help you in.`,
    ],
  },
  {
    id: 'profile-saving',
    category: 'Account',
    question: 'My profile changes are not saving',
    answer: 'Profile changes are saved when you choose Save Changes; a message confirms it. The email address cannot be changed.',
    steps: [
      'Open Profile and choose Edit Profile.',
      'Make your changes and choose Save Changes; wait for "Profile updated successfully!".',
      'Make sure the LinkedIn URL is a full address starting with https://.',
      'If an error appears, read it: it says which field needs attention.',
    ],
  },
  {
    id: 'email-verification',
    category: 'Account',
    question: 'Do I need to verify my email address?',
    answer:
      `Yes, to buy a plan and to get notification emails. Your account works as soon as you sign up, and you can use your trial posts before verifying. When you sign up we email you a verification link; it works for ${VERIFICATION_LINK_HOURS} hours.`,
    steps: [
      'Open the email from Postwright and choose the link in it. The page that opens says "Your email address is verified."',
      'No email? Check your spam folder, then choose Resend email in the reminder at the top of the app, or in Settings under Account.',
      'A link that has expired or was already used cannot verify your address: ask for a new one the same way.',
      `Your email address cannot be changed in the app. If you signed up with a typo in it, email ${site.supportEmail}.`,
    ],
  },
  {
    id: 'connect-linkedin',
    category: 'LinkedIn',
    question: 'How do I connect my LinkedIn account?',
    answer: "You connect once through LinkedIn's own sign-in page; Postwright never sees your LinkedIn password.",
    steps: [
      'Open Profile and find the LinkedIn Connection card.',
      'Choose Connect LinkedIn; you are taken to LinkedIn.',
      'Sign in to LinkedIn if asked, then choose Allow.',
      'You come back to Postwright and then to your profile, which shows Connected.',
      'If it still shows Not connected, choose Refresh Status.',
    ],
  },
  {
    id: 'not-publishing',
    category: 'LinkedIn',
    question: 'My posts are not publishing to LinkedIn',
    answer: 'Publishing needs a connected LinkedIn account, a chosen hook and a post of at most 3,000 characters. A failed post shows its reason on its card in Content Management.',
    steps: [
      'Check the LinkedIn Connection card on your profile: it should say Connected.',
      'If it warns that the connection expired or expires soon, choose Reconnect LinkedIn.',
      'Open Content Management and read the reason shown on the post.',
      'If a post says LinkedIn did not confirm it, check your LinkedIn feed before publishing again: it may already be there.',
    ],
  },
  {
    id: 'profile-picture',
    category: 'LinkedIn',
    question: 'My LinkedIn profile picture is not showing',
    answer: 'Your picture is taken from LinkedIn when you connect. If you changed it since, or it did not come through, refresh it.',
    steps: [
      'Make sure your LinkedIn account is connected.',
      'On the Dashboard, choose Refresh profile picture in the LinkedIn Connection card.',
      'If LinkedIn has no picture for you, add one on LinkedIn first, then refresh.',
    ],
  },
  {
    id: 'not-generating',
    category: 'Content',
    question: 'Content is not generating',
    answer: 'Generation needs every required field filled in, and posts left on your plan. A busy or slow generator shows a message telling you what to do.',
    steps: [
      'Fill in Topic (3 characters or more), Industry/Role, Personal experience (10 characters or more) and Target Audience.',
      `Check the banner at the top of the page: the trial is ${site.trialDays} days and ${site.trialPostLimit} posts, whichever ends first.`,
      'If the service is busy, wait a moment and try again.',
      'If generation takes too long, try again with a simpler topic.',
    ],
  },
  {
    id: 'content-quality',
    category: 'Content',
    question: 'How can I improve the quality of generated content?',
    answer: 'The more specific your personal experience, the better the post. Generic input produces generic posts.',
    steps: [
      'Describe a real situation with numbers, names of roles and the outcome.',
      'Pick the content type that fits your idea; each one asks its own questions.',
      'Choose the hook that would stop your ideal reader, then edit the text in your own words.',
      'Apply the $1,000 insight test: would someone pay $1,000 for this advice?',
    ],
  },
  {
    id: 'scheduling',
    category: 'Content',
    question: 'How does scheduling work?',
    answer: 'Schedule any draft at least 1 hour from now; Postwright publishes it to LinkedIn at that time. The schedule window suggests the best slots on the framework day of the post.',
    steps: [
      'Open Content Management, or generate a post and choose a hook.',
      'Choose Schedule and pick a date and time at least 1 hour from now, or one of the suggested slots.',
      'Choose Confirm Schedule.',
      'Until then you can Publish Now, Reschedule or Unschedule the post.',
    ],
  },
  {
    id: 'trial-used',
    category: 'Subscription',
    question: 'I have used all my trial posts',
    answer: `The free trial is ${site.trialDays} days and ${site.trialPostLimit} posts, whichever ends first; after that, generating needs a plan. Generating a draft again is free up to ${site.freeRegenerationsPerDraft} times and does not use a post. Your drafts, scheduled and published posts stay available.`,
    steps: [
      'Choose Upgrade Now on the Generate page, or Choose a plan on your profile.',
      'Pick the plan that fits you: Starter, Professional or Enterprise, monthly or yearly.',
      'Pay on the secure Stripe checkout page; your plan starts as soon as Stripe confirms the payment.',
      `Every paid plan has a ${site.moneyBackDays}-day money-back guarantee.`,
    ],
  },
  {
    id: 'subscription-inactive',
    category: 'Subscription',
    question: 'My subscription shows as inactive',
    answer: 'Your Account Status card on the Profile page shows your plan, whether it is active and when it renews or ends.',
    steps: [
      'Open Profile and look at Account Status.',
      'If it says Past due, your last payment did not go through: choose Manage billing and update your payment method. Your plan keeps working for 7 days meanwhile.',
      'To change or cancel your plan, see your invoices or renew a cancelled plan, choose Manage billing.',
      `If your plan still shows inactive, email ${site.billingEmail} and we will sort it out within ${site.supportResponseHours} hours.`,
    ],
  },
  {
    id: 'slow-pages',
    category: 'Technical',
    question: 'Pages are loading slowly',
    answer: 'Postwright loads each page on demand. Slowness usually comes from the network or from browser extensions.',
    steps: [
      'Check System Status on this page.',
      'Reload the page; after a release it fetches the latest version.',
      'Try a private window to rule out browser extensions.',
      'Check your network connection, or try another network.',
    ],
  },
  {
    id: 'browsers',
    category: 'Technical',
    question: 'Which browsers are supported?',
    answer: 'Postwright works in current versions of Chrome, Edge, Firefox and Safari.',
    steps: [
      'Update your browser to its latest version.',
      'Allow JavaScript and cookies for Postwright; they keep you signed in.',
      'If something looks wrong, reload the page or try another supported browser.',
    ],
  },
  {
    id: 'mobile',
    category: 'Technical',
    question: 'Can I use Postwright on my phone?',
    answer: 'Yes. Every page works on phones and tablets in the browser; there is no app to install.',
    steps: [
      'Open Postwright in your phone browser and sign in.',
      'Use the menu button at the top to move between pages.',
      'Connecting LinkedIn works on a phone too: you are sent to LinkedIn and back.',
    ],
  },
];

/** Case-insensitive match on the question or the answer (its text and steps), within a category. */
export function filterTopics(topics: HelpTopic[], query: string, category: Category | 'all'): HelpTopic[] {
  const needle = query.trim().toLowerCase();
  return topics.filter((topic) => {
    if (category !== 'all' && topic.category !== category) return false;
    if (!needle) return true;
    return [topic.question, topic.answer, ...topic.steps].some((text) => text.toLowerCase().includes(needle));
  });
}
