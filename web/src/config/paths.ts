/**
 * Every route of the app in one place. The router, links and
 * guards all read from here.
 */
export const paths = {
  home: '/',
  login: '/auth/login',
  signup: '/auth/signup',
  /** asks for a reset link by email (reachable signed in or not) */
  forgotPassword: '/auth/forgot-password',
  /** the reset email's link (`?token=`) */
  resetPassword: '/auth/reset-password',
  /** the verification email's link (`?token=`) */
  verifyEmail: '/auth/verify-email',
  dashboard: '/dashboard',
  content: '/content',
  contentManagement: '/content-management',
  /** what the member's own posts say: figures by type, hook style, length and time (`?range=`) */
  insights: '/insights',
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
  /** account, password and email notifications (the profile's Quick Actions link here) */
  settings: '/settings',
  /** a notification email's unsubscribe link (`?token=`); works signed out */
  unsubscribe: '/settings/unsubscribe',
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
