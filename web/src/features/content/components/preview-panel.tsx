import { useId, useState } from 'react';
import { OPTIMAL_POST_LENGTH, type ContentItem, type User } from '@postwright/contracts';
import { Card } from '../../../components/ui/card';
import { cx } from '../../../components/ui/cx';
import { EmptyState } from '../../../components/ui/empty-state';
import { IconCheckCircle, IconChevronDown, IconSparkles } from '../../../components/ui/icons';
import { IconExternal } from '../../../components/ui/icons-app';
import { LinkedinLimitNote } from '../../../components/content/linkedin-limit-note';
import { Spinner } from '../../../components/ui/spinner';
import { formatSlot } from '../../../lib/datetime';
import { fullName, initials } from '../../../lib/user';
import { PostPreview } from './post-preview';
import page from './content-page.module.css';
import styles from './preview-panel.module.css';

export const NO_CONTENT_TO_POST = 'No content to post';

/** The length of what will be posted (hook, blank line, body) against 1,600: green within 1,300-1,600. */
export function LengthCounter({ length }: { length: number }) {
  const good = length >= OPTIMAL_POST_LENGTH.min && length <= OPTIMAL_POST_LENGTH.max;
  return (
    <p className={cx(styles.counter, good ? styles.counterGood : styles.counterWarn)} data-testid="length-counter" data-tone={good ? 'green' : 'yellow'}>
      <span className={styles.counterDot} aria-hidden="true" />
      {length.toLocaleString('en-US')} / {OPTIMAL_POST_LENGTH.max.toLocaleString('en-US')} characters
      <span className="visually-hidden">{good ? ' (within the optimal 1,300-1,600)' : ' (outside the optimal 1,300-1,600)'}</span>
    </p>
  );
}

/**
 * The post as it will appear, kept in view (issue #18): beside the hooks and the editor on wide
 * screens (sticky), and docked at the bottom of phones behind a Preview toggle. The counter sits
 * with it and counts exactly what will be posted.
 */
export function PreviewPanel({
  user,
  item,
  text,
  hook,
  generating,
  hasType,
}: {
  user: User;
  item: ContentItem | null;
  text: string;
  hook: string | null;
  generating: boolean;
  hasType: boolean;
}) {
  const [open, setOpen] = useState(false);
  const bodyId = useId();
  return (
    <div className={styles.previewDock}>
      <Card as="section" aria-labelledby="preview-title" className={cx(styles.previewCard, open && styles.previewOpen)}>
        <div className={styles.previewBar}>
          <h2 id="preview-title" className={styles.previewTitle}>
            Preview
          </h2>
          <button type="button" className={styles.previewToggle} aria-expanded={open} aria-controls={bodyId} onClick={() => setOpen((v) => !v)}>
            Preview
            <IconChevronDown size={16} className={styles.previewChevron} />
          </button>
          {item ? <LengthCounter length={text.length} /> : null}
        </div>
        <div id={bodyId} className={styles.previewBody} role="group" aria-labelledby="preview-title" tabIndex={0}>
          {item ? (
            <>
              <PostPreview text={text} name={fullName(user)} headline={user.role || user.company || 'Your headline'} picture={user.profilePicture} initials={initials(user)} />
              <LinkedinLimitNote text={text} />
              {!hook ? <p className={styles.previewNote}>Choose a hook to open your post.</p> : null}
              <p className={styles.previewNote}>Aim for 1,300-1,600 characters. Readers see the first lines before “...see more”.</p>
              {item.status !== 'draft' ? (
                <p className={styles.previewStatus}>
                  <IconCheckCircle size={16} /> {item.status === 'published' ? 'Published' : `Scheduled for ${formatSlot(item.scheduledFor)}`}
                  {item.status === 'published' && item.linkedinPostUrl ? (
                    <a href={item.linkedinPostUrl} target="_blank" rel="noreferrer" className={styles.previewLink}>
                      View on LinkedIn <IconExternal size={14} />
                      <span className="visually-hidden"> (opens in a new tab)</span>
                    </a>
                  ) : null}
                </p>
              ) : null}
            </>
          ) : generating ? (
            <div className={page.generating} role="status">
              <Spinner size={28} />
              <p>Writing your post and five hooks...</p>
            </div>
          ) : (
            <EmptyState compact title={NO_CONTENT_TO_POST} icon={<IconSparkles size={22} />}>
              {hasType ? 'Fill in the details and generate: your post and five hooks appear here.' : 'Choose a content type to get started.'}
            </EmptyState>
          )}
        </div>
      </Card>
    </div>
  );
}
