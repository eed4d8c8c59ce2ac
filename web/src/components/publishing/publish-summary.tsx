import { foldPost } from '../content/post-fold';
import { lengthSummary } from '../content/post-length';
import styles from './publish-flow.module.css';

/** What the publish confirmation shows of the post: its first lines, as the feed opens it, and its length. */
export function PublishSummary({ text }: { text: string }) {
  const { visible, folded } = foldPost(text.trim());
  return (
    <div className={styles.summary}>
      <p className={styles.summaryLabel}>The post opens with:</p>
      <blockquote className={styles.opening} data-testid="publish-opening">
        {visible}
        {folded ? '...' : null}
      </blockquote>
      <p className={styles.summaryLength} data-testid="publish-length">
        {lengthSummary(text)}
      </p>
    </div>
  );
}
