/**
 * The account's own safety and mail: email verification, password reset and change, and the
 * notification emails a member can turn off.
 */
import { z } from 'zod';
import { atMostMessage, FIELD_MAX } from './limits';

/** The notification emails, each one a member can turn off (in /settings, or by its unsubscribe link). */
export const notificationKinds = ['postPublished', 'postFailed', 'linkedinExpiry'] as const;
export type NotificationKind = (typeof notificationKinds)[number];
export const notificationPreferencesSchema = z.object({ postPublished: z.boolean(), postFailed: z.boolean(), linkedinExpiry: z.boolean() });
export type NotificationPreferences = z.infer<typeof notificationPreferencesSchema>;

/** How long the emailed links work. */
export const VERIFICATION_LINK_HOURS = 24;
export const RESET_LINK_MINUTES = 30;
/** The shortest password (the signup rule). */
export const PASSWORD_MIN_LENGTH = 8;

const token = z
  .string({ error: (issue) => (issue.input === undefined ? 'token is required' : 'token must be text') })
  .min(1, 'token is required')
  .max(200, 'token is not valid');
const password = (label: string) =>
  z
    .string({ error: (issue) => (issue.input === undefined || issue.input === null ? `${label} is required` : `${label} must be text`) })
    .min(PASSWORD_MIN_LENGTH, `${label} must be at least ${PASSWORD_MIN_LENGTH} characters`)
    .max(FIELD_MAX.password, atMostMessage(label, FIELD_MAX.password));

// POST /api/auth/verify-email (no access token: the link may be opened anywhere)
export const verifyEmailRequestSchema = z.object({ token });
export const verifyEmailResponseSchema = z.object({ emailVerified: z.literal(true) });

// POST /api/auth/resend-verification
export const resendVerificationResponseSchema = z.object({ sent: z.literal(true) });

// POST /api/auth/forgot-password: the same answer whether or not the account exists
export const forgotPasswordRequestSchema = z.object({ email: z.string().trim().max(FIELD_MAX.email, atMostMessage('Email', FIELD_MAX.email)) });
export const forgotPasswordResponseSchema = z.object({ sent: z.literal(true) });

// POST /api/auth/reset-password
export const resetPasswordRequestSchema = z.object({ token, password: password('Password') });
export const resetPasswordResponseSchema = z.object({ success: z.literal(true) });

// PUT /api/users/password
export const changePasswordRequestSchema = z.object({
  currentPassword: z
    .string({ error: (issue) => (issue.input === undefined || issue.input === null ? 'Current password is required' : 'Current password must be text') })
    .min(1, 'Current password is required')
    .max(FIELD_MAX.password, 'Current password is incorrect'),
  newPassword: password('New password'),
});
export const changePasswordResponseSchema = z.object({ success: z.literal(true) });

// PUT /api/users/notifications: the kinds to change; answers the user
export const updateNotificationsRequestSchema = notificationPreferencesSchema.partial();

// POST /api/users/notifications/unsubscribe (no access token: the email's link, or a mail client's one-click POST)
export const unsubscribeRequestSchema = z.object({ token });
export const unsubscribeResponseSchema = z.object({ kind: z.enum(notificationKinds), unsubscribed: z.literal(true) });
