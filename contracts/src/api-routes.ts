/**
 * Every public operation behind the gateway, in one table: the OpenAPI document
 * (GET /api/openapi.json, GET /api/docs) is generated from it and from the zod schemas it names,
 * and a gateway test checks that each one answers and that nothing the gateway routes is missing.
 */
import { z } from 'zod';
import {
  adminSetTierRequestSchema,
  authResponseSchema,
  loginRequestSchema,
  logoutRequestSchema,
  logoutResponseSchema,
  profileUpdateRequestSchema,
  refreshRequestSchema,
  refreshResponseSchema,
  signupRequestSchema,
  userResponseSchema,
} from './auth';
import {
  changePasswordRequestSchema,
  changePasswordResponseSchema,
  forgotPasswordRequestSchema,
  forgotPasswordResponseSchema,
  resendVerificationResponseSchema,
  resetPasswordRequestSchema,
  resetPasswordResponseSchema,
  unsubscribeRequestSchema,
  unsubscribeResponseSchema,
  updateNotificationsRequestSchema,
  verifyEmailRequestSchema,
  verifyEmailResponseSchema,
} from './account';
import { billingRedirectResponseSchema, checkoutRequestSchema, plansResponseSchema, subscriptionResponseSchema, webhookResponseSchema } from './billing';
import { insightsQuerySchema, insightsResponseSchema } from './insights';
import { calendarSettingsResponseSchema, scheduleRequestSchema, scheduleResponseSchema, suggestionsQuerySchema, suggestionsResponseSchema, unscheduleResponseSchema } from './calendar';
import { generationStreamEventSchemas } from './generation-stream';
import { contentListQuerySchema, contentListResponseSchema, contentResponseSchema, editRequestSchema, generateRequestSchema, generateResponseSchema } from './content';
import type { ErrorCode } from './error-catalogue';
import { gatewayHealthSchema } from './health';
import {
  authUrlResponseSchema,
  callbackRequestSchema,
  callbackResponseSchema,
  disconnectResponseSchema,
  postsListQuerySchema,
  postsListResponseSchema,
  profileStatusResponseSchema,
  publishRequestSchema,
  publishResponseSchema,
  refreshProfileResponseSchema,
} from './linkedin';

/** The public API's version: the OpenAPI document's info.version. */
export const API_VERSION = '1.0.0';

export type HttpMethod = 'get' | 'post' | 'put' | 'delete';

export interface ApiOperation {
  method: HttpMethod;
  /** OpenAPI form: path parameters as {name} */
  path: string;
  /** the service behind it, as the gateway routes it */
  tag: 'auth' | 'users' | 'admin' | 'content' | 'linkedin' | 'calendar' | 'billing' | 'gateway';
  summary: string;
  /** false for the few operations that need no access token (gateway PUBLIC_ROUTES) */
  auth: boolean;
  request?: z.ZodType;
  query?: z.ZodObject;
  success: { status: 200 | 201; body: z.ZodType };
  /** it also answers `200 text/event-stream` when asked with `Accept: text/event-stream`: these events */
  stream?: Record<string, z.ZodType>;
  /** the codes it answers besides the ones every operation of its kind can (see commonErrors) */
  errors: ErrorCode[];
}

const deletedResponseSchema = z.object({ success: z.literal(true) });

export const apiOperations: ApiOperation[] = [
  // auth
  { method: 'post', path: '/api/auth/signup', tag: 'auth', summary: 'Create an account and sign in', auth: false, request: signupRequestSchema, success: { status: 201, body: authResponseSchema }, errors: ['AUTH.EMAIL_TAKEN', 'AUTH.RATE_LIMITED'] },
  { method: 'post', path: '/api/auth/login', tag: 'auth', summary: 'Sign in with email and password', auth: false, request: loginRequestSchema, success: { status: 200, body: authResponseSchema }, errors: ['AUTH.INVALID_CREDENTIALS', 'AUTH.RATE_LIMITED'] },
  { method: 'post', path: '/api/auth/refresh', tag: 'auth', summary: 'A new access token from the refresh cookie', auth: false, request: refreshRequestSchema.partial(), success: { status: 200, body: refreshResponseSchema }, errors: ['AUTH.REFRESH_INVALID', 'AUTH.REFRESH_REUSED', 'AUTH.REFRESH_REVOKED'] },
  { method: 'post', path: '/api/auth/logout', tag: 'auth', summary: 'End the session (works with an expired access token)', auth: false, request: logoutRequestSchema, success: { status: 200, body: logoutResponseSchema }, errors: [] },
  { method: 'post', path: '/api/auth/verify-email', tag: 'auth', summary: 'Verify the email address with the emailed link\'s token', auth: false, request: verifyEmailRequestSchema, success: { status: 200, body: verifyEmailResponseSchema }, errors: ['AUTH.VERIFICATION_INVALID'] },
  { method: 'post', path: '/api/auth/resend-verification', tag: 'auth', summary: 'Email the verification link again', auth: true, success: { status: 200, body: resendVerificationResponseSchema }, errors: ['AUTH.EMAIL_ALREADY_VERIFIED', 'AUTH.RATE_LIMITED', 'USER.NOT_FOUND'] },
  { method: 'post', path: '/api/auth/forgot-password', tag: 'auth', summary: 'Email a password reset link (the same answer whether or not the account exists)', auth: false, request: forgotPasswordRequestSchema, success: { status: 200, body: forgotPasswordResponseSchema }, errors: ['AUTH.RATE_LIMITED'] },
  { method: 'post', path: '/api/auth/reset-password', tag: 'auth', summary: 'Set a new password with the emailed link\'s token (every session ends)', auth: false, request: resetPasswordRequestSchema, success: { status: 200, body: resetPasswordResponseSchema }, errors: ['AUTH.RESET_INVALID', 'AUTH.RATE_LIMITED'] },
  { method: 'get', path: '/api/users/profile', tag: 'users', summary: 'The signed-in user', auth: true, success: { status: 200, body: userResponseSchema }, errors: ['USER.NOT_FOUND'] },
  { method: 'put', path: '/api/users/profile', tag: 'users', summary: 'Change name, company or role', auth: true, request: profileUpdateRequestSchema, success: { status: 200, body: userResponseSchema }, errors: ['USER.NOT_FOUND', 'USER.EMAIL_READ_ONLY'] },
  { method: 'put', path: '/api/users/password', tag: 'users', summary: 'Change the password (this session stays, the others end)', auth: true, request: changePasswordRequestSchema, success: { status: 200, body: changePasswordResponseSchema }, errors: ['AUTH.PASSWORD_INCORRECT', 'AUTH.RATE_LIMITED', 'USER.NOT_FOUND'] },
  { method: 'put', path: '/api/users/notifications', tag: 'users', summary: 'Choose which notification emails to get', auth: true, request: updateNotificationsRequestSchema, success: { status: 200, body: userResponseSchema }, errors: ['USER.NOT_FOUND'] },
  { method: 'post', path: '/api/users/notifications/unsubscribe', tag: 'users', summary: "Stop one kind of notification email with its link's token (also RFC 8058 one-click)", auth: false, request: unsubscribeRequestSchema, success: { status: 200, body: unsubscribeResponseSchema }, errors: ['USER.UNSUBSCRIBE_INVALID'] },
  { method: 'post', path: '/api/admin/users/{id}/tier', tag: 'admin', summary: "Set a user's subscription tier (admins)", auth: true, request: adminSetTierRequestSchema, success: { status: 200, body: userResponseSchema }, errors: ['ADMIN.FORBIDDEN', 'USER.NOT_FOUND'] },

  // content
  { method: 'post', path: '/api/content/generate', tag: 'content', summary: 'Generate a post and 5 hooks (or generate a draft again)', auth: true, request: generateRequestSchema, success: { status: 201, body: generateResponseSchema }, stream: generationStreamEventSchemas, errors: ['TRIAL.LIMIT_REACHED', 'TRIAL.ENDED', 'PLAN.LIMIT_REACHED', 'PLAN.PAYMENT_OVERDUE', 'AUTH.USER_NOT_FOUND', 'CONTENT.NOT_FOUND', 'CONTENT.NOT_EDITABLE', 'CONTENT.TYPE_MISMATCH', 'CONTENT.CHANGED', 'GENERATION.TIMEOUT', 'GENERATION.RATE_LIMITED', 'GENERATION.UNAVAILABLE', 'GENERATION.INVALID_OUTPUT', 'GENERATION.REFUSED', 'GENERATION.BUSY', 'GENERATION.TOO_MANY', 'DEPENDENCY.UNAVAILABLE'] },
  { method: 'get', path: '/api/content', tag: 'content', summary: "The user's posts, newest first", auth: true, query: contentListQuerySchema, success: { status: 200, body: contentListResponseSchema }, errors: [] },
  { method: 'get', path: '/api/content/{id}', tag: 'content', summary: 'One post', auth: true, success: { status: 200, body: contentResponseSchema }, errors: ['CONTENT.NOT_FOUND'] },
  { method: 'put', path: '/api/content/{id}/edit', tag: 'content', summary: 'Save edits to a draft or a scheduled post', auth: true, request: editRequestSchema, success: { status: 200, body: contentResponseSchema }, errors: ['CONTENT.NOT_FOUND', 'CONTENT.NOT_EDITABLE', 'CONTENT.PUBLISHING_SOON', 'LINKEDIN.TOO_LONG', 'CONTENT.CHANGED'] },
  { method: 'post', path: '/api/content/{id}/restore-previous', tag: 'content', summary: "Put back a draft's previous version", auth: true, success: { status: 200, body: contentResponseSchema }, errors: ['CONTENT.NOT_FOUND', 'CONTENT.NOT_EDITABLE', 'CONTENT.NO_PREVIOUS_VERSION', 'CONTENT.CHANGED'] },
  { method: 'delete', path: '/api/content/{id}', tag: 'content', summary: 'Delete a post (a LinkedIn post stays on LinkedIn)', auth: true, success: { status: 200, body: deletedResponseSchema }, errors: ['CONTENT.NOT_FOUND'] },

  { method: 'get', path: '/api/insights', tag: 'content', summary: "What works for the member: engagement of their published posts by type, hook style, length, weekday and hour, with findings and recommendations", auth: true, query: insightsQuerySchema, success: { status: 200, body: insightsResponseSchema }, errors: ['INSIGHTS.INVALID_TIME_ZONE'] },

  // LinkedIn
  { method: 'get', path: '/api/linkedin/auth-url', tag: 'linkedin', summary: "LinkedIn's consent page to connect the account", auth: true, success: { status: 200, body: authUrlResponseSchema }, errors: [] },
  { method: 'post', path: '/api/linkedin/callback', tag: 'linkedin', summary: 'Finish connecting with the code LinkedIn sent back', auth: true, request: callbackRequestSchema, success: { status: 200, body: callbackResponseSchema }, errors: ['LINKEDIN.CALLBACK_INVALID', 'LINKEDIN.STATE_INVALID', 'LINKEDIN.EXCHANGE_FAILED', 'LINKEDIN.UNAVAILABLE'] },
  { method: 'get', path: '/api/linkedin/profile', tag: 'linkedin', summary: 'The connection and its LinkedIn profile (404: not connected)', auth: true, success: { status: 200, body: profileStatusResponseSchema }, errors: ['LINKEDIN.NOT_CONNECTED'] },
  { method: 'post', path: '/api/linkedin/refresh-profile', tag: 'linkedin', summary: 'Read the LinkedIn profile again', auth: true, success: { status: 200, body: refreshProfileResponseSchema }, errors: ['LINKEDIN.CONNECTION_REQUIRED', 'LINKEDIN.RECONNECT_REQUIRED', 'LINKEDIN.UNAVAILABLE'] },
  { method: 'delete', path: '/api/linkedin/disconnect', tag: 'linkedin', summary: 'Disconnect LinkedIn (the posts on LinkedIn stay)', auth: true, success: { status: 200, body: disconnectResponseSchema }, errors: [] },
  { method: 'post', path: '/api/linkedin/post', tag: 'linkedin', summary: 'Publish a post to LinkedIn now', auth: true, request: publishRequestSchema, success: { status: 200, body: publishResponseSchema }, errors: ['CONTENT.NOT_FOUND', 'LINKEDIN.CONNECTION_REQUIRED', 'LINKEDIN.RECONNECT_REQUIRED', 'LINKEDIN.NO_CONTENT', 'LINKEDIN.TOO_LONG', 'LINKEDIN.ALREADY_PUBLISHED', 'LINKEDIN.PUBLISH_IN_PROGRESS', 'LINKEDIN.DUPLICATE_POST', 'LINKEDIN.UNCONFIRMED', 'LINKEDIN.UNCONFIRMED_EARLIER', 'LINKEDIN.RATE_LIMITED', 'LINKEDIN.FORBIDDEN', 'LINKEDIN.REJECTED', 'LINKEDIN.UNAVAILABLE', 'LINKEDIN.API_VERSION_RETIRED', 'DEPENDENCY.UNAVAILABLE'] },
  { method: 'get', path: '/api/linkedin/posts', tag: 'linkedin', summary: 'Published posts with their engagement', auth: true, query: postsListQuerySchema, success: { status: 200, body: postsListResponseSchema }, errors: [] },

  // calendar
  { method: 'post', path: '/api/calendar/schedule', tag: 'calendar', summary: 'Schedule (or reschedule) a post', auth: true, request: scheduleRequestSchema, success: { status: 200, body: scheduleResponseSchema }, errors: ['CONTENT.NOT_FOUND', 'SCHEDULE.INVALID_TIME', 'SCHEDULE.TOO_SOON', 'SCHEDULE.TOO_FAR', 'SCHEDULE.NOT_SCHEDULABLE', 'SCHEDULE.PUBLISHING', 'SCHEDULE.BUSY', 'LINKEDIN.TOO_LONG', 'DEPENDENCY.UNAVAILABLE'] },
  { method: 'delete', path: '/api/calendar/unschedule/{contentId}', tag: 'calendar', summary: 'Unschedule a post (back to draft)', auth: true, success: { status: 200, body: unscheduleResponseSchema }, errors: ['CONTENT.NOT_FOUND', 'SCHEDULE.NOT_SCHEDULED', 'SCHEDULE.PUBLISHING', 'SCHEDULE.BUSY', 'DEPENDENCY.UNAVAILABLE'] },
  { method: 'get', path: '/api/calendar/settings', tag: 'calendar', summary: 'Scheduling limits (minimum lead time)', auth: true, success: { status: 200, body: calendarSettingsResponseSchema }, errors: [] },
  { method: 'get', path: '/api/calendar/suggestions', tag: 'calendar', summary: 'Suggested posting times in a time zone', auth: true, query: suggestionsQuerySchema, success: { status: 200, body: suggestionsResponseSchema }, errors: ['SCHEDULE.INVALID_TIME_ZONE'] },

  // billing
  { method: 'get', path: '/api/billing/plans', tag: 'billing', summary: 'The plans with their prices and allowances', auth: false, success: { status: 200, body: plansResponseSchema }, errors: ['BILLING.UNAVAILABLE'] },
  { method: 'post', path: '/api/billing/checkout', tag: 'billing', summary: "Start a subscription: Stripe Checkout's address for the plan and interval", auth: true, request: checkoutRequestSchema, success: { status: 200, body: billingRedirectResponseSchema }, errors: ['BILLING.ALREADY_SUBSCRIBED', 'AUTH.EMAIL_UNVERIFIED', 'BILLING.PLAN_UNAVAILABLE', 'BILLING.UNAVAILABLE', 'USER.NOT_FOUND', 'DEPENDENCY.UNAVAILABLE'] },
  { method: 'post', path: '/api/billing/portal', tag: 'billing', summary: "Manage billing: Stripe's Billing Portal (change plan, cancel, card, invoices)", auth: true, success: { status: 200, body: billingRedirectResponseSchema }, errors: ['BILLING.NO_CUSTOMER', 'BILLING.UNAVAILABLE'] },
  { method: 'get', path: '/api/billing/subscription', tag: 'billing', summary: 'The subscription, its status and this month\'s usage', auth: true, success: { status: 200, body: subscriptionResponseSchema }, errors: ['DEPENDENCY.UNAVAILABLE'] },
  { method: 'post', path: '/api/billing/webhook', tag: 'billing', summary: "Stripe's events (signed with the Stripe-Signature header)", auth: false, success: { status: 200, body: webhookResponseSchema }, errors: ['BILLING.SIGNATURE_INVALID'] },

  // the gateway itself
  { method: 'get', path: '/api/health', tag: 'gateway', summary: 'Whether every service is ready (503 names the ones that are not)', auth: false, success: { status: 200, body: gatewayHealthSchema }, errors: [] },
];

/** Codes any operation can answer: the gateway's and the services' own, by what the operation takes. */
export function commonErrors(operation: ApiOperation): ErrorCode[] {
  const codes: ErrorCode[] = ['RATE_LIMITED', 'INTERNAL', 'UPSTREAM.UNAVAILABLE', 'UPSTREAM.TIMEOUT', 'SERVICE.UNAVAILABLE'];
  if (operation.auth) codes.push('AUTH.MISSING_TOKEN', 'AUTH.TOKEN_INVALID', 'AUTH.TOKEN_EXPIRED', 'AUTH.SESSION_REVOKED');
  if (operation.request) codes.push('REQUEST.INVALID', 'REQUEST.MALFORMED_JSON', 'REQUEST.TOO_LARGE', 'REQUEST.UNSUPPORTED_ENCODING');
  else if (operation.query) codes.push('REQUEST.INVALID');
  return codes;
}
