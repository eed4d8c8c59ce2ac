import { RECONNECT_REQUIRED_MESSAGE } from '@postwright/contracts';

/**
 * Every user-facing text of the LinkedIn service in one place. The spec gives the web's own
 * fallbacks ("LinkedIn connection failed", "Failed to post to LinkedIn"...); these are the
 * server's `error` texts, which the web shows first.
 */
export const messages = {
  notConnected: 'LinkedIn account not connected. Please connect your LinkedIn account first.',
  reconnect: RECONNECT_REQUIRED_MESSAGE,
  callbackParameters: 'Invalid callback parameters. Please try connecting again.',
  stateRejected: 'This LinkedIn authorization has expired or was already used. Please try connecting again.',
  exchangeFailed: (linkedinText: string) => `LinkedIn could not complete the connection: ${linkedinText}`,
  linkedinUnavailable: 'LinkedIn is unavailable right now. Please try again in a few minutes.',
  contentNotFound: 'Content not found',
  alreadyPublished: 'This content has already been published to LinkedIn.',
  publishInProgress: 'This content is already being published.',
  noContent: 'No content to post',
  tooLongAtLinkedin: 'LinkedIn refused the post as longer than 3,000 characters. Shorten it and try again.',
  rateLimited: "LinkedIn's posting limit has been reached. Please try again later.",
  rejected: (linkedinText: string) => `LinkedIn rejected the text: ${linkedinText}`,
  forbidden: 'LinkedIn does not allow this app to post for you. Please reconnect your LinkedIn account.',
  apiVersionRetired: 'Publishing to LinkedIn is unavailable because of a configuration problem on our side. Please try again later.',
  duplicateOfOtherItem: (url: string) =>
    `This exact text is already on your LinkedIn feed from another post (${url}). LinkedIn does not accept the same post twice; change the text to post it again.`,
  unconfirmed: 'LinkedIn did not confirm the post. Check your LinkedIn feed before publishing it again: it may already be there.',
  // reasons carried by linkedin.post.failed (shown on the content card)
  reasonUnavailable: 'LinkedIn was unavailable, so the post was not published.',
  reasonRateLimited: "LinkedIn's posting limit was reached, so the post was not published.",
  // engagement availability
  noAnalyticsScope:
    'Likes, comments, reposts and views are not available: this LinkedIn app has not been granted post analytics (r_member_postAnalytics, Community Management API).',
  analyticsForbidden:
    'Likes, comments, reposts and views are not available: LinkedIn refused access to post analytics for this connection.',
} as const;
