import { renderEmail, type Email } from '@postwright/platform';

/** Who an email goes to, as the auth service tells it, with the way out of this kind of email. */
export interface Recipient {
  email: string;
  firstName: string;
  unsubscribe: { page: string; oneClick: string };
}

/**
 * A time as the email says it. The product keeps no time zone per member, so the email names
 * its own rather than show a time the member might read as theirs.
 */
export function emailTime(at: Date): string {
  // some ICU versions put a narrow no-break space before AM/PM; a plain-text email wants a plain one
  return `${new Intl.DateTimeFormat('en-US', { dateStyle: 'full', timeStyle: 'short', timeZone: 'UTC' }).format(at).replace(/\s/g, ' ')} UTC`;
}

const quoted = (line: string | null) => (line ? [`“${line}”`] : []);

/** The emails about scheduled posts: what happened to the post, and the one thing to do next. */
export function notificationEmails(publicUrl: string) {
  return {
    postPublished(to: Recipient, post: { line: string | null; publishedAt: Date; url: string }): Email {
      return renderEmail(to.email, 'Your scheduled post is live on LinkedIn', {
        greeting: `Hi ${to.firstName},`,
        paragraphs: [`Your scheduled post was published on LinkedIn on ${emailTime(post.publishedAt)}.`, ...quoted(post.line)],
        action: { label: 'View on LinkedIn', url: post.url },
        footnote: 'You get this email when a scheduled post is published. You can turn it off in your settings.',
        unsubscribe: to.unsubscribe,
      });
    },

    postFailed(to: Recipient, post: { line: string | null; scheduledFor: Date; reason: string; unconfirmed: boolean }): Email {
      return renderEmail(to.email, 'Your scheduled post could not be published', {
        greeting: `Hi ${to.firstName},`,
        paragraphs: [
          `Your post scheduled for ${emailTime(post.scheduledFor)} could not be published on LinkedIn.`,
          ...quoted(post.line),
          post.reason,
          // the card's own words for a post LinkedIn may have taken without saying so
          ...(post.unconfirmed ? ['Check your LinkedIn feed before publishing again: the post may already be there.'] : []),
          'The post is back in your drafts. Open it to fix the problem, then publish it or schedule it again.',
        ],
        action: { label: 'Open your posts', url: `${publicUrl}/content-management` },
        footnote: 'You get this email when a scheduled post cannot be published. You can turn it off in your settings.',
        unsubscribe: to.unsubscribe,
      });
    },
  };
}
export type NotificationEmails = ReturnType<typeof notificationEmails>;
