/** Facts about the product that several pages state; keep them consistent (spec section 9). */
export const site = {
  name: 'Postwright',
  supportEmail: 'support@postwright.app',
  privacyEmail: 'privacy@postwright.app',
  billingEmail: 'billing@postwright.app',
  supportResponseHours: 24,
  trialPostLimit: 3,
  trialDays: 30,
  moneyBackDays: 30,
  betaDays: 15,
  minimumAge: 18,
  priceChangeNoticeDays: 30,
  cookieMaxAgeDays: 30,
  legalUpdated: 'November 1, 2026',
} as const;
