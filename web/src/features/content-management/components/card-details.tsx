import { RECONNECT_REQUIRED_MESSAGE, type ContentItem } from '@postwright/contracts';
import { cx } from '../../../components/ui/cx';
import { IconAlert, IconClock, IconSend } from '../../../components/ui/icons';
import { IconEye, IconMessage, IconRepeat, IconThumbsUp } from '../../../components/ui/icons-app';
import { formatScheduled, formatShortDateTime } from '../../../lib/datetime';
import styles from './content-management.module.css';

/** The LinkedIn address of a published item (the one the service gave, else the feed URL of its id). */
export function linkedInUrlOf(item: Pick<ContentItem, 'linkedinPostUrl' | 'linkedinPostId'>): string | null {
  if (item.linkedinPostUrl) return item.linkedinPostUrl;
  return item.linkedinPostId ? `https://www.linkedin.com/feed/update/${encodeURIComponent(item.linkedinPostId)}/` : null;
}

/** The final or generated content; the hook is shown on its own above, so it is not repeated. */
export function displayText(item: Pick<ContentItem, 'finalContent' | 'generatedContent' | 'selectedHook'>): string {
  const text = item.finalContent?.trim() ? item.finalContent : item.generatedContent;
  if (item.selectedHook && text.startsWith(item.selectedHook)) {
    const rest = text.slice(item.selectedHook.length).replace(/^\s+/, '');
    if (rest) return rest;
  }
  return text;
}

/** Likes, Comments, Reposts and Views (impressions) of a published item. */
export function Engagement({ item }: { item: ContentItem }) {
  if (!item.engagement) return null;
  const { likes, comments, reposts, impressions } = item.engagement;
  const stats = [
    { label: 'Likes', value: likes, Icon: IconThumbsUp },
    { label: 'Comments', value: comments, Icon: IconMessage },
    { label: 'Reposts', value: reposts, Icon: IconRepeat },
    { label: 'Views', value: impressions, Icon: IconEye },
  ];
  return (
    <dl className={styles.engagement} aria-label="Engagement">
      {stats.map(({ label, value, Icon }) => (
        <div key={label} className={styles.engagementItem}>
          <dt>
            <Icon size={14} />
            {label}
          </dt>
          <dd>{value.toLocaleString('en-US')}</dd>
        </div>
      ))}
    </dl>
  );
}

/** When it is scheduled for, or when it was published. */
export function StatusTime({ item }: { item: ContentItem }) {
  if (item.status === 'scheduled' && item.scheduledFor) {
    return (
      <p className={styles.when}>
        <IconClock size={16} />
        Scheduled for <time dateTime={item.scheduledFor}>{formatScheduled(item.scheduledFor)}</time>
      </p>
    );
  }
  if (item.status === 'published' && item.publishedAt) {
    return (
      <p className={cx(styles.when, styles.whenPublished)}>
        <IconSend size={16} />
        Published <time dateTime={item.publishedAt}>{formatShortDateTime(item.publishedAt)}</time>
      </p>
    );
  }
  return null;
}

/** True when the card's publish problem already says that the LinkedIn connection expired (items keep the reason as text only). */
export function problemIsExpiredConnection(item: Pick<ContentItem, 'status' | 'lastPublishError'>): boolean {
  return item.status !== 'published' && item.lastPublishError === RECONNECT_REQUIRED_MESSAGE;
}

/** Why the last publish failed, or that LinkedIn may have it already. */
export function PublishProblem({ item }: { item: ContentItem }) {
  if (item.status === 'published' || !item.lastPublishError) return null;
  return (
    <div className={cx(styles.problem, item.publishUnconfirmed && styles.problemUnconfirmed)} role="note" data-testid="publish-problem">
      <IconAlert size={16} />
      <div>
        <p className={styles.problemTitle}>{item.publishUnconfirmed ? 'Publish not confirmed' : 'Publishing failed'}</p>
        <p>{item.lastPublishError}</p>
        {item.publishUnconfirmed ? <p>Check your LinkedIn feed before publishing again: the post may already be there.</p> : null}
      </div>
    </div>
  );
}
