import type { ComponentType } from 'react';
import type { RouteObject } from 'react-router-dom';
import { PageLoader } from '../components/site/status-screen';
import { paths } from '../config/paths';
import { CatchAllRedirect, RequireAuth, RequireGuest } from './guards';
import { RootLayout, RouteError } from './root-layout';

/** Loads a page's code only when its route is visited (route-level code splitting). */
function page<M>(load: () => Promise<M>, pick: (module: M) => ComponentType) {
  return async () => ({ Component: pick(await load()) });
}

/** The route table. */
export const routes: RouteObject[] = [
  {
    id: 'root',
    Component: RootLayout,
    HydrateFallback: () => <PageLoader full />,
    ErrorBoundary: RouteError,
    children: [
      {
        // logged-out only: signed-in users go to /dashboard (or the page they came from)
        Component: RequireGuest,
        children: [
          { path: paths.home, lazy: page(() => import('../features/landing/components/landing-page'), (m) => m.LandingPage) },
          { path: paths.login, lazy: page(() => import('../features/auth/components/auth-page'), (m) => m.LoginPage) },
          { path: paths.signup, lazy: page(() => import('../features/auth/components/auth-page'), (m) => m.SignupPage) },
        ],
      },
      {
        // login required
        Component: RequireAuth,
        children: [
          {
            lazy: page(() => import('../features/layout/components/app-layout'), (m) => m.AppLayout),
            children: [
              { path: paths.dashboard, lazy: page(() => import('../features/dashboard/components/dashboard-page'), (m) => m.DashboardPage) },
              { path: paths.content, lazy: page(() => import('../features/content/components/content-page'), (m) => m.ContentPage) },
              {
                path: paths.contentManagement,
                lazy: page(() => import('../features/content-management/components/content-management-page'), (m) => m.ContentManagementPage),
              },
              { path: paths.insights, lazy: page(() => import('../features/insights/components/insights-page'), (m) => m.InsightsPage) },
              { path: paths.profile, lazy: page(() => import('../features/profile/components/profile-page'), (m) => m.ProfilePage) },
              { path: paths.support, lazy: page(() => import('../features/support/components/support-page'), (m) => m.SupportPage) },
              { path: paths.settings, lazy: page(() => import('../features/settings/components/settings-page'), (m) => m.SettingsPage) },
              {
                path: paths.billingSuccess,
                lazy: page(() => import('../features/billing/components/billing-success-page'), (m) => m.BillingSuccessPage),
              },
            ],
          },
          { path: paths.pricing, lazy: page(() => import('../features/pricing/components/pricing-page'), (m) => m.PricingPage) },
          {
            path: paths.linkedinCallback,
            lazy: page(() => import('../features/linkedin-callback/components/linkedin-callback-page'), (m) => m.LinkedInCallbackPage),
          },
        ],
      },
      // an emailed link's page, or one on the way to it: signed in or not (no guard)
      {
        path: paths.forgotPassword,
        lazy: page(() => import('../features/auth/components/forgot-password-page'), (m) => m.ForgotPasswordPage),
      },
      {
        path: paths.resetPassword,
        lazy: page(() => import('../features/auth/components/reset-password-page'), (m) => m.ResetPasswordPage),
      },
      { path: paths.verifyEmail, lazy: page(() => import('../features/auth/components/verify-email-page'), (m) => m.VerifyEmailPage) },
      { path: paths.unsubscribe, lazy: page(() => import('../features/settings/components/unsubscribe-page'), (m) => m.UnsubscribePage) },
      // public
      { path: paths.privacy, lazy: page(() => import('../features/legal/components/legal-pages'), (m) => m.PrivacyPage) },
      { path: paths.terms, lazy: page(() => import('../features/legal/components/legal-pages'), (m) => m.TermsPage) },
      { path: paths.refund, lazy: page(() => import('../features/legal/components/legal-pages'), (m) => m.RefundPage) },
      { path: paths.cookies, lazy: page(() => import('../features/legal/components/legal-pages'), (m) => m.CookiesPage) },
      { path: paths.about, lazy: page(() => import('../features/company/components/about-page'), (m) => m.AboutPage) },
      { path: paths.faq, lazy: page(() => import('../features/company/components/faq-page'), (m) => m.FaqPage) },
      { path: paths.contact, lazy: page(() => import('../features/company/components/contact-page'), (m) => m.ContactPage) },
      { path: paths.demo, lazy: page(() => import('../features/company/components/demo-page'), (m) => m.DemoPage) },
      // anything else
      { path: '*', Component: CatchAllRedirect },
    ],
  },
];
