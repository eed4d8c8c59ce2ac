/** Copy of the landing page (marketing claims of spec section 1). */

export const stats = [
  { value: '500+', label: 'executives write with Postwright' },
  { value: '$1.2M+', label: 'in revenue from LinkedIn-sourced deals' },
  { value: '2K → 44K', label: 'followers in 16 months', srValue: '2K to 44K' },
  { value: '30 sec', label: 'to generate a complete post', srValue: '30 seconds' },
  { value: '$1,000', label: 'insight test: would someone pay $1,000 for this advice?' },
];

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

export const week = [
  { day: 'Monday', name: 'Contrarian Take', purpose: 'Authority building' },
  { day: 'Wednesday', name: 'Behind the Scenes', purpose: 'Value delivery' },
  { day: 'Wednesday', name: 'Framework', purpose: 'Value delivery' },
  { day: 'Friday', name: 'Industry Insight', purpose: 'Value delivery' },
  { day: 'Friday', name: 'Relationship Builder', purpose: 'Engagement' },
];

export const testimonials = [
  {
    quote:
      'I went from posting twice a year to every Monday, Wednesday and Friday. Three of our largest contracts this year started as comments on my posts.',
    name: 'Sarah Mitchell',
    title: 'CEO, Northbeam Analytics',
    highlight: '3 enterprise deals',
  },
  {
    quote:
      'The hooks alone are worth it. I used to stare at a blank first line for an hour; now I pick one of five and spend my time on the story.',
    name: 'David Okafor',
    title: 'Managing Partner, Ridgeway Capital',
    highlight: '5 hours saved a week',
  },
  {
    quote:
      'The $1,000 insight test changed how I write. My audience grew from 2K to 44K followers in 16 months, and the right people now reach out to me.',
    name: 'Elena Rossi',
    title: 'Chief Operating Officer, Lumen Health',
    highlight: '2K → 44K followers',
  },
];
