/**
 * Every route of the app in one place (spec section 2, route table). The router, links and
 * guards all read from here.
 */
export const paths = {
  home: '/',
  login: '/auth/login',
  signup: '/auth/signup',
  dashboard: '/dashboard',
  content: '/content',
  contentManagement: '/content-management',
  profile: '/profile',
  support: '/support',
  pricing: '/pricing',
  /** where Stripe Checkout returns after a payment (`?session_id=`) */
  billingSuccess: '/billing/success',
  linkedinCallback: '/linkedin/callback',
  privacy: '/privacy',
  terms: '/terms',
  refund: '/refund',
  cookies: '/cookies',
  about: '/about',
  faq: '/faq',
  contact: '/contact',
  demo: '/demo',
  /** linked from Quick Actions but not defined: falls into the catch-all redirect */
  settings: '/settings',
} as const;

/** Anchors of the landing page. */
export const landingAnchors = {
  features: 'features',
  pricing: 'pricing',
  testimonials: 'testimonials',
  faq: 'faq',
} as const;

/** The default post-login target. */
export const defaultAuthenticatedPath = paths.dashboard;
