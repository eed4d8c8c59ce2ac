import { atMostMessage, errorCatalogue, FIELD_MAX, isErrorCode, PASSWORD_MIN_LENGTH, RESET_LINK_MINUTES, type ErrorCode, type NotificationKind } from '@postwright/contracts';
import { ApiError } from './api-client';

/** Each notification email, as the end of "You will no longer get emails when ...". */
const kindInWords: Record<NotificationKind, string> = {
  postPublished: 'a scheduled post is published',
  postFailed: 'a scheduled post could not be published',
  linkedinExpiry: 'your LinkedIn connection is about to expire or has expired',
};

/**
 * What the screens say about the account's email and password, in one place so that the auth
 * pages, the banner, settings and pricing use the same words. Not for the landing page: this
 * module reads the error catalogue (zod).
 */
export const accountText = {
  // forgotten password
  forgotTitle: 'Reset your password',
  forgotSubtitle: 'Enter the email address of your account and we will email you a link to choose a new password.',
  sendResetLink: 'Send reset link',
  sendingResetLink: 'Sending...',
  resetLinkSent: `If an account exists for that email, we have sent a link to reset its password. The link works for ${RESET_LINK_MINUTES} minutes.`,
  forgotFailed: 'Could not send the link. Please try again.',
  backToSignIn: 'Back to sign in',

  // the reset link
  resetTitle: 'Choose a new password',
  resetSubtitle: `Use at least ${PASSWORD_MIN_LENGTH} characters.`,
  newPassword: 'New password',
  confirmPassword: 'Confirm password',
  resetSubmit: 'Set new password',
  resetBusy: 'Saving...',
  resetDoneTitle: 'Password changed',
  resetDone: 'Your password was changed. Please sign in with your new password.',
  resetFailed: 'Could not change your password. Please try again.',
  resetInvalidTitle: 'Link not valid',
  requestNewLink: 'Request a new link',
  signIn: 'Sign in',

  // the verification link
  verifying: 'Verifying your email address...',
  verifiedTitle: 'Email verified',
  verified: 'Your email address is verified.',
  goToDashboard: 'Go to dashboard',
  verifyInvalidTitle: 'Link not valid',
  sendNewLink: 'Send a new link',
  signInForNewLink: 'Sign in to have a new link sent to you.',
  verifyFailedTitle: 'Email not verified',
  verifyFailed: 'Could not verify your email address. Please try again.',
  tryAgain: 'Try again',

  // asking for the verification email again (banner, settings, verify page, pricing)
  // no claim that a link was sent: members from before verification existed never got one
  verifyBanner: (email: string) => `Verify your email address, ${email}, to subscribe to a plan and get notification emails.`,
  resendEmail: 'Resend email',
  resendVerificationEmail: 'Resend verification email',
  resending: 'Sending...',
  resent: (email: string) => `We sent a new link to ${email}.`,
  resendTooSoon: 'Please wait a minute before asking again.',
  resendFailed: 'Could not send the email. Please try again.',
  dismissBanner: 'Dismiss the email verification reminder',

  // settings
  settingsTitle: 'Settings',
  settingsDescription: 'Your account, your password and the emails we send you.',
  accountTitle: 'Account',
  emailReadOnly: 'Email cannot be changed',
  verificationLabel: 'Verification',
  statusVerified: 'Verified',
  statusUnverified: 'Not verified',
  unverifiedNote: (email: string) => `Open the verification link emailed to ${email}, or have a new one sent.`,
  newPasswordHint: `At least ${PASSWORD_MIN_LENGTH} characters.`,
  changePasswordTitle: 'Change password',
  currentPassword: 'Current password',
  confirmNewPassword: 'Confirm new password',
  changePassword: 'Change password',
  changingPassword: 'Changing...',
  passwordChanged: 'Your password was changed. Your other devices have been signed out.',
  changePasswordFailed: 'Could not change your password. Please try again.',
  notificationsTitle: 'Email notifications',
  notificationsTo: (email: string) => `We send these emails to ${email}.`,
  notificationsUnverified: 'Notifications go to verified addresses only: verify your email address to start getting them.',
  notificationLabels: {
    postPublished: 'A scheduled post was published',
    postFailed: 'A scheduled post could not be published',
    linkedinExpiry: 'My LinkedIn connection is about to expire or has expired',
  } satisfies Record<NotificationKind, string>,
  saving: 'Saving...',
  saved: 'Saved',
  saveFailed: 'Could not save your choice. Please try again.',

  // the unsubscribe link
  unsubscribing: 'Updating your email preferences...',
  unsubscribedTitle: 'Unsubscribed',
  unsubscribed: (kind: NotificationKind) => `You will no longer get emails when ${kindInWords[kind]}.`,
  turnBackOnBefore: 'You can turn them back on in ',
  turnBackOnLink: 'Settings',
  unsubscribeInvalidTitle: 'Link not valid',
  unsubscribeFailedTitle: 'Not unsubscribed',
  unsubscribeFailed: 'Could not update your email preferences. Please try again.',
} as const;

/** The catalogue's message for a code (the web switches on codes, never on text). */
export function catalogueMessage(code: ErrorCode): string {
  return errorCatalogue[code].message;
}

export function hasCode(error: unknown, code: ErrorCode): boolean {
  return error instanceof ApiError && error.code === code;
}

/** A refusal for asking too often (the gateway's or the auth service's limit). */
export function isRateLimited(error: unknown): boolean {
  return error instanceof ApiError && error.status === 429;
}

/** The server's own text, else the catalogue's for the code, else the network message or the fallback. */
export function accountErrorText(error: unknown, fallback: string): string {
  if (!(error instanceof ApiError)) return fallback;
  if (error.serverMessage) return error.serverMessage;
  if (isErrorCode(error.code)) return errorCatalogue[error.code].message;
  return error.status === 0 ? error.message : fallback;
}

/**
 * A new password checked on its field before anything is sent, in the auth service's words
 * ("<Label> is required", "<Label> must be at least 8 characters").
 */
export function newPasswordProblem(label: string, value: string): string | null {
  if (!value) return `${label} is required`;
  if (value.length < PASSWORD_MIN_LENGTH) return `${label} must be at least ${PASSWORD_MIN_LENGTH} characters`;
  if (value.length > FIELD_MAX.password) return atMostMessage(label, FIELD_MAX.password);
  return null;
}

/** The confirmation says on its field that it differs: a form never silently does nothing. */
export const PASSWORDS_DIFFER = 'Passwords do not match';
export const CONFIRM_REQUIRED = 'Please confirm your password';
