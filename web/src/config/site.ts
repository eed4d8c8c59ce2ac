/** Facts about the product that several pages state, in one place so they stay consistent. */
export const site = {
  name: 'Postwright',
  supportEmail: 'support@postwright.app',
  privacyEmail: 'privacy@postwright.app',
  billingEmail: 'billing@postwright.app',
  supportResponseHours: 24,
  trialPostLimit: 3,
  trialDays: 30,
  /** "Generate again" on the same draft is free this many times (contracts' FREE_REGENERATIONS_PER_DRAFT) */
  freeRegenerationsPerDraft: 3,
  moneyBackDays: 30,
  betaDays: 15,
  minimumAge: 18,
  priceChangeNoticeDays: 30,
  cookieMaxAgeDays: 30,
  legalUpdated: 'November 1, 2026',
} as const;

/**
 * The free trial's terms, said together everywhere they are offered: 30 days and 3 posts,
 * whichever ends first (the spec's "30-day free trial with no credit card" and "Trial: 3 posts in total").
 */
export const trialTerms = `${site.trialDays}-day free trial: ${site.trialPostLimit} posts, no credit card`;
