import { overLimitMessage } from './post-length';
import styles from './linkedin-limit-note.module.css';

/**
 * Said while the member edits, not when Publish is refused: how far a post is over LinkedIn's
 * 3,000 characters, as written or as LinkedIn receives it (each hashtag and each reserved
 * character is marked, docs/linkedin.md, "Length"). The text is kept whole as a draft; the
 * LinkedIn service and the scheduler refuse it until it fits.
 */
export function LinkedinLimitNote({ text }: { text: string }) {
  const message = overLimitMessage(text);
  if (!message) return null;
  return (
    <p className={styles.note} role="status" data-testid="linkedin-limit-note">
      {message}
    </p>
  );
}
