import { RESET_LINK_MINUTES, VERIFICATION_LINK_HOURS } from '@postwright/contracts';
import { renderEmail, type Email } from '@postwright/platform';

/** The emails the auth service sends: each says what happened and the one thing to do. */
export function accountEmails(publicUrl: string) {
  return {
    // no name from the account in mail to an address it has not proven: a stranger could sign up with
    // someone else's address and a "name" that reads as a message of ours
    verifyEmail(to: string, token: string): Email {
      return renderEmail(to, 'Verify your email', {
        greeting: 'Hi,',
        paragraphs: ['Welcome to Postwright. Please confirm that this is your email address, so we can reach you about your account and your posts.'],
        action: { label: 'Verify your email', url: `${publicUrl}/auth/verify-email?token=${encodeURIComponent(token)}` },
        footnote: `The link works for ${VERIFICATION_LINK_HOURS} hours. If you did not sign up for Postwright, you can ignore this email.`,
      });
    },

    resetPassword(to: string, token: string): Email {
      return renderEmail(to, 'Reset your Postwright password', {
        greeting: 'Hi,',
        paragraphs: ['Someone asked to reset the password of your Postwright account. If it was you, choose a new password with the link below.'],
        action: { label: 'Choose a new password', url: `${publicUrl}/auth/reset-password?token=${encodeURIComponent(token)}` },
        footnote: `The link works for ${RESET_LINK_MINUTES} minutes and only once. If you did not ask for it, you can ignore this email: your password stays as it is.`,
      });
    },

    passwordChanged(to: string): Email {
      return renderEmail(to, 'Your password was changed', {
        greeting: 'Hi,',
        paragraphs: [
          'The password of your Postwright account was just changed, and your account was signed out everywhere else.',
          'If you did not change it, someone else may know your password: reset it now.',
        ],
        action: { label: 'Reset your password', url: `${publicUrl}/auth/forgot-password` },
      });
    },
  };
}
export type AccountEmails = ReturnType<typeof accountEmails>;
