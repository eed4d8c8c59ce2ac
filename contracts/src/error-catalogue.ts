import { RECONNECT_REQUIRED_MESSAGE } from './linkedin';

/**
 * The content service's per-member generation limits by default (its GENERATION_MAX_IN_FLIGHT
 * and GENERATION_PER_MINUTE settings): kept here so that the codes' descriptions, and so the
 * API document, state the numbers the service uses.
 */
export const GENERATION_LIMIT_DEFAULTS = { maxInFlight: 2, perMinute: 12 } as const;

/**
 * Every error code the product answers, once, with its HTTP status and its user-facing message
 * (the spec's wording where the spec has one). Services, the gateway and the web use these codes;
 * the web switches on codes, never on message text. Where a throw site says something more
 * specific (a field's validation problem, LinkedIn's own words), `message` here is the general
 * text and the site's text takes its place in `error`; the status never changes.
 */
export const errorCatalogue = {
  // the request itself
  'REQUEST.INVALID': { status: 400, message: 'The request is not valid.', description: 'A body, query or parameter failed validation; `details` names the fields.' },
  'REQUEST.MALFORMED_JSON': { status: 400, message: 'Malformed JSON body', description: 'The body is not JSON.' },
  'REQUEST.MALFORMED_URL': { status: 400, message: 'Malformed URL', description: 'The path cannot be decoded.' },
  'REQUEST.TOO_LARGE': { status: 413, message: 'Request body is too large', description: 'The body is over the size limit.' },
  'REQUEST.UNSUPPORTED_ENCODING': { status: 415, message: 'Unsupported request encoding', description: 'The body is compressed or in a charset the API does not read.' },
  'ROUTE.NOT_FOUND': { status: 404, message: 'No such route.', description: 'No operation at this method and path.' },
  RATE_LIMITED: { status: 429, message: 'Too many requests. Please wait a moment and try again.', description: 'The gateway limit per client; `Retry-After` says when.' },
  INTERNAL: { status: 500, message: 'Something went wrong. Please try again.', description: 'An unexpected failure; the request id finds it in the logs.' },
  'SERVICE.UNAVAILABLE': { status: 503, message: 'This service is temporarily unavailable. Please try again in a moment.', description: 'The service could not reach its database or Redis.' },
  'UPSTREAM.UNAVAILABLE': { status: 502, message: 'A service is unavailable. Please try again.', description: 'The gateway could not reach the service behind the route.' },
  'DEPENDENCY.UNAVAILABLE': { status: 503, message: 'A service is unavailable. Please try again.', description: 'A service could not reach another service it calls (the message names it).' },
  'UPSTREAM.TIMEOUT': { status: 504, message: 'A service took too long to answer. Please try again.', description: 'The gateway gave up waiting for a service.' },
  'INTERNAL.FORBIDDEN': { status: 403, message: 'Internal endpoint', description: 'An /internal call without the internal token.' },

  // accounts and sessions
  'AUTH.UNAUTHENTICATED': { status: 401, message: 'Authentication required', description: 'The operation needs a signed-in user.' },
  'AUTH.MISSING_TOKEN': { status: 401, message: 'Authentication required', description: 'No bearer token.' },
  'AUTH.TOKEN_INVALID': { status: 401, message: 'Invalid access token', description: 'The token is malformed, forged or of another issuer.' },
  'AUTH.TOKEN_EXPIRED': { status: 401, message: 'Access token expired', description: 'Refresh it (POST /api/auth/refresh) and try again.' },
  'AUTH.SESSION_REVOKED': { status: 401, message: 'This session has ended. Please log in again.', description: 'The session was logged out or ended by an admin.' },
  'AUTH.USER_NOT_FOUND': { status: 401, message: 'Authentication required. Please log in again.', description: 'The token names an account that no longer exists.' },
  'AUTH.INVALID_CREDENTIALS': { status: 401, message: 'Invalid email or password', description: 'Login refused.' },
  'AUTH.EMAIL_TAKEN': { status: 409, message: 'An account with this email already exists', description: 'Signup with an email in use.' },
  'AUTH.RATE_LIMITED': { status: 429, message: 'Too many attempts. Please wait a minute and try again.', description: 'Too many logins or signups; `Retry-After` says when.' },
  'AUTH.REFRESH_INVALID': { status: 401, message: 'Invalid refresh token', description: 'No refresh cookie, or one the service never issued.' },
  'AUTH.REFRESH_REUSED': { status: 401, message: 'This session is no longer valid. Please log in again.', description: 'A refresh token was used twice: the whole session is ended.' },
  'AUTH.REFRESH_REVOKED': { status: 401, message: 'This session has ended. Please log in again.', description: 'The session was logged out.' },
  'AUTH.FORBIDDEN': { status: 403, message: 'You do not have permission to do this', description: 'The role does not allow the operation.' },
  'ADMIN.FORBIDDEN': { status: 403, message: 'You do not have permission to do this', description: 'An admin operation by a non-admin, or on a role above the caller.' },
  'USER.NOT_FOUND': { status: 404, message: 'User not found', description: 'No such account.' },
  'USER.EMAIL_READ_ONLY': { status: 400, message: 'Email cannot be changed', description: 'The profile update named an email.' },
  'AUTH.EMAIL_UNVERIFIED': { status: 403, message: 'Please verify your email address first: open the link we emailed you, or send a new one.', description: 'A paid checkout before the email address was verified.' },
  'AUTH.EMAIL_ALREADY_VERIFIED': { status: 409, message: 'Your email address is already verified.', description: 'Resend verification for a verified address.' },
  'AUTH.VERIFICATION_INVALID': { status: 400, message: 'This verification link is invalid or has expired. Please request a new one.', description: 'The verification token is unknown, used or older than 24 hours.' },
  'AUTH.RESET_INVALID': { status: 400, message: 'This password reset link is invalid or has expired. Please request a new one.', description: 'The reset token is unknown, used or older than 30 minutes.' },
  'AUTH.PASSWORD_INCORRECT': { status: 400, message: 'Current password is incorrect', description: 'Password change with a wrong current password; `details.currentPassword` says so.' },
  'USER.UNSUBSCRIBE_INVALID': { status: 400, message: 'This unsubscribe link is not valid.', description: 'An unsubscribe token that is malformed or not ours.' },
  'TRIAL.LIMIT_REACHED': { status: 403, message: 'Trial limit reached. Please upgrade to continue generating content.', description: 'The trial\'s posts are used up.' },
  'TRIAL.ENDED': { status: 403, message: 'Trial ended. Please upgrade to continue generating content.', description: "The trial's 30 days have passed, or a subscription ended it (a former subscriber); `details.trialEndsAt` says when it ended." },
  'QUOTA.RESERVATION_NOT_FOUND': { status: 404, message: 'Reservation not found', description: 'Internal: no such trial reservation.' },
  'QUOTA.RESERVATION_RELEASED': { status: 409, message: 'Reservation was already released', description: 'Internal: commit after release.' },

  // plans and billing
  'PLAN.LIMIT_REACHED': { status: 403, message: 'Plan limit reached. Please upgrade to continue generating content this month.', description: "The plan's posts for this month are used up; `details.resetsAt` says when they come back, `details.allowance` how many there are." },
  'PLAN.PAYMENT_OVERDUE': { status: 402, message: 'Payment overdue. Please update your payment method to continue generating content.', description: 'A renewal failed and its grace period is over, or the subscription is unpaid or paused.' },
  'BILLING.ALREADY_SUBSCRIBED': { status: 409, message: 'You already have a subscription. Change or cancel it in Manage billing.', description: 'Checkout while a subscription is still held: plan changes go through the billing portal.' },
  'BILLING.NO_CUSTOMER': { status: 409, message: 'You have no subscription yet. Choose a plan to start one.', description: 'The billing portal before any checkout.' },
  'BILLING.PLAN_UNAVAILABLE': { status: 503, message: 'This plan cannot be bought right now. Please try again later.', description: "Stripe has no active price with the plan's lookup key (a setup problem, logged)." },
  'BILLING.UNAVAILABLE': { status: 503, message: 'Payments are unavailable right now. Please try again in a few minutes.', description: 'Stripe did not answer, or refused the request.' },
  'BILLING.SIGNATURE_INVALID': { status: 400, message: 'Invalid Stripe signature', description: 'Webhook: the Stripe-Signature header is missing, does not match the body, or is older than 5 minutes; nothing changed.' },

  // content and generation
  'CONTENT.NOT_FOUND': { status: 404, message: 'Content not found', description: 'No such item of this user (also a deleted one or a malformed id).' },
  'CONTENT.NOT_EDITABLE': { status: 409, message: 'This post cannot be changed this way.', description: 'The item is scheduled or published; `details.status` says which.' },
  'CONTENT.PUBLISHING_SOON': { status: 409, message: 'This post goes out in less than a minute, so it can no longer be edited.', description: 'An edit of a scheduled post due within a minute, or already being published; `details.scheduledFor` says when it is due.' },
  'CONTENT.CHANGED': { status: 409, message: 'This draft changed while it was being saved. Please try again.', description: 'Another save of the same draft won.' },
  'CONTENT.TYPE_MISMATCH': { status: 409, message: 'This draft can only be generated again as its own content type.', description: 'Generate again with another content type.' },
  'CONTENT.NO_PREVIOUS_VERSION': { status: 409, message: 'There is no previous version of this draft to restore.', description: 'Restore without a previous version.' },
  'CONTENT.INVALID_TRANSITION': { status: 409, message: 'This post is not in the expected state.', description: 'Internal: a scheduling move whose condition failed; `details` has the current state.' },
  'GENERATION.TIMEOUT': { status: 504, message: 'Content generation timeout: the AI model took too long to answer. Please try again with a simpler topic.', description: 'The model did not answer in time.' },
  'GENERATION.RATE_LIMITED': { status: 429, message: 'The AI model rate limit was reached. Please wait a moment and try again.', description: 'The model provider is throttling.' },
  'GENERATION.UNAVAILABLE': { status: 503, message: 'The AI model is temporarily unavailable. Please try again in a few minutes.', description: 'The model provider is down or refused the key.' },
  'GENERATION.INVALID_OUTPUT': { status: 502, message: 'The AI model returned an unusable answer. Please try again.', description: 'The model\'s answer failed validation twice.' },
  'GENERATION.REFUSED': { status: 422, message: 'The AI model declined to write this post. Please rephrase the topic or your experience and try again.', description: 'The model refused the request.' },
  'GENERATION.CLIENT_GONE': { status: 499, message: 'The request was cancelled before the post was ready.', description: 'The client went away before it was shown any of the post and before the model answered; nothing was stored. A client that leaves later changes nothing: the post is stored and counts.' },
  'GENERATION.BUSY': { status: 429, message: 'You already have posts being written. Please wait for one to finish, then try again.', description: `The member already has GENERATION_MAX_IN_FLIGHT generations running (default ${GENERATION_LIMIT_DEFAULTS.maxInFlight}, counted across every content replica); \`Retry-After\` says when the oldest reaches its time limit (GENERATION_TIMEOUT_MS).` },
  'GENERATION.TOO_MANY': { status: 429, message: 'You have generated too many posts in the last minute. Please wait a minute and try again.', description: `The member started GENERATION_PER_MINUTE generations in the last 60 seconds (default ${GENERATION_LIMIT_DEFAULTS.perMinute}, counted across every content replica); \`Retry-After\` says when the oldest leaves the minute.` },

  // scheduling
  'SCHEDULE.INVALID_TIME': { status: 400, message: 'scheduledFor must be an ISO 8601 date and time with a time zone offset, for example 2030-03-04T08:30:00+01:00', description: 'The time cannot be read.' },
  'SCHEDULE.TOO_SOON': { status: 400, message: 'The scheduled time is too soon.', description: 'Under the minimum lead time; the message says how long.' },
  'SCHEDULE.TOO_FAR': { status: 400, message: 'The scheduled time is too far ahead.', description: 'Over the maximum days ahead.' },
  'INSIGHTS.INVALID_TIME_ZONE': { status: 400, message: 'Unknown time zone', description: "The insights' tz is not an IANA time zone." },
  'SCHEDULE.INVALID_TIME_ZONE': { status: 400, message: 'Unknown time zone', description: 'The suggestions\' tz is not an IANA time zone.' },
  'SCHEDULE.NOT_SCHEDULABLE': { status: 409, message: 'Only drafts and scheduled posts can be scheduled', description: 'The item is published.' },
  'SCHEDULE.NOT_SCHEDULED': { status: 409, message: 'Only scheduled posts can be unscheduled', description: 'Unschedule of an item that is not scheduled.' },
  'SCHEDULE.PUBLISHING': { status: 409, message: 'This post is being published right now', description: 'The item is being published at its time.' },
  'SCHEDULE.BUSY': { status: 409, message: 'This post is being updated. Please try again.', description: 'Another change of the same schedule is under way.' },

  // LinkedIn
  'LINKEDIN.NOT_CONNECTED': { status: 404, message: 'LinkedIn account not connected', description: 'The profile check: no connection (spec: 404 means not connected).' },
  'LINKEDIN.CONNECTION_REQUIRED': { status: 409, message: 'LinkedIn account not connected. Please connect your LinkedIn account first.', description: 'An action that needs a connection, without one.' },
  'LINKEDIN.RECONNECT_REQUIRED': { status: 409, message: RECONNECT_REQUIRED_MESSAGE, description: 'The connection expired or was revoked.' },
  'LINKEDIN.CALLBACK_INVALID': { status: 400, message: 'Invalid callback parameters. Please try connecting again.', description: 'The callback lacks its code or state.' },
  'LINKEDIN.STATE_INVALID': { status: 400, message: 'This LinkedIn authorization has expired or was already used. Please try connecting again.', description: 'The state is unknown, used, expired or another user\'s.' },
  'LINKEDIN.EXCHANGE_FAILED': { status: 502, message: 'LinkedIn could not complete the connection.', description: 'LinkedIn refused the code; the message carries LinkedIn\'s words.' },
  'LINKEDIN.UNAVAILABLE': { status: 502, message: 'LinkedIn is unavailable right now. Please try again in a few minutes.', description: 'LinkedIn did not answer or answered 5xx; nothing was posted.' },
  'LINKEDIN.RATE_LIMITED': { status: 429, message: "LinkedIn's posting limit has been reached. Please try again later.", description: 'LinkedIn throttled the member or the app.' },
  'LINKEDIN.API_VERSION_RETIRED': { status: 502, message: 'Publishing to LinkedIn is unavailable because of a configuration problem on our side. Please try again later.', description: 'LinkedIn no longer accepts the configured API version.' },
  'LINKEDIN.FORBIDDEN': { status: 409, message: 'LinkedIn does not allow this app to post for you. Please reconnect your LinkedIn account.', description: 'The grant lacks the posting permission.' },
  'LINKEDIN.REJECTED': { status: 422, message: 'LinkedIn rejected the text.', description: 'LinkedIn refused the text; the message carries LinkedIn\'s words.' },
  'LINKEDIN.TOO_LONG': { status: 400, message: 'LinkedIn refused the post as longer than 3,000 characters. Shorten it and try again.', description: 'Over 3,000 characters as written or as sent; the message gives the length.' },
  'LINKEDIN.NO_CONTENT': { status: 400, message: 'No content to post', description: 'Neither the request nor the item has text.' },
  'LINKEDIN.DUPLICATE_POST': { status: 409, message: 'This exact text is already on your LinkedIn feed from another post.', description: 'LinkedIn has the same text in another post: another item\'s (the message links it), or one not made from this item (written by hand, or deleted and still named).' },
  'LINKEDIN.ALREADY_PUBLISHED': { status: 409, message: 'This content has already been published to LinkedIn.', description: 'The item is published.' },
  'LINKEDIN.PUBLISH_IN_PROGRESS': { status: 409, message: 'This content is already being published.', description: 'Another publish of the item is under way.' },
  'LINKEDIN.UNCONFIRMED': { status: 504, message: 'LinkedIn did not confirm the post. Check your LinkedIn feed before publishing it again: it may already be there.', description: 'This publish got no answer LinkedIn stands behind.' },
  'LINKEDIN.UNCONFIRMED_EARLIER': { status: 409, message: 'LinkedIn did not confirm the post. Check your LinkedIn feed before publishing it again: it may already be there.', description: 'An earlier publish of the item may be live (its process died mid-call).' },
} as const satisfies Record<string, { status: number; message: string; description: string }>;

export type ErrorCode = keyof typeof errorCatalogue;
export const errorCodes = Object.keys(errorCatalogue) as ErrorCode[];

export function isErrorCode(code: unknown): code is ErrorCode {
  return typeof code === 'string' && Object.prototype.hasOwnProperty.call(errorCatalogue, code);
}
