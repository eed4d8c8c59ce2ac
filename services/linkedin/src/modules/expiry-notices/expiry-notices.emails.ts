import { renderEmail, type Email } from '@postwright/platform';

/** Who an email goes to, as the auth service tells it, with the way out of these emails. */
export interface Recipient {
  email: string;
  firstName: string;
  unsubscribe: { page: string; oneClick: string };
}

// the product keeps no time zone per member, so the email names its own
const dayFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeZone: 'UTC' });
const timeFormat = new Intl.DateTimeFormat('en-US', { timeStyle: 'short', timeZone: 'UTC' });
// some ICU versions put a narrow no-break space before AM/PM; a plain-text email wants a plain one
const day = { format: (at: Date) => dayFormat.format(at).replace(/\s/g, ' ') };
const time = { format: (at: Date) => timeFormat.format(at).replace(/\s/g, ' ') };

const FOOTNOTE = 'You get this email when your LinkedIn connection is about to expire or has expired. You can turn it off in your settings.';

/** The emails about the member's LinkedIn connection ending, in the profile's words; both lead to Reconnect LinkedIn. */
export function expiryEmails(publicUrl: string) {
  const reconnect = { label: 'Reconnect LinkedIn', url: `${publicUrl}/profile` };
  return {
    expiresSoon(to: Recipient, expiresAt: Date): Email {
      return renderEmail(to.email, `Your LinkedIn connection expires on ${day.format(expiresAt)}`, {
        greeting: `Hi ${to.firstName},`,
        paragraphs: [
          `Your LinkedIn connection expires on ${day.format(expiresAt)} at ${time.format(expiresAt)} UTC. Reconnect LinkedIn before then to keep publishing and scheduling.`,
          'Posts scheduled for after that time will not be published unless you reconnect before then. Reconnecting takes a minute: sign in to LinkedIn and allow Postwright again.',
        ],
        action: reconnect,
        footnote: FOOTNOTE,
        unsubscribe: to.unsubscribe,
      });
    },

    expired(to: Recipient): Email {
      return renderEmail(to.email, 'Your LinkedIn connection has expired', {
        greeting: `Hi ${to.firstName},`,
        paragraphs: [
          'Your LinkedIn connection has expired. Reconnect LinkedIn to keep publishing and scheduling.',
          'Until you reconnect, scheduled posts cannot be published: any that fall due go back to your drafts.',
        ],
        action: reconnect,
        footnote: FOOTNOTE,
        unsubscribe: to.unsubscribe,
      });
    },
  };
}
export type ExpiryEmails = ReturnType<typeof expiryEmails>;
