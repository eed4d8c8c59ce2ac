import { useId, useState } from 'react';
import { formatCount, HOOK_COUNT, linkedinLimitCheck, OPTIMAL_POST_LENGTH, type ContentItem, type User } from '@postwright/contracts';
import { Card } from '../../../components/ui/card';
import { cx } from '../../../components/ui/cx';
import { EmptyState } from '../../../components/ui/empty-state';
import { IconCheckCircle, IconChevronDown, IconSparkles } from '../../../components/ui/icons';
import { IconExternal } from '../../../components/ui/icons-app';
import { Spinner } from '../../../components/ui/spinner';
import { formatScheduled } from '../../../lib/datetime';
import { fullName, initials } from '../../../lib/user';
import type { LivePost } from '../hooks/use-generation';
import { useLiveInView } from '../hooks/use-live-in-view';
import { PostPreview, usePreviewHeadline } from './post-preview';
import page from './content-page.module.css';
import styles from './preview-panel.module.css';

export const NO_CONTENT_TO_POST = 'No content to post';

/**
 * The length of what will be posted (hook, blank line, body) against 1,600: green within
 * 1,300-1,600; red, with how much is over, past LinkedIn's 3,000 (as written or as sent).
 */
export function LengthCounter({ text }: { text: string }) {
  const length = text.length;
  const good = length >= OPTIMAL_POST_LENGTH.min && length <= OPTIMAL_POST_LENGTH.max;
  const { over, limit } = linkedinLimitCheck(text);
  const tone = over ? 'red' : good ? 'green' : 'yellow';
  return (
    <p className={cx(styles.counter, over ? styles.counterOver : good ? styles.counterGood : styles.counterWarn)} data-testid="length-counter" data-tone={tone}>
      <span className={styles.counterDot} aria-hidden="true" />
      {formatCount(length)} / {formatCount(OPTIMAL_POST_LENGTH.max)} characters
      {over ? ` · ${formatCount(over)} over LinkedIn's ${formatCount(limit)}` : null}
      <span className="visually-hidden">{over ? '' : good ? ' (within the optimal 1,300-1,600)' : ' (outside the optimal 1,300-1,600)'}</span>
    </p>
  );
}

export const WRITING_STATUS = 'Writing your post and five hooks...';

/**
 * The post while the server writes it: the body as it arrives and each hook once
 * complete. Only the status line is a live region (polite); the growing text is marked busy and
 * is not announced piece by piece. The result takes focus when it is ready, as before.
 */
function LivePreview({ user, live }: { user: User; live: LivePost }) {
  const hooks = live.hooks.flatMap((text, index) => (text === null ? [] : [{ index, text }]));
  const started = Boolean(live.body) || hooks.length > 0;
  const headline = usePreviewHeadline(user);
  return (
    <div className={styles.live} data-testid="live-post">
      <p className={started ? styles.liveStatus : page.generating} role="status" aria-live="polite">
        <Spinner size={started ? 16 : 28} />
        <span>{WRITING_STATUS}</span>
      </p>
      <div className={styles.liveContent} aria-busy="true">
        {live.body ? <PostPreview writing text={live.body} name={fullName(user)} headline={headline} picture={user.profilePicture} initials={initials(user)} /> : null}
        {hooks.length ? (
          <div>
            <h3 className={styles.liveHooksTitle}>
              Hooks <span className={styles.liveHooksCount}>{`${hooks.length} of ${HOOK_COUNT}`}</span>
            </h3>
            <ol className={styles.liveHookList}>
              {hooks.map(({ index, text }) => (
                <li key={index} value={index + 1} data-testid="live-hook">
                  {text}
                </li>
              ))}
            </ol>
          </div>
        ) : null}
      </div>
    </div>
  );
}

/**
 * The post as it will appear, kept in view: beside the hooks and the editor on wide
 * screens (sticky), and docked at the bottom of phones behind a Preview toggle. The counter sits
 * with it and counts exactly what will be posted.
 */
export function PreviewPanel({
  user,
  item,
  text,
  hook,
  generating,
  live = null,
  hasType,
}: {
  user: User;
  item: ContentItem | null;
  text: string;
  hook: string | null;
  generating: boolean;
  /** the post being written, while a generation runs (it takes the place of the open draft meanwhile) */
  live?: LivePost | null;
  hasType: boolean;
}) {
  const writing = generating && live;
  const headline = usePreviewHeadline(user);
  const [open, setOpen] = useState(false);
  const bodyId = useId();
  const written = writing ? writing.body.length + writing.hooks.reduce((n, hook) => n + (hook?.length ?? 0), 0) : 0;
  const follow = useLiveInView({ writing: Boolean(writing), started: written > 0, length: written, open, setOpen });
  return (
    <div className={styles.previewDock} ref={follow.cardRef}>
      <Card as="section" aria-labelledby="preview-title" className={cx(styles.previewCard, open && styles.previewOpen)}>
        <div className={styles.previewBar}>
          <h2 id="preview-title" className={styles.previewTitle}>
            Preview
          </h2>
          <button
            type="button"
            className={styles.previewToggle}
            aria-expanded={open}
            aria-controls={bodyId}
            onClick={() => {
              follow.toggled();
              setOpen((v) => !v);
            }}
          >
            Preview
            <IconChevronDown size={16} className={styles.previewChevron} />
          </button>
          {item && !writing ? <LengthCounter text={text} /> : null}
        </div>
        <div id={bodyId} ref={follow.bodyRef} className={styles.previewBody} role="group" aria-labelledby="preview-title" tabIndex={0}>
          {writing ? (
            <LivePreview user={user} live={writing} />
          ) : item ? (
            <>
              <PostPreview text={text} name={fullName(user)} headline={headline} picture={user.profilePicture} initials={initials(user)} />
              {!hook ? <p className={styles.previewNote}>Choose a hook to open your post.</p> : null}
              <p className={styles.previewNote}>Aim for 1,300-1,600 characters. Readers see the first lines before “...see more”.</p>
              {item.status !== 'draft' ? (
                <p className={styles.previewStatus}>
                  <IconCheckCircle size={16} /> {item.status === 'published' ? 'Published' : `Scheduled for ${formatScheduled(item.scheduledFor)}`}
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
