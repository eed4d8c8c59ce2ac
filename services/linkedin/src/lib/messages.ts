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
  duplicateNotOurs: 'LinkedIn says this text was already posted, but not by this post. Edit it or delete the earlier post on LinkedIn, then publish again.',
  // reasons carried by linkedin.post.failed (shown on the content card)
  reasonUnavailable: 'LinkedIn was unavailable, so the post was not published.',
  reasonRateLimited: "LinkedIn's posting limit was reached, so the post was not published.",
  // engagement availability
  // a share app (Sign In with LinkedIn and Share on LinkedIn): LinkedIn gives post analytics to Community Management apps alone
  noAnalyticsApp:
    "Likes, comments, reposts and views are not shown here: LinkedIn shares them only with apps it has approved for its Community Management API, and this Postwright connects through Share on LinkedIn. Your posts publish as usual; LinkedIn shows their figures under each post.",
  // a Community Management app, with a grant from before it asked for post analytics
  reconnectForAnalytics:
    'Likes, comments, reposts and views will show here once you reconnect LinkedIn: your current connection was made without access to post analytics.',
  analyticsForbidden:
    'Likes, comments, reposts and views are not available: LinkedIn refused access to post analytics for this connection.',
} as const;
