import { linkedinLength, POST_MAX_LENGTH } from '@postwright/contracts';
import styles from './linkedin-limit-note.module.css';

/**
 * Said while the member edits, not when Publish is refused: a post within 3,000 characters as
 * written can be longer as LinkedIn receives it (each hashtag and each reserved character is
 * marked), and the LinkedIn service refuses it then (docs/linkedin.md, "Length").
 */
export function LinkedinLimitNote({ text }: { text: string }) {
  const { written, sent } = linkedinLength(text);
  if (written > POST_MAX_LENGTH || sent <= POST_MAX_LENGTH) return null;
  return (
    <p className={styles.note} role="status" data-testid="linkedin-limit-note">
      LinkedIn receives this post as {sent.toLocaleString('en-US')} characters: hashtags and the characters \ | {'{ }'} @ [ ] ( ) &lt; &gt; # * _ ~ take
      extra room. LinkedIn allows at most 3,000, so shorten it before you publish or schedule it.
    </p>
  );
}
