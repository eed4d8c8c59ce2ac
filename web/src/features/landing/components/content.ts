/** The landing page's own copy; what other pages state too is in components/site/marketing-content.ts. */

export const features = [
  {
    icon: 'layers',
    title: 'Five proven content types',
    text: 'Contrarian Take, Behind the Scenes, Framework, Industry Insight and Relationship Builder: a balanced week of posts that builds authority, delivers value and starts conversations.',
  },
  {
    icon: 'hook',
    title: 'Five hooks for every post',
    text: 'The first line decides whether anyone reads the second. Every post comes with five opening hooks; pick the one that sounds most like you.',
  },
  {
    icon: 'zap',
    title: 'A finished draft in 30 seconds',
    text: 'Answer a short form about your topic, your role and one real experience. Postwright writes a post of the ideal 1,300 to 1,600 characters.',
  },
  {
    icon: 'send',
    title: 'Publish straight to LinkedIn',
    text: 'Connect your account once through LinkedIn itself, then publish with one click. We never see your LinkedIn password.',
  },
  {
    icon: 'calendar',
    title: 'Schedule on the right day',
    text: 'Queue posts for the day their type works best, at least an hour ahead, and keep every draft, scheduled and published post in one library.',
  },
  {
    icon: 'target',
    title: 'The $1,000 insight test',
    text: 'Every post is built around a specific, hard-won lesson: advice someone would pay $1,000 for, not another generic tip.',
  },
] as const;
