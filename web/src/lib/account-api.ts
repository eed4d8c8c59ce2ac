import {
  changePasswordResponseSchema,
  forgotPasswordResponseSchema,
  resendVerificationResponseSchema,
  resetPasswordResponseSchema,
  unsubscribeResponseSchema,
  userResponseSchema,
  verifyEmailResponseSchema,
  type NotificationKind,
  type NotificationPreferences,
  type User,
} from '@postwright/contracts';
import { api } from './api-client';

/**
 * The account's email calls (contracts/src/account.ts): verification, password reset and change,
 * notification choices and unsubscribing. Shared by the auth, settings, layout and pricing screens;
 * never by the landing page (these read the contracts' schemas, and so zod).
 *
 * The calls an emailed link makes go without the access token: the link may be opened in a
 * browser where nobody is signed in, or someone else is.
 */

/** POST /auth/verify-email: 400 AUTH.VERIFICATION_INVALID for an unknown, used or expired link. */
export async function verifyEmail(token: string): Promise<void> {
  await api.post('/auth/verify-email', { token }, { auth: false, schema: verifyEmailResponseSchema });
}

/** POST /auth/resend-verification: 409 AUTH.EMAIL_ALREADY_VERIFIED, 429 AUTH.RATE_LIMITED. */
export async function resendVerification(): Promise<void> {
  await api.post('/auth/resend-verification', undefined, { schema: resendVerificationResponseSchema });
}

/** POST /auth/forgot-password: the same answer whether or not the account exists. */
export async function requestPasswordReset(email: string): Promise<void> {
  await api.post('/auth/forgot-password', { email }, { auth: false, schema: forgotPasswordResponseSchema });
}

/** POST /auth/reset-password: every session of the account ends. 400 AUTH.RESET_INVALID, or REQUEST.INVALID with `details.password`. */
export async function resetPassword(token: string, password: string): Promise<void> {
  await api.post('/auth/reset-password', { token, password }, { auth: false, schema: resetPasswordResponseSchema });
}

/** PUT /users/password: this session stays, the others end. 400 AUTH.PASSWORD_INCORRECT or REQUEST.INVALID, with `details`. */
export async function changePassword(currentPassword: string, newPassword: string): Promise<void> {
  await api.put('/users/password', { currentPassword, newPassword }, { schema: changePasswordResponseSchema });
}

/** PUT /users/notifications with the kinds to change; answers the user. */
export async function updateNotifications(changes: Partial<NotificationPreferences>): Promise<User> {
  const { user } = await api.put('/users/notifications', changes, { schema: userResponseSchema });
  return user;
}

/** POST /users/notifications/unsubscribe: which kind of email stopped. 400 USER.UNSUBSCRIBE_INVALID. */
export async function unsubscribe(token: string): Promise<NotificationKind> {
  const { kind } = await api.post('/users/notifications/unsubscribe', { token }, { auth: false, schema: unsubscribeResponseSchema });
  return kind;
}
