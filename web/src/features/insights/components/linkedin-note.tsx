import { ButtonLink } from '../../../components/ui/button';
import { Alert } from '../../../components/ui/alert';
import { paths } from '../../../config/paths';
import { linkedInExpiryText, type LinkedInStatus } from '../../../lib/linkedin-api';
import styles from './insights-page.module.css';

/** What the member's LinkedIn connection allows this page to show. */
export type FiguresSource = { kind: 'figures' } | { kind: 'no-analytics'; reason: string } | { kind: 'not-connected' } | { kind: 'expired' } | { kind: 'unknown' };

export function figuresSource(status: LinkedInStatus | null): FiguresSource {
  if (!status) return { kind: 'unknown' };
  if (!status.connected) return { kind: 'not-connected' };
  if (status.expired) return { kind: 'expired' };
  if (status.engagement && !status.engagement.available) return { kind: 'no-analytics', reason: status.engagement.reason ?? '' };
  return { kind: 'figures' };
}

export const insightsLinkedInText = {
  connect: 'Insights come from the posts you publish on LinkedIn and the figures LinkedIn gives for them. Connect LinkedIn to publish and to see what works for you.',
  stillShown: 'Your posts are still counted here by content type, hook style, length and time; comparisons of comments and reactions need those figures.',
  noAnalyticsFallback: 'LinkedIn shares likes, comments, reposts and views only with apps it has approved, and this connection gets none.',
} as const;

/** The note above the page when figures are missing: connect, reconnect, or why LinkedIn gives none. */
export function LinkedInNote({ source }: { source: FiguresSource }) {
  if (source.kind === 'not-connected') {
    return (
      <Alert
        tone="info"
        title="Connect LinkedIn"
        className={styles.note}
        action={
          <ButtonLink to={paths.profile} size="sm" variant="primary" className={styles.noteAction}>
            Connect LinkedIn
          </ButtonLink>
        }
      >
        {insightsLinkedInText.connect}
      </Alert>
    );
  }
  if (source.kind === 'expired') {
    return (
      <Alert
        tone="warning"
        title="LinkedIn connection expired"
        className={styles.note}
        action={
          <ButtonLink to={paths.profile} size="sm" variant="primary" className={styles.noteAction}>
            Reconnect LinkedIn
          </ButtonLink>
        }
      >
        {linkedInExpiryText.expired} Figures for your posts stop updating until then.
      </Alert>
    );
  }
  if (source.kind === 'no-analytics') {
    return (
      <Alert tone="info" title="No comments or reactions from LinkedIn" className={styles.note}>
        <p>{source.reason || insightsLinkedInText.noAnalyticsFallback}</p>
        <p>{insightsLinkedInText.stillShown}</p>
      </Alert>
    );
  }
  return null;
}
