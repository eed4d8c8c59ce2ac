import { errorCatalogue } from '@postwright/contracts';

/**
 * The LinkedIn service's texts that are not an error answer's own: the reasons stored on an item
 * (shown on its card, carried by linkedin.post.failed) and the engagement notes. Where a reason is
 * an error's words, it comes from the error catalogue, so the text lives once.
 */
export const messages = {
  reconnect: errorCatalogue['LINKEDIN.RECONNECT_REQUIRED'].message,
  noContent: errorCatalogue['LINKEDIN.NO_CONTENT'].message,
  tooLongAtLinkedin: errorCatalogue['LINKEDIN.TOO_LONG'].message,
  forbidden: errorCatalogue['LINKEDIN.FORBIDDEN'].message,
  apiVersionRetired: errorCatalogue['LINKEDIN.API_VERSION_RETIRED'].message,
  unconfirmed: errorCatalogue['LINKEDIN.UNCONFIRMED'].message,
  exchangeFailed: (linkedinText: string) => `LinkedIn could not complete the connection: ${linkedinText}`,
  rejected: (linkedinText: string) => `LinkedIn rejected the text: ${linkedinText}`,
  duplicateOfOtherItem: (url: string) =>
    `This exact text is already on your LinkedIn feed from another post (${url}). LinkedIn does not accept the same post twice; change the text to post it again.`,
  // reasons carried by linkedin.post.failed (shown on the content card)
  reasonUnavailable: 'LinkedIn was unavailable, so the post was not published.',
  reasonRateLimited: "LinkedIn's posting limit was reached, so the post was not published.",
  // engagement availability
  noAnalyticsScope:
    'Likes, comments, reposts and views are not available: this LinkedIn app has not been granted post analytics (r_member_postAnalytics, Community Management API).',
  analyticsForbidden:
    'Likes, comments, reposts and views are not available: LinkedIn refused access to post analytics for this connection.',
} as const;
