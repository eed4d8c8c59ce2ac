import { Link } from 'react-router-dom';
import type { ContentItem } from '@postwright/contracts';
import { ContentTypeIcon, contentTypeName, StatusBadge } from '../../../components/content/content-type';
import { Button, ButtonLink } from '../../../components/ui/button';
import { Card, CardBody, CardHeader } from '../../../components/ui/card';
import { EmptyState } from '../../../components/ui/empty-state';
import { IconSparkles } from '../../../components/ui/icons';
import { IconRefresh } from '../../../components/ui/icons-app';
import { Spinner } from '../../../components/ui/spinner';
import { paths } from '../../../config/paths';
import { formatShortDateTime } from '../../../lib/datetime';
import type { Loadable } from '../hooks/use-dashboard-data';
import styles from './dashboard-panels.module.css';

export const RECENT_COUNT = 5;

function RecentList({ items }: { items: ContentItem[] }) {
  const recent = [...items].sort((a, b) => Date.parse(b.createdAt) - Date.parse(a.createdAt)).slice(0, RECENT_COUNT);
  return (
    <ul className={styles.recent} aria-label="Recent content">
      {recent.map((item) => (
        <li key={item.id} className={styles.recentItem}>
          <ContentTypeIcon type={item.contentType} size={36} />
          <div className={styles.recentText}>
            <p className={styles.recentTopic}>{item.topic}</p>
            <p className={styles.recentMeta}>
              {contentTypeName(item.contentType)} · <time dateTime={item.createdAt}>{formatShortDateTime(item.createdAt)}</time>
            </p>
          </div>
          <StatusBadge status={item.status} />
        </li>
      ))}
    </ul>
  );
}

/** Recent Content: the latest five items, newest first; the empty state only when there are none, never while loading or after a failure. */
export function RecentContent({ items, onRetry }: { items: Loadable<ContentItem[]>; onRetry: () => void }) {
  let body;
  if (items.state === 'loading') {
    body = (
      <div className={styles.loadingRow} role="status">
        <Spinner size={20} /> Loading your content...
      </div>
    );
  } else if (items.state === 'error') {
    body = (
      <EmptyState compact title="Failed to load content" action={<Button onClick={onRetry} icon={<IconRefresh size={16} />}>Retry</Button>}>
        Your recent posts could not be loaded.
      </EmptyState>
    );
  } else if (items.value.length === 0) {
    body = (
      <EmptyState
        compact
        title="No content yet"
        icon={<IconSparkles size={22} />}
        action={
          <ButtonLink to={paths.content} variant="primary" size="sm">
            Create your first post
          </ButtonLink>
        }
      >
        Your latest drafts, scheduled and published posts will appear here.
      </EmptyState>
    );
  } else {
    body = <RecentList items={items.value} />;
  }
  return (
    <Card as="section" aria-labelledby="recent-title">
      <CardHeader
        id="recent-title"
        title="Recent Content"
        actions={
          items.state === 'ready' && items.value.length > 0 ? (
            <Link to={paths.contentManagement} className={styles.headerLink}>
              View all
            </Link>
          ) : null
        }
      />
      <CardBody className={styles.recentBody}>{body}</CardBody>
    </Card>
  );
}
