/**
 * Marketing copy that several public pages state (the spec's claims: 500+ executives,
 * $1.2M+ revenue, 2K to 44K followers in 16 months, 30-second generation, the $1,000 insight
 * test). One copy here; the landing, about and sign-up pages read it.
 */

export interface Stat {
  value: string;
  label: string;
  /** what a screen reader says instead of a symbol (→) or an abbreviation */
  srValue?: string;
}

export const stats: Stat[] = [
  { value: '500+', label: 'executives write with Postwright' },
  { value: '$1.2M+', label: 'in revenue from LinkedIn-sourced deals' },
  { value: '2K → 44K', label: 'followers in 16 months', srValue: '2K to 44K' },
  { value: '30 sec', label: 'to generate a complete post', srValue: '30 seconds' },
  { value: '$1,000', label: 'insight test: would someone pay $1,000 for this advice?' },
];

export interface Testimonial {
  quote: string;
  name: string;
  title: string;
  highlight: string;
}

export const testimonials: Testimonial[] = [
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

/** The testimonial beside the sign-up and login form. */
export const featuredTestimonial = testimonials[2];

/**
 * The five content types on their days. The contracts hold the same table;
 * it is repeated here so the public pages do not load the schema library for five names.
 */
export const frameworkWeek = [
  { day: 'Monday', name: 'Contrarian Take', purpose: 'Authority building' },
  { day: 'Wednesday', name: 'Behind the Scenes', purpose: 'Value delivery' },
  { day: 'Wednesday', name: 'Framework', purpose: 'Value delivery' },
  { day: 'Friday', name: 'Industry Insight', purpose: 'Value delivery' },
  { day: 'Friday', name: 'Relationship Builder', purpose: 'Engagement' },
] as const;
