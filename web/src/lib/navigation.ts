/**
 * Leaving the app for another site (LinkedIn's consent page, Stripe's Checkout or Billing
 * Portal). One seam, so tests can watch where the browser was sent instead of leaving jsdom.
 */
export const browserNavigation = {
  assign(url: string) {
    window.location.assign(url);
  },
};
